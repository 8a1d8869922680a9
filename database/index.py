"""The events folder's index: what the home and admin pages list (name, dates, visibility) without opening stores.

An event file is listed from `events/.index` (JSON), keyed by its file name and a fingerprint of the file: the
inode, size and modification time of `<id>.db` and of its `-wal` (`stat` only: a database's files are never
opened outside SQLite, database/watch.py). A commit writes one of them; a file modified within the clock's
granularity (`watch.RECENT`) gets no fingerprint, so it is read again on the next look. Only the files whose
fingerprint changed are read again, all in one worker thread with a short-lived query-only connection each: no
store, thread or descriptor stays open for an idle event. An event whose store is open in this process is
listed from the store's cached reads.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import tempfile
import time
from pathlib import Path

import msgspec

from database.watch import settled, stamps

log = logging.getLogger("echiquier")

INDEX = ".index"


class EventSummary(msgspec.Struct, frozen=True, kw_only=True):
    """What a list of events shows of one event."""

    id: str
    name: str
    start: float
    stop: float
    public: bool


class Entry(msgspec.Struct, frozen=True):
    key: str
    summary: EventSummary | None  # None: the file could not be read (listed nowhere, logged)


def fingerprint(path: Path) -> str:
    """What changes whenever the event file's content may have changed (a commit by any process); "" while a
    file was modified too recently for its stamp to tell a later write (read it again next time).

    >>> fingerprint(Path("/nonexistent/x.db"))
    '-|-'
    """
    look = stamps(path)
    if not settled(look, time.time()):
        return ""
    return "|".join("-" if s is None else ":".join(map(str, s)) for s in look)


def read_summary(path: Path) -> EventSummary | None:
    """The `info` row of an event file, read with a query-only connection closed at once (blocking: a thread)."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error as exc:
        log.warning("cannot list %s: %s", path.name, exc)
        return None
    try:
        row = conn.execute("SELECT name, start, stop, public FROM info LIMIT 1").fetchone()
    except sqlite3.Error as exc:
        log.warning("cannot list %s: %s", path.name, exc)
        return None
    finally:
        conn.close()
    if row is None:
        return None
    name, start, stop, public = row
    try:
        return EventSummary(id=path.stem, name=str(name if name is not None else "?"), start=float(start or 0),
                            stop=float(stop or 0), public=bool(public))
    except (TypeError, ValueError):
        return None


class EventIndex:
    """The summaries of an events folder's files, refreshed for changed files only and kept in `.index`."""

    def __init__(self, events_dir: Path) -> None:
        self.events_dir = events_dir
        self.file = events_dir / INDEX
        self._entries: dict[str, Entry] | None = None  # None: not loaded from the file yet

    def _load(self) -> dict[str, Entry]:
        try:
            return msgspec.json.decode(self.file.read_bytes(), type=dict[str, Entry])
        except (OSError, msgspec.DecodeError, msgspec.ValidationError):
            return {}

    def _save(self, entries: dict[str, Entry]) -> None:
        try:
            fd, tmp = tempfile.mkstemp(dir=self.events_dir, prefix=".index-", suffix=".tmp")
            with os.fdopen(fd, "wb") as handle:
                handle.write(msgspec.json.encode(entries))
            os.replace(tmp, self.file)
        except OSError as exc:  # a read-only folder: the index lives in memory only
            log.warning("cannot write %s: %s", self.file, exc)
            with contextlib.suppress(OSError, UnboundLocalError):
                os.unlink(tmp)

    def refresh(self, ids: list[str], skip: frozenset[str] = frozenset()) -> dict[str, EventSummary]:
        """The summaries of `ids` (blocking: run in a thread). Files in `skip` (open stores) are not looked at."""
        if self._entries is None:
            self._entries = self._load()
        entries = self._entries
        found: dict[str, EventSummary] = {}
        changed = False
        for event_id in ids:
            if event_id in skip:
                continue
            path = self.events_dir / f"{event_id}.db"
            before = fingerprint(path)
            entry = entries.get(event_id)
            if entry is None or not before or entry.key != before:
                # keyed by the fingerprint taken before the read: a commit meanwhile (or the sidecars the read
                # itself creates) makes the file read once more next time, never missed
                entry = Entry(before, read_summary(path))
                entries[event_id] = entry
                changed = True
            if entry.summary is not None:
                found[event_id] = entry.summary
        for gone in set(entries) - set(ids):
            del entries[gone]
            changed = True
        if changed:
            self._save(entries)
        return found
