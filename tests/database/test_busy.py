"""Writes from several processes on one event file (`serve --workers N`, `echiquier publish`, the sqlite3 shell).

Two processes record results concurrently: every write lands exactly once, none is lost, and where both
write the same game the compare-and-set lets one win and gives the other the clear conflict. The busy
policy of database/connection.py: a write lock held elsewhere for a moment is waited for (retried with
back-off, not failed), and held past the budget gives a 503 `FileBusy` that changed nothing.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import sqlite3
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from database import connection
from database.connection import FileBusy
from database.errors import ResultConflict
from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.support.hall import add_open
from tournament.errors import Unavailable
from tournament.results import Result

Game = tuple[int, int, int, int, int]  # tournament id, round, white id, black id, board


async def _open_games(events: Path, count: int) -> list[Game]:
    registry = EventRegistry(events)
    try:
        store = await registry.create("busy", name="Busy", start=0, stop=0)
        tid = await add_open(store)
        games = [p for p in await store.pairings(tid, 6) if p.black_player_id is not None]
        return [(p.tournament_id, p.round, p.white_player_id, p.black_player_id or 0, p.board or 0)
                for p in games[:count]]
    finally:
        await registry.close()


def key_of(game: Game) -> GameKey:
    return GameKey(tournament_id=game[0], round=game[1], white_player_id=game[2], black_player_id=game[3])


def write_results(path: str, games: list[Game], result: int) -> list[str]:
    """In a process of its own: record `result` on each game through a store of its own; "stored" or "conflict"."""

    async def run() -> list[str]:
        store = await EventStore.open(Path(path))
        outcomes = []
        try:
            for game in games:
                try:
                    await store.record_result(key_of(game), Result(result), game[4])
                    outcomes.append("stored")
                except ResultConflict:
                    outcomes.append("conflict")
        finally:
            await store.close()
        return outcomes

    return asyncio.run(run())


def test_two_processes_writing_results_at_once_lose_nothing_and_never_write_twice(tmp_path: Path) -> None:
    games = asyncio.run(_open_games(tmp_path, 100))
    contested = games[:20]  # both processes write these, with different results
    mine_a, mine_b = games[20::2], games[21::2]
    path = str(tmp_path / "busy.db")
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        # interleaved: each process alternates its own games and the contested ones
        order_a = [g for pair in zip(mine_a, contested + [None] * 40, strict=False) for g in pair if g is not None]
        order_b = [g for pair in zip(mine_b, contested + [None] * 40, strict=False) for g in pair if g is not None]
        job_a = pool.submit(write_results, path, order_a, int(Result.WHITE_WIN))
        job_b = pool.submit(write_results, path, order_b, int(Result.BLACK_WIN))
        outcome_a = dict(zip(order_a, job_a.result(timeout=300), strict=True))
        outcome_b = dict(zip(order_b, job_b.result(timeout=300), strict=True))
    assert all(outcome_a[g] == "stored" for g in mine_a) and all(outcome_b[g] == "stored" for g in mine_b)
    winners = {g: "a" if outcome_a[g] == "stored" else "b" for g in contested}
    for g in contested:  # exactly one of the two stored it, the other got the conflict
        assert sorted([outcome_a[g], outcome_b[g]]) == ["conflict", "stored"], g
    with sqlite3.connect(path) as db:
        stored = {(t, r, w, b): v for t, r, w, b, v in db.execute(
            "SELECT tournament_id, round, white_player_id, black_player_id, result FROM pairing WHERE round = 6")}
        logged = db.execute("SELECT tournament_id, round, white_player_id, black_player_id, count(*) FROM result "
                            "WHERE round = 6 GROUP BY 1, 2, 3, 4").fetchall()
    for g in mine_a:
        assert stored[g[:4]] == int(Result.WHITE_WIN)
    for g in mine_b:
        assert stored[g[:4]] == int(Result.BLACK_WIN)
    for g in contested:
        assert stored[g[:4]] == int(Result.WHITE_WIN if winners[g] == "a" else Result.BLACK_WIN)
    assert len(logged) == len(games) and all(row[4] == 1 for row in logged)  # one log row per game, no twin


class Holder:
    """Another program holding the event file's write lock (as the sqlite3 shell's `BEGIN IMMEDIATE` does)."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


@pytest.fixture
async def busy_store(tmp_path: Path) -> tuple[EventStore, list[Game]]:
    games = await _open_games(tmp_path, 2)
    store = await EventStore.open(tmp_path / "busy.db")
    await store._writer.execute("PRAGMA busy_timeout = 0")  # SQLite does not wait: the retries must
    return store, games


async def test_a_write_lock_held_for_a_moment_elsewhere_is_waited_for(busy_store: tuple[EventStore, list[Game]],
                                                                        tmp_path: Path) -> None:
    store, games = busy_store
    holder = Holder(tmp_path / "busy.db")
    threading.Timer(0.3, holder.release).start()
    try:
        await store.record_result(key_of(games[0]), Result.DRAW, games[0][4])
        pairing = next(p for p in await store.pairings(games[0][0], 6) if p.white_player_id == games[0][2])
        assert pairing.result == Result.DRAW
    finally:
        await store.close()


async def test_a_write_lock_held_past_the_budget_gives_a_clear_503_and_changes_nothing(
        busy_store: tuple[EventStore, list[Game]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store, games = busy_store
    monkeypatch.setattr(connection, "BUSY_BUDGET", 0.3)
    holder = Holder(tmp_path / "busy.db")
    try:
        with pytest.raises(FileBusy) as refused:
            await store.record_result(key_of(games[0]), Result.DRAW, games[0][4])
        assert isinstance(refused.value, Unavailable)
        assert refused.value.key == ("Not saved: the event file is busy (another program is writing it). "
                                     "Nothing was changed.")
    finally:
        holder.release()
    try:
        pairing = next(p for p in await store.pairings(games[0][0], 6) if p.white_player_id == games[0][2])
        assert pairing.result is None
        await store.record_result(key_of(games[0]), Result.DRAW, games[0][4])  # the file is free again
    finally:
        await store.close()
