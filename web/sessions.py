"""Server-side login sessions: a random id in the cookie, its record kept by the server.

A login (input code, arbiter password, admin password) opens a session: a random 256-bit id sent as
the cookie, and a record kept here: what it grants (`kind` and event) and a fingerprint of the
password hash it was opened with. A cookie is valid while its record exists, has not expired and the
password is unchanged (changing a password ends every session opened with the old one). Logout
deletes the record: the cookie is worthless afterwards, even if a copy was kept.

Records are persisted (mode 0600) in `<events>/.sessions` so that logins survive a restart; the file
holds only SHA-256 digests of the ids, never an id itself. Writes run off the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import secrets
import time
from pathlib import Path

import msgspec

SESSIONS_FILE = ".sessions"
SESSION_AGE = 60 * 60 * 24 * 30
MAX_SESSIONS = 20_000


class Record(msgspec.Struct, array_like=True):
    kind: str  # "admin", "arbiter" or "input"
    event: str  # the event id ("" for admin)
    password: str  # digest of the password hash the session was opened with
    expires: float


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class Sessions:
    """The open sessions of a server (one per app), keyed by the digest of their id."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.records: dict[str, Record] = {}
        self._lock = asyncio.Lock()

    @classmethod
    def load(cls, events_dir: Path) -> Sessions:
        """The sessions kept in the events folder (none if the file is missing or unreadable)."""
        path = events_dir / SESSIONS_FILE
        sessions = cls(path)
        with contextlib.suppress(OSError, msgspec.DecodeError, msgspec.ValidationError):
            sessions.records = msgspec.json.decode(path.read_bytes(), type=dict[str, Record])
        now = time.time()
        sessions.records = {k: r for k, r in sessions.records.items() if r.expires > now}
        return sessions

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
        if len(self.records) >= MAX_SESSIONS:
            self.records = {k: r for k, r in self.records.items() if r.expires > now}
            while len(self.records) >= MAX_SESSIONS:
                self.records.pop(next(iter(self.records)))
        self.records[digest(session_id)] = Record(kind=kind, event=event, password=digest(password_hash),
                                                  expires=now + SESSION_AGE)
        await self.save()
        return session_id

    async def close(self, cookie: str) -> bool:
        """End a session (logout); True if it existed."""
        if self.records.pop(digest(cookie), None) is None:
            return False
        await self.save()
        return True

    async def save(self) -> None:
        if self.path is None:
            return
        async with self._lock:
            data = msgspec.json.encode(self.records)
            await asyncio.to_thread(_write, self.path, data)


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
