"""The events folder: lists `events/*.db`, opens stores lazily, refuses ids that could escape it.

Many events, few open: a store (two SQLite connections, a thread each, their descriptors) is opened on
demand and closed again when idle, so that a folder of hundreds of events serves under the usual limit of
1024 open files. A store is closed when unused for `idle_after` seconds, or, beyond `max_open` open stores,
the least recently used first (so the `max_open` most recently used stay open: a guard or a middleware that
just got one reads it safely); never while a request's handler holds it (`lease`), during a write, or while
a `keep_open` hook says so (screens connected to its live stream, a publication: web/app.py). The lists of
events come from the folder's index (database/index.py).

The path of an open store is looked at on every use: a file moved, deleted or replaced under the server
drops the store and refuses the request with FileGone (503; a write under way is refused the same way,
database/base.py); the next request opens the file now there, if any.
"""

from __future__ import annotations

import asyncio
import logging
import re
import shutil
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from database.errors import EventExists, EventNotFound, FileGone, InvalidEventId
from database.events import EventChanged
from database.index import EventIndex, EventSummary, read_summary
from database.overwrite import InPlaceWatch
from database.store import EventStore
from database.watch import CommitWatch

log = logging.getLogger("echiquier")

MAX_OPEN = 32  # open stores kept beyond those in use (about 6 descriptors and 2 threads each)
IDLE_AFTER = 300.0  # seconds unused before a store is closed
SWEEP_EVERY = 5.0  # seconds between two looks for idle stores (when under MAX_OPEN)

ARCHIVE = "archive"
SIDECARS = ("", "-wal", "-shm")

EVENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def check_event_id(event_id: str) -> str:
    """Return the id if it is a valid event id, else raise InvalidEventId.

    >>> check_event_id("open-2026_A")
    'open-2026_A'
    >>> check_event_id("../etc/passwd")
    Traceback (most recent call last):
    ...
    database.errors.InvalidEventId: '../etc/passwd' is not a valid event id (letters, digits, - and _, at most 64).
    """
    if not EVENT_ID.fullmatch(event_id):
        raise InvalidEventId(event_id)
    return event_id


Hook = Callable[[EventStore], Awaitable[None] | None]


