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
    "This address holds characters no page of Echiquier has.":
        "Cette adresse contient des caractères qu'aucune page d'Echiquier ne porte.",
    "This request names the server wrongly (its Host header).":
        "Cette requête nomme mal le serveur (son en-tête Host).",
    "Too many live screens are open on this server just now; this screen will try again by itself.":
        "Trop d'écrans en direct sont ouverts sur ce serveur en ce moment ; cet écran réessaiera de lui-même.",
    "Too many events are shown live just now; this screen will try again by itself.":
        "Trop d'évènements sont affichés en direct en ce moment ; cet écran réessaiera de lui-même.",
    "The server is serving too many connections just now; try again in a moment.":
        "Le serveur a trop de connexions en ce moment ; réessayez dans un instant.",
    "ChessEvent: %s must be a whole number from 0 to %s, not %s. Nothing was imported.":
        "ChessEvent : %s doit être un nombre entier de 0 à %s, pas %s. Rien n'a été importé.",
    "ChessEvent: the file is nested too deeply to be a ChessEvent file. Nothing was imported.":
        "ChessEvent : le fichier est trop profondément imbriqué pour être un fichier ChessEvent. Rien n'a été"
        " importé.",
    "ChessEvent: player %s (%s): skipped rounds are not a list of rounds. Nothing was imported.":
        "ChessEvent : joueur·euse %s (%s) : les rondes non jouées ne sont pas une liste de rondes. Rien n'a été"
        " importé.",
    "The pairing program's output pairs nobody: nothing to publish. Nothing was changed.":
        "La sortie du programme d'appariement n'apparie personne : rien à publier. Rien n'a été modifié.",
    "The server is short of resources just now (too many connections or files); try again in a moment. "
    "Nothing was changed.":
        "Le serveur manque de ressources en ce moment (trop de connexions ou de fichiers) ; réessayez dans un"
        " instant. Rien n'a été modifié.",
    "This clashes with what the event file already holds; nothing was changed.":
        "Cela contredit ce que le fichier de l'évènement contient déjà ; rien n'a été modifié.",
    "This tournament was not imported from Papi: its players cannot be matched with the file's. Import the Papi"
    " file under another tournament name, or re-sync with the file this tournament came from. Nothing was changed.":
        "Ce tournoi n'a pas été importé de Papi : ses joueur·euses ne peuvent pas être rapprochés de ceux du"
        " fichier. Importez le fichier Papi sous un autre nom de tournoi, ou resynchronisez avec le fichier dont"
        " vient ce tournoi. Rien n'a été modifié.",
}
