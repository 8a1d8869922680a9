"""French for the refusals the event store raises (database/): web/errors.py translates them by key."""

from __future__ import annotations

STORE_FR: dict[str, str] = {
    "Unknown table %r.": "Table %r inconnue.",
    "Unknown rotator column %r.": "Colonne d'écran rotatif %r inconnue.",
    "Bad event settings: %s.": "Réglages d'évènement invalides : %s.",
    "Unknown %s columns: %s.": "Colonnes %s inconnues : %s.",
    "Bad %s columns: %s.": "Colonnes %s invalides : %s.",
}
