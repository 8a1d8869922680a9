"""Screen renders per second for the 600-player open, and the home page with 50 events on disk.

    .venv/bin/python bench/screens.py [--seconds 5]

Load comes from `wrk` when it is installed (`apt-get install wrk`): a Python client on the same two
cores measures itself more than the server. Every figure is printed next to a naive baseline
measured in the same run: the same server started with `--no-cache`, which re-reads everything from
the event file and re-renders every page on every request. The ratio is what to compare between
machines.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._server import build_hall_event, hammer, percentile, server
from database.registry import EventRegistry
from database.store import GameKey
from tournament.results import Result

SCREENS = ("boards", "players", "results")
EVENTS = 50


async def build(events: Path) -> None:
    """The open with round 6 paired and half its results entered; players and results screens; 50 events."""
    await build_hall_event(events)
    registry = EventRegistry(events)
    try:
        store = await registry.get("hall")
        [t] = await store.tournaments()
        rng = random.Random(8)
        games = [g for g in await store.pairings(t.id, 6) if g.is_game]
        for g in games[: len(games) // 2]:
            key = GameKey(tournament_id=t.id, round=6, white_player_id=g.white_player_id,
                          black_player_id=g.black_player_id or 0)
            await store.record_result(key, rng.choice(list(Result)[:3]), g.board or 0)
        await store.add_screen(uniq_id="players", type="players", public=True, columns=3,
                               sets=[{"tournament_id": t.id}])
        await store.add_screen(uniq_id="results", type="results", public=True, columns=2, results_limit=0)
    finally:
        await registry.close()
    for n in range(EVENTS - 1):
        shutil.copyfile(events / "hall.db", events / f"copy-{n:02d}.db")


def wrk(url: str, clients: int, seconds: float) -> tuple[float, float]:
    """(requests per second, p99 latency in ms) measured by wrk (C, epoll): the server's figure, not
    the load generator's."""
    out = subprocess.run(
        ["wrk", f"-t{min(clients, 2)}", f"-c{clients}", f"-d{seconds:.0f}s", "--timeout", "30s", "--latency",
         "-H", "Accept-Encoding: gzip", url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)", out).groups()  # type: ignore[union-attr]
    return rate, float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def measure(url: str, clients: int, seconds: float) -> tuple[float, float]:
    """(requests per second, p99 latency in ms), with wrk when installed, else an httpx loop."""
    if shutil.which("wrk"):
        httpx.get(url, timeout=60)  # warm-up: the first request opens event files and renders (see cold_ms)
        return wrk(url, clients, seconds)
    asyncio.run(hammer(url, clients, 0.5))  # warm-up
    latencies = asyncio.run(hammer(url, clients, seconds))
    return len(latencies) / seconds, percentile(latencies, 0.99) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    rows: list[tuple[str, tuple[float, float], tuple[float, float]]] = []
    weights: dict[str, tuple[int, int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        events = Path(tmp) / "events"
        asyncio.run(build(events))
        figures: dict[str, dict[str, tuple[float, float]]] = {}
        cold: dict[str, float] = {}  # the first home page after start: every event file is opened
        for mode, options in (("cached", ()), ("naive", ("--no-cache",))):
            with server(events, *options) as base:
                started = time.perf_counter()
                httpx.get(f"{base}/", timeout=120)
                cold[mode] = (time.perf_counter() - started) * 1000
                done = figures.setdefault(mode, {})
                for name in SCREENS:
                    done[f"{name} screen, 1 client"] = measure(f"{base}/screen/hall/{name}", 1, args.seconds)
                done["boards screen, 16 clients"] = measure(f"{base}/screen/hall/boards", 16, args.seconds)
                done[f"home page, {EVENTS} events, 1 client"] = measure(f"{base}/", 1, args.seconds)
                if mode == "cached":
                    for name in SCREENS:
                        page = f"{base}/screen/hall/{name}"
                        plain = httpx.get(page, headers={"Accept-Encoding": "identity"})
                        wire = httpx.get(page, headers={"Accept-Encoding": "gzip"})
                        weights[name] = (len(plain.content), int(wire.headers["content-length"]))
        for label, cached in figures["cached"].items():
            rows.append((label, cached, figures["naive"][label]))
    tool = "wrk" if shutil.which("wrk") else "httpx (install wrk for figures not bound by the load generator)"
    print(f"screens of the 600-player open (300 boards), {args.seconds:.0f} s per figure, load by {tool};"
          " naive = --no-cache")
    print(f"  {'':34} {'req/s':>8} {'p99 ms':>8}   {'naive req/s':>11} {'p99 ms':>8}   {'ratio':>6}")
    for label, (rate, p95), (naive_rate, naive_p95) in rows:
        print(f"  {label:34} {rate:8.0f} {p95:8.1f}   {naive_rate:11.0f} {naive_p95:8.1f}   "
              f"{rate / naive_rate:5.1f}x")
    print(f"  first home page after start ({EVENTS} event files opened): {cold['cached']:.0f} ms "
          f"(naive {cold['naive']:.0f} ms)")
    for name, (plain, wire) in weights.items():
        print(f"  {name} page weight: {plain / 1024:.0f} KB, {wire / 1024:.0f} KB gzip on the wire")


if __name__ == "__main__":
    main()
