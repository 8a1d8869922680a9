"""FIDE's rating list kept in the events folder, `<events>/.ratings.sqlite`: one table of players (the FIDE id is the
rowid; an index on the name's search key for a prefix search), and one row saying which list it is.

A list is imported whole in one transaction on a thread of its own (`replace`, a plain sqlite3 connection: the
rows are parsed as they are inserted, so a million-line list never sits in memory): the old list stays readable
until the COMMIT, and a malformed line rolls everything back (the old list stays). Look-ups go through one aiosqlite
connection (`RatingList.open`): a FIDE id is the rowid, a name prefix a range of the index, each well under a
millisecond on a million players.
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import aiosqlite
import msgspec

from tournament.errors import Unavailable
from tournament.formats.rating_list import COLUMNS, NUMBERS, Row
from tournament.messages import N_

RATINGS_DB = ".ratings.sqlite"
PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=5000")
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS listed (fide_id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, "
    + ", ".join(f"{c} {'INTEGER' if c in NUMBERS else 'TEXT'}" for c in COLUMNS[3:]) + ")",
    "CREATE INDEX IF NOT EXISTS listed_name ON listed (name_key)",
    "CREATE TABLE IF NOT EXISTS list_info (id INTEGER PRIMARY KEY CHECK (id = 1), source TEXT NOT NULL, "
    "list_date TEXT, imported REAL NOT NULL, players INTEGER NOT NULL, size INTEGER NOT NULL)",
)
INSERT = f"INSERT OR REPLACE INTO listed ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"
SELECT = f"SELECT {', '.join(COLUMNS)} FROM listed"
MAX_ID_DIGITS = 11  # the TRF's width of a FIDE id
NOT_WRITTEN = N_("The rating list could not be written (%s): another import may be running. Nothing was changed.")
ListDate = str | None | Callable[[], str | None]


class ListInfo(msgspec.Struct, frozen=True, kw_only=True):
    source: str  # the file's name
    list_date: str | None  # YYYY-MM-DD when the file says it (the zip entry's date, a one-list header's month)
    imported: float  # Unix time
    players: int
    size: int  # bytes of the file as uploaded


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    for pragma in PRAGMAS:
        conn.execute(f"PRAGMA {pragma}")
    for statement in SCHEMA:
        conn.execute(statement)
    return conn


def _read_ahead(rows: Iterable[Row], batch: int = 5000, depth: int = 8) -> Iterator[Row]:
    """`rows` read on a thread of their own, a batch ahead: the file is parsed while SQLite inserts (sqlite3 lets
    the other thread run during each step), at most `depth` batches waiting. An error of the reading (a malformed
    line) is raised here, where the rows are taken."""
    waiting: queue.Queue[list[Row] | BaseException | None] = queue.Queue(depth)
    stop = threading.Event()

    def offer(item: list[Row] | BaseException | None) -> bool:
        """Hand an item over, unless the inserting side stopped taking them (then False)."""
        while not stop.is_set():
            try:
                waiting.put(item, timeout=0.2)
                return True
            except queue.Full:
                continue
        return False

    def read() -> None:
        try:
            part: list[Row] = []
            for row in rows:
                part.append(row)
                if len(part) == batch:
                    if not offer(part):
                        return
                    part = []
            if offer(part):
                offer(None)
        except BaseException as error:  # handed to the inserting thread, which rolls back
            offer(error)

    reader = threading.Thread(target=read, name="rating list reader", daemon=True)
    reader.start()
    try:
        while (item := waiting.get()) is not None:
            if isinstance(item, BaseException):
                raise item
            yield from item
    finally:
        stop.set()
        reader.join()


def _replace(path: Path, rows: Iterable[Row], source: str, list_date: ListDate, size: int) -> ListInfo:
    """The whole list in one transaction (on the caller's thread): rows in, the name index built again, the info.
    SQLite's refusal (another import holding the file, a full disk) is `Unavailable`, nothing changed."""
    try:
        return _write(path, rows, source, list_date, size)
    except sqlite3.Error as error:
        raise Unavailable(NOT_WRITTEN, str(error)) from None


def _write(path: Path, rows: Iterable[Row], source: str, list_date: ListDate, size: int) -> ListInfo:
    conn = _connect(path)
    try:
        conn.execute("PRAGMA cache_size=-200000")  # 200 MB of pages while the index is built
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("DELETE FROM listed")
            conn.execute("DROP INDEX IF EXISTS listed_name")
            conn.executemany(INSERT, _read_ahead(rows))
            conn.execute("CREATE INDEX listed_name ON listed (name_key)")
            players = int(conn.execute("SELECT count(*) FROM listed").fetchone()[0])
            if callable(list_date):  # known once the rows are read (a zip entry's date)
                list_date = list_date()
            info = ListInfo(source=source, list_date=list_date, imported=time.time(), players=players, size=size)
            conn.execute("INSERT OR REPLACE INTO list_info (id, source, list_date, imported, players, size) "
                         "VALUES (1, ?, ?, ?, ?, ?)", (source, list_date, info.imported, players, size))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return info
    finally:
        conn.close()


async def replace_list(events_dir: Path, rows: Iterable[Row], *, source: str, list_date: ListDate,
                       size: int) -> ListInfo:
    """Import a list into the events folder's file, replacing the one there (all or nothing), off the event loop.
    `rows` is consumed on that thread: an error it raises (a malformed line) leaves the old list in place."""
    events_dir.mkdir(parents=True, exist_ok=True)
    return await asyncio.to_thread(_replace, events_dir / RATINGS_DB, rows, source, list_date, size)


def id_ranges(digits: str) -> list[tuple[int, int]]:
    """The FIDE ids that start with `digits`, as ranges [low, high) of whole numbers (shortest first).

    >>> id_ranges("150")[:3]
    [(150, 151), (1500, 1510), (15000, 15100)]
    """
    base = int(digits)
    return [(base * 10 ** k, (base + 1) * 10 ** k) for k in range(MAX_ID_DIGITS - len(digits) + 1)]


class RatingList:
    """Look-ups in the events folder's list through one aiosqlite connection (the file is made if missing)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    @classmethod
    async def open(cls, events_dir: Path) -> RatingList:
        events_dir.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(events_dir / RATINGS_DB, isolation_level=None)
        try:
            for pragma in PRAGMAS:
                await conn.execute(f"PRAGMA {pragma}")
            for statement in SCHEMA:
                await conn.execute(statement)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def close(self) -> None:
        await self._conn.close()

    async def info(self) -> ListInfo | None:
        rows = list(await self._conn.execute_fetchall(
            "SELECT source, list_date, imported, players, size FROM list_info WHERE id = 1"))
        if not rows:
            return None
        source, list_date, imported, players, size = rows[0]
        return ListInfo(source=source, list_date=list_date, imported=imported, players=players, size=size)

    async def by_id(self, fide_id: int) -> dict[str, Any] | None:
        rows = await self._fetch(f"{SELECT} WHERE fide_id = ?", (fide_id,))
        return rows[0] if rows else None

    async def search(self, query: str, key: str, limit: int = 10) -> list[dict[str, Any]]:
        """Players whose FIDE id starts with `query` (digits), or whose name key starts with `key`; by id
        length then id, or by name."""
        if query.isdigit() and len(query) <= MAX_ID_DIGITS:
            found: list[dict[str, Any]] = []
            for low, high in id_ranges(query):
                found += await self._fetch(f"{SELECT} WHERE fide_id >= ? AND fide_id < ? ORDER BY fide_id LIMIT ?",
                                           (low, high, limit - len(found)))
                if len(found) >= limit:
                    break
            return found
        if not key:
            return []
        return await self._fetch(f"{SELECT} WHERE name_key >= ? AND name_key < ? ORDER BY name_key, fide_id "
                                 "LIMIT ?", (key, key + "\uffff", limit))

    async def k_factors(self, fide_ids: list[int], kind: str) -> dict[int, int]:
        """FIDE id -> K of `kind` ("standard", "rapid", "blitz") for those of `fide_ids` the list gives one."""
        found: dict[int, int] = {}
        for start in range(0, len(fide_ids), 500):
            part = fide_ids[start:start + 500]
            rows = await self._conn.execute_fetchall(
                f"SELECT fide_id, {kind}_k FROM listed WHERE fide_id IN ({', '.join('?' * len(part))})", part)
            found.update({int(i): int(k) for i, k in rows if k})
        return found

    async def _fetch(self, sql: str, params: tuple[object, ...]) -> list[dict[str, Any]]:
        rows = await self._conn.execute_fetchall(sql, params)
        return [dict(zip(COLUMNS, row, strict=True)) for row in rows]
