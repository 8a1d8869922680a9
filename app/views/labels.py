"""Names in words for the codes stored in settings (screen types, pairing systems, tie-breaks…).

Each name is an English text, the translation key of i18n/__init__.py: templates show `_(named(kind, code))`,
and `choices(kind)` gives `(code, English name)` pairs for a select (the `_forms.html` macros translate
them). `TIE_BREAKS` is the legend of the FIDE C.07 codes offered by the tie-break picker.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from tournament.config_rules import EVENT_LANGUAGES, PAIRING_SYSTEMS, RATING_KINDS, RATING_TYPES, TOURNAMENT_TYPES
from tournament.hall.screen_rules import FAMILY_TYPES, SCREEN_TYPES

NAMES: dict[str, dict[str, str]] = {
    "screen_type": {
        "input": "Input (result entry)",
        "boards": "Boards",
        "players": "Players (alphabetical)",
        "results": "Latest results",
        "image": "Image",
        "standings": "Standings",
        "team_boards": "Team boards",
        "team_standings": "Team standings",
        "team_crosstable": "Team cross-table",
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


# -- the journal: its lines are stored in English words (database/*), shown in the reader's language --------

#: `what` of the journal entries, roles and fixed words (all English keys of the catalogs).
#: Team competitions (database/teams.py): what its writes journal, and their targets.
TEAM_JOURNAL_WORDS = ("team settings", "team added", "team members", "team import", "match added", "line-up",
                      "team forfeit", "board forfeit", "board forfeit corrected", "round paired")
TEAM_JOURNAL_PATTERNS = (
    ("round %s, table %s, team %s", r"round (\d+), table (\d+), team (.+)"),
    ("round %s, table %s", r"round (\d+), table (\d+)"),
    ("round %s, %s, %s matches", r"round (\d+), (\w+), (\d+) matches"),
    ("%s boards, %s", r"(\d+) boards, (\w+)"),
    ("%s teams, %s matches", r"(\d+) teams, (\d+) matches"),
)
JOURNAL_WORDS = (
    "baseline", "schema", "event created", "event settings", "tournament added", "tournament settings", "pairings",
    "result", "result corrected", "result deleted", "screen added", "family added", "rotator added",
    "timer added", "check-in", "illegal move added", "illegal move removed", "papi import", "chessevent import",
    "trf import", "create", "edit", "delete", "reorder", "late entrant", "withdraw", "cancel withdrawal", "clone",
    "change", "visitor", "player", "board", "arbiter", "admin", "system", "server",
    "round published", "round unpaired", "requested bye", "requested bye cancelled", "outside Echiquier", "outside",
    *TEAM_JOURNAL_WORDS, "papi read", "papi write", "papi link", "papi unlink",  # the Papi loop (app/papi/)
)
#: Stored values shown by their words.
JOURNAL_VALUES = {"in": "Checked in", "out": "Not checked in"}
#: Labels of rows and actors (`<table> <name>`, database/admin.py `_label`; `screen <id> (<address>)`…).
JOURNAL_TABLES = ("screen set", "timer hour", "board card", "tournament", "screen", "family", "rotator", "timer",
                  "player", "info")
#: Patterns of the targets written by database/* (English key with %s, regular expression).
JOURNAL_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((key, re.compile(regex)) for key, regex in (
    ("round %s, board %s", r"round (\d+), board (\d+)"),
    *TEAM_JOURNAL_PATTERNS,
    ("round %s", r"round (\d+)"),
    ("%s games, %s byes", r"(\d+) games, (\d+) byes"),
    ("%s players, %s pairings", r"(\d+) players, (\d+) pairings"),
    ("%s pairings", r"(\d+) pairings"),
    ("%s players", r"(\d+) players"),
    ("player %s rounds %s", r"player (\S+) rounds (.+)"),
    ("from %s", r"from (\S+)"),
    ("undo: %s", r"undo: (.+)"),
    ("admin: %s", r"admin: (.+)"),
    *((key, key.replace("%s", r"([\d, ]+)")) for key in ("pairings of round %s", "results of round %s",
                                                          "requested byes of round %s", "check-in of %s players",
                                                          "round %s unpaired",
                                                          "Ref %s")),  # app/papi/cells.py
))
#: Settings columns named in "event settings" / "tournament settings" lines.
COLUMNS = {
    "name": "Name", "start": "Start date", "stop": "End date", "public": "Public", "language": "Default language",
    "record_illegal_moves": "Illegal moves", "allow_results_deletion_on_input_screens":
        "Results may be deleted from input screens", "background_image": "Background image",
    "background_color": "Background colour", "timer_colors": "Timer colours", "timer_delays": "Timer delays",
    "update_password": "Input code", "arbiter_password": "Arbiter password", "path": "Folder",
}


def journal_text(text: str | None, _: Callable[..., str]) -> str:
    """A stored journal text in the reader's language: fixed words, known patterns, row labels, column lists.

    >>> fr = lambda key, *args: {"round %s, board %s": "ronde %s, échiquier %s", "screen": "écran"}.get(key, key) % args
    >>> journal_text("round 3, board 11", fr), journal_text("screen input (10.0.0.7)", fr), journal_text(None, fr)
    ('ronde 3, échiquier 11', 'écran input (10.0.0.7)', '')
    """
    if not text:
        return ""
    if text in JOURNAL_WORDS:
        return _(text)
    if text in JOURNAL_VALUES:
        return _(JOURNAL_VALUES[text])
    if (reported := _report_line(text, _)) != text:  # an import report's line (a Papi import or read)
        return reported
    for key, regex in JOURNAL_PATTERNS:
        found = regex.match(text)
        # a pattern is the whole text, or a head followed by details kept as stored ("round 3 (swap 2)")
        if found and (found.end() == len(text) or text[found.end()] == " "):
            args = [journal_text(a, _) if key in ("undo: %s", "admin: %s") else a for a in found.groups()]
            return _(key, *args) + text[found.end():]
    for table in JOURNAL_TABLES:
        if text.startswith(table + " "):
            return f"{_(table)} {text[len(table) + 1:]}"
    items = [item.strip() for item in text.split(",")]
    if all(item in COLUMNS for item in items):
        return ", ".join(_(COLUMNS[item]) for item in items)
    if "; " in text:  # parts of a summary ("results of round 4; check-in of 2 players")
        return "; ".join(journal_text(part, _) for part in text.split("; "))
    return text


def journal_english() -> set[str]:
    """Every English key `journal_text` may look up."""
    return {*JOURNAL_WORDS, *JOURNAL_VALUES.values(), *(k for k, _r in JOURNAL_PATTERNS), *JOURNAL_TABLES,
            *COLUMNS.values()}


# -- import reports: written in English by database/imports.py and the upload handlers ----------------------

REPORT_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((key, re.compile(regex)) for key, regex in (
    ("%s players, %s pairings.", r"(\d+) players, (\d+) pairings\."),
    ("Imported %s players and %s rounds.", r"Imported (\d+) players and (\d+) rounds\."),
    ("%s players added, %s updated", r"(\d+) players added, (\d+) updated"),
    ("rounds added: %s", r"rounds added: (.+)"),
    ("%s results taken from the file", r"(\d+) results taken from the file"),
    ("Conflict: %s", r"Conflict: (.+)"),
    ("round %s was paired differently in Papi, but the event file already has results for it: the event file's "
     "pairing was kept.", r"round (\d+) was paired differently in Papi, but the event file already has results for "
                         r"it: the event file's pairing was kept\."),
    ("round %s, Ref %s - Ref %s: Papi says %s, the event file says %s (kept).",
     r"round (\d+), Ref (\S+) - Ref (\S+): Papi says (\S+), the event file says (\S+) \(kept\)\."),
    ("Players no longer in the Papi file were kept: Ref %s.",
     r"Players no longer in the Papi file were kept: Ref (.+)\."),
    ("round %s was paired differently in the TRF file, but the event file already has results for it: the event "
     "file's pairing was kept.", r"round (\d+) was paired differently in the TRF file, but the event file already has "
                                r"results for it: the event file's pairing was kept\."),
    ("round %s, No. %s - No. %s: the TRF file says %s, the event file says %s (kept).",
     r"round (\d+), No\. (\S+) - No\. (\S+): the TRF file says (\S+), the event file says (\S+) \(kept\)\."),
    ("Players no longer in the TRF file were kept: No. %s.",
     r"Players no longer in the TRF file were kept: No\. (.+)\."),
    ("No. %s: the TRF file names %s, the event file %s (kept).",
     r"No\. (\d+): the TRF file names (.+), the event file (.+) \(kept\)\."),
    ("The ChessEvent data has not changed since the last import.",
     r"The ChessEvent data has not changed since the last import\."),
))


def _report_line(line: str, _: Callable[..., str]) -> str:
    for key, regex in REPORT_PATTERNS:
        if found := regex.fullmatch(line):
            args = [_report_line(a, _) if key == "Conflict: %s" else a for a in found.groups()]
            return _(key, *args)
    if "; " in line and line.endswith("."):  # "<part>; <part>; <part>."
        return "; ".join(_report_line(part, _) for part in line[:-1].split("; ")) + "."
    return line


def report_text(text: str | None, _: Callable[..., str]) -> str:
    """An import report in the reader's language, line by line (an unknown line stays as it is).

    >>> fr = lambda key, *a: {"%s players added, %s updated": "%s ajouté·es, %s mis à jour"}.get(key, key) % a
    >>> report_text("3 players added, 1 updated; 2 results taken from the file.", fr)
    '3 ajouté·es, 1 mis à jour; 2 results taken from the file.'
    """
    return "\n".join(_report_line(line, _) for line in (text or "").split("\n"))


def report_english() -> set[str]:
    return {key for key, _r in REPORT_PATTERNS}


#: Functions the templates call (registered as Jinja globals by web/app.py).
def switch_url(request: Any, code: str) -> str:
    """The current page in language `code`: its other query parameters kept, `done=` notices dropped.

    >>> class R:
    ...     class url:
    ...         path = "/arbiter/demo/journal"
    ...     query_params = {"tid": "1", "lang": "en", "done": "saved"}
    >>> switch_url(R, "fr"), switch_url(None, "en")
    ('/arbiter/demo/journal?tid=1&lang=fr', '?lang=en')
    """
    if request is None:
        return f"?lang={code}"
    kept = [(k, v) for k, v in request.query_params.items() if k not in ("lang", "done")]
    return f"{request.url.path}?{urlencode([*kept, ('lang', code)])}"


TEMPLATE_GLOBALS = {"named": named, "choices": choices, "tie_break_legend": TIE_BREAKS, "journal_text": journal_text,
                    "switch_url": switch_url, "report_text": report_text}
