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

from i18n import Translator
from i18n.typography import spaced
from tournament.config_rules import (
    EVENT_LANGUAGES,
    INITIAL_COLOURS,
    PAIRING_SYSTEMS,
    RATING_KINDS,
    RATING_TYPES,
    TOURNAMENT_TYPES,
)
from tournament.hall.screen_rules import FAMILY_TYPES, SCREEN_TYPES
from tournament.messages import N_, N_plural

NAMES: dict[str, dict[str, str]] = {
    "screen_type": {
        "input": N_("Input (result entry)"),
        "boards": N_("Boards"),
        "players": N_("Players (alphabetical)"),
        "results": N_("Latest results"),
        "image": N_("Image"),
        "standings": N_("Standings"),
        "provisional_standings": N_("Provisional standings"),
        "team_boards": N_("Team boards"),
        "team_standings": N_("Team standings"),
        "team_crosstable": N_("Team cross-table"),
    },
    "tournament_type": {"swiss": N_("Swiss system"), "round_robin": N_("Round robin")},
    "pairing_system": {
        "standard": N_("Swiss — standard (Dutch)"),
        "haley": N_("Swiss — Haley (accelerated)"),
        "haley_soft": N_("Swiss — Haley (soft)"),
        "sad": N_("Swiss — SAD (degressive acceleration)"),
        "nicois": N_("Swiss — Niçois acceleration"),
        "berger": N_("Round robin — Berger tables"),
    },
    "rating_kind": {"standard": N_("Standard (classical)"), "rapid": N_("Rapid"), "blitz": N_("Blitz")},
    "rating_type": {"F": N_("FIDE"), "N": N_("National"), "E": N_("Estimated")},
    "initial_colour": {"W": N_("White"), "B": N_("Black")},
    "language": {"en": N_("English"), "fr": N_("French")},
}

#: The C.07 codes offered by the tie-break picker: (code, name, short explanation), all English keys.
TIE_BREAKS: tuple[tuple[str, str, str], ...] = (
    ("BH/C1", N_("Buchholz Cut 1"), N_("Buchholz without the lowest opponent score.")),
    ("BH", N_("Buchholz"), N_("Sum of the opponents' scores.")),
    ("BH/M1", N_("Median Buchholz"), N_("Buchholz without the highest and the lowest opponent scores.")),
    ("BH/C2", N_("Buchholz Cut 2"), N_("Buchholz without the two lowest opponent scores.")),
    ("FB", N_("Fore Buchholz"), N_("Buchholz as if every game of the last round were a draw.")),
    ("AOB", N_("Average of opponents' Buchholz"), N_("Mean of the opponents' Buchholz.")),
    ("SB", N_("Sonneborn-Berger"), N_("Opponents' scores, each weighted by the result against them.")),
    ("PS", N_("Progressive score"), N_("Sum of the running scores after each round (cumulative).")),
    ("DE", N_("Direct encounter"), N_("Points scored between the tied players only.")),
    ("WIN", N_("Number of wins"), N_("Games won, unplayed wins included.")),
    ("WON", N_("Wins over the board"), N_("Games won over the board only.")),
    ("BPG", N_("Games with Black"), N_("Games played with the black pieces.")),
    ("BWG", N_("Wins with Black"), N_("Games won with the black pieces.")),
    ("REP", N_("Rounds one elected to play"), N_("Rounds played, not counting byes and forfeits the player chose.")),
    ("KS", N_("Koya system"), N_("Points against the opponents who scored at least half of the points (round robin).")),
    ("ARO", N_("Average rating of opponents"), N_("Mean rating of the opponents met over the board.")),
    ("TPR", N_("Tournament performance rating"), N_("Rating performance over the tournament.")),
    ("PTP", N_("Perfect tournament performance"), N_("The rating at which the expected score equals the score.")),
    ("APRO", N_("Average performance rating of opponents"), N_("Mean of the opponents' performance ratings.")),
    ("APPO", N_("Average perfect performance of opponents"), N_("Mean of the opponents' perfect performances.")),
    ("TPN", N_("Pairing number"), N_("Starting rank (lower is better).")),
    ("RTNG", N_("Rating"), N_("The player's own rating.")),
)

