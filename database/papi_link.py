"""The `papi_link` table (migration 0009, docs/event-database.md): a tournament linked to its Papi file.

One row per linked tournament: the file's path, the file as Echiquier last read or wrote it (size, mtime,
SHA-256), when that was, the results held back because Papi and the event file disagree, and the last
re-sync's report. Each change is one journalled transaction with a summary an arbiter reads.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence

import msgspec

from database.event_file import Area

COLUMNS = "tournament_id, path, size, mtime_ns, sha256, last_read, last_write, held, pointe, report"


class FileStamp(msgspec.Struct, frozen=True, kw_only=True):
    """A file as it was seen: equal stamps mean the same bytes."""

    size: int
    mtime_ns: int
    sha256: str


class PapiLink(msgspec.Struct, frozen=True, kw_only=True):
    tournament_id: int
    path: str
    stamp: FileStamp | None  # None: never read yet
    last_read: float | None
    last_write: float | None
    held: list[tuple[int, int, int, int, int]]  # (round, white Ref, black Ref, Papi's code, the event's code)
    pointe: frozenset[int] | None  # the Refs checked in in the file as last read or written
    report: str


def _link(row: tuple[object, ...]) -> PapiLink:
    tid, path, size, mtime, sha, read, write, held, pointe, report = row
    stamp = (FileStamp(size=int(str(size)), mtime_ns=int(str(mtime)), sha256=str(sha))
             if size is not None and mtime is not None and sha else None)
    return PapiLink(tournament_id=int(str(tid)), path=str(path), stamp=stamp,
                    last_read=float(str(read)) if read is not None else None,
                    last_write=float(str(write)) if write is not None else None,
                    held=[tuple(h) for h in json.loads(str(held) or "[]")],
                    pointe=frozenset(json.loads(str(pointe))) if pointe is not None else None,
                    report=str(report or ""))


class Papi(Area):
    """`store.papi`: the tournaments linked to their Papi file (read uncached, each write journalled)."""

    async def links(self) -> list[PapiLink]:
        rows = await self._store.rows(f"SELECT {COLUMNS} FROM papi_link ORDER BY tournament_id")
        return [_link(tuple(r)) for r in rows]

    async def link_of(self, tid: int) -> PapiLink | None:
        rows = await self._store.rows(f"SELECT {COLUMNS} FROM papi_link WHERE tournament_id = ?", (tid,))
        return _link(tuple(rows[0])) if rows else None

    async def save_link(self, tid: int, path: str) -> None:
        """Link (or re-link) a tournament to a file; the file is read afresh (no stamp yet)."""
        async with self._store.transaction(("tournament", tid)) as tx:
            await tx.execute(
                "INSERT INTO papi_link (tournament_id, path) VALUES (?, ?) ON CONFLICT(tournament_id) DO UPDATE SET"
                " path = excluded.path, size = NULL, mtime_ns = NULL, sha256 = NULL, held = '[]', pointe = NULL,"
                " report = ''",
                (tid, path))
            tx.journal("papi link", path, tournament_id=tid)

    async def drop_link(self, tid: int) -> None:
        async with self._store.transaction(("tournament", tid)) as tx:
            await tx.execute("DELETE FROM papi_link WHERE tournament_id = ?", (tid,))
            tx.journal("papi unlink", tournament_id=tid)

    async def record_read(self, tid: int, stamp: FileStamp, held: list[tuple[int, ...]],
                          pointe: frozenset[int], report: str, checked: dict[int, bool]) -> None:
        """The file was read and the tournament re-synced from it; `checked`: check-ins changed in Papi since the
        last read or write (by Ref), taken into the event file in the same transaction."""
        async with self._store.transaction(*([("checkin", tid)] if checked else [])) as tx:
            for ref, flag in checked.items():
                await tx.execute("UPDATE player SET checked_in = ?, last_update = ? WHERE tournament_id = ?"
                                 " AND papi_ref = ?", (int(flag), time.time(), tid, ref))
            await tx.execute("UPDATE papi_link SET size = ?, mtime_ns = ?, sha256 = ?, last_read = ?, held = ?,"
                             " pointe = ?, report = ? WHERE tournament_id = ?",
                             (stamp.size, stamp.mtime_ns, stamp.sha256, time.time(), json.dumps(held),
                              json.dumps(sorted(pointe)), report, tid))
            tx.journal("papi read", report.splitlines()[0] if report else None, tournament_id=tid)

    async def record_write(self, tid: int, stamp: FileStamp, pointe: frozenset[int], summary: str,
                           rows: str, held: Sequence[tuple[int, ...]] | None = None) -> None:
        """A write into the file: its new stamp and time, journalled with what was written and which rows."""
        async with self._store.transaction() as tx:
            await tx.execute("UPDATE papi_link SET size = ?, mtime_ns = ?, sha256 = ?, last_write = ?, pointe = ?"
                             " WHERE tournament_id = ?",
                             (stamp.size, stamp.mtime_ns, stamp.sha256, time.time(), json.dumps(sorted(pointe)), tid))
            if held is not None:
                await tx.execute("UPDATE papi_link SET held = ? WHERE tournament_id = ?", (json.dumps(held), tid))
            tx.journal("papi write", summary, new=rows, tournament_id=tid)
