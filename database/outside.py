"""Writes by other programs (the sqlite3 shell, an older Papi-web) to the open event files: noticed, shown.

The journal's triggers record such writes as "outside Echiquier" entries (database/journal.py). The server
looks at its open files about once a second: the stamps of a file and of its `-wal` (database/watch.py, `stat`
only: no query and no descriptor while nothing is written) tell that something may have committed; then the store asks
SQLite whether the commit came from another connection (`EventStore.notice_foreign`), drops its cached
reads and tells the screens to reload. A file copied over in place (`cp`) is opened again (database/overwrite.py).
"""

from __future__ import annotations

import asyncio
import logging

from database.events import EventChanged
from database.registry import EventRegistry
from database.store import EventStore
from database.watch import CommitWatch

log = logging.getLogger("echiquier")

#: Seconds between two looks at the open event files.
EVERY = 1.0


class OutsideWatch:
    """Looks at the registry's open event files for commits made by other programs."""

    def __init__(self, registry: EventRegistry) -> None:
        self.registry = registry
        self._watches: dict[str, CommitWatch] = {}
        self._public: dict[str, bool] = {}  # each open event's visibility at the last look

    async def look(self) -> list[str]:
        """One look at every open event file; returns the ids of those another program changed."""
        noticed: list[str] = []
        stores = self.registry.opened()
        for gone in set(self._watches) - {s.event_id for s in stores}:
            del self._watches[gone]
            self._public.pop(gone, None)
        for store in stores:
            try:
                if await self.registry.overwritten(store):  # copied over in place: reopened, screens reload
                    noticed.append(store.event_id)
                    continue
            except Exception:
                log.exception("looking at %s failed", store.event_id)
            watch = self._watches.get(store.event_id)
            if watch is None:
                watch = self._watches[store.event_id] = CommitWatch(store.path, store.data_version)
            if watch.quiet():
                continue
            try:
                if await store.notice_foreign() or await self._hidden(store):
                    noticed.append(store.event_id)
            except Exception:  # a file that went away or broke is reported where it is used
                log.exception("looking for outside changes of %s failed", store.event_id)
        return noticed

    async def _hidden(self, store: EventStore) -> bool:
        """True when the event stopped being public through another connection's commit (whether journalled or not):
        its screens are told to reload, and its visitors' live streams end (web/live.py)."""
        await self.registry.catch_up(store)  # another connection's commit: the cached reads go
        public = bool((await store.info()).public)
        was = self._public.get(store.event_id, True)  # first look at a private event: one reload, harmless
        self._public[store.event_id] = public
        if was and not public:
            await store.announce(EventChanged(what="config"))
            return True
        return False

    async def run(self, every: float = EVERY) -> None:
        """Look again and again until cancelled (the server's lifespan)."""
        while True:
            await self.look()
            await asyncio.sleep(every)
