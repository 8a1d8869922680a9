"""French for the journal's roles (who may undo an entry) and the writes made by other programs."""

from __future__ import annotations

JOURNAL_FR: dict[str, str] = {
    "outside Echiquier": "hors d'Echiquier",
    "outside": "autre programme",
    "administrator only": "administrateur seulement",
    "Only the server administrator may undo this change.":
        "Seul l'administrateur du serveur peut annuler cette modification.",
    "Journal entry %s changed the event's configuration: only the server administrator may undo it. Nothing was"
    " changed.": "L'entrée %s du journal a modifié la configuration de l'événement : seul l'administrateur du"
                 " serveur peut l'annuler. Rien n'a été modifié.",
}
