"""Opening an event file: the SQLite connections, their pragmas, the busy policy, and the words for a refused write.

Busy policy (several processes write one file: `serve --workers N`, `echiquier publish`, the sqlite3 shell):
SQLite's own busy handler waits up to `BUSY_TIMEOUT_MS` on aiosqlite's thread; a `BEGIN IMMEDIATE` still
answered SQLITE_BUSY (the timeout ran out, or a busy that SQLite does not wait on) is tried again after a
growing pause on the event loop (`asyncio.sleep`: other requests run meanwhile), for at most
`BUSY_BUDGET` seconds in all; then the write is refused with `FileBusy`, a 503 that changed nothing.

Files are private (mode 0600: they hold the hashes of the event's codes): a new one is created empty with that mode
before SQLite opens it, and SQLite gives its -wal and -shm the same mode; an older file readable by others loses
those permissions when the writer opens it (a chmod; the file itself is only ever opened by SQLite).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import sqlite3
import stat
import time
from pathlib import Path

import aiosqlite

from database.errors import StorageError

BUSY_TIMEOUT_MS = 2000  # SQLite's own wait, per attempt, on aiosqlite's thread
BUSY_BUDGET = 10.0  # seconds a write may wait for the file in all, retries included
FIRST_PAUSE, LONGEST_PAUSE = 0.02, 0.5  # pauses between attempts, doubling (with jitter)
PRAGMAS = ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", f"busy_timeout={BUSY_TIMEOUT_MS}")
READER_PRAGMAS = ("foreign_keys=ON", f"busy_timeout={BUSY_TIMEOUT_MS}", "query_only=ON")


class FileBusy(StorageError):
    """Another process kept the event file's write lock for longer than the busy budget."""

    def __init__(self) -> None:
        super().__init__("Not saved: the event file is busy (another program is writing it). Nothing was changed.")


def storage_error(exc: sqlite3.Error) -> StorageError:
    """A write the file refused, in words an arbiter can act on.

    >>> str(storage_error(sqlite3.OperationalError("database or disk is full")))
    'Not saved: the disk is full. Nothing was changed.'
    """
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text:
        return StorageError("Not saved: the event file is read-only. Nothing was changed.")
    if "full" in text:
        return StorageError("Not saved: the disk is full. Nothing was changed.")
    if "locked" in text or "busy" in text:
        return StorageError("Not saved: the event file is busy (another program is writing it). Nothing was changed.")
    return StorageError("Not saved: the event file could not be written (%s). Nothing was changed.", str(exc))


def is_busy(exc: sqlite3.Error) -> bool:
    """SQLITE_BUSY (or SQLITE_LOCKED), in any of its extended forms."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    text = str(exc).lower()
    return "locked" in text or "busy" in text


async def begin_immediate(conn: aiosqlite.Connection, *, budget: float | None = None) -> None:
    """`BEGIN IMMEDIATE` under the busy policy (above): retried with back-off while the file is busy, at most
    `budget` seconds (default `BUSY_BUDGET`); raises FileBusy after that, StorageError on any other refusal."""
    deadline = time.monotonic() + (BUSY_BUDGET if budget is None else budget)
    pause = FIRST_PAUSE
    while True:
        try:
            await conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.Error as exc:
            if not is_busy(exc):
                raise storage_error(exc) from exc
            wait = pause * (0.5 + random.random())
            if time.monotonic() + wait >= deadline:
                raise FileBusy() from exc
        await asyncio.sleep(wait)
        pause = min(pause * 2, LONGEST_PAUSE)


async def connect(path: Path, *, read_only: bool) -> aiosqlite.Connection:
    """A connection to an event file: the writer (WAL, full sync) or a query-only reader."""
    if read_only:
        conn = await aiosqlite.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        pragmas: tuple[str, ...] = READER_PRAGMAS
    else:
        await asyncio.to_thread(make_private, path)
        conn = await aiosqlite.connect(path, isolation_level=None)
        pragmas = PRAGMAS
    conn.row_factory = sqlite3.Row
    await conn.executescript("".join(f"PRAGMA {pragma};\n" for pragma in pragmas))  # one round trip, in order
    return conn


def make_private(path: Path) -> None:
    """Create `path` empty with mode 0600 if it is missing (SQLite then writes it, and gives its -wal and -shm the
    same mode), else take the group's and others' permissions away from it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        with contextlib.suppress(OSError):  # a file of another user, a read-only folder: left as it is
            mode = stat.S_IMODE(path.stat().st_mode)
            if mode & 0o077:
                path.chmod(mode & 0o700)
