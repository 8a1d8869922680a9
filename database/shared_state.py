"""The security state every worker of `serve --workers N` must share, kept in `<events>/.shared.sqlite` (a sibling of
the sessions file, database/sessions.py: mode 0600, WAL): the login attempts of the throttle (app/throttle.py), the
arbiters' pairing drafts (app/pairing/draft.py) and the uploads waiting for a confirmation
(app/uploads.py). A worker keeps none of it in memory: each request reads what every worker wrote,
and each change is one transaction, so that two workers cannot both pass a check that only one should pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import aiosqlite

from database.sessions import SharedFile

SHARED_DB = ".shared.sqlite"


class Recent(NamedTuple):
    """Login attempts within the window (not yet answered, or wrong): what the throttle's rule decides on."""

    device: int  # of this device, on any event
    device_oldest: float | None
    event: int  # on this event, from every device
    device_on_event: int  # of this device on this event
    device_on_event_oldest: float | None


class StateFile(SharedFile):
    FILE = SHARED_DB
    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS attempt (id INTEGER PRIMARY KEY, client TEXT NOT NULL, event TEXT NOT NULL,"
        " at REAL NOT NULL)",
        "CREATE INDEX IF NOT EXISTS attempt_client ON attempt (client, at)",
        "CREATE INDEX IF NOT EXISTS attempt_event ON attempt (event, client, at)",
        "CREATE INDEX IF NOT EXISTS attempt_at ON attempt (at)",
        "CREATE TABLE IF NOT EXISTS draft (event TEXT NOT NULL, tid INTEGER NOT NULL, revision INTEGER NOT NULL,"
        " data BLOB NOT NULL, PRIMARY KEY (event, tid)) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS held (token TEXT PRIMARY KEY, event TEXT NOT NULL, tid INTEGER NOT NULL,"
        " filename TEXT NOT NULL, data BLOB NOT NULL, created REAL NOT NULL)",
    )

    # -- login attempts ----------------------------------------------------------------------------

    async def begin_attempt(self, client: str, event: str, *, now: float, window: float, keep: int,
                            judge: Callable[[Recent], None]) -> int:
        """Count one attempt of `client` on `event`, unless `judge` (the throttle's rule) raises on what the window
        holds: then nothing is counted. The look and the count are one transaction. Returns the attempt's id."""
        async def body(conn: aiosqlite.Connection) -> int:
            since = now - window
            await conn.execute("DELETE FROM attempt WHERE at <= ? OR at > ?", (since, now + window))  # or clock moved
            device = await _one(conn, "SELECT count(*), min(at) FROM attempt WHERE client = ? AND at > ?",
                                (client, since))
            on_event = await _one(conn, "SELECT count(*) FROM attempt WHERE event = ? AND at > ?", (event, since))
            mine = await _one(conn, "SELECT count(*), min(at) FROM attempt WHERE event = ? AND client = ? AND at > ?",
                              (event, client, since))
            judge(Recent(device=device[0], device_oldest=device[1], event=on_event[0], device_on_event=mine[0],
                         device_on_event_oldest=mine[1]))
            await conn.execute("DELETE FROM attempt WHERE id IN (SELECT id FROM attempt ORDER BY at "
                               "LIMIT max(0, (SELECT count(*) FROM attempt) - ?))", (keep - 1,))
            cursor = await conn.execute("INSERT INTO attempt (client, event, at) VALUES (?, ?, ?)",
                                        (client, event, now))
            return int(cursor.lastrowid or 0)

        return await self.run(body)

    async def end_attempt(self, attempt: int) -> None:
        """A right password: its attempt no longer counts."""
        await self._write([("DELETE FROM attempt WHERE id = ?", (attempt,))])

    # -- pairing drafts ----------------------------------------------------------------------------

    async def draft(self, event: str, tid: int) -> tuple[int, bytes] | None:
        """(revision, encoded draft) of a tournament's draft, None when there is none."""
        rows = await self.fetch("SELECT revision, data FROM draft WHERE event = ? AND tid = ?", (event, tid))
        return (int(rows[0][0]), bytes(rows[0][1])) if rows else None

    async def put_draft(self, event: str, tid: int, data: bytes, *, revision: int | None = None) -> int | None:
        """Store a draft: a new one (`revision` None, replacing any), or a change of revision `revision` (None is
        returned, nothing written, if another request changed or dropped it meanwhile). Returns the new revision."""
        async def body(conn: aiosqlite.Connection) -> int | None:
            now = await _one(conn, "SELECT revision FROM draft WHERE event = ? AND tid = ?", (event, tid))
            current = None if now is None else int(now[0])
            if revision is not None and current != revision:
                return None
            new = (current or 0) + 1
            await conn.execute("INSERT OR REPLACE INTO draft (event, tid, revision, data) VALUES (?, ?, ?, ?)",
                               (event, tid, new, data))
            return new

        return await self.run(body)

    async def drop_draft(self, event: str, tid: int, *, revision: int | None = None) -> None:
        """Drop a tournament's draft (only revision `revision`, when given: a later one stays)."""
        if revision is None:
            await self._write([("DELETE FROM draft WHERE event = ? AND tid = ?", (event, tid))])
        else:
            await self._write([("DELETE FROM draft WHERE event = ? AND tid = ? AND revision = ?",
                                (event, tid, revision))])

    # -- uploads waiting for a confirmation --------------------------------------------------------

    async def hold(self, token: str, event: str, tid: int, filename: str, data: bytes, *, now: float, age: float,
                   keep: int) -> None:
        """Keep an upload under `token`; those older than `age` seconds go, and the oldest beyond `keep`."""
        await self._write([
            ("DELETE FROM held WHERE created <= ?", (now - age,)),
            ("DELETE FROM held WHERE token IN (SELECT token FROM held ORDER BY created "
             "LIMIT max(0, (SELECT count(*) FROM held) - ?))", (keep - 1,)),
            ("INSERT INTO held (token, event, tid, filename, data, created) VALUES (?, ?, ?, ?, ?, ?)",
             (token, event, tid, filename, data, now)),
        ])

    async def take(self, token: str, event: str, tid: int, *, now: float, age: float) -> tuple[str, bytes] | None:
        """(file name, content) of the upload held under `token` for this tournament, removed (a confirmation is
        used once, by one worker); None when there is none (or it is too old)."""
        async def body(conn: aiosqlite.Connection) -> tuple[str, bytes] | None:
            row = await _one(conn, "SELECT filename, data FROM held WHERE token = ? AND event = ? AND tid = ? "
                                   "AND created > ?", (token, event, tid, now - age))
            if row is None:
                return None
            await conn.execute("DELETE FROM held WHERE token = ?", (token,))
            return str(row[0]), bytes(row[1])

        return await self.run(body)


async def _one(conn: aiosqlite.Connection, sql: str, params: tuple[object, ...]) -> Any:
    rows = list(await conn.execute_fetchall(sql, params))
    return rows[0] if rows else None


class OnStateFile:
    """Base of what keeps its state in a `StateFile`: the events folder's once set (the server's lifespan, web/app.py),
    until then one in this process's memory (tests without a folder)."""

    def __init__(self) -> None:
        self.file: StateFile | None = None

    async def _file(self) -> StateFile:
        if self.file is None:
            self.file = await StateFile.memory()
        return self.file
