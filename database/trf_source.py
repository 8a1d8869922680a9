"""The `trf_source` table (migration 0007, docs/event-database.md): the TRF text a tournament was imported from,
with the reader's warnings. Written inside the import's own transaction (`save_source`), so an import and its
undo keep the text, the players and the pairings together; read by the export and the tournament pages."""

from __future__ import annotations

from database.event_file import Area
from database.tx import Tx
from tournament.formats.trf_source import ImportNotes, TrfSource, decode_warnings, encode_warnings

UPSERT = ("INSERT INTO trf_source (tournament_id, filename, text, warnings, team_file, imported)"
          " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(tournament_id) DO UPDATE SET filename = excluded.filename,"
          " text = excluded.text, warnings = excluded.warnings, team_file = excluded.team_file,"
          " imported = excluded.imported")


async def save_source(tx: Tx, tid: int, source: TrfSource, now: float) -> None:
    """Keep (or replace) the tournament's TRF source, inside the caller's transaction. An upsert, not
    `INSERT OR REPLACE`: the journal sees an update of the row, which its undo can reverse."""
    await tx.execute(UPSERT, (tid, source.filename, source.text, encode_warnings(source.warnings),
                              int(source.team_file), source.imported or now))


class TrfSources(Area):
    """The TRF text a tournament was imported from (read uncached): `store.imports` has these."""

    async def stored_source(self, tid: int) -> TrfSource | None:
        """The tournament's TRF source; None if it was not imported from a TRF file (or before schema 2.10.0)."""
        rows = await self._store.rows(
            "SELECT filename, text, warnings, team_file, imported FROM trf_source WHERE tournament_id = ?", (tid,))
        if not rows:
            return None
        r = rows[0]
        return TrfSource(text=str(r[1]), filename=str(r[0]), warnings=decode_warnings(str(r[2])),
                         team_file=bool(r[3]), imported=float(r[4]))

    async def import_notes(self, tid: int) -> ImportNotes | None:
        """What the tournament pages show of the import (the text is not read)."""
        rows = await self._store.rows(
            "SELECT filename, warnings, team_file, imported FROM trf_source WHERE tournament_id = ?", (tid,))
        if not rows:
            return None
        r = rows[0]
        return ImportNotes(filename=str(r[0]), warnings=decode_warnings(str(r[1])), team_file=bool(r[2]),
                           imported=float(r[3]))
