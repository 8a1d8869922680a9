"""Noticing commits that other connections or processes make to a SQLite file, without opening its files.

Never `open()` a database's files outside SQLite: closing any descriptor of a file drops every POSIX lock the
process holds on it (fcntl semantics), SQLite's own included. The next process to open the database then
believes nobody uses it and rebuilds the `-shm` that this process still has mapped in memory: SIGBUS. So the
look here is made of two things that open nothing:
1. `os.stat` of the file and of its `-wal` (no descriptor): a commit writes one of them, which moves its size
   or its modification time;
2. when they moved, or moved so recently that the clock's granularity could hide a second write, a
   `PRAGMA data_version` through a connection of our own, which SQLite moves on with every commit of any
   other connection.
While nothing is written, a look is two `stat` calls and no query.
"""

from __future__ import annotations

import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

#: A file modified less than this many seconds ago may be written again within the same timestamp tick (same
#: size after a WAL reset): its stat alone is not trusted, SQLite is asked.
RECENT = 2.0

Stamp = tuple[int, int, int]


def stamp(path: Path | str) -> Stamp | None:
    """Inode, size and modification time (ns) of a file, None when there is none; opens nothing.

    >>> stamp("/nonexistent/x.db") is None
    True
    """
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def stamps(path: Path) -> tuple[Stamp | None, Stamp | None]:
    """The stamps of a database file and of its `-wal`."""
    return stamp(path), stamp(f"{path}-wal")


def settled(look: tuple[Stamp | None, ...], now: float) -> bool:
    """True when no file of the look was modified within the last `RECENT` seconds.

    >>> settled(((1, 10, 0), None), now=100.0)
    True
    >>> settled(((1, 10, 99_500_000_000), None), now=100.0)
    False
    """
    limit = (now - RECENT) * 1e9
    return all(s is None or s[2] < limit for s in look)


class CommitWatch:
    """Tells whether a commit reached a database file since the last look (first look: True).

    `version` returns `PRAGMA data_version` of a connection to the file that stays open across looks; it is
    asked only when the files' stamps moved or are too recent to be trusted."""

    def __init__(self, path: Path, version: Callable[[], Awaitable[int]]) -> None:
        self.path = path
        self._version = version
        self._look: tuple[Stamp | None, Stamp | None] | None = None
        self._seen: int | None = None

    def forget(self) -> None:
        """The next look says True (a read that followed a look failed: try again)."""
        self._look = None
        self._seen = None

    def quiet(self) -> bool:
        """True when the files' stamps say nothing was written since the last look (no query)."""
        look = stamps(self.path)
        if look == self._look and settled(look, time.time()):
            return True
        self._look = look
        return False

    async def changed(self) -> bool:
        if self._seen is not None and self.quiet():
            return False
        if self._seen is None:
            self._look = stamps(self.path)
        version = await self._version()
        if version == self._seen:
            return False
        self._seen = version
        return True
