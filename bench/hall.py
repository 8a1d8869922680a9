"""A hall under load, on loopback: live screens and tablets entering a whole round of results.

    .venv/bin/python bench/hall.py [--screens 200] [--tablets 100] [--seconds 60]
    .venv/bin/python bench/hall.py --load [--hammer 16] [--results 100] [--stacks asyncio/h11 uvloop/httptools]

The 600-player open (tests/fixtures/open-600p-9r.trf) gets round 6 paired (298 games + the PAB). `--screens`
clients hold the live stream of the event like a hall TV does (htmx SSE: a row pushed in the
stream (`rows-<id>-boards`) is swapped in place; a `tournament-<id>` event makes the screen refetch its set), while
`--tablets` clients post the round's results spread over `--seconds`. Prints propagation latency
from submission to appearance on every screen (p50/p95/p99), write latency, results a screen never
showed, server CPU and peak RSS, and errors.

`--load`: push speed under load. `--results` results are entered one after the other (one every
100 ms) while `--hammer` connections, in a separate process, GET the boards screen of the open in
a loop; a few live screens time each result from its POST to its row in their stream. Printed beside
the same run with no page traffic (idle), each on a fresh event and server.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._server import ROOT, build_hall_event, percentile, process_usage, server_process
from bench.protocol import Submitter

ROW = re.compile(r'<tr id="(game-\d+-\d+-\d+)"([^>]*)>')


class Stats:
    def __init__(self) -> None:
        self.submitted: dict[str, float] = {}  # row id -> time the POST was sent
        self.acknowledged: set[str] = set()
        self.write_latency: list[float] = []  # as the tablet saw it
        self.server_write: list[float] = []  # inside the server (Server-Timing)
        self.errors: list[str] = []
        self.write_at: list[tuple[float, float]] = []  # (seconds into the run, latency)


def done_rows(html: str) -> set[str]:
    return {m.group(1) for m in ROW.finditer(html) if "done" in m.group(2)}


# a pushed row: as pages show it (since the live push sends fragments), or with htmx's out-of-band mark (before)
ROW_ID = re.compile(r'<tr (?:hx-swap-oob="true" )?id="(game-\d+-\d+-\d+)"|"id":\s*"(game-\d+-\d+-\d+)"')


class Screen:
    """One hall TV: the live stream, in-place row swaps, coalesced refetches of its set.

    The stream is read on a raw socket (HTTP/1.1 chunks, SSE frames) so that 200 of them cost the
    load generator little: the figures must be the server's, not the client's.
    """

    def __init__(self, http: httpx.AsyncClient, base: str, set_urls: list[str]) -> None:
        self.http, self.base, self.set_urls = http, base, set_urls
        self.seen: dict[str, float] = {}
        self.dirty = asyncio.Event()
        self.connected = asyncio.Event()

    def mark(self, rows: set[str]) -> None:
        now = time.perf_counter()
        for row in rows:
            self.seen.setdefault(row, now)

    def frame(self, text: str) -> None:
        name = next((line[6:].strip() for line in text.splitlines() if line.startswith("event:")), "message")
        if name == "hello":
            self.connected.set()
        elif name.startswith("rows-") or (name.startswith("result-") and '"rows"' in text):  # (older servers)
            self.mark({a or b for a, b in ROW_ID.findall(text)})  # a pushed row: shown without any request
        elif name.startswith("tournament-"):
            self.dirty.set()

    async def listen(self, stats: Stats) -> None:
        host, port = self.base.removeprefix("http://").split(":")
        try:
            reader, writer = await asyncio.open_connection(host, int(port))
            writer.write(f"GET /live/hall HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
            await writer.drain()
            await reader.readuntil(b"\r\n\r\n")  # status line and headers
            pending = ""
            while True:
                size = int((await reader.readline()).strip() or b"0", 16)  # chunked transfer encoding
                if size == 0:
                    break
                pending += (await reader.readexactly(size + 2))[:-2].decode()
                *frames, pending = pending.replace("\r\n", "\n").split("\n\n")
                for text in frames:
                    self.frame(text)
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            stats.errors.append(f"stream: {exc!r}")

    async def refetch(self, stats: Stats) -> None:
        while True:
            await self.dirty.wait()
            self.dirty.clear()
            for url in self.set_urls:
                try:
                    response = await self.http.get(url, headers={"HX-Request": "true"})
                    self.mark(done_rows(response.text))
                except httpx.HTTPError as exc:
                    stats.errors.append(f"refetch: {exc!r}")


async def settle(screens: list[Screen], stats: Stats, grace: float) -> None:
    """Give the screens up to `grace` seconds to show every acknowledged result."""
    deadline = time.perf_counter() + grace
    for _ in range(int(grace * 10)):
        if time.perf_counter() > deadline or not any(stats.acknowledged - s.seen.keys() for s in screens):
            return
        await asyncio.sleep(0.1)


async def run(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=args.screens * 2 + args.tablets + 10)
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        page = (await http.get(f"{base}/screen/hall/boards")).text
        set_urls = [base + u for u in dict.fromkeys(re.findall(r'hx-get="(/screen/hall/boards/sets/\d+)"', page))]
        screens = [Screen(http, base, set_urls) for _ in range(args.screens)]
        tasks = [asyncio.create_task(s.listen(stats)) for s in screens]
        tasks += [asyncio.create_task(s.refetch(stats)) for s in screens]
        await asyncio.wait_for(asyncio.gather(*(s.connected.wait() for s in screens)), 60)
        submitter = await Submitter.open(http, base, "hall", "input")
        games = submitter.games
        rng = random.Random(6)
        schedule = sorted((rng.uniform(0, args.seconds), g) for g in games)
        per_tablet = [schedule[i :: args.tablets] for i in range(args.tablets)]

        clients = [submitter.tablet_client() for _ in range(args.tablets)]
        # a tablet has its input page open, hence a connection, before the round's results come in
        await asyncio.gather(*(c.get(f"{base}/static/ping.txt") for c in clients))
        start = time.perf_counter()

        async def tablet(work: list[tuple[float, dict[str, str]]], own: httpx.AsyncClient) -> None:
            try:
                await tablet_loop(work, own)
            finally:
                await own.aclose()

        async def tablet_loop(work: list[tuple[float, dict[str, str]]], own: httpx.AsyncClient) -> None:
            for at, game in work:
                await asyncio.sleep(max(0.0, start + at - time.perf_counter()))
                row = game["row_id"]
                t0 = time.perf_counter()
                stats.submitted[row] = t0
                try:
                    status, server_time = await submitter.submit(game, rng.choice((1, 2, 3)), own)
                except httpx.HTTPError as exc:
                    stats.errors.append(f"write: {exc!r}")
                    continue
                stats.write_latency.append(time.perf_counter() - t0)
                stats.server_write.append(server_time)
                stats.write_at.append((t0 - start, time.perf_counter() - t0))
                if status == 200:
                    stats.acknowledged.add(row)
                else:
                    stats.errors.append(f"write: HTTP {status}")

        await asyncio.gather(*(tablet(w, c) for w, c in zip(per_tablet, clients, strict=True)))
        await settle(screens, stats, grace=10.0)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    stats.screens = screens  # type: ignore[attr-defined]
    return stats


async def hammer_loop(url: str, clients: int, stop: float) -> int:
    """`clients` connections GETting `url` (gzip, like a browser) until `stop`; returns the number of pages."""
    count = 0
    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(timeout=30, limits=limits, headers={"Accept-Encoding": "gzip"}) as http:
        async def loop() -> None:
            nonlocal count
            while time.time() < stop:
                response = await http.get(url)
                response.raise_for_status()
                count += 1

        await asyncio.gather(*(loop() for _ in range(clients)))
    return count


def hammer_process(url: str, clients: int, seconds: float) -> subprocess.Popen[bytes]:
    """The page traffic in a process of its own, so that it does not delay the measuring client."""
    code = ("import asyncio, sys, time; from bench.hall import hammer_loop; "
            f"print(asyncio.run(hammer_loop({url!r}, {clients}, time.time() + {seconds})))")
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE)


async def run_load(base: str, results: int, hammer: int) -> tuple[Stats, list[Screen], int]:
    stats = Stats()
    async with httpx.AsyncClient(timeout=30) as http:
        page = (await http.get(f"{base}/screen/hall/boards")).text
        set_urls = [base + u for u in dict.fromkeys(re.findall(r'hx-get="(/screen/hall/boards/sets/\d+)"', page))]
        screens = [Screen(http, base, set_urls) for _ in range(4)]
        tasks = [asyncio.create_task(s.listen(stats)) for s in screens]
        tasks += [asyncio.create_task(s.refetch(stats)) for s in screens]
        await asyncio.wait_for(asyncio.gather(*(s.connected.wait() for s in screens)), 60)
        submitter = await Submitter.open(http, base, "hall", "input")
        games = submitter.games[:results]
        rng = random.Random(6)
        pages = None
        if hammer:
            pages = hammer_process(f"{base}/screen/hall/boards", hammer, 0.1 * len(games) + 4)
            await asyncio.sleep(2)  # the page traffic is at full speed before the first result
        own = submitter.tablet_client()
        for game in games:
            t0 = time.perf_counter()
            stats.submitted[game["row_id"]] = t0
            status, server_time = await submitter.submit(game, rng.choice((1, 2, 3)), own)
            stats.write_latency.append(time.perf_counter() - t0)
            stats.server_write.append(server_time)
            if status == 200:
                stats.acknowledged.add(game["row_id"])
            else:
                stats.errors.append(f"write: HTTP {status}")
            await asyncio.sleep(max(0.0, t0 + 0.1 - time.perf_counter()))
        await own.aclose()
        await settle(screens, stats, grace=10.0)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    served = 0
    if pages is not None:
        out, _ = pages.communicate(timeout=60)
        served = int(out.strip() or 0)
    return stats, screens, served


def load_case(args: argparse.Namespace) -> None:
    print(f"push under load: {args.results} results, one every 100 ms, 4 live screens; the boards screen "
          f"(600-player open, 300 boards) hammered by {args.hammer} connections in another process")
    print(f"  {'':<32} propagation ms (POST -> row in a screen's stream)   result POST ms inside the server")
    stacks = [tuple(s.split("/")) for s in args.stacks]
    runs = [(f"{loop}+{http}, {label}", (loop, http), hammer) for loop, http in stacks
            for label, hammer in (("idle", 0), (f"{args.hammer} clients", args.hammer))]
    for label, stack, hammer in runs:
        with tempfile.TemporaryDirectory() as tmp:
            events = Path(tmp) / "events"
            asyncio.run(build_hall_event(events))
            with server_process(events, stack=stack) as (base, process):
                t0 = time.perf_counter()
                cpu0, _ = process_usage(process.pid)
                stats, screens, served = asyncio.run(run_load(base, args.results, hammer))
                cpu1, _ = process_usage(process.pid)
                wall = time.perf_counter() - t0
        seen = [s.seen[row] - stats.submitted[row] for s in screens for row in stats.acknowledged if row in s.seen]
        missed = sum(1 for s in screens for row in stats.acknowledged if row not in s.seen)
        inside = stats.server_write
        line = f"  {label:<32}"
        if seen:
            line += (f" p50 {percentile(seen, .5) * 1000:6.1f}  p95 {percentile(seen, .95) * 1000:6.1f}  "
                     f"max {max(seen) * 1000:6.1f}      ")
        if inside:
            line += (f" p50 {percentile(inside, .5) * 1000:5.1f}  p99 {percentile(inside, .99) * 1000:5.1f}  "
                     f"max {max(inside) * 1000:5.1f}")
        print(line)
        extra = f"; server CPU {(cpu1 - cpu0) / wall * 100:.0f}% of a core"
        extra += f", {served / wall:.0f} pages/s served meanwhile" if served else ""
        slow = sorted(enumerate(inside, start=1), key=lambda w: -w[1])[:3]
        extra += "; slowest POSTs (n: ms) " + ", ".join(f"{n}: {ms * 1000:.0f}" for n, ms in slow)
        print(f"  {'':<32} missed {missed}, errors {len(stats.errors)}{extra}")


def print_propagation(stats: Stats) -> int:
    """Print the propagation figures of a run (submission -> shown on a screen); returns how many
    acknowledged results a connected screen never showed (shared with bench/workers.py)."""
    screens = stats.screens  # type: ignore[attr-defined]
    latencies = [s.seen[row] - stats.submitted[row] for s in screens for row in stats.acknowledged if row in s.seen]
    missed = sum(1 for s in screens for row in stats.acknowledged if row not in s.seen)
    if latencies:
        print(f"  propagation ms (submission -> shown on a screen, {len(latencies)} observations): "
              f"p50 {percentile(latencies, .5) * 1000:.0f}  p95 {percentile(latencies, .95) * 1000:.0f}  "
              f"p99 {percentile(latencies, .99) * 1000:.0f}")
    return missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--screens", type=int, default=200)
    parser.add_argument("--tablets", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--load", action="store_true", help="push speed under page load (see above)")
    parser.add_argument("--hammer", type=int, default=16)
    parser.add_argument("--results", type=int, default=100)
    parser.add_argument("--stacks", nargs="*", default=["asyncio/h11", "uvloop/httptools"],
                        help="uvicorn event loop/HTTP parser pairs to compare (--load)")
    args = parser.parse_args()
    if args.load:
        load_case(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        events = Path(tmp) / "events"
        asyncio.run(build_hall_event(events))
        with server_process(events) as (base, process):
            pid = process.pid
            cpu0, _ = process_usage(pid)
            wall0 = time.perf_counter()
            stats = asyncio.run(run(args, base))
            cpu1, peak = process_usage(pid)
            wall = time.perf_counter() - wall0
    print(f"hall: {args.screens} live screens, {args.tablets} tablets, {len(stats.submitted)} results "
          f"over {args.seconds:.0f} s")
    missed = print_propagation(stats)
    if stats.write_latency:
        seen, inside = stats.write_latency, stats.server_write
        print(f"  write ms, seen by the tablets: p50 {percentile(seen, .5) * 1000:.1f}  "
              f"p99 {percentile(seen, .99) * 1000:.1f}; inside the server: "
              f"p50 {percentile(inside, .5) * 1000:.1f}  p99 {percentile(inside, .99) * 1000:.1f}")
    slow = sorted(stats.write_at, key=lambda w: -w[1])[:5]
    print("  slowest writes (s into the run: ms): " + ", ".join(f"{at:.1f}: {lat * 1000:.0f}" for at, lat in slow))
    print(f"  results never shown on a connected screen: {missed}")
    print(f"  server CPU: {(cpu1 - cpu0) / wall * 100:.0f}% of one core over {wall:.0f} s; peak RSS "
          f"{peak / 2**20:.0f} MB")
    print(f"  errors: {len(stats.errors)}" + (f" (first: {stats.errors[0]})" if stats.errors else ""))


if __name__ == "__main__":
    main()
