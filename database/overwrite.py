"""An event file overwritten in place while it is served (`cp other.db events/x.db`: the same inode, new content).

The registry's identity check (database/registry.py: device and inode) does not see it, and SQLite's open connections
keep serving what their page cache and schema hold: stale pages, a schema that no longer matches, and writes made on
top of pages of the old file (which damage the new one). What tells it, without opening the file outside SQLite:
the file's size or modification time moved (`stat`) while its WAL did not: SQLite writes a database file in WAL mode
only when it copies the WAL back into it (a checkpoint), after commits that wrote the WAL; this store's own commits
(and the checkpoints they trigger) are noted as they happen. Another program's checkpoint writes the file before it
empties the WAL, so a look between the two would take it for a copy: the suspicion is checked with SQLite, a fresh
connection of SQLite's own (never an `open()`: SQLite keeps the locks of the process) comparing what it reads with
what the store reads. When they differ, the registry closes the store and opens the file again, so that its new
content is served at once, with the schema it has (database/registry.py `get`).

A copy over a file whose WAL still holds pages not yet written back cannot be fully repaired: SQLite reads those
pages over the copy. Replace a served event with `mv` (a new inode: the registry sees it), or through the admin.
"""

from __future__ import annotations

import weakref

import aiosqlite

from database.store import EventStore
from database.watch import Stamp, stamps

Stamps = tuple[Stamp | None, Stamp | None]


class InPlaceWatch:
    """Per open store: the stamps of its file and of its WAL when last seen."""

    def __init__(self) -> None:
        self._seen: weakref.WeakKeyDictionary[EventStore, Stamps] = weakref.WeakKeyDictionary()

    def start(self, store: EventStore) -> None:
        """Take note of a store just opened; its own commits are noted as they come."""
        self._seen[store] = stamps(store.path)
        store.subscribe(lambda _change: self._own(store))

    def _own(self, store: EventStore) -> None:
        if store in self._seen:
            self._seen[store] = stamps(store.path)

    def forget(self, store: EventStore) -> None:
        self._seen.pop(store, None)

    async def overwritten(self, store: EventStore) -> bool:
        """True when the file changed under the store while its WAL did not (two `stat` calls, nothing opened) and
        SQLite reads another content there than the store does."""
        seen = self._seen.get(store)
        if seen is None or store.closed:
            return False
        now = stamps(store.path)
        self._seen[store] = now
        if now[0] == seen[0] or now[1] != seen[1] or now[0] is None:
            return False
        return await differs(store)


#: What a copy of another file almost surely changes: the schema's version, the journal, the games.
FINGERPRINT = ("SELECT (SELECT schema_version FROM pragma_schema_version), (SELECT max(id) FROM journal),"
               " (SELECT count(*) FROM pairing), (SELECT group_concat(name) FROM info)")


#: A suspicion is confirmed only when every look, this many, sees another content (see `differs`).
LOOKS = 3


async def _fingerprint(store: EventStore) -> tuple[tuple[object, ...], ...]:
    return tuple(tuple(row) for row in await store.rows(FINGERPRINT))


async def differs(store: EventStore) -> bool:
    """True when a fresh connection reads another content in the store's file than the store's own reader.

    Commits keep landing while the two read (this server's, or another worker's on the same file), so one pair of
    reads taken a moment apart may differ for an ordinary commit between them: each look reads the store, then the
    fresh connection, then the store again, and agrees when the fresh read equals either. A file copied over in
    place differs at every look; a busy file agrees at the first quiet moment."""
    for _ in range(LOOKS):
        try:
            before = await _fingerprint(store)
        except Exception:  # the store can no longer read its file: open it again
            return True
        try:
            async with aiosqlite.connect(f"{store.path.resolve().as_uri()}?mode=ro", uri=True) as fresh:
                theirs = tuple(tuple(row) for row in await fresh.execute_fetchall(FINGERPRINT))
        except Exception:  # not an event file we can read: the store is dropped, the next use says why
            return True
        try:
            after = await _fingerprint(store)
        except Exception:
            return True
        if theirs in (before, after):
            return False
    return True
