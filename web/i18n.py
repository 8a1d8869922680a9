"""The one translation layer: English text is the key; French in FR. English by default."""

from __future__ import annotations

from collections.abc import Callable

from web.i18n_admin import ADMIN_FR

LANGUAGES = ("en", "fr")

FR: dict[str, str] = {
    "Events": "Évènements",
    "Current events": "Évènements en cours",
    "Coming events": "Évènements à venir",
    "Past events": "Évènements passés",
    "No event yet.": "Aucun évènement pour l'instant.",
    "Tournaments": "Tournois",
    "Screens": "Écrans",
    "Rotators": "Écrans rotatifs",
    "players": "joueur·euses",
    "Round": "Ronde",
    "round": "ronde",
    "Board": "Éch.",
    "White": "Blancs",
    "Black": "Noirs",
    "Result": "Résultat",
    "Points": "Points",
    "bye": "exempt",
    "Bye": "Exempt",
    "Half-point bye": "Bye ½ point",
    "Full-point bye": "Bye 1 point",
    "Absent": "Absent·e",
    "Not paired": "Non apparié·e",
    "Latest results": "Derniers résultats",
    "No result yet.": "Aucun résultat pour l'instant.",
    "Time": "Heure",
    "Tournament": "Tournoi",
    "WHITE WINS": "VICTOIRE BLANCS",
    "DRAW": "NULLE",
    "BLACK WINS": "VICTOIRE NOIRS",
    "Cancel": "Annuler",
    "Enter the result of board %s": "Saisir le résultat de l'échiquier %s",
    "Result %s stored on board %s.": "Résultat %s enregistré sur l'échiquier %s.",
    "Input code": "Code de saisie",
    "This screen needs the event's input code.": "Cet écran demande le code de saisie de l'évènement.",
    "Wrong code.": "Code incorrect.",
    "Enter": "Entrer",
    "Reserved to arbiters.": "Réservé aux arbitres.",
    "Page not found.": "Page introuvable.",
    "Something went wrong on the server; nothing was changed.": "Erreur du serveur ; rien n'a été modifié.",
    "Back to the event": "Retour à l'évènement",
    "Home": "Accueil",
    "check-in": "pointage",
    "Checked in": "Pointé·e",
    "Not checked in": "Non pointé·e",
    "Player": "Joueur·euse",
    "Opponent": "Adversaire",
    "Board %s with White against": "Éch. %s avec les Blancs contre",
    "Board %s with Black against": "Éch. %s avec les Noirs contre",
    "No pairing yet.": "Pas encore d'appariement.",
    "Image": "Image",
    "Rotator": "Rotation",
    "from %s to %s": "du %s au %s",
    "Round %s starts in %s": "Début de la ronde %s dans %s",
    "Round %s started %s ago": "Ronde %s commencée depuis %s",
    "live": "en direct",
    "offline, retrying…": "hors ligne, nouvelle tentative…",
    "games without result": "parties sans résultat",
    "Language": "Langue",
}

CATALOGS = {"fr": {**ADMIN_FR, **FR}}


def translator(language: str) -> Callable[..., str]:
    """`_("Board %s with White against", 12)`: translate, then fill the `%s` in order.

    >>> translator("fr")("Board %s with White against", 12)
    'Éch. 12 avec les Blancs contre'
    >>> translator("en")("Round")
    'Round'
    """
    catalog = CATALOGS.get(language, {})

    def _(text: str, *args: object) -> str:
        out = catalog.get(text, text)
        return out % args if args else out

    return _
