"""Team rounds in the event file: paired and published by the store (FIDE team Swiss or Berger tables), from
the arbiter's desk and `echiquier pair`, declared line-ups fielded as games, unpaired; team files imported in
one transaction and exported from the stored teams, members and matches (TRF16 `013`, TRF26 `310`...), round
trip through the event file."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.imports import import_trf
from app.pairing.team_round import pair_team_round
from app.views.standings import standings_if_team
from cli.pair import pair_event
from database import imports
from database.imports import same_team_layer
from database.registry import EventRegistry
from database.store import EventStore
from tests.support.files import fixture_path
from tests.support.teams import ARBITER_PASSWORD
from tournament.errors import Conflict, Invalid
from tournament.results import Result
from tournament.teams.pairing import pair_team_round as engine_round
from tournament.teams.trf import export_team_trf
from web.auth import hash_password
from web.state import app_state

TEAMS, SIZE, PER_TEAM = 9, 4, 5
EVENT = "swiss-teams"


async def swiss_event(registry: EventRegistry, *, robin: bool = False) -> tuple[EventStore, int]:
    store = await registry.create(EVENT, name="Team Swiss", start=0.0, stop=4e9)
    tid = await store.add_tournament(uniq_id="olympiad", name="Olympiad", rounds=5,
                                     tournament_type="round_robin" if robin else "swiss")
    await store.fill_tournament(tid, [{"pairing_number": n, "last_name": f"Player{n:02d}", "first_name": "T",
                                       "fide_rating": 2500 - 5 * n} for n in range(1, TEAMS * PER_TEAM + 1)], [])
    await store.teams.make_team_tournament(tid, SIZE)
    for t in range(1, TEAMS + 1):
        await store.teams.add_team(tid, f"Team {t}", members=range((t - 1) * PER_TEAM + 1, t * PER_TEAM + 1))
    return store, tid


async def play_round(store: EventStore, tid: int, rnd: int, seed: int) -> None:
    rng = random.Random(seed)
    ev = await store.teams.load_team_event(tid)
    for m in ev.matches:
        if m.round == rnd and m.team_b is not None:
            for g in m.boards:
                if g.result is None:
                    await store.teams.set_board_result(tid, m.id, g.board,
                                                       rng.choice([Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN]))


async def test_store_pairs_the_team_swiss_as_the_engine_does(registry: EventRegistry) -> None:
    store, tid = await swiss_event(registry)
    for rnd in range(1, 6):
        before = await store.teams.load_team_event(tid)
        expected = [(m.table, m.team_a, m.team_b) for m in engine_round(before, rnd)]
        assert await pair_team_round(store, tid, rnd, declared_lineups=True, require_results=True) == 5
        ev = await store.teams.load_team_event(tid)
        got = [(m.table, m.team_a, m.team_b) for m in ev.matches if m.round == rnd]
        assert got == expected
        # the declared board orders are fielded: one game per board, shown boards numbered table after table
        games = [p for p in await store.pairings(tid, rnd) if p.black_player_id is not None]
        assert len(games) == 4 * SIZE
        assert sorted(p.board or 0 for p in games) == list(range(1, 4 * SIZE + 1))
        with pytest.raises(Conflict, match="still have no result"):
            await pair_team_round(store, tid, rnd + 1, require_results=True)
        await play_round(store, tid, rnd, rnd)
    byes = [m.team_a for m in (await store.teams.load_team_event(tid)).matches if m.team_b is None]
    assert len(set(byes)) == 5
    journal = [e.what for e in await store.journal_entries(tournament_id=tid)]
    assert journal.count("round paired") == 5


async def test_pairing_refusals_change_nothing(registry: EventRegistry) -> None:
    store, tid = await swiss_event(registry)
    with pytest.raises(Conflict, match="not the next round"):
        await pair_team_round(store, tid, 2)
    with pytest.raises(Invalid):
        await pair_team_round(store, tid, 1, lineups={1: [2, 1, 3, 4]})  # against the declared board order
    with pytest.raises(Invalid):
        await pair_team_round(store, tid, 1, system="dutch")
    assert (await store.teams.load_team_event(tid)).matches == ()
    await pair_team_round(store, tid, 1, lineups={1: [1, 2, 3, None]})
    with pytest.raises(Conflict, match="already has its matches"):
        await pair_team_round(store, tid, 1)


async def test_unpairing_a_team_round(registry: EventRegistry) -> None:
    store, tid = await swiss_event(registry)
    await pair_team_round(store, tid, 1, declared_lineups=True)
    assert await store.teams.unpair_team_round(tid, 1) == 5
    assert (await store.teams.load_team_event(tid)).matches == ()
    assert await store.pairings(tid) == []
    await pair_team_round(store, tid, 1, declared_lineups=True)
    await play_round(store, tid, 1, 3)
    with pytest.raises(Conflict, match="already has"):
        await store.teams.unpair_team_round(tid, 1)


async def test_round_robin_tournament_pairs_on_the_berger_tables(registry: EventRegistry) -> None:
    store, tid = await swiss_event(registry, robin=True)
    await pair_team_round(store, tid, 1)
    ev = await store.teams.load_team_event(tid)
    berger = engine_round(msgspec.structs.replace(ev, matches=()), 1, "berger")
    assert [(m.team_a, m.team_b) for m in ev.matches] == [(m.team_a, m.team_b) for m in berger]
    assert any("berger" in (e.target or "") for e in await store.journal_entries(tournament_id=tid))


# -- echiquier pair ------------------------------------------------------------------------------------------

async def test_echiquier_pair_publishes_a_team_round(events_dir: Path) -> None:
    registry = EventRegistry(events_dir)
    await swiss_event(registry)
    await registry.close()
    text = await pair_event(events_dir, EVENT, "olympiad", declared_lineups=True)
    assert text.startswith("Round 1 of Olympiad published:") and "(bye)" in text and "(4 games)" in text
    with pytest.raises(Conflict, match="still have no result"):
        await pair_event(events_dir, EVENT, "olympiad")
    text = await pair_event(events_dir, EVENT, "olympiad", force=True)
    assert text.startswith("Round 2 of Olympiad published:")


# -- the arbiter's desk ----------------------------------------------------------------------------------------

async def test_desk_pairs_a_team_swiss_round(client: AsyncTestClient[Litestar]) -> None:
    registry = app_state(client.app).registry
    store, tid = await swiss_event(registry)
    await store.update_info(arbiter_password=await hash_password(ARBITER_PASSWORD))
    page_url = f"/arbiter/{EVENT}/pair/{tid}"
    refused = await client.post(page_url, data={"round": "1"})
    assert refused.status_code in (401, 403)
    await client.post(f"/arbiter/{EVENT}/login", data={"password": ARBITER_PASSWORD})
    page = await client.get(page_url)
    assert page.status_code == 200 and "FIDE Swiss team system" in page.text and "Pair and publish round 1" in page.text
    expected = [(m.team_a, m.team_b) for m in engine_round(await store.teams.load_team_event(tid), 1)]
    done = await client.post(page_url, data={"round": "1", "lineups": "1"}, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == f"{page_url}?done=published"
    ev = await store.teams.load_team_event(tid)
    assert [(m.team_a, m.team_b) for m in ev.matches] == expected
    assert len([p for p in await store.pairings(tid, 1) if p.black_player_id]) == 4 * SIZE
    page = await client.get(f"{page_url}?done=published")
    assert "Round published" in page.text and "Team 1" in page.text and "Pair and publish round 2" in page.text
    desk = await client.get(f"/arbiter/{EVENT}/desk")
    assert desk.status_code == 200 and "Pair round 2" in desk.text
    stale = await client.post(page_url, data={"round": "1"})
    assert stale.status_code == 409
    missing = await client.post(page_url, data={"round": "2"})
    assert missing.status_code == 409 and "still have no result" in missing.text
    assert {m.round for m in (await store.teams.load_team_event(tid)).matches} == {1}
    undone = await client.post(f"{page_url}/unpair", data={"round": "1"}, follow_redirects=False)
    assert undone.status_code == 303
    assert (await store.teams.load_team_event(tid)).matches == ()


# -- files ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["interclubs-8t-4b-7r.trf16", "interclubs-8t-4b-7r.trf26",
                                  "olympiad-10t-4b-6r.trf26"])
async def test_team_file_round_trip_through_the_event_file(events_dir: Path, name: str) -> None:
    """import (one transaction) -> event file -> export -> re-import: the same teams and matches; the export of
    the teams and matches stored (once they are no longer the file's) gives the text of the file."""
    data = fixture_path(f"teams/{name}").read_bytes()
    trf26 = name.endswith("26")
    await import_trf(data, name, events_dir, "first", None)
    registry = EventRegistry(events_dir)
    try:
        store = await registry.get("first")
        tid = (await store.tournaments())[0].id
        assert await store.teams.is_team_tournament(tid)
        ev = await store.teams.load_team_event(tid)
        linked = sum(1 for m in ev.matches for g in m.boards if g.a_player and g.b_player)
        assert linked and linked == len([p for p in await store.pairings(tid) if p.black_player_id])
        text = await store.imports.export_tournament(tid, trf26=trf26)  # unchanged since the import: the file as read
    finally:
        await registry.close()
    assert export_team_trf(msgspec.structs.replace(ev, start="2026/01/08"), trf26=trf26) == data.decode("utf-8")
    await import_trf(text.encode("utf-8"), "again.trf", events_dir, "second", None)
    registry = EventRegistry(events_dir)
    try:
        store = await registry.get("second")
        again = await store.teams.load_team_event((await store.tournaments())[0].id)
    finally:
        await registry.close()
    assert same_team_layer(again, ev)


async def test_team_file_import_is_one_transaction(events_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The team layer fails: the players and games written before it in the import are rolled back with it."""
    async def broken(*_args: object, **_kwargs: object) -> None:
        raise Invalid("broken on purpose")

    monkeypatch.setattr(imports, "write_team_layer", broken)
    data = fixture_path("teams/olympiad-10t-4b-6r.trf26").read_bytes()
    with pytest.raises(Invalid, match="broken on purpose"):
        await import_trf(data, "olympiad.trf", events_dir, "atomic", None)
    registry = EventRegistry(events_dir)
    try:
        store = await registry.get("atomic")
        tid = (await store.tournaments())[0].id
        assert await store.players(tid) == [] and await store.pairings(tid) == []
        assert not await store.teams.is_team_tournament(tid)
    finally:
        await registry.close()


@pytest.mark.parametrize("trf26", [True, False], ids=["TRF26", "TRF16"])
async def test_event_paired_here_exports_and_reads_back(events_dir: Path, trf26: bool) -> None:
    """A team Swiss paired and played in the event file (line-ups with an empty board, a whole-team forfeit, the
    bye) exported from the stored teams and matches, imported into another event and exported again: the same
    text, the same team standings."""
    registry = EventRegistry(events_dir)
    try:
        store, tid = await swiss_event(registry)
        short = {1: [1, 2, 3, None]}  # team 1 leaves board 4 empty in round 1: a board forfeit
        await pair_team_round(store, tid, 1, declared_lineups=True, lineups=short)
        await play_round(store, tid, 1, 1)
        await pair_team_round(store, tid, 2, declared_lineups=True)
        forfeited = next(m for m in (await store.teams.load_team_event(tid)).matches if m.round == 2 and m.team_b)
        await store.teams.set_team_forfeit(tid, forfeited.id, "B")
        await play_round(store, tid, 2, 2)
        await pair_team_round(store, tid, 3, declared_lineups=True)
        await play_round(store, tid, 3, 3)
        ev = await store.teams.load_team_event(tid)
        assert any(g.a_player is None or g.b_player is None for m in ev.matches for g in m.boards)
        text = await store.imports.export_tournament(tid, trf26=trf26)
        table = await standings_if_team(store, tid, "MPVGP,BH,SB,DE", None, "2026-03")
    finally:
        await registry.close()
    starts = {line[:4] for line in text.splitlines()}
    assert ("310 " in starts) == trf26 and ("013 " in starts) != trf26
    await import_trf(text.encode("utf-8"), "back.trf", events_dir, "back", None)
    registry = EventRegistry(events_dir)
    try:
        store = await registry.get("back")
        back_tid = (await store.tournaments())[0].id
        back_ev = await store.teams.load_team_event(back_tid)  # its team records, written from the event file
        assert export_team_trf(msgspec.structs.replace(back_ev, start="1970/01/01"), trf26=trf26) == text
        back = await standings_if_team(store, back_tid, "MPVGP,BH,SB,DE", None, "2026-03")
    finally:
        await registry.close()
    assert table is not None and back is not None
    assert [(r.start_rank, r.points, r.values) for r in back.rows] == [(r.start_rank, r.points, r.values)
                                                                        for r in table.rows]

