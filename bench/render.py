"""Boards-screen renders per second over HTTP for the 600-player open (300 boards).

    .venv/bin/python bench/render.py [--seconds 10]

Imports tests/fixtures/open-600p-9r.trf into a temporary event, starts `echiquier serve` in a
subprocess on loopback, then requests the boards screen from one client in a loop and prints the
rate, latency percentiles and the page weight (plain and gzip).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._server import build_open_event, hammer, percentile, server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        events = Path(tmp) / "events"
        asyncio.run(build_open_event(events))
        with server(events) as url:
            page = f"{url}/screen/open600/boards"
            plain = httpx.get(page, headers={"Accept-Encoding": "identity"})
            gzipped = httpx.get(page, headers={"Accept-Encoding": "gzip"})
            boards = plain.text.count('<tr id="game-')
            asyncio.run(hammer(page, 1, 1.0))  # warm-up
            latencies = asyncio.run(hammer(page, 1, args.seconds))
    rate = len(latencies) / sum(latencies)
    print(f"boards screen, {boards} boards, 1 client, {len(latencies)} requests in {args.seconds:.0f} s")
    print(f"  renders/s: {rate:.0f}")
    print(f"  latency ms: p50 {percentile(latencies, .5) * 1000:.1f}  p95 {percentile(latencies, .95) * 1000:.1f}"
          f"  p99 {percentile(latencies, .99) * 1000:.1f}")
    print(f"  page weight: {len(plain.content) / 1024:.0f} KB plain, "
          f"{int(gzipped.headers.get('content-length', len(gzipped.content))) / 1024:.0f} KB gzip on the wire")


if __name__ == "__main__":
    main()