#: The kinds of a bye (tournament/results.py `ByeKind`) in words: in French "exempt" is only the pairing-allocated
#: bye; a bye asked for is a "bye 1 point" or "bye ½ point", a player not paired is absent.
BYE_NAMES = {"U": N_("Bye"), "F": N_("Full-point bye"), "H": N_("Half-point bye"), "Z": N_("Not paired")}
#: A cross-table cell's colour and unplayed results (tournament/standings.py `Cell`) in short words; the legend
#: under each cross-table (templates/_crosstable_legend.html) explains them.
CELL_WORDS = {"w": N_("w"), "b": N_("b"), "U": N_("bye"), "F": N_("bye 1"), "H": N_("bye ½"), "Z": N_("abs.")}


def bye_name(kind: Any) -> str:
    """The English name of a bye kind (a `ByeKind` or its letter).

    >>> bye_name("H"), bye_name(None)
    ('Half-point bye', 'Not paired')
    """
    return BYE_NAMES.get(str(getattr(kind, "value", kind)), BYE_NAMES["Z"])


def tie_break_name(code: str) -> str:
    """The English name of a tie-break code as the standings write it (`BH/C1`), empty for a code without one.

    >>> tie_break_name("BH/C1"), tie_break_name("sb"), tie_break_name("XYZ")
    ('Buchholz Cut 1', 'Sonneborn-Berger', '')
    """
    return next((name for known, name, _why in TIE_BREAKS if known == code.strip().upper()), "")


def cell_word(code: str, _: Translator) -> str:
    """A cross-table cell's colour or result as the reader writes it: `w` is `B` (Blancs) in French, `U` is `exempt`.

    >>> from i18n import translator
    >>> [cell_word(c, translator("fr")) for c in ("w", "b", "U", "H", "½", "+")]
    ['B', 'N', 'exempt', 'bye ½', '½', '+']
    """
    return _(CELL_WORDS[code]) if code in CELL_WORDS else code


