"""The events folder: lists `events/*.db`, opens stores lazily, refuses ids that could escape it."""

from __future__ import annotations

import asyncio
import mmap
import re
import shutil
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from database.admin import copy_configuration
from database.errors import EventExists, EventNotFound, InvalidEventId
from database.events import EventChanged
from database.store import EventStore

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


class WalWatch:
    """Notices commits to an event file from any connection or process: the first WAL-index header of its
    `-shm` file (48 bytes: change counter, last frame, salts, checksums) changes with every commit."""

    HEADER = 48

    def __init__(self, path: Path) -> None:
        self.shm = path.with_name(path.name + "-shm")
        self._map: mmap.mmap | None = None
        self._seen: bytes | None = None

    def changed(self) -> bool:
        """True when the header differs from the last call's (and on the first call: caches made before it)."""
        try:
            if self._map is None:
                with self.shm.open("rb") as handle:
                    self._map = mmap.mmap(handle.fileno(), self.HEADER, access=mmap.ACCESS_READ)
            header = self._map[: self.HEADER]
        except (OSError, ValueError):  # no -shm yet: treat as changed (caches are rebuilt, never stale)
            self._map = None
            return True
        if header == self._seen:
            return False
        self._seen = header
        return True


class EventRegistry:
    """Every event file of one folder. Stores are opened on first use and kept until `close()`."""

    def __init__(self, events_dir: Path) -> None:
        self.events_dir = events_dir
        self._stores: dict[str, EventStore] = {}
        self._lock = asyncio.Lock()
        self._on_open: list[Callable[[EventStore], None]] = []
        self.shared = False  # True: other processes write these files too (web/workers.py)
        self._watches: dict[str, WalWatch] = {}

    async def _catch_up(self, store: EventStore) -> None:
        """Several processes serve the folder (`serve --workers N`): when a commit reached the file since the last
        look, drop the store's cached reads and move its generation on, so that nothing derived from the old
        data is served again. The look is the WAL-index header in the `-shm` file (what SQLite itself reads
        to notice other connections' commits), mapped in memory: no query, no system call per request."""
        watch = self._watches.get(store.event_id)
        if watch is None:
            watch = self._watches[store.event_id] = WalWatch(store.path)
        if watch.changed():
            store._cache.clear()
            store.generation += 1

    def on_open(self, hook: Callable[[EventStore], None]) -> None:
        """Run `hook(store)` on every store when it is opened (e.g. to subscribe live updates)."""
        self._on_open.append(hook)

    def opened(self) -> list[EventStore]:
        """The stores open now (database/outside.py looks at them for other programs' writes)."""
        return list(self._stores.values())

    def ids(self) -> list[str]:
        if not self.events_dir.is_dir():
            return []
        return sorted(p.stem for p in self.events_dir.glob("*.db") if EVENT_ID.fullmatch(p.stem))

    def path_of(self, event_id: str) -> Path:
        return self.events_dir / f"{check_event_id(event_id)}.db"

    async def get(self, event_id: str) -> EventStore:
        store = self._stores.get(event_id)
        if store is not None:
            if self.shared:
                await self._catch_up(store)
            return store
        path = self.path_of(event_id)
        async with self._lock:
            store = self._stores.get(event_id)
            if store is None:
                if not path.is_file():
                    raise EventNotFound(event_id)
                store = await EventStore.open(path)
                self._adopt(event_id, store)
        return store

    async def create(self, event_id: str, *, name: str, start: float, stop: float, public: bool = True) -> EventStore:
        path = self.path_of(event_id)
        async with self._lock:
            if path.exists():
                raise EventExists(event_id)
            self.events_dir.mkdir(parents=True, exist_ok=True)
            store = await EventStore.create(path, name=name, start=start, stop=stop, public=public)
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
        self._stores = {k: v for k, v in self._stores.items() if k != event_id}
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
            await copy_configuration(source, store)
        except BaseException:
            await self.delete(event_id)
            raise
        return store

    async def all(self) -> list[EventStore]:
        return [await self.get(event_id) for event_id in self.ids()]

    async def close(self) -> None:
        stores, self._stores = self._stores, {}
        for store in stores.values():
            await store.close()
