"""`serve --workers 2`: a worker killed by the OS is logged at error level and replaced; the other one serves on
(issue 21, item 5; cli/workers.py `Supervisor`)."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import httpx

from tests.support.servers import START_LIMIT, Process, free_port, redis


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


def wait_for(condition: str, check: object, limit: float = START_LIMIT) -> None:
    """Until `check()` is true (a readiness condition, never a fixed time); fails after `limit` s only on a hang."""
    deadline = time.monotonic() + limit
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"never: {condition}"
        time.sleep(0.05)


def test_a_worker_killed_is_logged_and_replaced_while_the_other_serves(tmp_path: Path) -> None:
    server, redis_url = redis(tmp_path)
    port = free_port()
    log = tmp_path / "serve.log"
    args = [sys.executable, "-m", "cli.main", "serve", "--events", str(tmp_path / "events"), "--host", "127.0.0.1",
            "--port", str(port), "--workers", "2", "--redis", redis_url]
    with server, Process(args, port, log) as serve, httpx.Client(base_url=f"http://127.0.0.1:{port}",
                                                                 timeout=60) as c:
        assert serve.process is not None
        parent = serve.process.pid
        wait_for("two workers", lambda: len(workers_of(parent)) == 2)
        assert c.get("/", headers={"Connection": "close"}).status_code == 200
        victim, survivor = sorted(workers_of(parent))
        os.kill(victim, signal.SIGKILL)
        statuses = [c.get("/", headers={"Connection": "close"}).status_code for _ in range(10)]
        assert statuses == [200] * 10  # the survivor answers every request meanwhile
        wait_for("a new worker", lambda: len(workers_of(parent) - {victim, survivor}) == 1)
        assert survivor in workers_of(parent) and serve.process.poll() is None
        wait_for("the death in the log", lambda: f"worker {victim} died (killed by SIGKILL)" in log.read_text())
        replacement = (workers_of(parent) - {survivor}).pop()
        wait_for("the replacement serving", lambda: any(
            c.get("/", headers={"Connection": "close"}).status_code == 200 for _ in range(4)))
        assert f"worker {replacement} started in place of worker {victim}" in log.read_text()