CODES: dict[str, tuple[str, ...]] = {
    "screen_type": SCREEN_TYPES,
    "family_type": FAMILY_TYPES,
    "tournament_type": TOURNAMENT_TYPES,
    "pairing_system": PAIRING_SYSTEMS,
    "rating_kind": RATING_KINDS,
    "rating_type": RATING_TYPES,
    "initial_colour": INITIAL_COLOURS,
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
    return out | set(BYE_NAMES.values()) | set(CELL_WORDS.values())


# -- the journal: its lines are stored in English words (database/*), shown in the reader's language --------

#: `what` of the journal entries, roles and fixed words (all English keys of the catalogs).
#: Team competitions (database/teams.py): what its writes journal, and their targets.
TEAM_JOURNAL_WORDS = (
    N_("team settings"), N_("team added"), N_("team members"), N_("team import"), N_("match added"), N_("line-up"),
    N_("team forfeit"), N_("line-up changed by the arbiter's override"), N_("board forfeit"),
    N_("board forfeit corrected"), N_("round paired"),
)
TEAM_JOURNAL_PATTERNS = (
    (N_("round %s, table %s, team %s"), r"round (\d+), table (\d+), team (.+)"),
    (N_("round %s, table %s"), r"round (\d+), table (\d+)"),
    (N_("round %s, %s, %s matches"), r"round (\d+), (\w+), (\d+) matches"),
    (N_("%s boards, %s"), r"(\d+) boards, (\w+)"),
)
JOURNAL_WORDS = (
    N_("baseline"), N_("schema"), N_("event created"), N_("event settings"), N_("tournament added"),
    N_("tournament settings"), N_("pairings"), N_("result"), N_("result corrected"), N_("result deleted"),
    N_("screen added"), N_("family added"), N_("rotator added"), N_("timer added"), N_("check-in"),
    N_("illegal move added"), N_("illegal move removed"), N_("papi import"), N_("chessevent import"), N_("trf import"),
    N_("create"), N_("edit"), N_("delete"), N_("reorder"), N_("late entrant"), N_("withdraw"), N_("cancel withdrawal"),
    N_("clone"), N_("change"), N_("visitor"), N_("player"), N_("board"), N_("arbiter"), N_("admin"), N_("system"),
    N_("server"), N_("round published"), N_("round unpaired"), N_("requested bye"), N_("requested bye cancelled"),
    N_("outside Echiquier"), N_("outside"), N_("player record"), N_("result refused"), N_("dispute settled"),
    N_("screen message"),
    *TEAM_JOURNAL_WORDS,
    N_("papi read"), N_("papi write"), N_("papi link"), N_("papi unlink"),  # the Papi loop (app/papi/)
    N_("arbiter desk"), N_("imported from a pairing program"),  # web/controllers/*, app/pairing/program_import.py
)
#: Stored values shown by their words.
JOURNAL_VALUES = {"in": N_("Checked in"), "out": N_("Not checked in")}
#: Labels of rows and actors (`<table> <name>`, database/admin.py `_label`; `screen <id> (<address>)`…).
JOURNAL_TABLES = (N_("screen set"), N_("timer hour"), N_("board card"), N_("tournament"), N_("screen"), N_("family"),
                  N_("rotator"), N_("timer"), N_("player"), N_("info"))
#: Patterns of the targets written by database/* (English key with %s, regular expression).
JOURNAL_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((key, re.compile(regex)) for key, regex in (
    (N_("round %s, board %s"), r"round (\d+), board (\d+)"),
    *TEAM_JOURNAL_PATTERNS,
    (N_("round %s"), r"round (\d+)"),
    (N_("player %s rounds %s"), r"player (\S+) rounds (.+)"),
    (N_("from %s"), r"from (\S+)"),
    (N_("undo: %s"), r"undo: (.+)"),
    (N_("admin: %s"), r"admin: (.+)"),
    *((key, key.replace("%s", r"([\d, ]+)")) for key in (  # app/papi/cells.py
        N_("pairings of round %s"), N_("results of round %s"), N_("requested byes of round %s"),
        N_("check-in of %s players"), N_("round %s unpaired"), N_("Ref %s"))),
))
#: Counts written `<n> <plural>` by database/* ("4 games, 1 byes"): shown with the plural form of the reader's language.
COUNTS = {
    "games": N_plural("%s game", "%s games"), "byes": N_plural("%s bye", "%s byes"),
    "players": N_plural("%s player", "%s players"), "pairings": N_plural("%s pairing", "%s pairings"),
    "teams": N_plural("%s team", "%s teams"), "matches": N_plural("%s match", "%s matches"),
}
_COUNT = rf"\d+ (?:{'|'.join(COUNTS)})"
COUNT_LIST = re.compile(rf"{_COUNT}(?:, {_COUNT})*")
#: Settings columns named in "event settings" / "tournament settings" lines.
COLUMNS = {
    "name": N_("Name"), "start": N_("Start date"), "stop": N_("End date"), "public": N_("Public"),
    "language": N_("Default language"), "record_illegal_moves": N_("Illegal moves"),
    "allow_results_deletion_on_input_screens": N_("Results may be deleted from input screens"),
    "background_image": N_("Background image"), "background_color": N_("Background colour"),
    "timer_colors": N_("Timer colours"), "timer_delays": N_("Timer delays"),
    "update_password": N_("Input code"), "arbiter_password": N_("Arbiter password"), "path": N_("Folder"),
    # a tournament's settings (templates/admin/_tournament_fields.html)
    "uniq_id": N_("Id"), "rounds": N_("Rounds"), "tournament_type": N_("Type"), "pairing_system": N_("Pairing system"),
    "rating_kind": N_("Rating kind"), "initial_colour": N_("Initial colour"), "tie_breaks": N_("Tie-break codes"),
    "time_control_initial_time": N_("Initial time (minutes)"),
    "time_control_increment": N_("Increment (+ seconds per move)"),
    "time_control_handicap_penalty_step": N_("Handicap: rating points per penalty"),
    "time_control_handicap_penalty_value": N_("Handicap: seconds removed per penalty"),
    "time_control_handicap_min_time": N_("Handicap: minimum time (minutes)"),
}


def journal_text(text: str | None, _: Translator) -> str:
    """A stored journal text in the reader's language: fixed words, counts, known patterns, row labels, columns.

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
    if counted := _counts(text, _):
        return counted
    for key, regex in JOURNAL_PATTERNS:
        found = regex.match(text)
        # a pattern is the whole text, or a head followed by details kept as stored ("round 3 (swap 2)")
        if found and (found.end() == len(text) or text[found.end()] == " "):
            args = [journal_text(a, _) if key in ("undo: %s", "admin: %s") else a for a in found.groups()]
            return _(key, *args) + text[found.end():]
    for table in JOURNAL_TABLES:
        if text.startswith(table + " "):
            row, colon, changed = text[len(table) + 1:].rpartition(": ")  # "tournament open: rounds, name"
            if colon and (fields := _columns(changed, _)):
                return _("%s: %s", f"{_(table)} {row}", fields)
            return f"{_(table)} {text[len(table) + 1:]}"
    if fields := _columns(text, _):
        return fields
    if "; " in text:  # parts of a summary ("results of round 4; check-in of 2 players")
        return joined([journal_text(part, _) for part in text.split("; ")], _)
    return text


def _columns(text: str, _: Callable[..., str]) -> str:
    """`name, rounds` in words ("Nom, Rondes"); empty when one of them is no known column."""
    items = [item.strip() for item in text.split(",")]
    return ", ".join(_(COLUMNS[item]) for item in items) if all(item in COLUMNS for item in items) else ""


def joined(parts: list[str], _: Callable[..., str]) -> str:
    """Parts of a summary joined by "; ", with the typography of the reader's language (`4 parties ; 1 exempt`)."""
    return spaced("; ".join(parts), getattr(_, "language", "en"))


def _counts(text: str, _: Translator) -> str | None:
    """`4 games, 1 byes (swap 2)` -> `4 parties, 1 exempt (swap 2)`; None when the text does not start with counts.

    >>> from i18n import translator
    >>> _counts("4 games, 1 byes (swap 2)", translator("en")), _counts("1 players", translator("fr"))
    ('4 games, 1 bye (swap 2)', '1 joueur·euse')
    """
    found = COUNT_LIST.match(text)
    if not found or (found.end() < len(text) and text[found.end()] != " "):
        return None
    items = (item.split(" ") for item in found.group(0).split(", "))
    tail = text[found.end():]
    if notes := re.fullmatch(r" \((.+)\)", tail):  # the arbiter's changes to a draft, or where the round came from
        tail = f" ({joined([journal_text(part, _) for part in notes.group(1).split('; ')], _)})"
    return ", ".join(_.ngettext(*COUNTS[word], int(n)) for n, word in items) + tail


def journal_english() -> set[str]:
    """Every English key `journal_text` may look up."""
    return {*JOURNAL_WORDS, *JOURNAL_VALUES.values(), *(k for k, _r in JOURNAL_PATTERNS), *JOURNAL_TABLES,
            *COLUMNS.values(), *(text for pair in COUNTS.values() for text in pair)}


# -- import reports: written in English by database/imports.py and the upload handlers ----------------------

REPORT_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((key, re.compile(regex)) for key, regex in (
    (N_("%s players, %s pairings."), r"(\d+) players, (\d+) pairings\."),
    (N_("Imported %s players and %s rounds."), r"Imported (\d+) players and (\d+) rounds\."),
    (N_("%s players added, %s updated"), r"(\d+) players added, (\d+) updated"),
    (N_("rounds added: %s"), r"rounds added: (.+)"),
    (N_("%s results taken from the file"), r"(\d+) results taken from the file"),
    (N_("Conflict: %s"), r"Conflict: (.+)"),
    (N_("round %s was paired differently in Papi, but the event file already has results for it: the event file's "
     "pairing was kept."), r"round (\d+) was paired differently in Papi, but the event file already has results for "
                         r"it: the event file's pairing was kept\."),
    (N_("round %s, Ref %s - Ref %s: Papi says %s, the event file says %s (kept)."),
     r"round (\d+), Ref (\S+) - Ref (\S+): Papi says (\S+), the event file says (\S+) \(kept\)\."),
    (N_("Players no longer in the Papi file were kept: Ref %s."),
     r"Players no longer in the Papi file were kept: Ref (.+)\."),
    (N_("round %s was paired differently in the TRF file, but the event file already has results for it: the event "
     "file's pairing was kept."), r"round (\d+) was paired differently in the TRF file, but the event file already has "
                                r"results for it: the event file's pairing was kept\."),
    (N_("round %s, No. %s - No. %s: the TRF file says %s, the event file says %s (kept)."),
     r"round (\d+), No\. (\S+) - No\. (\S+): the TRF file says (\S+), the event file says (\S+) \(kept\)\."),
    (N_("Players no longer in the TRF file were kept: No. %s."),
     r"Players no longer in the TRF file were kept: No\. (.+)\."),
    (N_("No. %s: the TRF file names %s, the event file %s (kept)."),
     r"No\. (\d+): the TRF file names (.+), the event file (.+) \(kept\)\."),
    (N_("The ChessEvent data has not changed since the last import."),
     r"The ChessEvent data has not changed since the last import\."),
))


def _report_line(line: str, _: Callable[..., str]) -> str:
    for key, regex in REPORT_PATTERNS:
        if found := regex.fullmatch(line):
            args = [_report_line(a, _) if key == "Conflict: %s" else a for a in found.groups()]
            return _(key, *args)
    if "; " in line and line.endswith("."):  # "<part>; <part>; <part>."
        return joined([_report_line(part, _) for part in line[:-1].split("; ")], _) + "."
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
                    "bye_name": bye_name, "cell_word": cell_word,
                    "tie_break_name": tie_break_name, "switch_url": switch_url, "report_text": report_text}