class EventRegistry:
    """Every event file of one folder. Stores are opened on first use and closed when idle (module docstring)."""

    def __init__(self, events_dir: Path, *, max_open: int = MAX_OPEN, idle_after: float = IDLE_AFTER) -> None:
        self.events_dir = events_dir
        self.max_open = max_open
        self.idle_after = idle_after
        self._stores: dict[str, EventStore] = {}
        self._lock = asyncio.Lock()
        self._on_open: list[Callable[[EventStore], None]] = []
        self._on_close: list[Hook] = []
        self._keep: list[Callable[[EventStore], bool]] = []
        self.shared = False  # True: other processes write these files too (cli/workers.py)
        self._watches: dict[str, CommitWatch] = {}
        self._used: dict[str, float] = {}  # event id -> time.monotonic() of its last use
        self._leases: dict[EventStore, int] = {}
        self._closing: set[asyncio.Task[None]] = set()
        self._last_sweep = time.monotonic()
        self.index = EventIndex(events_dir)
        self._index_lock = threading.Lock()
        self._in_place = InPlaceWatch()

    async def catch_up(self, store: EventStore) -> None:
        """Other workers (`serve --workers N`) or programs write the file: when a commit reached it since the last
        look, drop the store's cached reads and move its generation on, so that nothing derived from the old
        data is served again. The look (database/watch.py) stats the file and its WAL, and asks SQLite
        (`PRAGMA data_version`) only when they moved: it never opens a file of the database outside SQLite."""
        watch = self._watches.get(store.event_id)
        if watch is None:  # one per store: dropped with it (_forget)
            watch = self._watches[store.event_id] = CommitWatch(store.path, store.data_version)
        try:
            changed = await watch.changed()
        except Exception:  # closed or broken meanwhile: treat as changed (caches are rebuilt, never stale)
            watch.forget()
            changed = True
        if changed:
            store.changed_elsewhere()

    def on_open(self, hook: Callable[[EventStore], None]) -> None:
        """Run `hook(store)` on every store when it is opened (e.g. to subscribe live updates)."""
        self._on_open.append(hook)

    def opened(self) -> list[EventStore]:
        """The stores open now (database/outside.py looks at them for other programs' writes)."""
        return [store for store in self._stores.values() if not store.closed]

    def on_close(self, hook: Hook) -> None:
        """Run (and await) `hook(store)` before an idle or stale store is closed (what `on_open` attached)."""
        self._on_close.append(hook)

    def keep_open(self, hook: Callable[[EventStore], bool]) -> None:
        """Never close a store while `hook(store)` is true (e.g. screens are connected to its live stream)."""
        self._keep.append(hook)

    def open_ids(self) -> list[str]:
        """The events whose store is open now."""
        return list(self._stores)

    def ids(self) -> list[str]:
        if not self.events_dir.is_dir():
            return []
        return sorted(p.stem for p in self.events_dir.glob("*.db") if EVENT_ID.fullmatch(p.stem))

    def path_of(self, event_id: str) -> Path:
        return self.events_dir / f"{check_event_id(event_id)}.db"

    async def get(self, event_id: str) -> EventStore:
        store = self._stores.get(event_id)
        if store is not None and store.file_moved():  # moved, deleted or replaced under the server: this
            await self._drop_stale(event_id, store)  # request is refused, the next one opens the path anew
            raise FileGone(store.path.name)
        if store is not None and await self.overwritten(store):  # copied over in place: opened anew, now
            store = None
        if store is not None:
            self._used[event_id] = time.monotonic()
            await self.catch_up(store)  # other workers' and programs' commits, before this request reads
            self._sweep(event_id)
            return store
        path = self.path_of(event_id)
        async with self._lock:
            store = self._stores.get(event_id)
            if store is None:
                if not path.is_file():
                    raise EventNotFound(event_id)
                store = await EventStore.open(path)
                self._in_place.start(store)
                self._adopt(event_id, store)
        self._used[event_id] = time.monotonic()
        self._sweep(event_id)
        return store

    def peek(self, event_id: str) -> EventStore | None:
        """The event's store if it is open (no look at its file, no use recorded), else None."""
        store = self._stores.get(event_id)
        return None if store is None or store.closed else store

    @asynccontextmanager
    async def lease(self, event_id: str) -> AsyncIterator[EventStore]:
        """The event's store, never closed for idleness before the block ends (a request's handler)."""
        store = await self.get(event_id)
        self._leases[store] = self._leases.get(store, 0) + 1
        try:
            yield store
        finally:
            left = self._leases.get(store, 1) - 1
            if left > 0:
                self._leases[store] = left
            else:
                self._leases.pop(store, None)
                self._used[event_id] = time.monotonic()

    # -- closing idle and stale stores ---------------------------------------------------------------

    async def settle(self) -> None:
        """Wait until the stores being closed are closed (tests, benchmarks)."""
        while self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)

    def _idle(self, store: EventStore) -> bool:
        """True when the store may be closed now (see the module docstring)."""
        if store in self._leases or store._lock.locked():  # a handler holds it, or a write is running
            return False
        return not any(keep(store) for keep in self._keep)

    def _sweep(self, using: str) -> None:
        """Close the stores idle for `idle_after` seconds, and the least recently used beyond `max_open`; never
        the one being got (`using`)."""
        now = time.monotonic()
        excess = len(self._stores) - self.max_open
        if excess <= 0 and now - self._last_sweep < SWEEP_EVERY:
            return
        self._last_sweep = now
        for used, event_id in sorted((self._used.get(i, 0.0), i) for i in self._stores):
            if excess <= 0 and now - used < self.idle_after:
                break
            store = self._stores[event_id]
            if event_id != using and self._idle(store):
                self._forget(event_id)
                task = asyncio.get_running_loop().create_task(self._shut(store), name=f"close {event_id}")
                self._closing.add(task)
                task.add_done_callback(self._closing.discard)
                excess -= 1

    def _forget(self, event_id: str) -> None:
        self._stores = {k: v for k, v in self._stores.items() if k != event_id}
        self._used.pop(event_id, None)
        self._watches.pop(event_id, None)

    async def _shut(self, store: EventStore) -> None:
        """Detach what `on_open` attached, then close the store (after its running write)."""
        for hook in self._on_close:
            try:
                outcome = hook(store)
                if outcome is not None:
                    await outcome
            except Exception:
                log.exception("closing %s: a hook failed", store.event_id)
        await store.close()

    async def overwritten(self, store: EventStore) -> bool:
        """True when the store's file was copied over in place (database/overwrite.py): the store is dropped (its
        screens reload), the next use opens the file again. Looked at by every `get` and once a second."""
        if not await self._in_place.overwritten(store):
            return False
        log.warning("%s was overwritten in place while served (cp?): opened again. Replace a served event with mv"
                    " or through the admin: its unsaved pages can mix into the copy", store.path.name)
        await self._drop_stale(store.event_id, store, flush=False)  # a checkpoint would write the old pages over it
        return True

    async def _drop_stale(self, event_id: str, store: EventStore, *, flush: bool = True) -> None:
        """Forget a store whose file left (or was replaced): its screens reload, the next use opens the path anew."""
        if self._stores.get(event_id) is store:
            self._forget(event_id)
            self._in_place.forget(store)
            if flush:
                log.warning("%s was moved, deleted or replaced under the server: closed", store.path.name)
                await store.flush_to_file()
            await self._gone(store)
            await self._shut(store)

    async def create(self, event_id: str, *, name: str, start: float, stop: float, public: bool = True) -> EventStore:
        path = self.path_of(event_id)
        async with self._lock:
            if path.exists():
                raise EventExists(event_id)
            self.events_dir.mkdir(parents=True, exist_ok=True)
            store = await EventStore.create(path, name=name, start=start, stop=stop, public=public)
            self._in_place.start(store)
            self._adopt(event_id, store)
        return store

    def _adopt(self, event_id: str, store: EventStore) -> None:
        for hook in self._on_open:
            hook(store)
        self._stores = {**self._stores, event_id: store}

    # -- archive, delete, clone (admin pages) ------------------------------------------------------

    @property
    def archive_dir(self) -> Path:
        return self.events_dir / ARCHIVE

    def archived_ids(self) -> list[str]:
        if not self.archive_dir.is_dir():
            return []
        return sorted(p.stem for p in self.archive_dir.glob("*.db") if EVENT_ID.fullmatch(p.stem))

    def archived_path(self, event_id: str) -> Path:
        return self.archive_dir / f"{check_event_id(event_id)}.db"

    async def _detach(self, event_id: str) -> EventStore | None:
        """Close the event's store (after its running write) and forget it; returns the closed store."""
        store = self._stores.get(event_id)
        if store is None:
            return None
        self._forget(event_id)
        await store.close()  # after its running write
        return store

    @staticmethod
    async def _gone(store: EventStore | None) -> None:
        """Tell the event's open screens to reload: the event left the folder (they now get "not found")."""
        if store is not None:
            await store.announce(EventChanged(what="config"))

    async def archive(self, event_id: str) -> None:
        """Move `events/<id>.db` to `events/archive/<id>.db`: off the lists, still readable."""
        await self._move(self.path_of(event_id), self.archived_path(event_id), event_id)

    async def restore(self, event_id: str) -> None:
        await self._move(self.archived_path(event_id), self.path_of(event_id), event_id)

    async def _move(self, source: Path, target: Path, event_id: str) -> None:
        async with self._lock:
            if not source.is_file():
                raise EventNotFound(event_id)
            if target.exists():
                raise EventExists(event_id)
            closed = await self._detach(event_id)
            target.parent.mkdir(parents=True, exist_ok=True)
            for suffix in SIDECARS:
                part = Path(f"{source}{suffix}")
                if part.exists():
                    await asyncio.to_thread(shutil.move, part, Path(f"{target}{suffix}"))
        await self._gone(closed)

    async def delete(self, event_id: str, *, archived: bool = False) -> None:
        """Remove an event file (and its WAL sidecars) for good."""
        path = self.archived_path(event_id) if archived else self.path_of(event_id)
        async with self._lock:
            if not path.is_file():
                raise EventNotFound(event_id)
            closed = None if archived else await self._detach(event_id)
            for suffix in SIDECARS:
                await asyncio.to_thread(Path(f"{path}{suffix}").unlink, missing_ok=True)
        await self._gone(closed)

    @asynccontextmanager
    async def open_archived(self, event_id: str) -> AsyncIterator[EventStore]:
        """An archived event, opened for reading and closed after the block."""
        path = self.archived_path(event_id)
        if not path.is_file():
            raise EventNotFound(event_id)
        store = await EventStore.open(path)
        try:
            yield store
        finally:
            await store.close()

    async def clone(self, source_id: str, event_id: str, *, name: str, start: float, stop: float,
                    public: bool = False) -> EventStore:
        """A new event with the configuration of `source_id` (no players, pairings or results)."""
        source = await self.get(source_id)
        store = await self.create(event_id, name=name, start=start, stop=stop, public=public)
        try:
            await store.admin.copy_configuration(source)
        except BaseException:
            await self.delete(event_id)
            raise
        return store

    async def summaries(self) -> list[EventSummary]:
        """Every event of the folder as its lists show it (name, dates, visibility), without opening a store:
        open stores answer from their cached reads, the other files from the index (database/index.py)."""
        ids = self.ids()
        open_now = {i: s for i in ids if (s := self._stores.get(i)) is not None and not s.closed
                    and not s.file_moved()}
        found = await asyncio.to_thread(self._refresh, ids, frozenset(open_now))
        for event_id, store in open_now.items():
            await self.catch_up(store)
            try:
                info = await store.info()
                found[event_id] = EventSummary(id=event_id, name=info.name, start=info.start, stop=info.stop,
                                               public=bool(info.public))
            except Exception:  # closed meanwhile, or unreadable: as the index reads it
                summary = await asyncio.to_thread(read_summary, store.path)
                if summary is not None:
                    found[event_id] = summary
        return [found[i] for i in ids if i in found]

    def _refresh(self, ids: list[str], skip: frozenset[str]) -> dict[str, EventSummary]:
        with self._index_lock:  # one refresh at a time (two pages at once: two threads)
            return self.index.refresh(ids, skip)

    async def close(self) -> None:
        stores, self._stores = self._stores, {}
        for event_id in stores:
            self._used.pop(event_id, None)
        self._watches = {}
        if self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)
        for store in stores.values():
            await store.close()
