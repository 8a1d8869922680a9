"""The core of an EventStore: its connections, the write lock, transactions, the read cache, subscribers."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite
import msgspec

from database import journal as jn
from database.cache import ReadCache
from database.connection import begin_immediate, storage_error
from database.errors import FileGone
from database.events import Change, EventChanged, Listener
from database.journal import Actor
from database.tx import Tx
from database.writer import on_writer
from tournament.models import Row

R = TypeVar("R", bound=Row)
T = TypeVar("T")

log = logging.getLogger("echiquier")


def file_identity(path: Path) -> tuple[int, int] | None:
    """(st_dev, st_ino) of the file the path names now; None when nothing is there."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def convert(rows: Iterable[sqlite3.Row], kind: type[R]) -> list[R]:
    return msgspec.convert([dict(r) for r in rows], list[kind], strict=False)  # type: ignore[valid-type]


class StoreCore:
    """All reads and writes of one event file. Every write is one `BEGIN IMMEDIATE` transaction (a `Tx`)."""

    #: False: `Tx.insert_many` inserts row by row, as imports did before (the reference of tests and bench/).
    bulk = True

    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._lock = asyncio.Lock()
        self._listeners: list[Listener] = []
        self._cache = ReadCache()
        self.read_only = False  # opened read-only: every write is refused with a StorageError
        self.caching = True  # False: every read goes to the file (the benchmarks' naive baseline)
        self.generation = 0  # bumped after every commit: caches of derived values are keyed on it
        self.closed = False
        self._foreign: tuple[int, int] | None = None  # PRAGMA data_version and the last journal id seen
        self.identity = file_identity(path)  # the file opened: a write checks the path still names it
        self.stale = False  # the path names another file, or none: the registry drops this store

    @property
    def event_id(self) -> str:
        return self.path.stem

    async def close(self) -> None:
        """Close the connections, after the running write if any."""
        async with self._lock:
            if self.closed:
                return
            self.closed = True
            await self._reader.close()
            await self._writer.close()

    def file_moved(self) -> bool:
        """True when the path no longer names the file this store opened (moved, deleted or replaced)."""
        if not self.stale and file_identity(self.path) != self.identity:
            self.stale = True
        return self.stale

    def check_file(self, *, during: bool = False) -> None:
        """Refuse (FileGone, 503) when the event file was moved, deleted or replaced under the server."""
        if self.file_moved():
            raise FileGone(self.path.name, during=during)

    async def flush_to_file(self) -> None:
        """Copy the WAL into the file this store opened and empty it (`wal_checkpoint(TRUNCATE)`, through the
        open descriptors): a moved file keeps every acknowledged write without its `-wal`, and a file put in
        its place is never read with our WAL frames."""
        async with self._lock:
            if self.closed or self.read_only:
                return
            try:
                await self._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as exc:
                log.warning("checkpoint of %s failed: %s", self.path.name, exc)

    # -- change notification ---------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(event)` with every typed event (database/events.py) right after each commit."""
        self._listeners.append(listener)

    def _emit(self, events: Iterable[Change]) -> list[Awaitable[None]]:
        """Call the listeners now (the writer's task, before the next write can start); returns what they
        left to await."""
        later: list[Awaitable[None]] = []
        for event in events:
            for listener in self._listeners:
                try:
                    outcome = listener(event)
                except Exception:  # the write is committed: never fail it over a notification
                    log.exception("a listener of %s failed on %r", self.event_id, event)
                    continue
                if outcome is not None:
                    later.append(outcome)
        return later

    async def announce(self, *events: Change) -> None:
        """Emit events that no transaction of this store produced (the file left the folder)."""
        for outcome in self._emit(events):
            await outcome

    # -- commits by other programs -----------------------------------------------------------------

    async def data_version(self) -> int:
        """`PRAGMA data_version` of the writer: it moves on with every commit of another connection or process
        (never with this store's own). One read, no lock: harmless beside a running transaction."""
        rows = list(await self._writer.execute_fetchall("PRAGMA data_version"))
        return int(rows[0][0])

    async def notice_foreign(self) -> bool:
        """Look for "outside Echiquier" entries (database/journal.py) committed since the last look; the first
        look only takes note. When there are, the read cache is dropped, the generation moves on and an
        EventChanged("outside") tells the screens to reload; returns True then.

        `PRAGMA data_version` on the writer changes only with other connections' commits: while it stays,
        nothing else is read. No write lock: two single reads, harmless inside a running transaction (which
        writes no outside entry), so the look never waits for a write nor holds one up.
        """
        if self.closed:
            return False
        version = await self.data_version()
        if self._foreign is not None and self._foreign[0] == version:
            return False
        if self._foreign is None:
            rows = list(await self._writer.execute_fetchall("SELECT max(id) FROM journal"))
            self._foreign = (version, int(rows[0][0] or 0))
            return False
        seen = self._foreign[1]
        rows = list(await self._writer.execute_fetchall(  # a range of the primary key: the new entries only
            "SELECT max(id), max(CASE WHEN role = ? THEN id END) FROM journal WHERE id > ?", (jn.OUTSIDE_ROLE, seen)))
        last, outside = rows[0]
        self._foreign = (version, int(last) if last is not None else seen)
        if outside is None:
            return False
        self.changed_elsewhere()
        for outcome in self._emit([EventChanged(what="outside", generation=self.generation)]):
            await outcome
        return True

    # -- transactions --------------------------------------------------------------------------

    async def _begin(self, changes: Iterable[tuple[str, int | None]], actor: Actor) -> Tx:
        if self.closed:
            raise storage_error(sqlite3.OperationalError("the event file was closed"))
        self.check_file()
        await begin_immediate(self._writer)  # the busy policy of database/connection.py
        try:
            return Tx(self._writer, await jn.open_entry(self._writer, actor, time.time()), changes, bulk=self.bulk)
        except BaseException as exc:
            raise await self._rollback(exc) from exc

    async def _commit(self, tx: Tx) -> None:
        kept, tx.tables = await jn.close_entry(tx, tx.entry_id, tx.summary)
        if not kept:
            tx.entry_id = 0
        await self._writer.execute("COMMIT")
        self.check_file(during=True)  # committed to a file that left the folder: never acknowledged

    async def _rollback(self, exc: BaseException) -> BaseException:
        """Roll back; the error to raise (an arbiter's words for what SQLite refused)."""
        try:
            await self._writer.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        return storage_error(exc) if isinstance(exc, sqlite3.OperationalError) else exc

    def _committed(self, tx: Tx) -> list[Awaitable[None]]:
        """After COMMIT, still holding the lock: the new generation, the read cache, the events."""
        self.generation += 1
        if tx.results_only:
            self._cache.patch(tx.results, tx.tables)
        else:
            self._cache.drop(tx.tables)
        return self._emit(tx.events(self.generation))

    @asynccontextmanager
    async def _open(self, changes: Iterable[tuple[str, int | None]], actor: Actor) -> AsyncIterator[Tx]:
        """`BEGIN IMMEDIATE`, the body, `COMMIT`; `ROLLBACK` on any error, raised in an arbiter's words."""
        tx = await self._begin(changes, actor)
        try:
            yield tx
            await self._commit(tx)
        except BaseException as exc:
            failure = await self._rollback(exc)
            if failure is exc:
                raise
            raise failure from exc
        finally:
            tx.open = False

    @asynccontextmanager
    async def transaction(self, *changes: tuple[str, int | None], who: Actor | None = None) -> AsyncIterator[Tx]:
        """One write: `BEGIN IMMEDIATE` … `COMMIT`, or `ROLLBACK` on any error; journalled (database/journal.py).

        Yields a `Tx`. `changes` (and what `tx.changed()` / `tx.result()` add) are emitted as typed
        events after the commit. `who` defaults to the actor of the current request.
        """
        async with self._lock:
            async with self._open(changes, jn.current_actor(who)) as tx:
                yield tx
            later = self._committed(tx)
        for outcome in later:
            await outcome

    async def write(self, body: Callable[[Tx], Awaitable[T]], *changes: tuple[str, int | None],
                    who: Actor | None = None) -> T:
        """`body(tx)` as one transaction run on the writer's loop (database/writer.py); returns its value.

        The same transaction as `transaction()`, for the hot writes (results): the caller's event loop
        waits for the whole of it once instead of for each statement.
        """
        actor = jn.current_actor(who)

        async def whole() -> tuple[Tx, T]:
            async with self._open(changes, actor) as tx:
                value = await body(tx)
            return tx, value

        async with self._lock:
            tx, value = await on_writer(whole())
            later = self._committed(tx)
        for outcome in later:
            await outcome
        return value

    # -- cached reads ----------------------------------------------------------------------------

    def changed_elsewhere(self) -> None:
        """Another connection or process committed to the file: drop every cached read and move the generation
        on, so that nothing derived from the old data is served again."""
        self._cache.clear()
        self.generation += 1

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """The one read path: rows of a query on the reader connection, NOT cached (database/cache.py lists who
        calls it directly: the areas' reads of teams, Papi links, TRF sources).

        One call on the reader's thread: a statement left open between execute() and fetchall() would pin an old
        snapshot for every other read interleaved on this connection, even after a commit."""
        return list(await self._reader.execute_fetchall(sql, tuple(params)))

    async def _all(self, kind: type[R], tables: frozenset[str], sql: str, params: tuple[Any, ...] = ()) -> list[R]:
        """Rows of `kind` read through `rows()` from `tables`, CACHED until a commit writes one of them (the
        store's typed reads, database/reads.py)."""
        key = (sql, params)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        generation = self.generation
        rows = convert(await self.rows(sql, params), kind)
        if generation == self.generation and self.caching:
            self._cache.put(key, tables, rows)
        return rows
