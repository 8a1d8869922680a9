"""Server-side login sessions: a random id in the cookie, its record kept by the server.

A login (input code, arbiter password, admin password) opens a session: a random 256-bit id sent as
the cookie, and a record kept here: what it grants (`kind` and event) and a fingerprint of the
password hash it was opened with. A cookie is valid while its record exists, has not expired and the
password is unchanged (changing a password ends every session opened with the old one). Logout
deletes the record: the cookie is worthless afterwards, even if a copy was kept.

Records are kept in `<events>/.sessions.sqlite` (database/sessions.py: SQLite in WAL mode, mode 0600, only
SHA-256 digests of the ids, never an id itself), so that logins survive a restart and are shared by every
worker process of `serve --workers N`: a login through one worker is valid on the others, a logout on one
is refused by all at once. Each worker keeps the records in memory and, before every request
(web/auth.py's `actor_middleware`), reads them again when the file's WAL-index header says another connection
committed (a look at mapped memory; the read itself runs on aiosqlite's thread). A `.sessions` file of an
older version (JSON) is moved into the database once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import sqlite3
import time
from pathlib import Path

import msgspec

from database.connection import storage_error
from database.sessions import SESSIONS_DB, Row, SessionFile

log = logging.getLogger("echiquier")

OLD_SESSIONS_FILE = ".sessions"  # before the shared database: a JSON file per server
SESSIONS_FILE = SESSIONS_DB
SESSION_AGE = 60 * 60 * 24 * 30
MAX_SESSIONS = 20_000  # of each kind (admin, arbiter, input)


class Record(msgspec.Struct, array_like=True):
    kind: str  # "admin", "arbiter" or "input"
    event: str  # the event id ("" for admin)
    password: str  # digest of the password hash the session was opened with
    expires: float


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class Sessions:
    """The open sessions of a server (one per app), keyed by the digest of their id.

    Without a file (`Sessions()`) they live in this process only (the tests' default)."""

    def __init__(self, file: SessionFile | None = None) -> None:
        self.file = file
        self.records: dict[str, Record] = {}
        self._lock = asyncio.Lock()

    @classmethod
    async def open_folder(cls, events_dir: Path) -> Sessions:
        """The sessions kept in the events folder (shared with the other processes serving it)."""
        sessions = cls(await SessionFile.open(events_dir))
        await sessions._adopt_old_file(events_dir / OLD_SESSIONS_FILE)
        await sessions.refresh()
        return sessions

    async def _adopt_old_file(self, path: Path) -> None:
        if self.file is None or not await asyncio.to_thread(path.is_file):
            return
        old: dict[str, Record] = {}
        with contextlib.suppress(OSError, msgspec.DecodeError, msgspec.ValidationError):
            old = msgspec.json.decode(await asyncio.to_thread(path.read_bytes), type=dict[str, Record])
        now = time.time()
        await self.file.add_many([_row(k, r) for k, r in old.items() if r.expires > now])
        with contextlib.suppress(OSError):
            await asyncio.to_thread(path.unlink)

    async def refresh(self) -> None:
        """Read the records again if another process (or connection) changed them since the last look."""
        if self.file is None:
            return
        async with self._lock:  # a request that finds the lock taken waits for the fresh records
            if not await self.file.changed():
                return
            try:
                rows = await self.file.rows(time.time())
            except sqlite3.Error as exc:  # a 503 in words, never a 500; the next request reads them again
                self.file.forget_seen()
                log.exception("reading the sessions in %s failed", self.file.path)
                raise storage_error(exc) from exc
            self.records = {r[0]: Record(kind=r[1], event=r[2], password=r[3], expires=r[4]) for r in rows}

    def valid(self, cookie: str, kind: str, event: str, password_hash: str | None) -> bool:
        if not cookie or not password_hash or len(cookie) > 100:
            return False
        record = self.records.get(digest(cookie))
        return (record is not None and record.kind == kind and record.event == event
                and secrets.compare_digest(record.password, digest(password_hash)) and record.expires > time.time())

    async def open(self, kind: str, event: str, password_hash: str) -> str:
        """A new session; returns its id (the cookie's value)."""
        session_id = secrets.token_urlsafe(32)
        now = time.time()
        key = digest(session_id)
        record = Record(kind=kind, event=event, password=digest(password_hash), expires=now + SESSION_AGE)
        if self.file is not None:
            await self.file.add(_row(key, record), now=now, keep=MAX_SESSIONS)
        if sum(1 for r in self.records.values() if r.kind == kind) >= MAX_SESSIONS:  # per kind: input codes
            self.records = {k: r for k, r in self.records.items() if r.expires > now}  # never push out staff
            same = [k for k, r in self.records.items() if r.kind == kind]
            for old in same[: len(same) - MAX_SESSIONS + 1]:
                del self.records[old]
        self.records[key] = record
        return session_id

    async def close(self, cookie: str) -> bool:
        """End a session (logout) in every process; True if it existed."""
        key = digest(cookie)
        known = self.records.pop(key, None) is not None
        if self.file is not None:
            return await self.file.remove(key) or known
        return known

    async def end_others(self, kind: str, event: str, password_hash: str) -> None:
        """A new password: the sessions of `kind` on `event` opened with any other end, in every worker."""
        keep = digest(password_hash)
        self.records = {k: r for k, r in self.records.items()
                        if r.kind != kind or r.event != event or r.password == keep}
        if self.file is not None:
            await self.file.end_others(kind, event, keep)

    async def close_file(self) -> None:
        if self.file is not None:
            await self.file.close()


def _row(key: str, record: Record) -> Row:
    return key, record.kind, record.event, record.password, record.expires

