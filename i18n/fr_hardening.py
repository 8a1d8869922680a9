"""French for the refusals of the request limits, the login throttle, host checks and offline entry."""

from __future__ import annotations

HARDENING_FR: dict[str, str] = {
    "This address is too long.": "Cette adresse est trop longue.",
    "The number %s is out of range (at most %s).": "Le nombre %s est hors limites (au plus %s).",
    "Too many parameters in this address (at most %s).": "Trop de paramètres dans cette adresse (au plus %s).",
    "%s: the number %s is out of range (at most %s).": "%s : le nombre %s est hors limites (au plus %s).",
    "The file or form is too large (at most %s MB). Nothing was changed.":
        "Le fichier ou le formulaire est trop gros (au plus %s Mo). Rien n'a été modifié.",
    "Round %s is not in this tournament (rounds 0 to %s).": "La ronde %s n'existe pas dans ce tournoi (rondes 0 à %s).",
    "%s must be a whole number from %s to %s.": "%s doit être un nombre entier de %s à %s.",
    "Too many tie-break codes (at most %s).": "Trop de codes de départage (au plus %s).",
    "Too many wrong passwords for this event from the hall: logins are locked; wait %s s and try again.":
        "Trop de mots de passe erronés pour cet événement depuis la salle : connexions bloquées ; attendez %s s"
        " et réessayez.",
    "At least 6 characters; a new random one: %s": "Au moins 6 caractères ; un nouveau au hasard : %s",
    "Too many live screens open from this device (at most %s).":
        "Trop d'écrans en direct ouverts depuis cet appareil (au plus %s).",
    "waiting to send": "en attente d'envoi",
    "stored": "enregistré",
    "refused": "refusé",
    "OK": "OK",
}
