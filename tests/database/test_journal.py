"""The journal: every write is journalled; the state rebuilt from the journal equals the live state; undo."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from database.journal import Actor, acting_as
from database.migrations import MIGRATIONS, sql_of
from database.store import EventStore, GameKey
from tournament.errors import EchiquierError
from tournament.results import Result

ARBITER = Actor(role="arbiter", client="test")


def made_players(n: int) -> list[dict[str, Any]]:
    return [{"pairing_number": i, "last_name": f"Player{i:02d}", "first_name": "Test", "fide_rating": 2000 - i}
            for i in range(1, n + 1)]


def made_pairings(n: int, rounds: int, rng: random.Random) -> list[dict[str, Any]]:
    """`rounds` rounds of random games between `n` (even) players, no result."""
    out = []
    for rnd in range(1, rounds + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        for board, i in enumerate(range(0, n, 2), start=1):
            out.append({"round": rnd, "white": order[i], "black": order[i + 1], "board": board,
                        "board_order": board})
    return out


async def paired_tournament(store: EventStore, rng: random.Random, players: int = 12, rounds: int = 2) -> int:
    tid = await store.add_tournament(uniq_id="j", name="Journal test", rounds=5)
    await store.fill_tournament(tid, made_players(players), made_pairings(players, rounds, rng))
    return tid


def key_of(p: Any) -> GameKey:
    return GameKey(tournament_id=p.tournament_id, round=p.round, white_player_id=p.white_player_id,
                   black_player_id=p.black_player_id)


async def test_every_write_is_journalled_with_its_actor(store: EventStore) -> None:
    tid = await paired_tournament(store, random.Random(1))
    game = (await store.pairings(tid, 1))[0]
    with acting_as(Actor(role="player", client="screen tablet-3")):
        await store.record_result(key_of(game), Result.WHITE_WIN, game.board or 0)
    entry = (await store.journal_entries(tournament_id=tid))[0]
    assert (entry.role, entry.client, entry.what, entry.old, entry.new) == (
        "player", "screen tablet-3", "result", None, "1-0")
    assert (entry.round, entry.board) == (1, game.board)
    assert [e.id for e in await store.journal_entries(player=game.black_player_id)] == [entry.id]
    assert await store.journal_entries(tournament_id=tid, rnd=2) == []


async def test_a_refused_write_leaves_no_entry(store: EventStore) -> None:
    tid = await paired_tournament(store, random.Random(2))
    game = (await store.pairings(tid, 1))[0]
    await store.record_result(key_of(game), Result.DRAW, 1)
    before = await store.journal_entries()
    with pytest.raises(EchiquierError):
        await store.record_result(key_of(game), Result.BLACK_WIN, 1)
    assert await store.journal_entries() == before


async def test_undo_of_a_correction_restores_the_previous_result_and_is_journalled(store: EventStore) -> None:
    tid = await paired_tournament(store, random.Random(3))
    game = (await store.pairings(tid, 1))[2]
    key = key_of(game)
    await store.record_result(key, Result.WHITE_WIN, 3)
    await store.correct_result(key, Result.WHITE_WIN, Result.BLACK_FORFEIT_WIN, 3, )
    correction = (await store.journal_entries(tournament_id=tid))[0]
    assert (correction.what, correction.old, correction.new) == ("result corrected", "1-0", "F-1")
    undo_id = await store.undo(correction.id, who=ARBITER)
    after = next(p for p in await store.pairings(tid, 1) if p.id == game.id)
    assert after.result is Result.WHITE_WIN
    assert [r.value for r in await store.results_log([tid])] == [Result.WHITE_WIN]
    undo = await store.journal_entry(undo_id)
    assert (undo.role, undo.what, undo.old, undo.new, undo.undoes) == ("arbiter", "undo: result corrected", "F-1",
                                                                      "1-0", correction.id)
    assert (await store.journal_entry(correction.id)).undone_by == undo_id
    with pytest.raises(EchiquierError, match="already undone"):
        await store.undo(correction.id)
    assert await store.rebuilt_state() == await store.live_state()


async def test_undo_is_refused_when_the_data_moved_on(store: EventStore) -> None:
    tid = await paired_tournament(store, random.Random(4))
    game = (await store.pairings(tid, 1))[0]
    await store.record_result(key_of(game), Result.DRAW, 1)
    first = (await store.journal_entries())[0]
    await store.correct_result(key_of(game), Result.DRAW, Result.BLACK_WIN, 1)
    before = await store.live_state()
    with pytest.raises(EchiquierError, match="changed again since"):
        await store.undo(first.id)
    assert await store.live_state() == before


async def test_200_random_operations_then_rebuild_equals_live_state(store: EventStore) -> None:
    rng = random.Random(2026)
    tid = await paired_tournament(store, rng)
    done: dict[str, int] = {}
    for step in range(200):
        games = [p for p in await store.pairings(tid) if p.is_game]
        game = rng.choice(games)
        op = rng.choices(["enter", "correct", "delete", "undo", "repair", "config", "rename"],
                         weights=[40, 15, 10, 20, 3, 5, 5])[0]
        try:
            if op == "enter":
                await store.record_result(key_of(game), Result(rng.randint(1, 6)), game.board or 0)
            elif op == "correct" and game.result is not None:
                new = Result(rng.choice([c for c in range(1, 7) if c != game.result]))
                await store.correct_result(key_of(game), game.result, new, game.board or 0)
            elif op == "delete":
                await store.delete_result(key_of(game))
            elif op == "undo":
                entries = [e for e in await store.journal_entries() if e.what != "baseline"]
                await store.undo(rng.choice(entries[:10]).id)
            elif op == "repair":
                await store.fill_tournament(tid, made_players(12), made_pairings(12, 2, rng))
            elif op == "config":
                await store.add_screen(uniq_id=f"s{step}", type="boards", sets=[{"tournament_id": tid}])
            else:
                await store.update_tournament(tid, name=f"Journal test {step}")
            done[op] = done.get(op, 0) + 1
        except EchiquierError:
            done["refused"] = done.get("refused", 0) + 1
    assert done.get("enter", 0) > 30 and done.get("undo", 0) > 5 and done.get("refused", 0) > 0, done
    live = await store.live_state()
    assert live["pairing"] and live["result"]
    assert await store.rebuilt_state() == live


async def test_rebuild_after_a_reopen_and_an_upgrade_from_2_5(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        for _version, name in MIGRATIONS[:2]:
            db.executescript(sql_of(name))
        db.execute("INSERT INTO info (version, name, start, stop, last_update) VALUES ('2.5.0', 'Old', 0, 1, 0)")
        db.execute("INSERT INTO tournament (uniq_id, name, last_update) VALUES ('t', 'Kept', 0)")
    store = await EventStore.open(path)
    try:
        assert (await store.journal_entries())[0].what == "baseline"
        tid = (await store.tournaments())[0].id
        await store.fill_tournament(tid, made_players(4), made_pairings(4, 1, random.Random(5)))
        game = (await store.pairings(tid, 1))[0]
        await store.record_result(key_of(game), Result.DOUBLE_FORFEIT, 1)
    finally:
        await store.close()
    store = await EventStore.open(path)
    try:
        live = await store.live_state()
        assert live["tournament"] and live["pairing"]
        assert await store.rebuilt_state() == live
    finally:
        await store.close()
