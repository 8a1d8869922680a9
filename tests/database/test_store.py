"""The event file: migrations, pragmas, CRUD, id checks, transactions."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from database.errors import EventExists, InvalidEventId, NotAnEventFile, ResultConflict, SchemaTooNew
from database.events import Change, EventChanged, ResultChanged, TournamentChanged
from database.migrations import LATEST, MIGRATIONS, sql_of
from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tournament.errors import NotFound
from tournament.models import Pairing
from tournament.results import Result

TABLES = {"info", "chessevent", "timer", "timer_hour", "tournament", "player", "pairing", "result",
          "illegal_move", "screen", "screen_set", "family", "rotator", "skipped_round"}


def table_names(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


async def test_new_file_has_every_table_and_the_latest_version(registry: EventRegistry) -> None:
    store = await registry.create("fresh", name="Fresh", start=1.0, stop=2.0)
    assert TABLES <= table_names(store.path)
    assert (await store.info()).version == LATEST
    with sqlite3.connect(store.path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_previous_version_file_is_migrated_on_open(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:  # a Papi-web 2.4 file: Part A only
        db.executescript(sql_of(MIGRATIONS[0][1]))
        db.execute("INSERT INTO info (version, name, start, stop, last_update) VALUES ('2.4.0', 'Old', 0, 1, 0)")
        db.execute("INSERT INTO tournament (uniq_id, name, last_update) VALUES ('t', 'Kept', 0)")
    assert "player" not in table_names(path)
    store = await EventStore.open(path)
    try:
        assert (await store.info()).version == LATEST
        assert [t.name for t in await store.tournaments()] == ["Kept"]
        assert {"player", "pairing"} <= table_names(path)
    finally:
        await store.close()
    store = await EventStore.open(path)  # a second open runs nothing more
    await store.close()


async def test_newer_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as db:
        db.executescript(sql_of(MIGRATIONS[0][1]))
        db.execute("INSERT INTO info (version, name, start, stop, last_update) VALUES ('99.0.0', 'X', 0, 1, 0)")
    with pytest.raises(SchemaTooNew, match="newer Echiquier"):
        await EventStore.open(path)


async def test_a_file_that_is_not_an_event_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE x (a)")
    with pytest.raises(NotAnEventFile):
        await EventStore.open(path)


@pytest.mark.parametrize("bad", ["../escape", "a/b", "a.b", "", "x" * 65, "é", "demo.db"])
async def test_registry_refuses_ids_that_could_escape(registry: EventRegistry, bad: str) -> None:
    with pytest.raises(InvalidEventId):
        await registry.get(bad)
    with pytest.raises(InvalidEventId):
        await registry.create(bad, name="x", start=0, stop=1)


async def test_registry_lists_opens_lazily_and_refuses_duplicates(events_dir: Path) -> None:
    first = EventRegistry(events_dir)
    await first.create("b-event", name="B", start=0, stop=1)
    await first.create("a_event", name="A", start=0, stop=1)
    with pytest.raises(EventExists):
        await first.create("a_event", name="A again", start=0, stop=1)
    await first.close()
    (events_dir / "notes.txt").write_text("not an event")
    second = EventRegistry(events_dir)
    try:
        assert second.ids() == ["a_event", "b-event"]
        assert (await second.get("b-event")).event_id == "b-event"
        assert await second.get("b-event") is await second.get("b-event")
        with pytest.raises(NotFound):
            await second.get("missing")
    finally:
        await second.close()


async def test_tournament_player_pairing_crud(store: EventStore) -> None:
    tid = await store.add_tournament(uniq_id="open", name="Open", rounds=5)
    await store.update_tournament(tid, name="Open A")
    assert (await store.tournament(tid)).name == "Open A"
    players = [{"pairing_number": n, "last_name": f"Player{n}", "fide_rating": 2000 - n} for n in (1, 2, 3)]
    await store.fill_tournament(tid, players, [
        {"white": 1, "black": 2, "round": 1, "board": 1, "board_order": 1},
        {"white": 3, "black": None, "round": 1, "board": 2, "board_order": 2, "bye_kind": "U"},
    ])
    assert [p.last_name for p in await store.players(tid)] == ["Player1", "Player2", "Player3"]
    games = await store.pairings(tid, 1)
    assert [(g.board, g.is_game) for g in games] == [(1, True), (2, False)]
    with pytest.raises(NotFound):
        await store.tournament(999)
    await store.update_info(name="Renamed", public=False)
    info = await store.info()
    assert (info.name, info.public) == ("Renamed", False)


async def test_a_failed_write_changes_nothing(store: EventStore) -> None:
    tid = await store.add_tournament(uniq_id="open", name="Open")
    players = [{"pairing_number": 1, "last_name": "A"}, {"pairing_number": 1, "last_name": "Duplicate"}]
    with pytest.raises(sqlite3.IntegrityError):
        await store.fill_tournament(tid, players, [])
    assert await store.players(tid) == []


async def test_a_player_cannot_play_twice_in_one_round(store: EventStore) -> None:
    tid = await store.add_tournament(uniq_id="open", name="Open")
    players = [{"pairing_number": n, "last_name": f"P{n}"} for n in (1, 2, 3)]
    with pytest.raises(sqlite3.IntegrityError, match="twice"):
        await store.fill_tournament(tid, players, [
            {"white": 1, "black": 2, "round": 1, "board": 1},
            {"white": 2, "black": 3, "round": 1, "board": 2},
        ])


async def _one_game(store: EventStore) -> GameKey:
    tid = await store.add_tournament(uniq_id="open", name="Open")
    await store.fill_tournament(tid, [{"pairing_number": n, "last_name": f"P{n}"} for n in (1, 2)],
                                [{"white": 1, "black": 2, "round": 1, "board": 1, "board_order": 1}])
    white, black = (p.id for p in await store.players(tid))
    return GameKey(tournament_id=tid, round=1, white_player_id=white, black_player_id=black)


async def test_result_is_stored_once_logged_and_deletable(store: EventStore) -> None:
    key = await _one_game(store)
    seen: list[tuple[str, int | None]] = []
    store.subscribe(lambda event: seen.append(event.key))
    await store.record_result(key, Result.DRAW, 1)
    with pytest.raises(ResultConflict, match="already has a result"):
        await store.record_result(key, Result.WHITE_WIN, 1)
    [game] = await store.pairings(key.tournament_id, 1)
    assert game.result is Result.DRAW
    assert [r.value for r in await store.results_log()] == [Result.DRAW]
    assert seen == [("result", key.tournament_id)]
    assert await store.delete_result(key) is Result.DRAW
    assert await store.results_log() == []
    assert (await store.pairings(key.tournament_id, 1))[0].result is None


async def test_result_on_a_game_that_no_longer_exists_is_refused(store: EventStore) -> None:
    key = await _one_game(store)
    swapped = GameKey(tournament_id=key.tournament_id, round=1, white_player_id=key.black_player_id,
                      black_player_id=key.white_player_id)
    with pytest.raises(ResultConflict, match="no longer"):
        await store.record_result(swapped, Result.WHITE_WIN, 1)
    assert await store.results_log() == []


async def test_fifty_concurrent_results_on_one_game_store_exactly_one(store: EventStore) -> None:
    key = await _one_game(store)
    outcomes = await asyncio.gather(
        *(store.record_result(key, Result(1 + i % 3), 1) for i in range(50)), return_exceptions=True
    )
    assert sum(o is None for o in outcomes) == 1
    assert sum(isinstance(o, ResultConflict) for o in outcomes) == 49
    assert len(await store.results_log()) == 1


async def test_reads_are_cached_until_the_next_commit(store: EventStore) -> None:
    tid = await store.add_tournament(uniq_id="open", name="Open")
    first = await store.tournaments()
    assert await store.tournaments() is first
    await store.update_tournament(tid, name="Changed")
    assert (await store.tournaments())[0].name == "Changed"


async def test_result_writes_patch_cached_pairings_to_what_the_file_holds(store: EventStore) -> None:
    key = await _one_game(store)
    players = await store.players(key.tournament_id)
    before = await store.pairings(key.tournament_id)
    await store.record_result(key, Result.DRAW, 1)
    patched = await store.pairings(key.tournament_id)
    assert patched is not before and await store.players(key.tournament_id) is players  # players kept
    assert patched[0].result is Result.DRAW
    async def in_the_file() -> list[Pairing]:
        fresh = await EventStore.open(store.path)  # nothing cached: what the file holds
        try:
            return await fresh.pairings(key.tournament_id)
        finally:
            await fresh.close()

    assert await in_the_file() == patched
    await store.correct_result(key, Result.DRAW, Result.BLACK_WIN, 1)
    assert await in_the_file() == await store.pairings(key.tournament_id)
    await store.delete_result(key)
    assert await in_the_file() == await store.pairings(key.tournament_id)
    assert (await store.pairings(key.tournament_id))[0].result is None
    assert await store.results_log() == []


async def test_a_commit_drops_only_the_reads_of_the_tables_it_wrote(store: EventStore) -> None:
    key = await _one_game(store)
    screens, players, pairings = (await store.screens(), await store.players(key.tournament_id),
                                  await store.pairings(key.tournament_id))
    await store.add_screen(uniq_id="boards", type="boards")
    assert await store.players(key.tournament_id) is players and await store.pairings(key.tournament_id) is pairings
    assert await store.screens() is not screens and [s.uniq_id for s in await store.screens()] == ["boards"]
    async with store.transaction() as tx:  # a raw write through the Tx: the journal says which table it wrote
        await tx.execute("UPDATE player SET last_name = 'Z' WHERE id = ?", (key.white_player_id,))
    assert next(p.last_name for p in await store.players(key.tournament_id)) == "Z"
    assert await store.pairings(key.tournament_id) is pairings


async def test_commits_emit_typed_events(store: EventStore) -> None:
    key = await _one_game(store)
    seen: list[Change] = []
    store.subscribe(seen.append)
    await store.record_result(key, Result.DRAW, 3)
    await store.correct_result(key, Result.DRAW, Result.WHITE_WIN, 3)
    await store.update_tournament(key.tournament_id, name="Renamed")
    await store.add_screen(uniq_id="boards", type="boards")
    assert [type(e) for e in seen] == [ResultChanged, ResultChanged, TournamentChanged, EventChanged]
    first, second = seen[0], seen[1]
    assert isinstance(first, ResultChanged) and isinstance(second, ResultChanged)
    assert (first.game, first.board, first.old, first.new) == (key, 3, None, Result.DRAW)
    assert (second.old, second.new) == (Result.DRAW, Result.WHITE_WIN)
    assert second.generation == first.generation + 1 == store.generation - 2
    with pytest.raises(ResultConflict):
        await store.record_result(key, Result.DRAW, 3)
    assert len(seen) == 4  # a refused write emits nothing
