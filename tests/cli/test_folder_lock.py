"""One server per events folder (cli/folder_lock.py): a second `serve` on the folder is refused, naming the
process that holds it; workers joined by Redis share it; the lock goes with the process that held it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import IO

import httpx
import pytest

from cli import folder_lock
from cli.folder_lock import FolderBusy, holders, lock_folder
from tests.support.files import ROOT
from tests.support.servers import HANG_LIMIT, START_LIMIT, Process, free_port, redis


def serve_args(events: Path, port: int, *options: str) -> list[str]:
    return [sys.executable, "-m", "cli.main", "serve", "--events", str(events), "--host", "127.0.0.1",
            "--port", str(port), *options]


def second_serve(events: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """A `serve` that must be refused at once (a hang guard only: it never gets to listen)."""
    return subprocess.run(serve_args(events, free_port(), *options), capture_output=True, text=True,
                          timeout=START_LIMIT, cwd=ROOT)


def test_second_serve_on_the_folder_is_refused_with_the_holder(tmp_path: Path) -> None:
    events = tmp_path / "events"
    port = free_port()
    with Process(serve_args(events, port), port, tmp_path / "first.log") as first:
        assert first.process is not None
        pid = first.process.pid
        refused = second_serve(events)
        assert refused.returncode == 1, refused.stdout + refused.stderr
        assert f"pid {pid}" in refused.stderr and "another Echiquier server is serving" in refused.stderr
        assert str(events.resolve()) in refused.stderr and "Traceback" not in refused.stderr
        as_worker = second_serve(events, "--redis", "redis://127.0.0.1:1")  # a worker may not join a lone server
        assert as_worker.returncode == 1 and f"pid {pid}" in as_worker.stderr
        assert httpx.get(f"http://127.0.0.1:{port}/static/ping.txt", timeout=HANG_LIMIT).status_code == 200
    held = lock_folder(events)  # the first server stopped: the folder is free again
    held.close()


def test_lock_modes(tmp_path: Path) -> None:
    alone = lock_folder(tmp_path)
    with pytest.raises(FolderBusy):
        lock_folder(tmp_path)
    with pytest.raises(FolderBusy):
        lock_folder(tmp_path, shared=True)
    alone.close()
    worker_a = lock_folder(tmp_path, shared=True)
    worker_b = lock_folder(tmp_path, shared=True)  # workers joined by Redis serve one folder together
    with pytest.raises(FolderBusy) as busy:
        lock_folder(tmp_path)
    assert "Stop it first" in str(busy.value)
    worker_a.close()
    worker_b.close()
    lock_folder(tmp_path).close()


def test_dead_holders_are_not_named(tmp_path: Path) -> None:
    (tmp_path / ".lock").write_text('{"pid": 999999999, "started": 0, "shared": false}\n')
    assert holders(tmp_path) == []  # a crashed server's line: no lock is held, and nobody is blamed
    lock_folder(tmp_path).close()


def test_serve_with_workers_holds_the_lock_once(tmp_path: Path) -> None:
    server, redis_url = redis(tmp_path)
    events = tmp_path / "events"
    port = free_port()
    with server, Process(serve_args(events, port, "--workers", "2", "--redis", redis_url), port,
                         tmp_path / "serve.log") as supervisor:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=HANG_LIMIT) as c:
            assert {c.get("/", headers={"Connection": "close"}).status_code for _ in range(4)} == {200}
        assert supervisor.process is not None
        refused = second_serve(events)
        assert refused.returncode == 1 and f"pid {supervisor.process.pid}" in refused.stderr


class FakeRangeLocks:
    """Windows' `msvcrt.locking` rules, for a test on any system: a region (from the file position, n bytes) is
    refused if any byte of it is locked through another handle or the same one; unlocking frees that region."""

    LK_NBLCK, LK_UNLCK = 2, 0

    def __init__(self) -> None:
        self.held: dict[int, list[tuple[int, int]]] = {}  # fd -> its (start, end) regions

    def locking(self, fd: int, mode: int, nbytes: int, /) -> None:
        start = os.lseek(fd, 0, os.SEEK_CUR)
        region = (start, start + nbytes)
        if mode == self.LK_UNLCK:
            self.held[fd].remove(region)
            return
        if any(a < region[1] and region[0] < b for regions in self.held.values() for a, b in regions):
            raise OSError(36, "Resource deadlock avoided")  # what Windows' locking raises after its retries
        self.held.setdefault(fd, []).append(region)

    def closed(self, handle: IO[bytes]) -> None:
        """The handle closed: Windows frees its regions."""
        self.held.pop(handle.fileno(), None)
        handle.close()


def test_on_windows_a_lone_server_and_workers_exclude_each_other_as_with_flock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRangeLocks()
    monkeypatch.setattr(folder_lock, "WINDOWS", True)
    monkeypatch.setattr(folder_lock, "windows_locks", lambda: fake)
    events = tmp_path / "events"
    lone = lock_folder(events)
    with pytest.raises(FolderBusy):
        lock_folder(events)
    with pytest.raises(FolderBusy):
        lock_folder(events, shared=True)
    fake.closed(lone)
    first, second = lock_folder(events, shared=True), lock_folder(events, shared=True)  # workers share it
    assert (events / folder_lock.LOCK).read_bytes().count(b'"shared":true') >= 1  # the text stays readable
    with pytest.raises(FolderBusy):
        lock_folder(events)
    fake.closed(first)
    with pytest.raises(FolderBusy):
        lock_folder(events)  # one worker is still serving
    fake.closed(second)
    fake.closed(lock_folder(events))  # nobody holds it: a lone server takes it
