"""What the tournament pages (admin tournament page, arbiter's desk) show of a tournament's TRF import: the
reader's warnings kept with it (database/trf_source.py), and a notice while a tournament read from a team file
is not a team tournament (its games are played as individual games). Template: templates/_import_notes.html."""

from __future__ import annotations

import msgspec

from database.store import EventStore
from tournament.formats.trf_lint import LintItem


class NotesView(msgspec.Struct, frozen=True, kw_only=True):
    tournament_id: int
    filename: str
    warnings: tuple[LintItem, ...]
    team_notice: bool  # imported from a team file, and not (yet) a team tournament


async def notes_view(store: EventStore, tid: int) -> NotesView | None:
    """None when there is nothing to show (not imported from a TRF file, or imported without warning)."""
    notes = await store.imports.import_notes(tid)
    if notes is None:
        return None
    team_notice = notes.team_file and not await store.teams.is_team_tournament(tid)
    if not notes.warnings and not team_notice:
        return None
    return NotesView(tournament_id=tid, filename=notes.filename, warnings=notes.warnings, team_notice=team_notice)
