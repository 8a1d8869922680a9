"""The server's login sessions on disk: `<events>/.sessions.sqlite`, one small SQLite file (WAL) shared by every worker
(`SharedFile`: also the folder's other shared state, database/shared_state.py).

Rows are keyed by the SHA-256 digest of a session id (the cookie's value is never stored). Every worker process
opens the file; a login or logout of one is a commit the others notice (database/watch.py: a `stat` of the file and
its WAL, then `PRAGMA data_version` when they moved; no file of the database is ever opened outside SQLite), after
which they read the rows again. All SQL runs on aiosqlite's thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from database.connection import begin_immediate, make_private
from database.watch import CommitWatch

SESSIONS_DB = ".sessions.sqlite"
PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=5000")
SCHEMA = ("""CREATE TABLE IF NOT EXISTS session (
    digest TEXT PRIMARY KEY, kind TEXT NOT NULL, event TEXT NOT NULL, password TEXT NOT NULL, expires REAL NOT NULL
) WITHOUT ROWID""",)

Row = tuple[str, str, str, str, float]  # digest, kind, event, password digest, expiry (Unix time)
Statements = list[tuple[str, tuple[object, ...]]]
T = TypeVar("T")
S = TypeVar("S", bound="SharedFile")


class SharedFile:
    """A small SQLite file of the events folder shared by every worker, through one aiosqlite connection (`open`),
    or a database in this process's memory only (`memory`: the tests' default)."""

    FILE = ""  # the file's name in the events folder (subclasses)
    SCHEMA: tuple[str, ...] = ()

    def __init__(self, path: Path, conn: aiosqlite.Connection) -> None:
        self.path = path
        self._conn = conn
        self._write_lock = asyncio.Lock()  # one connection: one transaction at a time (overlapping requests)
        self._watch = CommitWatch(path, self._data_version)

    @classmethod
    async def open(cls: type[S], events_dir: Path) -> S:
        path = events_dir / cls.FILE
        await asyncio.to_thread(make_private, path)
        return await cls._connect(path, str(path), PRAGMAS)

    @classmethod
    async def memory(cls: type[S]) -> S:
        return await cls._connect(Path(":memory:"), ":memory:", ())

    @classmethod
    async def _connect(cls: type[S], path: Path, where: str, pragmas: tuple[str, ...]) -> S:
        conn = await aiosqlite.connect(where, isolation_level=None)
        try:
            for pragma in pragmas:
                await conn.execute(f"PRAGMA {pragma}")
            for statement in cls.SCHEMA:
                await conn.execute(statement)
        except BaseException:
            await conn.close()
            raise
        return cls(path, conn)

    async def _data_version(self) -> int:
        rows = list(await self._conn.execute_fetchall("PRAGMA data_version"))
        return int(rows[0][0])

    async def changed(self) -> bool:
        """True when another connection's commit reached the file since the last call, and on the first call."""
        return await self._watch.changed()

    def forget_seen(self) -> None:
        """The next `changed()` is True (a read failed: try again on the next request)."""
        self._watch.forget()

    async def fetch(self, sql: str, params: tuple[object, ...] = ()) -> list[Any]:
        """The rows of one query (on aiosqlite's thread), outside any transaction: the last committed state."""
        return list(await self._conn.execute_fetchall(sql, params))

    async def _write(self, statements: Statements) -> int:
        """The statements as one transaction; returns the last one's count of changed rows."""
        async def body(conn: aiosqlite.Connection) -> int:
            count = 0
            for sql, params in statements:
                count = (await conn.execute(sql, params)).rowcount
            return count

        return await self.run(body)

    async def run(self, body: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        """`body(connection)` as one transaction (`BEGIN IMMEDIATE` … `COMMIT`, `ROLLBACK` on any error): between
        its reads and its writes no other worker, and no other request of this one, writes the file."""
        async with self._write_lock:
            await begin_immediate(self._conn)
            try:
                value = await body(self._conn)
                await self._conn.execute("COMMIT")
                return value
            except BaseException:
                try:
                    await self._conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                raise

    async def close(self) -> None:
        await self._conn.close()


class SessionFile(SharedFile):
    """The sessions table of one events folder."""

    FILE = SESSIONS_DB
    SCHEMA = SCHEMA

    async def rows(self, now: float) -> list[Row]:
        """Every unexpired session."""
        found = await self._conn.execute_fetchall(
            "SELECT digest, kind, event, password, expires FROM session WHERE expires > ?", (now,))
        return [(r[0], r[1], r[2], r[3], r[4]) for r in found]

    async def add(self, row: Row, *, now: float, keep: int) -> None:
        """Store a session; drop expired ones, and the oldest of its kind beyond `keep` of that kind (input codes
        never push out admin or arbiter sessions). One transaction."""
        kind = row[1]
        await self._write([
            ("DELETE FROM session WHERE expires <= ?", (now,)),
            ("DELETE FROM session WHERE digest IN (SELECT digest FROM session WHERE kind = ? ORDER BY expires "
             "LIMIT max(0, (SELECT count(*) FROM session WHERE kind = ?) - ?))", (kind, kind, keep - 1)),
            ("INSERT OR REPLACE INTO session (digest, kind, event, password, expires) VALUES (?, ?, ?, ?, ?)", row),
        ])

    async def end_others(self, kind: str, event: str, password: str) -> int:
        """End the sessions of `kind` on `event` opened with another password than `password` (a digest)."""
        return await self._write([("DELETE FROM session WHERE kind = ? AND event = ? AND password != ?",
                                   (kind, event, password))])

    async def add_many(self, rows: list[Row]) -> None:
        await self._write([("INSERT OR REPLACE INTO session (digest, kind, event, password, expires) "
                            "VALUES (?, ?, ?, ?, ?)", row) for row in rows])

    async def remove(self, digest: str) -> bool:
        """End a session; True if it was there."""
        return await self._write([("DELETE FROM session WHERE digest = ?", (digest,))]) > 0
