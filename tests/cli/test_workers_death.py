"""`serve --workers 2`: a worker killed by the OS is logged at error level and replaced; the other one serves on
(issue 21, item 5; cli/workers.py `Supervisor`)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import httpx

from tests.support.servers import HANG_LIMIT, Process, free_port, redis, wait_until


def workers_of(parent: int) -> set[int]:
    """The worker processes of a supervisor: its children started by multiprocessing's spawn (not its helpers)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes()
        except OSError:  # ended meanwhile
            continue
        if int(fields[1]) == parent and b"spawn_main" in command:
            found.add(int(entry.name))
    return found


def test_a_worker_killed_is_logged_and_replaced_while_the_other_serves(tmp_path: Path) -> None:
    server, redis_url = redis(tmp_path)
    port = free_port()
    log = tmp_path / "serve.log"
    args = [sys.executable, "-m", "cli.main", "serve", "--events", str(tmp_path / "events"), "--host", "127.0.0.1",
            "--port", str(port), "--workers", "2", "--redis", redis_url]
    with server, Process(args, port, log) as serve, httpx.Client(base_url=f"http://127.0.0.1:{port}",
                                                                 timeout=HANG_LIMIT) as c:
        assert serve.process is not None
        parent = serve.process.pid
        wait_until(lambda: len(workers_of(parent)) == 2, "two workers")
        assert c.get("/", headers={"Connection": "close"}).status_code == 200
        victim, survivor = sorted(workers_of(parent))
        os.kill(victim, signal.SIGKILL)
        statuses = [c.get("/", headers={"Connection": "close"}).status_code for _ in range(10)]
        assert statuses == [200] * 10  # the survivor answers every request meanwhile
        wait_until(lambda: len(workers_of(parent) - {victim, survivor}) == 1, "a new worker")
        assert survivor in workers_of(parent) and serve.process.poll() is None
        wait_until(lambda: f"worker {victim} died (killed by SIGKILL)" in log.read_text(), "the death in the log")
        replacement = (workers_of(parent) - {survivor}).pop()
        wait_until(lambda: any(c.get("/", headers={"Connection": "close"}).status_code == 200 for _ in range(4)),
                   "the replacement serving")
        assert f"worker {replacement} started in place of worker {victim}" in log.read_text()
