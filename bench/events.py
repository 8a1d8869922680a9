"""Many events: 500 event files served under a limit of 1024 open files (issue 15, item 7).

Copies one small event file 500 times into a temporary folder, starts `echiquier serve` with
`RLIMIT_NOFILE` at 1024 (soft and hard: what most systems give), and prints the home page time (the first
load, which reads every file once into `events/.index`, then the next ones), the time of an event page
(each one a file opened on demand), and the server's resident memory, open descriptors and threads after
visiting `--pages` distinct event pages.

    .venv/bin/python bench/events.py [--events 500] [--pages 200]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._server import free_port, wait_until_up  # noqa: E402
from database.store import EventStore  # noqa: E402

LIMIT = 1024


async def make_folder(events: Path, count: int) -> None:
    """`count` copies of one event file (a tenth of them not public)."""
    events.mkdir(parents=True)
    for name, public in (("public", True), ("private", False)):
        store = await EventStore.create(events.parent / f"{name}.db", name=f"Open {name}", start=0.0,
                                        stop=4e9, public=public)
        await store.close()
    for n in range(count):
        shutil.copyfile(events.parent / ("private.db" if n % 10 == 9 else "public.db"), events / f"e{n:03d}.db")


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


def process_figures(pid: int) -> tuple[float, int, int]:
    """Resident MB, open descriptors, threads of a process (Linux /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    rss = int(fields["VmRSS"].split()[0]) / 1024
    return rss, len(os.listdir(f"/proc/{pid}/fd")), int(fields["Threads"])


def timed(client: httpx.Client, url: str) -> float:
    start = time.perf_counter()
    response = client.get(url)
    elapsed = (time.perf_counter() - start) * 1000
    if response.status_code != 200:
        raise SystemExit(f"{url}: {response.status_code} {response.text[:300]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--pages", type=int, default=200, help="distinct event pages visited")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        events = Path(tmp) / "events"
        asyncio.run(make_folder(events, args.events))
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "cli.main", "serve", "--events", str(events), "--host", "127.0.0.1",
             "--port", str(port)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            preexec_fn=limited, env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            url = f"http://127.0.0.1:{port}"
            wait_until_up(url, process)
            started = process_figures(process.pid)
            with httpx.Client(base_url=url, timeout=60, headers={"Accept-Encoding": "identity"}) as client:
                first = timed(client, "/")
                client.get("/")  # the sidecars the first reads created are looked at once more
                nexts = [timed(client, "/") for _ in range(20)]
                pages = [timed(client, f"/event/e{n % args.events:03d}") for n in range(args.pages)
                         if n % 10 != 9]
                after_pages = [timed(client, "/") for _ in range(20)]
            rss, fds, threads = process_figures(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=30)
    print(f"{args.events} event files, server limited to {LIMIT} open files (soft and hard)")
    print(f"  home page, first load (every file read into events/.index): {first:.0f} ms")
    print(f"  home page, next loads: median {statistics.median(nexts):.1f} ms, max {max(nexts):.1f} ms")
    print(f"  event pages, {len(pages)} distinct events: median {statistics.median(pages):.1f} ms, "
          f"max {max(pages):.1f} ms")
    print(f"  home page after them (open stores answer from their reads): median "
          f"{statistics.median(after_pages):.1f} ms")
    print(f"  server at start: RSS {started[0]:.0f} MB, {started[1]} descriptors, {started[2]} threads")
    print(f"  server after:    RSS {rss:.0f} MB, {fds} descriptors, {threads} threads")


if __name__ == "__main__":
    main()
