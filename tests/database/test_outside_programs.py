"""Issue 21, item 1: other programs opening the served event file never crash the server.

The sqlite3 shell and `echiquier standings` run in loops on the file a server serves (one worker, then two
behind one socket joined by redis-server) while results are entered through the input screen and hall pages
load. Before the fix the server opened and closed the file's `-shm` with plain `open()`, which dropped SQLite's
locks: the next process rebuilt the `-shm` the server had mapped, and the server died of SIGBUS.

Long enough to matter: ECHIQUIER_OUTSIDE_SECONDS (CI sets 60, the default is 15).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from app.demo import ensure_demo
from database.registry import EventRegistry
from tests.support.servers import HANG_LIMIT, START_LIMIT, Process, free_port, need, redis

SECONDS = float(os.environ.get("ECHIQUIER_OUTSIDE_SECONDS", "15"))

Game = tuple[int, int, int, int]  # tournament, round, white id, black id


def open_games(events: Path) -> list[Game]:
    async def build() -> list[Game]:
        registry = EventRegistry(events)
        try:
            store = await ensure_demo(registry)
            games: list[Game] = []
            for t in await store.tournaments():
                for rnd in range(1, t.rounds + 1):
                    games += [(t.id, rnd, g.white_player_id, g.black_player_id) for g in await store.pairings(t.id, rnd)
                              if g.black_player_id is not None and g.result is None]
            return games
        finally:
            await registry.close()

    return asyncio.run(build())


def results_stored(events: Path) -> dict[Game, int]:
    async def read() -> dict[Game, int]:
        registry = EventRegistry(events)
        try:
            store = await registry.get("demo")
            found: dict[Game, int] = {}
            for t in await store.tournaments():
                for rnd in range(1, t.rounds + 1):
                    for g in await store.pairings(t.id, rnd):
                        if g.black_player_id is not None and g.result is not None:
                            found[(t.id, rnd, g.white_player_id, g.black_player_id)] = int(g.result)
            return found
        finally:
            await registry.close()

    return asyncio.run(read())


@contextmanager
def connection_lost(server: Process) -> Iterator[None]:
    """A connection refused or cut is the server's death: say so, with its log."""
    try:
        yield
    except httpx.TransportError as exc:
        raise AssertionError(f"{exc!r}; {died(server)}") from exc


