"""One server per events folder: `echiquier serve` holds `events/.lock` (an `flock`) while it runs.

A lone server takes the lock exclusively; so does the supervisor of `serve --workers N` (its worker processes
take nothing: they are the one server). A worker started by hand with `serve --redis URL` takes it shared, so
that workers joined by Redis may serve one folder together, but never beside a lone server. The lock file
names its holders (pid and start time, one line each), so that a refused `serve` says which process holds the
folder. The kernel releases the lock when the process ends, however it ends: no stale lock after a crash.

Windows has no `flock`: there the lock is a byte-range lock (`msvcrt.locking`, released by Windows when the
process ends too) far past the file's text, which stays readable: a lone server locks the byte at `BASE` and the
`SLOTS` after it; a worker joined by Redis first checks that the byte at `BASE` is free, then locks one slot of
its own. A lone server thus excludes any worker and any other server, and workers exclude only a lone server.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import IO, Protocol, cast

import msgspec

if sys.platform != "win32":
    import fcntl

LOCK = ".lock"
WINDOWS = sys.platform == "win32"
BASE = 1 << 30  # Windows: the locked bytes, past any text of the lock file
SLOTS = 1024  # Windows: workers joined by Redis, one byte each after BASE


class Holder(msgspec.Struct, frozen=True):
    pid: int
    started: float
    shared: bool = False


class FolderBusy(Exception):
    """Another server holds the events folder."""

    def __init__(self, events_dir: Path, holders: list[Holder]) -> None:
        if holders:
            who = ", ".join(f"pid {h.pid}, started {datetime.fromtimestamp(h.started):%Y-%m-%d %H:%M:%S}"
                            for h in holders)
            text = f"another Echiquier server is serving {events_dir} (process {who})"
        else:
            text = f"another Echiquier server is serving {events_dir}"
        super().__init__(f"{text}. Stop it first, or serve another folder (--events).")
        self.holders = holders


def _alive(pid: int) -> bool:
    if WINDOWS:  # os.kill(pid, 0) would end the process there; the lock itself says whether a server holds it
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def holders(events_dir: Path) -> list[Holder]:
    """The processes named in the lock file that are still running."""
    found: list[Holder] = []
    with contextlib.suppress(OSError):
        for line in (events_dir / LOCK).read_bytes().splitlines():
            with contextlib.suppress(msgspec.DecodeError, msgspec.ValidationError):
                holder = msgspec.json.decode(line, type=Holder)
                if _alive(holder.pid) and holder.pid != os.getpid():
                    found.append(holder)
    return found


def lock_folder(events_dir: Path, *, shared: bool = False) -> IO[bytes]:
    """Hold the folder's lock until the returned file is closed (or the process ends); FolderBusy if held."""
    events_dir.mkdir(parents=True, exist_ok=True)
    handle = open(events_dir / LOCK, "a+b")
    if not (_take_ranges(handle, shared, windows_locks()) if WINDOWS else _take_flock(handle, shared)):
        handle.close()
        raise FolderBusy(events_dir, holders(events_dir))
    line = msgspec.json.encode(Holder(os.getpid(), time.time(), shared)) + b"\n"
    if shared:  # other workers may hold it too: add a line (the dead ones' are skipped when read)
        kept = b"".join(msgspec.json.encode(h) + b"\n" for h in holders(events_dir))
        handle.truncate(0)
        handle.write(kept + line)
    else:
        handle.truncate(0)
        handle.write(line)
    handle.flush()
    return handle


def _take_flock(handle: IO[bytes], shared: bool) -> bool:
    try:
        fcntl.flock(handle.fileno(), (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class RangeLocks(Protocol):
    """What `_take_ranges` uses of Windows' `msvcrt` (a test gives a stand-in with the same rules)."""

    LK_NBLCK: int
    LK_UNLCK: int

    def locking(self, fd: int, mode: int, nbytes: int, /) -> None: ...


def windows_locks() -> RangeLocks:
    return cast(RangeLocks, importlib.import_module("msvcrt"))


def _take_ranges(handle: IO[bytes], shared: bool, msvcrt: RangeLocks) -> bool:
    """Windows' byte-range locks (see the module's text): True once this process holds its bytes."""
    fd = handle.fileno()

    def lock(offset: int, size: int) -> bool:
        os.lseek(fd, offset, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, size)
        except OSError:
            return False
        return True

    if not shared:
        return lock(BASE, SLOTS + 1)
    if not lock(BASE, 1):  # a lone server holds the folder
        return False
    os.lseek(fd, BASE, os.SEEK_SET)
    msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    first = os.getpid() % SLOTS
    return any(lock(BASE + 1 + (first + k) % SLOTS, 1) for k in range(SLOTS))
