"""Names in words for the codes stored in settings (screen types, pairing systems, tie-breaks…).

Each name is an English text, the translation key of web/i18n.py: templates show `_(named(kind, code))`,
and `choices(kind)` gives `(code, English name)` pairs for a select (the `_forms.html` macros translate
them). `TIE_BREAKS` is the legend of the FIDE C.07 codes offered by the tie-break picker.
"""

from __future__ import annotations

from typing import Any

from tournament.config_rules import EVENT_LANGUAGES, PAIRING_SYSTEMS, RATING_KINDS, RATING_TYPES, TOURNAMENT_TYPES
from tournament.screen_rules import FAMILY_TYPES, SCREEN_TYPES

NAMES: dict[str, dict[str, str]] = {
    "screen_type": {
        "input": "Input (result entry)",
        "boards": "Boards",
        "players": "Players (alphabetical)",
        "results": "Latest results",
        "image": "Image",
        "standings": "Standings",
    },
    "tournament_type": {"swiss": "Swiss system", "round_robin": "Round robin"},
    "pairing_system": {
        "standard": "Swiss — standard (Dutch)",
        "haley": "Swiss — Haley (accelerated)",
        "haley_soft": "Swiss — Haley (soft)",
        "sad": "Swiss — SAD (degressive acceleration)",
        "nicois": "Swiss — Niçois acceleration",
        "berger": "Round robin — Berger tables",
    },
    "rating_kind": {"standard": "Standard (classical)", "rapid": "Rapid", "blitz": "Blitz"},
    "rating_type": {"F": "FIDE", "N": "National", "E": "Estimated"},
    "language": {"en": "English", "fr": "French"},
}

#: The C.07 codes offered by the tie-break picker: (code, name, short explanation), all English keys.
TIE_BREAKS: tuple[tuple[str, str, str], ...] = (
    ("BH/C1", "Buchholz Cut 1", "Buchholz without the lowest opponent score."),
    ("BH", "Buchholz", "Sum of the opponents' scores."),
    ("BH/M1", "Median Buchholz", "Buchholz without the highest and the lowest opponent scores."),
    ("BH/C2", "Buchholz Cut 2", "Buchholz without the two lowest opponent scores."),
    ("FB", "Fore Buchholz", "Buchholz as if every game of the last round were a draw."),
    ("AOB", "Average of opponents' Buchholz", "Mean of the opponents' Buchholz."),
    ("SB", "Sonneborn-Berger", "Opponents' scores, each weighted by the result against them."),
    ("PS", "Progressive score", "Sum of the running scores after each round (cumulative)."),
    ("DE", "Direct encounter", "Points scored between the tied players only."),
    ("WIN", "Number of wins", "Games won, unplayed wins included."),
    ("WON", "Wins over the board", "Games won over the board only."),
    ("BPG", "Games with Black", "Games played with the black pieces."),
    ("BWG", "Wins with Black", "Games won with the black pieces."),
    ("REP", "Rounds one elected to play", "Rounds played, not counting byes and forfeits the player chose."),
    ("KS", "Koya system", "Points against the opponents who scored at least half of the points (round robin)."),
    ("ARO", "Average rating of opponents", "Mean rating of the opponents met over the board."),
    ("TPR", "Tournament performance rating", "Rating performance over the tournament."),
    ("PTP", "Perfect tournament performance", "The rating at which the expected score equals the score."),
    ("APRO", "Average performance rating of opponents", "Mean of the opponents' performance ratings."),
    ("APPO", "Average perfect performance of opponents", "Mean of the opponents' perfect performances."),
    ("TPN", "Pairing number", "Starting rank (lower is better)."),
    ("RTNG", "Rating", "The player's own rating."),
)

CODES: dict[str, tuple[str, ...]] = {
    "screen_type": SCREEN_TYPES,
    "family_type": FAMILY_TYPES,
    "tournament_type": TOURNAMENT_TYPES,
    "pairing_system": PAIRING_SYSTEMS,
    "rating_kind": RATING_KINDS,
    "rating_type": RATING_TYPES,
    "language": EVENT_LANGUAGES,
}


def named(kind: str, code: Any) -> str:
    """The English name of a stored code (the code itself when it has none, e.g. an old or foreign value).

    >>> named("pairing_system", "haley_soft"), named("family_type", "boards"), named("screen_type", "odd")
    ('Swiss — Haley (soft)', 'Boards', 'odd')
    """
    names = NAMES["screen_type" if kind == "family_type" else kind]
    return names.get(str(code), "" if code is None else str(code))


def choices(kind: str) -> list[tuple[str, str]]:
    """`(code, English name)` for every code of `kind`, in the order of the rules.

    >>> choices("tournament_type")
    [('swiss', 'Swiss system'), ('round_robin', 'Round robin')]
    """
    return [(code, named(kind, code)) for code in CODES[kind]]


def english_names() -> set[str]:
    """Every English text this module shows (all need a French entry)."""
    out = {name for names in NAMES.values() for name in names.values()}
    for _code, name, why in TIE_BREAKS:
        out |= {name, why}
    return out


#: Functions the templates call (registered as Jinja globals by web/app.py).
TEMPLATE_GLOBALS = {"named": named, "choices": choices, "tie_break_legend": TIE_BREAKS}
