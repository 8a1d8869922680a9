"""Crash safety: a server taking concurrent result submissions is killed with SIGKILL, again and again.

After every kill: each submission that got a success answer is in the file, the file passes
`PRAGMA integrity_check`, nothing is half-written (pairing results and the result log agree), and
the journal rebuilds the same state as the tables hold.
`ECHIQUIER_CRASH_CYCLES` sets the number of kills (default 20). Each kill follows a number of success answers,
not a delay, so the test does the same work on any machine.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest

from bench._server import server_process
from database.registry import EventRegistry
from database.store import EventStore

CYCLES = int(os.environ.get("ECHIQUIER_CRASH_CYCLES", "20"))
WORKERS = 8  # concurrent submitters: each has at most one request in flight
MOST_ACKS = 10  # a cycle kills the server right after its n-th success answer, n drawn from 1..MOST_ACKS
# A cycle uses up at most MOST_ACKS results answered plus WORKERS - 1 in flight when the kill lands, whatever the
# machine's speed; the event holds enough games for every cycle.
GAMES = CYCLES * (MOST_ACKS + WORKERS) + WORKERS
PLAYERS = 2 * GAMES
# Hang guards, not measures: one request or one server start may take this long on a loaded machine, and the
# test as a whole gets that much per cycle (a cycle takes 1-5 s on the 2-core development machine).
STEP_GUARD = 120.0


async def build_event(events_dir: Path) -> None:
    registry = EventRegistry(events_dir)
    try:
        store = await registry.create("crash", name="Crash test", start=0, stop=4e9)
        tid = await store.add_tournament(uniq_id="open", name="Open")
        players = [{"pairing_number": n, "last_name": f"Player{n:04d}", "fide_rating": 2600 - n}
                   for n in range(1, PLAYERS + 1)]
        games = [{"white": 2 * b - 1, "black": 2 * b, "round": 1, "board": b, "board_order": b}
                 for b in range(1, PLAYERS // 2 + 1)]
        await store.fill_tournament(tid, players, games)
        await store.add_screen(uniq_id="input", type="input", public=True, sets=[{"tournament_id": tid}])
    finally:
        await registry.close()


async def journal_matches(db: Path) -> bool:
    """The state the journal describes equals the tables (read-only: the next server opens the file)."""
    store = await EventStore.open(db, read_only=True)
    try:
        return await store.rebuilt_state() == await store.live_state()
    finally:
        await store.close()


def open_games(db: Path) -> list[tuple[int, int, int, int]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute(
            "SELECT tournament_id, white_player_id, black_player_id, board FROM pairing"
            " WHERE result IS NULL AND black_player_id IS NOT NULL ORDER BY board"
        ))


async def submit_until_killed(url: str, games: list[tuple[int, int, int, int]], acknowledged: list[tuple[int, int]],
                              process: subprocess.Popen[bytes], kill_at: int) -> None:
    """`WORKERS` clients submit results; the one that gets the `kill_at`-th success answer kills the server at once
    with SIGKILL, while the others still have requests in flight. Counting answers, not time, makes every cycle
    land in the middle of the same traffic on a fast or a slow (loaded) machine."""
    async with httpx.AsyncClient(base_url=url, timeout=STEP_GUARD) as client:
        page = (await client.get("/screen/crash/input")).text
        token = re.search(r'<meta name="csrf-token" content="([^"]*)"', page)
        sent = token.group(1) if token and token.group(1) else client.cookies.get("echiquier-csrf", "")
        headers = {"HX-Request": "true", "X-CSRF-Token": sent}
        queue = list(games)
        answered = 0
        killed = False

        async def worker() -> None:
            nonlocal answered, killed
            while queue and not killed:
                tid, white, black, board = queue.pop(0)
                data = {"tournament_id": tid, "round": 1, "white_player_id": white, "black_player_id": black,
                        "result": 1 + board % 3, "board": board, "key": str(uuid.uuid4())}
                try:
                    response = await client.post("/screen/crash/input/result", data=data, headers=headers)
                except httpx.TransportError:
                    if killed:
                        return  # the request in flight when the server died
                    raise
                # an answer that arrives after the kill was still given by the server: it must hold as well
                assert response.status_code == 200, (response.status_code, response.text[:300])
                acknowledged.append((white, 1 + board % 3))
                answered += 1
                if answered == kill_at:
                    process.send_signal(signal.SIGKILL)
                    killed = True

        await asyncio.gather(*(worker() for _ in range(WORKERS)))
        assert killed, f"the server answered only {answered} of {len(games)} submissions"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.timeout(CYCLES * STEP_GUARD)
def test_acknowledged_results_survive_sigkill(tmp_path: Path) -> None:
    events_dir = tmp_path / "events"
    asyncio.run(build_event(events_dir))
    db = events_dir / "crash.db"
    rng = random.Random(20)
    acknowledged: list[tuple[int, int]] = []
    for cycle in range(CYCLES):
        games = open_games(db)
        assert len(games) >= MOST_ACKS + WORKERS, f"cycle {cycle}: only {len(games)} games left"
        with server_process(events_dir) as (url, process):
            asyncio.run(submit_until_killed(url, games, acknowledged, process, rng.randint(1, MOST_ACKS)))
            process.wait(timeout=STEP_GUARD)
            assert process.returncode == -signal.SIGKILL
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            stored = dict(conn.execute("SELECT white_player_id, result FROM pairing WHERE result IS NOT NULL"))
            logged = dict(conn.execute("SELECT white_player_id, value FROM result"))
        missing = [w for w, r in acknowledged if stored.get(w) != r]
        assert not missing, f"acknowledged but lost after SIGKILL: {missing}"
        assert stored == logged  # pairing and log written together or not at all
        assert asyncio.run(journal_matches(db))
    assert len(acknowledged) >= CYCLES  # every kill landed after real answers, with others in flight
