"""One server per events folder: `echiquier serve` holds `events/.lock` (an `flock`) while it runs.

A lone server takes the lock exclusively; so does the supervisor of `serve --workers N` (its worker processes
take nothing: they are the one server). A worker started by hand with `serve --redis URL` takes it shared, so
that workers joined by Redis may serve one folder together, but never beside a lone server. The lock file
names its holders (pid and start time, one line each), so that a refused `serve` says which process holds the
folder. The kernel releases the lock when the process ends, however it ends: no stale lock after a crash.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from datetime import datetime
from pathlib import Path
from typing import IO

import msgspec

LOCK = ".lock"


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
    try:
        fcntl.flock(handle.fileno(), (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise FolderBusy(events_dir, holders(events_dir)) from None
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
