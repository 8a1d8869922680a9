"""French for the bounds on what a visitor may make the server spend (issue 21): file checks, live screens,
malformed requests and files."""

from __future__ import annotations

BOUNDS_FR: dict[str, str] = {
    "A file from this device is being checked: wait for its report, then send the next one.":
        "Un fichier envoyé par cet appareil est en cours de vérification : attendez son rapport avant d'en envoyer"
        " un autre.",
    "The server is checking other files just now; try again in a minute.":
        "Le serveur vérifie d'autres fichiers en ce moment ; réessayez dans une minute.",
    "The server cannot check a file just now; try again in a minute.":
        "Le serveur ne peut pas vérifier de fichier en ce moment ; réessayez dans une minute.",
    "This file is too large or too complex to be checked here; check it on the server with `echiquier check-trf`.":
        "Ce fichier est trop gros ou trop complexe pour être vérifié ici ; vérifiez-le sur le serveur avec"
        " `echiquier check-trf`.",
    "%s more problems are not listed; correct these first.":
        "%s autres problèmes ne sont pas listés ; corrigez d'abord ceux-ci.",
}
