"""`store.imports`: tournaments written from files (TRF, Papi, ChessEvent) and read back as TRF.

The methods are the only entry for code outside database/; the rows, journal entries and announced changes
are those of database/imports.py, and the TRF text a tournament came from is database/trf_source.py's (read
uncached, as every read of this area but the store's own `tournaments()`/`players()`).
"""

from __future__ import annotations

from typing import Any

from database import imports as im
from database import trf_source as ts
from database.event_file import Area
from database.imports import SyncReport
from tournament.formats.papi import PapiRows
from tournament.formats.trf_source import ImportNotes, TrfSource
from tournament.teams.trf import TeamEvent


class Imports(Area):
    """Imports and exports of tournaments; each write one transaction, journalled."""

    async def tournament_id_for(self, name: str, values: dict[str, Any], uniq_id: str | None = None) -> int:
        """The tournament called `name` (or `uniq_id`), created with `values` if missing."""
        return await im.tournament_id_for(self._store, name, values, uniq_id)

    async def replace_tournament(self, tid: int, values: dict[str, Any], players: list[dict[str, Any]],
                                 pairings: list[dict[str, Any]], skipped: list[dict[str, Any]], what: str, *,
                                 source: TrfSource | None = None, team: TeamEvent | None = None) -> None:
        """Settings, players, pairings and requested byes of a tournament, replaced in one transaction; with `team`
        (a team file read), its teams and matches too, in the same transaction (the boards linked to the games).

        `pairings` and `skipped` name players by pairing number (`white`/`black`, `number`). `source`: the TRF file
        read, kept with the tournament in the same transaction (database/trf_source.py).
        """
        await im.replace_tournament(self._store, tid, values, players, pairings, skipped, what, source=source,
                                    team=team)

    async def sync_papi(self, tid: int, rows: PapiRows) -> SyncReport:
        """Bring a tournament up to date with a Papi file (players matched by `papi_ref`): see `sync_rows`. A tournament
        whose players came from elsewhere (a TRF file, the admin pages) has no Papi reference to match: refused."""
        return await im.sync_papi(self._store, tid, rows)

    async def sync_trf(self, tid: int, values: dict[str, Any], players: list[dict[str, Any]],
                       pairings: list[dict[str, Any]], skipped: list[dict[str, Any]],
                       what: str = "trf import", source: TrfSource | None = None) -> SyncReport:
        """Re-sync a tournament with a TRF file (rows of `tournament.formats.importing.trf_rows`): players matched by
        pairing number (a different name is listed as a conflict, the event's player kept); see `sync_rows`."""
        return await im.sync_trf(self._store, tid, values, players, pairings, skipped, what, source)

    async def import_chessevent(self, tid: int, players: list[dict[str, Any]], skipped: list[dict[str, Any]],
                                values: dict[str, Any], md5: str) -> SyncReport:
        """Players (matched by licence, FIDE id, then name), their skipped rounds and check-in, in one transaction.

        Refused once a round is paired; an unchanged payload (same MD5) changes nothing.
        """
        return await im.import_chessevent(self._store, tid, players, skipped, values, md5)

    async def export_tournament(self, tid: int, *, trf26: bool = True) -> str:
        """The tournament as TRF text, results entered on screens included. A tournament imported from a TRF file
        also gets back the records the event file has no column for (kept in `trf_source`), around its live
        players, pairings and settings. A team tournament whose teams and matches are no longer those of the file it
        was read from (paired here, line-ups or results entered, or not read from a file) is written with its team
        records (TRF-2026 `310`/`320`/`330`/`352`/`362`, or TRF16 `013` lines) from the teams, members and matches
        stored."""
        return await im.export_tournament(self._store, tid, trf26=trf26)

    async def stored_source(self, tid: int) -> TrfSource | None:
        """The tournament's TRF source; None if it was not imported from a TRF file (or before schema 2.10.0)."""
        return await ts.stored_source(self._store, tid)

    async def import_notes(self, tid: int) -> ImportNotes | None:
        """What the tournament pages show of the import (the text is not read)."""
        return await ts.import_notes(self._store, tid)
