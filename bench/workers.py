"""Several worker processes (issue 16): boards-screen requests/s with 2 workers against 1, and the propagation of
results to 200 live screens spread over 2 workers joined by redis-server.

    .venv/bin/python bench/workers.py [--seconds 10] [--screens 200] [--tablets 50] [--round-seconds 30]

The hall event of bench/hall.py (the 600-player open, round 6 paired). Throughput: `wrk` (else an httpx loop)
on the boards screen with 32 connections, against `serve --workers 1` then `serve --workers 2 --redis URL`.
Propagation: the 200 screens and the tablets of bench/hall.py against `serve --workers 2`: the kernel spreads
the connections over both workers, so about half of the pushes cross from one worker to the other via Redis.
redis-server is started by the script on a free loopback port.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._server import build_hall_event, free_port, server_process
from bench.hall import print_propagation
from bench.hall import run as hall_run
from bench.screens import measure


def start_redis(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no", "--dir", str(folder)], stdout=subprocess.DEVNULL)
    time.sleep(0.3)
    return process, f"redis://127.0.0.1:{port}"


def warm(url: str, requests: int = 20) -> None:
    with httpx.Client(timeout=60) as client:  # new connections: both workers open the event and render once
        for _ in range(requests):
            client.get(url, headers={"Connection": "close"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--screens", type=int, default=200)
    parser.add_argument("--tablets", type=int, default=50)
    parser.add_argument("--round-seconds", type=float, default=30.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        events = root / "events"
        asyncio.run(build_hall_event(events))
        redis, url = start_redis(root)
        try:
            rates: dict[int, tuple[float, float]] = {}
            for workers in (1, 2):
                options = ("--workers", str(workers), "--redis", url) if workers > 1 else ()
                with server_process(events, *options) as (base, _process):
                    page = f"{base}/screen/hall/boards"
                    warm(page)
                    rates[workers] = measure(page, args.clients, args.seconds)
            hall = argparse.Namespace(screens=args.screens, tablets=args.tablets, seconds=args.round_seconds)
            with server_process(events, "--workers", "2", "--redis", url) as (base, _process):
                warm(f"{base}/screen/hall/boards")
                stats = asyncio.run(hall_run(hall, base))
        finally:
            redis.terminate()
            redis.wait()
    tool = "wrk" if rates and os.path.exists("/usr/bin/wrk") else "httpx"
    print(f"boards screen of the 600-player open, {args.clients} connections, {args.seconds:.0f} s each ({tool}):")
    for workers, (rate, p99) in rates.items():
        print(f"  {workers} worker{'s' if workers > 1 else ' '}: {rate:7.0f} req/s   p99 {p99:6.1f} ms")
    print(f"  ratio 2 / 1 workers: {rates[2][0] / rates[1][0]:.2f}x")
    print(f"propagation across 2 workers: {args.screens} live screens, {args.tablets} tablets, "
          f"{len(stats.submitted)} results over {args.round_seconds:.0f} s")
    missed = print_propagation(stats)
    print(f"  results never shown on a connected screen: {missed}; errors: {len(stats.errors)}"
          + (f" (first: {stats.errors[0]})" if stats.errors else ""))


if __name__ == "__main__":
    main()
