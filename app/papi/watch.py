"""The Papi loop's background task (docs/papi-loop.md): one per server, started with its lifespan.

Every linked tournament of the open events is looked at a few times a second, with `stat` only: when the file's
size or mtime is no longer what Echiquier last read or wrote, Papi saved it, and the tournament is re-synced
(app/papi/link.py `resync`) once Papi's lock file is gone. A result, a check-in or a published round of a
linked tournament (the store's commit events) marks it to be written back; the writes are coalesced
(COALESCE seconds after the first change) and refused while Papi holds the file, then retried.
What happened last is kept per tournament (`Status`) for the arbiter's desk.

Several workers (cli/workers.py) each run the loop; an advisory lock on `events/.papi-loop.lock` lets one of
them at a time read or write a Papi file.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path

import msgspec

from app.papi.link import linked_events, note_linked, resync
from app.papi.safe_write import PapiBusy, lock_file, same_stat
from app.papi.write_back import Outcome, write_back
from database.events import Change, ResultChanged, TournamentChanged
from database.registry import EventRegistry
from database.store import EventStore
from tournament.errors import EchiquierError
from tournament.messages import N_

log = logging.getLogger("echiquier")

#: Seconds between two looks at the linked files.
EVERY = 0.25
#: Seconds a write waits after the first change, for the changes made meanwhile to join it.
COALESCE = 0.3
#: Seconds between two reads of an open event's links (those made by another process are seen then).
RELEARN = 5.0
#: Seconds before a write that failed (not a busy file) is tried again.
RETRY = 5.0
#: Changes of a linked tournament that are written back (what the re-sync itself commits is not).
WRITTEN = frozenset({"checkin", "pairings", "players"})
#: The desk's messages after a read (the import report) and after a write (the parts of app/papi/cells.py).
READ_KEY, WRITTEN_KEY = N_("Read from Papi: %s"), N_("Written to Papi: %s")
BUSY_KEY = N_("Papi has the file open: results will be written when it is closed.")
BUSY_READ_KEY = N_("Papi saved the file and still has it open: it will be read when Papi closes it.")
DONE_KEY = N_("Papi already has everything.")


class Status(msgspec.Struct, kw_only=True):
    """What the loop did last for one tournament: `key` and `params` are a message for the desk (translated
    there), `level` ok, busy or error; `at` when."""

    level: str
    key: str
    params: tuple[object, ...] = ()
    at: float = 0.0
    notes: tuple[tuple[str, tuple[object, ...]], ...] = ()  # what the last write left out, and why


class PapiLoop:
    def __init__(self, registry: EventRegistry) -> None:
        self.registry = registry
        self.status: dict[tuple[str, int], Status] = {}
        self._linked: dict[str, set[int]] = {}
        self._dirty: dict[tuple[str, int], float] = {}
        self._failed: dict[tuple[str, int], float] = {}
        self._learnt: dict[str, float] = {}
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()
        self._file: int | None = None

    # -- wiring ------------------------------------------------------------------------------------

    def attach(self, store: EventStore) -> None:
        """Follow a store's commits (registry.on_open)."""
        event_id = store.event_id

        def listen(event: Change) -> None:
            tid = event.tournament_id
            if tid is None or tid not in self._linked.get(event_id, set()):
                return
            if isinstance(event, ResultChanged) or (isinstance(event, TournamentChanged) and event.what in WRITTEN):
                self.mark(event_id, tid)

        store.subscribe(listen)

    def keeps(self, store: EventStore) -> bool:
        """A store with linked tournaments stays open (registry.keep_open)."""
        return bool(self._linked.get(store.event_id))

    def mark(self, event_id: str, tid: int) -> None:
        self._dirty.setdefault((event_id, tid), time.monotonic())
        self._wake.set()

    async def learn(self, store: EventStore) -> set[int]:
        """The linked tournaments of a store (after a link or an unlink, and once per store)."""
        tids = {link.tournament_id for link in await store.papi.links()}
        self._linked[store.event_id] = tids
        if (store.event_id in linked_events(self.registry.events_dir)) != bool(tids):
            await asyncio.to_thread(note_linked, self.registry.events_dir, store.event_id, bool(tids))
        return tids

    # -- the loop ----------------------------------------------------------------------------------

    async def run(self, every: float = EVERY) -> None:
        """Until cancelled: open the events with links (the folder's list), then look again and again."""
        for event_id in sorted(linked_events(self.registry.events_dir) & set(self.registry.ids())):
            try:
                await self.learn(await self.registry.get(event_id))
            except Exception:  # a broken file is reported where it is opened
                log.exception("reading the Papi links of %s failed", event_id)
        while True:
            await self.look()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), every)
            self._wake.clear()

    async def look(self) -> None:
        now = time.monotonic()
        for store in self.registry.opened():
            tids = self._linked.get(store.event_id)
            if tids is None or now - self._learnt.get(store.event_id, 0.0) > RELEARN:
                tids = await self.learn(store)  # a link made by another process (echiquier link-papi) is seen
                self._learnt[store.event_id] = now
            for tid in sorted(tids):
                try:
                    await self.tick(store, tid)
                except Exception:  # never stop the loop over one tournament
                    log.exception("the Papi loop of %s/%s failed", store.event_id, tid)

    async def tick(self, store: EventStore, tid: int, *, force: bool = False) -> Outcome | None:
        """Re-sync if Papi saved, write back if something changed (now, with `force`). A look with `stat` only;
        the work under the lock of `_exclusive`, after a second look (another worker may have done it)."""
        key = (store.event_id, tid)
        if not force and time.monotonic() < self._failed.get(key, 0.0):
            return None
        if not await self._to_do(store, tid, key, force):
            return None
        async with self._exclusive():
            if not await self._to_do(store, tid, key, force):
                return None
            return await self._work(store, tid, key, force)

    async def _to_do(self, store: EventStore, tid: int, key: tuple[str, int], force: bool) -> bool:
        link = await store.papi.link_of(tid)
        if link is None:
            self._linked.get(store.event_id, set()).discard(tid)
            self.status.pop(key, None)
            return False
        path = Path(link.path)
        saved = link.stamp is None or not same_stat(path, link.stamp)
        due = key in self._dirty and time.monotonic() - self._dirty[key] >= COALESCE
        if (saved or due or force) and lock_file(path) is not None:
            self.status[key] = Status(level="busy", key=BUSY_READ_KEY if saved else BUSY_KEY, at=time.time())
            return False
        return saved or due or force

    async def _work(self, store: EventStore, tid: int, key: tuple[str, int], force: bool) -> Outcome | None:
        due = key in self._dirty
        try:
            link = await store.papi.link_of(tid)
            if link is not None and (link.stamp is None or not same_stat(Path(link.path), link.stamp)):
                report = await resync(store, tid)
                self.status[key] = Status(level="ok", key=READ_KEY, params=(report.text(),), at=time.time())
            outcome = None
            if due or force:
                self._dirty.pop(key, None)
                outcome = await write_back(store, tid, force=force)
                if outcome.written:
                    self.status[key] = Status(level="ok", key=WRITTEN_KEY, params=tuple(outcome.parts),
                                              at=time.time())
                elif force or key not in self.status or self.status[key].level != "ok":
                    self.status[key] = Status(level="ok", key=DONE_KEY, at=time.time())
                self.status[key].notes = tuple(outcome.skipped)
            self._failed.pop(key, None)
            return outcome
        except PapiBusy as exc:
            self.mark(*key)
            self.status[key] = Status(level="busy", key=exc.key, params=exc.params, at=time.time())
        except EchiquierError as exc:
            self.status[key] = Status(level="error", key=exc.key, params=exc.params, at=time.time())
            self._failed[key] = time.monotonic() + RETRY
            if due or force:
                self.mark(*key)
        return None

    @contextlib.asynccontextmanager
    async def _exclusive(self) -> AsyncIterator[None]:
        """One reader or writer of Papi files at a time: in this process, and across the server's workers."""
        async with self._lock:
            if self._file is None:
                self._file = os.open(self.registry.events_dir / ".papi-loop.lock", os.O_RDWR | os.O_CREAT, 0o644)
            await asyncio.to_thread(fcntl.flock, self._file, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(self._file, fcntl.LOCK_UN)

    def close(self) -> None:
        if self._file is not None:
            os.close(self._file)
            self._file = None
