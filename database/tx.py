"""The transaction object: one `BEGIN IMMEDIATE` … `COMMIT` of the store, and what it changed.

`EventStore.transaction()` yields a `Tx`. Writes go through it (`execute`, `insert`, `update`); it
carries the journal entry (`entry_id`, the summary set by `journal()`), and records what it changes:
the tables (read back from the journal's triggers when it closes), the tournaments and event-wide
settings it announces (`changed()`), and the games whose result it set (`result()`). After COMMIT
the store drops or patches its read cache from that record and emits typed events
(database/events.py) to its subscribers.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from itertools import groupby
from typing import Any

import aiosqlite

from database.events import Change, EventChanged, GameKey, ResultChanged, TournamentChanged
from database.journal import Summary, higher
from tournament.errors import Invalid, NotFound
from tournament.models import Row
from tournament.results import Result

#: Tables a result write changes: a commit that changed only these keeps the cached pairing lists, patched.
RESULT_TABLES = frozenset({"pairing", "result", "tournament"})


def columns_of(kind: type[Row]) -> frozenset[str]:
    return frozenset(kind.__struct_fields__)


def _columns(values: dict[str, Any]) -> tuple[str, ...]:
    return tuple(values)


class Tx:
    """One open write transaction; valid only inside its `async with store.transaction()` block."""

    def __init__(self, conn: aiosqlite.Connection, entry_id: int,
                 changes: Iterable[tuple[str, int | None]] = (), *, bulk: bool = True) -> None:
        self._conn = conn
        self.bulk = bulk  # False: `insert_many` inserts row by row (the reference of tests and benchmarks)
        self.entry_id = entry_id
        self.summary = Summary()
        self.tables: frozenset[str] = frozenset()  # filled when the entry is closed, just before COMMIT
        self.announced: list[tuple[str, int | None]] = list(changes)
        self.results: list[ResultChanged] = []
        self.open = True

    # -- statements -----------------------------------------------------------------------------

    def _check(self) -> aiosqlite.Connection:
        if not self.open:
            raise RuntimeError("this transaction is over")
        return self._conn

    async def execute(self, sql: str, parameters: Any = (), /) -> aiosqlite.Cursor:
        return await self._check().execute(sql, parameters)

    async def execute_fetchall(self, sql: str, parameters: Any = (), /) -> Iterable[sqlite3.Row]:
        return await self._check().execute_fetchall(sql, parameters)

    async def fetchone(self, sql: str, parameters: Any = ()) -> sqlite3.Row | None:
        rows = list(await self.execute_fetchall(sql, parameters))
        return rows[0] if rows else None

    async def fetchall(self, sql: str, parameters: Any = ()) -> list[sqlite3.Row]:
        return list(await self.execute_fetchall(sql, parameters))

    async def insert(self, table: str, kind: type[Row], values: dict[str, Any]) -> int:
        """Insert one row of `table` (columns checked against `kind`); returns its id."""
        unknown = set(values) - columns_of(kind)
        if unknown:
            raise Invalid("Unknown %s columns: %s.", table, ", ".join(sorted(unknown)))
        names = ", ".join(f'"{k}"' for k in values)
        marks = ", ".join("?" for _ in values)
        cursor = await self.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", tuple(values.values()))
        return int(cursor.lastrowid or 0)

    async def insert_many(self, table: str, kind: type[Row], rows: Sequence[dict[str, Any]]) -> list[int]:
        """Insert rows of `table` in order, one statement per run of rows naming the same columns (SQLite's
        `executemany`: one round trip instead of one per row); returns their ids, in order.

        The same rows, ids and journal changes as `insert` row by row (`bulk=False`: what tests compare).
        """
        if not self.bulk or any("id" in values for values in rows):  # explicit ids: where they go is theirs
            return [await self.insert(table, kind, values) for values in rows]
        unknown = {k for values in rows for k in values} - columns_of(kind)
        if unknown:
            raise Invalid("Unknown %s columns: %s.", table, ", ".join(sorted(unknown)))
        if not rows:
            return []
        for names, run in groupby(rows, key=_columns):
            columns = ", ".join(f'"{k}"' for k in names)
            marks = ", ".join("?" for _ in names)
            await self._check().executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})",
                                            [tuple(values.values()) for values in run])
        # each new rowid is above every rowid before it (AUTOINCREMENT, or the largest + 1): the new rows are
        # the last ones, in the order they were inserted
        newest = await self.fetchall(f"SELECT rowid FROM {table} ORDER BY rowid DESC LIMIT ?", (len(rows),))
        return [int(r[0]) for r in reversed(newest)]

    async def update(self, table: str, kind: type[Row], row_id: int, values: dict[str, Any]) -> None:
        """Update one row of `table` by id; NotFound if there is none."""
        unknown = set(values) - columns_of(kind)
        if unknown or not values:
            raise Invalid("Bad %s columns: %s.", table, ", ".join(sorted(unknown)) or "none")
        sets = ", ".join(f'"{k}" = ?' for k in values)
        cursor = await self.execute(f"UPDATE {table} SET {sets} WHERE id = ?", (*values.values(), row_id))
        if cursor.rowcount != 1:
            raise NotFound("No %s %s.", table, row_id)

    # -- what it changed ------------------------------------------------------------------------

    def journal(self, what: str, target: str | None = None, old: str | None = None, new: str | None = None, *,
                tournament_id: int | None = None, round: int | None = None, board: int | None = None,
                players: Iterable[int | None] = ()) -> None:
        """Describe this transaction's journal entry (the rows are journalled by triggers); the last call wins."""
        self.summary = Summary(what=what, target=target, old=old, new=new, tournament_id=tournament_id,
                               round=round, board=board, players=tuple(p for p in players if p),
                               undoes=self.summary.undoes, given=True, undo_role=self.summary.undo_role)

    def needs(self, role: str) -> None:
        """Undoing this transaction's entry needs at least `role` (the rows it changes may ask for more)."""
        self.summary.undo_role = higher(role, self.summary.undo_role)

    def changed(self, what: str, tid: int | None = None) -> None:
        """Announce after COMMIT: `(what, tid)` for one tournament, `(what, None)` event-wide."""
        self.announced.append((what, tid))

    def result(self, game: GameKey, board: int, old: Result | None, new: Result | None, date: float) -> None:
        """A game's result changed (announced as ResultChanged; cached pairing lists are patched)."""
        self.results.append(ResultChanged(game=game, board=board, old=old, new=new, date=date))

    def events(self, generation: int) -> list[Change]:
        """The typed events of this transaction, in order, once each."""
        out: list[Change] = [ResultChanged(game=r.game, board=r.board, old=r.old, new=r.new, date=r.date,
                                           generation=generation) for r in self.results]
        for what, tid in dict.fromkeys(self.announced):
            if tid is None:
                out.append(EventChanged(what=what, generation=generation))
            else:
                out.append(TournamentChanged(tid=tid, what=what, generation=generation))
        return out

    @property
    def results_only(self) -> bool:
        """Only results changed: cached pairing lists can be patched instead of dropped."""
        return bool(self.results) and not self.announced and self.tables <= RESULT_TABLES