class Loop(threading.Thread):
    """A command run again and again until stopped; counts runs and keeps the failures."""

    def __init__(self, args: list[str], stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.args, self.stop, self.runs, self.failures = args, stop, 0, list[str]()

    def run(self) -> None:
        while not self.stop.is_set():
            done = subprocess.run(self.args, capture_output=True, timeout=START_LIMIT, check=False)
            self.runs += 1
            if done.returncode != 0:
                self.failures.append(done.stderr.decode(errors="replace")[-500:])


@pytest.fixture(params=[1, 2], ids=["one-worker", "two-workers"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Process, str, Path]]:
    events = tmp_path / "events"
    events.mkdir()
    open_games(events)  # the demo, made before the server starts
    port = free_port()
    args = [sys.executable, "-m", "cli.main", "serve", "--events", str(events), "--host", "127.0.0.1",
            "--port", str(port)]
    if request.param == 1:
        with Process(args, port, tmp_path / "server.log") as server:
            yield server, f"http://127.0.0.1:{port}", events
        return
    broker, redis_url = redis(tmp_path)
    with broker, Process([*args, "--workers", "2", "--redis", redis_url], port, tmp_path / "server.log") as server:
        yield server, f"http://127.0.0.1:{port}", events


def died(server: Process) -> str:
    code = server.process.poll() if server.process is not None else None
    return f"the server died ({code}): {server.log.read_text(errors='replace')[-2000:]}"


def test_shell_and_standings_loops_beside_result_entry_never_crash_the_server(
        served: tuple[Process, str, Path]) -> None:
    server, url, events = served
    shell = need("sqlite3")
    games = open_games(events)
    assert len(games) >= 10, "the demo has open games to play"
    path = str(events / "demo.db")
    stop = threading.Event()
    # with a busy timeout, as a backup tool sets one: two outside programs opening and closing at once may find
    # each other's passing lock (SQLite's rule for whoever closes last), which says nothing of the server
    wait = ["-cmd", ".timeout 10000"]
    loops = [Loop([shell, *wait, path, "select count(*) from pairing"], stop),
             Loop([shell, *wait, path, "select name from info"], stop),
             Loop([sys.executable, "-m", "cli.main", "standings", "--events", str(events), "--event", "demo",
                   "--tournament", "1", "--format", "json"], stop)]
    for loop in loops:
        loop.start()
    acknowledged: dict[Game, int] = {}
    errors: list[str] = []
    pages = 0
    started = time.monotonic()
    try:
        with httpx.Client(base_url=url, timeout=HANG_LIMIT) as client, connection_lost(server):
            client.get("/static/ping.txt")
            client.headers["X-CSRF-Token"] = client.cookies.get("echiquier-csrf") or ""
            pending = list(games)
            while pending or time.monotonic() - started < SECONDS:  # every game entered, however slow the machine
                if pending:
                    tid, rnd, white, black = game = pending.pop()
                    result = 1 + len(pending) % 3  # 1-0, 0-1, ½-½ in turn
                    answer = client.post("/screen/demo/input/result", headers={"HX-Request": "true"}, data={
                        "tournament_id": str(tid), "round": str(rnd), "white_player_id": str(white),
                        "black_player_id": str(black), "result": str(result), "key": f"k-{tid}-{rnd}-{white}"})
                    if answer.status_code == 200 and "stored on board" in answer.text:
                        acknowledged[game] = result
                    else:
                        errors.append(f"result {game}: {answer.status_code} {answer.text[:200]}")
                for page in ("/", "/screen/demo/boards-a", "/screen/demo/results", "/event/demo"):
                    answer = client.get(page)
                    pages += 1
                    if answer.status_code != 200:
                        errors.append(f"{page}: {answer.status_code} {answer.text[:200]}")
                assert server.process is not None and server.process.poll() is None, died(server)
    finally:
        stop.set()
        for loop in loops:
            loop.join(timeout=HANG_LIMIT)
    assert server.process is not None and server.process.poll() is None, died(server)
    assert not errors, errors[:5]
    for loop in loops:
        assert loop.runs > 0 and not loop.failures, (loop.args, loop.failures[:3])
    assert len(acknowledged) == len(games)
    stored = results_stored(events)
    lost = {g: r for g, r in acknowledged.items() if stored.get(g) != r}
    assert not lost, f"{len(lost)} acknowledged results lost or changed"
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


async def test_no_file_of_a_database_is_opened_outside_sqlite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The looks for other processes' commits (workers, outside programs, the index, the sessions) open no file of
    a database with Python: a plain open and close would drop SQLite's locks (the SIGBUS of issue 21)."""
    import builtins
    import io
    import sqlite3

    from database.index import EventIndex
    from database.outside import OutsideWatch
    from database.sessions import SessionFile

    events = tmp_path / "events"
    registry = EventRegistry(events)
    registry.shared = True
    store = await ensure_demo(registry)
    sessions = await SessionFile.open(events)
    opened: list[str] = []
    real_open, real_os_open, real_io_open = builtins.open, os.open, io.open

    def database_file(name: object) -> bool:
        return str(name).endswith((".db", ".db-wal", ".db-shm", ".sqlite", ".sqlite-wal", ".sqlite-shm"))

    def guard(real):  # type: ignore[no-untyped-def]
        def opening(name: object, *args: object, **kwargs: object) -> object:
            if database_file(name):
                opened.append(str(name))
            return real(name, *args, **kwargs)
        return opening

    monkeypatch.setattr(builtins, "open", guard(real_open))
    monkeypatch.setattr(io, "open", guard(real_io_open))
    monkeypatch.setattr(os, "open", guard(real_os_open))
    try:
        outside = OutsideWatch(registry)
        await registry.get("demo")
        await outside.look()
        assert await sessions.changed()  # the first look
        assert not await sessions.changed()
        other = sqlite3.connect(store.path)  # another process's commit (another connection: the same to SQLite)
        other.execute("UPDATE info SET name = 'Renamed outside'")
        other.commit()
        other.close()
        await registry.get("demo")
        assert (await store.info()).name == "Renamed outside"  # the worker's cached read was dropped
        await outside.look()
        EventIndex(events).refresh(registry.ids())
        await registry.summaries()
    finally:
        monkeypatch.undo()
        await sessions.close()
        await registry.close()
    assert opened == []
