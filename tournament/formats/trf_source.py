"""What a TRF import keeps with its tournament (table `trf_source`, docs/event-database.md): the text as read,
the reader's warnings for the arbiter, and whether the file declared teams. Pure.

The event file's tables hold the players, the pairings and the settings Echiquier uses; everything else a TRF
file can say (city, arbiters, round dates, scoring, `XX?` engine lines, 240/250/260/299, forbidden pairs, team
records …) is written back from the stored text when the tournament is exported (`tournament.formats.trf_export`,
`source=`), around the live players and pairings.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from tournament.formats.trf import parse_trf
from tournament.formats.trf_lint import LintItem
from tournament.formats.trf_model import TrfError, TrfTournament


class TrfSource(msgspec.Struct, frozen=True, kw_only=True):
    """One tournament's TRF import: `text` as decoded (line ends as in the file), `warnings` as the lint page
    lists them (line, column, message key and parameters, hint), `team_file` when teams were declared."""

    text: str
    filename: str = ""
    warnings: tuple[LintItem, ...] = ()
    team_file: bool = False
    imported: float = 0.0


class ImportNotes(msgspec.Struct, frozen=True, kw_only=True):
    """What the tournament pages show of a stored import (everything but the text)."""

    filename: str
    warnings: tuple[LintItem, ...]
    team_file: bool
    imported: float


def warning_items(found: list[TrfError]) -> tuple[LintItem, ...]:
    """The reader's warnings as lint items, in line order."""
    items = [LintItem(line=e.line_no, column=e.column, severity=e.severity, message=e.reason, hint=e.hint,
                      key=e.key, params=e.params) for e in found]
    return tuple(sorted(items, key=lambda i: (i.line, i.column)))


def source_of(trf: TrfTournament, text: str, filename: str = "", imported: float = 0.0) -> TrfSource:
    """What to keep of a file that was read without error (`text` is what `parse_trf` was given)."""
    return TrfSource(text=text, filename=filename, warnings=warning_items(trf.warnings),
                     team_file=trf.is_team_file, imported=imported)


def read_source(text: str) -> TrfTournament | None:
    """The stored text read again; None if it no longer reads without error (the export then writes what the
    event file holds only).

    >>> read_source("012 Open\\n001    1 m    Brun, Lucas                       1980 FRA") is not None
    True
    >>> read_source("not a TRF file") is None
    True
    """
    trf, errors = parse_trf(text)
    return None if errors else trf


def encode_warnings(items: tuple[LintItem, ...]) -> str:
    """JSON of the `warnings` column.

    >>> item = LintItem(line=3, column=11, severity="warning", message="title g read as GM", hint="h",
    ...                 key="title %s read as %s", params=("g", "GM"))
    >>> decode_warnings(encode_warnings((item,))) == (item,)
    True
    """
    return msgspec.json.encode(items).decode("utf-8")


def decode_warnings(text: str) -> tuple[LintItem, ...]:
    """The `warnings` column; an unreadable value (a file edited by hand) is no warning at all."""
    try:
        return msgspec.json.decode(text, type=tuple[LintItem, ...])
    except (msgspec.DecodeError, msgspec.ValidationError):
        return ()


def points_299(text: str, rounds: int) -> tuple[dict[int, Decimal], dict[int, Decimal]]:
    """The stored text's `299` points by pairing number after `rounds` rounds, for the standings (`adjustment`,
    `standing_only`: `TrfTournament.points_adjustments`); only the `299` lines are read (a 600-player text's
    standings are recomputed on every result).

    >>> points_299("012 Open\\n299     0.0   1.0    6    5\\n299     0.0  -1.0  999    3", 7)
    ({5: Decimal('1.0')}, {3: Decimal('-1.0')})
    >>> points_299("299     0.0   1.0    6    5", 5), points_299("012 Open", 5)
    (({}, {}), ({}, {}))
    """
    lines = [line for line in text.splitlines() if line.startswith("299")]
    if not lines:
        return {}, {}
    trf, _ = parse_trf("\n".join(lines))  # no player line: an error that does not matter here
    return trf.points_adjustments(rounds)
