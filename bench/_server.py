"""Bench helpers: a 600-player event in a temporary folder and an Echiquier server subprocess on loopback."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

import httpx

from database.registry import EventRegistry
from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf

ROOT = Path(__file__).resolve().parent.parent
OPEN_600 = ROOT / "tests" / "fixtures" / "open-600p-9r.trf"


async def import_open(events_dir: Path, event_id: str, *, next_round: bool = False) -> tuple[EventRegistry, int]:
    """The 600-player open in a new event (with round 6 paired, no result, if `next_round`).
    Returns the open registry (to close) and the tournament id."""
    trf, errors = parse_trf(decode(OPEN_600.read_bytes()))
    if errors:
        raise SystemExit(f"cannot read {OPEN_600}: {errors[0]}")
    players, pairings = trf_rows(trf)
    if next_round:
        rnd = trf.played_rounds + 1
        pairings += next_round_rows(OPEN_600_NEXT.read_text(), rnd, [p["pairing_number"] for p in players])
    registry = EventRegistry(events_dir)
    store = await registry.create(event_id, name=trf.name, start=0, stop=4e9)
    tid = await store.add_tournament(uniq_id="open", name=trf.name, rounds=trf.rounds)
    await store.fill_tournament(tid, players, pairings)
    return registry, tid


async def build_open_event(events_dir: Path, event_id: str = "open600") -> None:
    """Import the 600-player open and give it a boards, a players and a results screen."""
    registry, tid = await import_open(events_dir, event_id)
    try:
        store = await registry.get(event_id)
        for uniq_id, kind in (("boards", "boards"), ("players", "players"), ("input", "input")):
            await store.add_screen(uniq_id=uniq_id, type=kind, public=True, columns=2, menu_link=True,
                                   sets=[{"tournament_id": tid}])
        await store.add_screen(uniq_id="results", type="results", public=True, columns=2, results_limit=0)
    finally:
        await registry.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(url: str, process: subprocess.Popen[bytes]) -> None:
    """Wait for a server started in `process` to answer at `url`; exit the benchmark if it dies or hangs."""
    deadline = time.monotonic() + 120  # a hang guard only: a loaded machine may start slowly
    while True:
        try:
            httpx.get(url + "/static/ping.txt", timeout=1)
            return
        except httpx.HTTPError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


@contextlib.contextmanager
def server(events_dir: Path, *options: str) -> Iterator[str]:
    """`echiquier serve` in a subprocess on a free loopback port; yields its base URL."""
    with server_process(events_dir, *options) as (url, _process):
        yield url


@contextlib.contextmanager
def server_process(events_dir: Path, *options: str, stack: tuple[str, str] | None = None, root: str | None = None,
                   stderr: int | IO[bytes] = subprocess.PIPE,
                   preexec_fn: Callable[[], None] | None = None) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`echiquier serve` in a subprocess on a free loopback port; yields (base URL, process).

    `stack`: (event loop, HTTP parser) for uvicorn, e.g. ("asyncio", "h11") or ("uvloop", "httptools")
    (bench/_serve.py); by default uvicorn picks the fastest installed. `root`: the checkout whose server runs
    (default `ECHIQUIER_SERVER_ROOT`, to compare with main, else this one). `stderr`: where its log goes (a file
    for a server that logs much: a pipe nobody reads would stop it); `preexec_fn`: run in the child before the
    server (tests/support/bounds.py limits its resources there)."""
    port = free_port()
    root = root or os.environ.get("ECHIQUIER_SERVER_ROOT", str(ROOT))
    if stack is None:
        command = [sys.executable, "-m", "cli.main", "serve", "--events", str(events_dir), "--host", "127.0.0.1",
                   "--port", str(port), *options]
    else:
        command = [sys.executable, str(ROOT / "bench" / "_serve.py"), str(events_dir), str(port),
                   "--loop", stack[0], "--http", stack[1]]
    process = subprocess.Popen(
        command, cwd=root, stdout=subprocess.DEVNULL, stderr=stderr, preexec_fn=preexec_fn,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": root},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, process)
        yield url, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:  # live streams still open: uvicorn waits for them
            process.kill()
            process.wait()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def hammer(url: str, clients: int, seconds: float, headers: dict[str, str] | None = None) -> list[float]:
    """`clients` concurrent loops GETting `url` for `seconds`; returns every latency (s)."""
    latencies: list[float] = []
    stop = time.perf_counter() + seconds
    async with httpx.AsyncClient(timeout=30, headers=headers) as http:
        async def loop() -> None:
            while time.perf_counter() < stop:
                t0 = time.perf_counter()
                response = await http.get(url)
                response.raise_for_status()
                latencies.append(time.perf_counter() - t0)

        await asyncio.gather(*(loop() for _ in range(clients)))
    return latencies


OPEN_600_NEXT = OPEN_600.with_name("open-600p-9r.next.txt")


def next_round_rows(next_text: str, rnd: int, numbers: list[int]) -> list[dict[str, object]]:
    """Pairing rows (by pairing number) of a bbpPairings/JaVaFo `.next.txt`; unlisted players are absent."""
    lines = [line.split() for line in next_text.splitlines()[1:] if line.strip()]
    rows: list[dict[str, object]] = []
    seen: set[int] = set()
    for order, (white, black) in enumerate(((int(a), int(b)) for a, b in lines), start=1):
        seen.update((white, black))
        rows.append({"white": white, "black": black or None, "round": rnd, "board": order, "board_order": order,
                     "bye_kind": None if black else "U"})
    rows.extend({"white": n, "black": None, "round": rnd, "bye_kind": "Z"} for n in numbers if n not in seen)
    return rows


async def build_hall_event(events_dir: Path, event_id: str = "hall") -> None:
    """The 600-player open with round 6 paired and no result yet, a boards and an input screen."""
    registry, tid = await import_open(events_dir, event_id, next_round=True)
    try:
        store = await registry.get(event_id)
        await store.add_screen(uniq_id="boards", type="boards", public=True, columns=2, sets=[{"tournament_id": tid}])
        await store.add_screen(uniq_id="input", type="input", public=True, columns=1, sets=[{"tournament_id": tid}])
    finally:
        await registry.close()


def process_usage(pid: int) -> tuple[float, int]:
    """(CPU seconds used, peak RSS in bytes) of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    peak = 0
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1]) * 1024
    return cpu, peak
