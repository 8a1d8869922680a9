"""Opening an event file: the SQLite connections, their pragmas, and the words for a refused write."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite

from database.errors import StorageError

PRAGMAS = ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=5000")
READER_PRAGMAS = ("foreign_keys=ON", "busy_timeout=5000", "query_only=ON")


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


async def connect(path: Path, *, read_only: bool) -> aiosqlite.Connection:
    """A connection to an event file: the writer (WAL, full sync) or a query-only reader."""
    if read_only:
        conn = await aiosqlite.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        pragmas: tuple[str, ...] = READER_PRAGMAS
    else:
        conn = await aiosqlite.connect(path, isolation_level=None)
        pragmas = PRAGMAS
    conn.row_factory = sqlite3.Row
    await conn.executescript("".join(f"PRAGMA {pragma};\n" for pragma in pragmas))  # one round trip, in order
    return conn
