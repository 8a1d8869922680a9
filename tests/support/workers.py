"""Several `echiquier serve --redis URL` processes on one events folder, as the worker tests start them: each on
its own port (what `serve --workers N` runs behind one socket, where a test could not choose its worker), a
loopback client, a reader of a live stream, and what Redis says of their subscriptions."""

from __future__ import annotations

import queue
import sys
import threading
from pathlib import Path

import httpx
import redis as redis_client

from tests.support.servers import HANG_LIMIT, Process, free_port, wait_until

Workers = tuple[str, str, tuple[int, int]]
ADMIN_PASSWORD = "admin-password-1"
ARBITER_PASSWORD = "arbiter-password-1"


def worker(events: Path, redis_url: str, log: Path, *extra: str) -> tuple[Process, str]:
    port = free_port()
    args = [sys.executable, "-m", "cli.main", "serve", "--events", str(events), "--host", "127.0.0.1",
            "--port", str(port), "--redis", redis_url, *extra]
    return Process(args, port, log), f"http://127.0.0.1:{port}"


def client(url: str) -> httpx.Client:
    """A loopback client (the server machine itself: admin) with its CSRF token."""
    c = httpx.Client(base_url=url, timeout=HANG_LIMIT)
    c.get("/static/ping.txt")
    c.headers["X-CSRF-Token"] = c.cookies.get("echiquier-csrf") or ""
    return c


def sse_reader(url: str, into: queue.Queue[str], stop: threading.Event) -> None:
    """The lines of a live stream, into a queue, until `stop` (run in a thread)."""
    try:
        with httpx.Client(timeout=httpx.Timeout(HANG_LIMIT, read=None)) as c, c.stream("GET", url) as response:
            for line in response.iter_lines():
                into.put(line)
                if stop.is_set():
                    return
    except httpx.HTTPError:  # the worker stopped at the end of the test
        return


def read_until(lines: queue.Queue[str], wanted: str | tuple[str, ...], seen: list[str]) -> str:
    """Read the stream until a line holds `wanted` (or one of them; fails only on a hang); the lines read go into
    `seen`."""
    words = (wanted,) if isinstance(wanted, str) else wanted
    while True:
        try:
            line = lines.get(timeout=HANG_LIMIT)
        except queue.Empty:
            raise AssertionError(f"the screen never got {wanted!r}: {seen[-20:]}") from None
        seen.append(line)
        if any(word in line for word in words):
            return line


def wait_subscribed(server: Process, channel: str, count: int) -> None:
    """Until `count` workers follow `channel` in Redis (their frames reach each other from then on)."""
    with redis_client.Redis(port=server.port) as probe:
        wait_until(lambda: int(probe.pubsub_numsub(channel)[0][1]) >= count, f"{count} subscribers of {channel}")
