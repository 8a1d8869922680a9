"""Team tournaments in the event file: a team file imported and read back the same, line-ups checked and
stored, board results through the store's result writes (announced as results), board and team forfeits
journalled, corrections compare-and-set."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from database.events import ResultChanged
from database.store import EventStore
from tests.support.files import fixture_path
from tournament.errors import Conflict, Invalid
from tournament.formats.trf import decode, parse_trf
from tournament.results import Result
from tournament.teams.core import match_score
from tournament.teams.standings import team_standings
from tournament.teams.trf import export_team_trf
from tournament.teams.trf_import import team_event_from_trf


async def new_tournament(store: EventStore, name: str = "Interclubs") -> int:
    return await store.add_tournament(uniq_id=name.lower(), name=name)


@pytest.mark.parametrize("name", ["interclubs-8t-4b-7r.trf16", "olympiad-10t-4b-6r.trf26"])
async def test_team_file_into_the_event_file_and_back(store: EventStore, name: str) -> None:
    text = decode(fixture_path(f"teams/{name}").read_bytes())
    trf, _ = parse_trf(text)
    ev = team_event_from_trf(trf)
    tid = await new_tournament(store, ev.name)
    await store.teams.import_team_event(tid, ev)
    back = await store.teams.load_team_event(tid)
    assert back.start == ""  # the dates are the event's, not the tournament's
    assert export_team_trf(msgspec.structs.replace(back, start=ev.start), trf26=name.endswith("26")) == text
    assert await store.teams.is_team_tournament(tid)
    # the individual games are ordinary pairing rows, one per board with two players
    games = [p for p in await store.pairings(tid) if p.black_player_id is not None]
    assert len(games) == sum(1 for m in ev.matches for g in m.boards if g.a_player and g.b_player)
    entries = await store.journal_entries(tournament_id=tid)
    assert entries[0].what == "team import"


async def team_setup(store: EventStore) -> tuple[int, int]:
    tid = await new_tournament(store)
    await store.fill_tournament(tid, [{"pairing_number": n, "last_name": f"P{n}"} for n in range(1, 11)], [])
    await store.teams.make_team_tournament(tid, 4)
    await store.teams.add_team(tid, "Cavaliers", members=[1, 2, 3, 4, 5])
    await store.teams.add_team(tid, "Fous", members=[6, 7, 8, 9, 10])
    mid = await store.teams.add_match(tid, 1, 1, 2)
    return tid, mid


async def test_lineups_are_checked_against_the_declared_order(store: EventStore) -> None:
    tid, mid = await team_setup(store)
    with pytest.raises(Invalid, match="declared board order"):
        await store.teams.set_lineup(tid, mid, "A", [2, 1, 3, 4])
    with pytest.raises(Invalid, match="not a member"):
        await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, 6])
    assert all(g.a_player is None for g in (await store.teams.load_team_event(tid)).matches[0].boards)
    await store.teams.set_lineup(tid, mid, "A", [1, 2, 4, 5])
    await store.teams.set_lineup(tid, mid, "B", [6, 7, 8, None])  # board 4: B fielded nobody
    m = (await store.teams.load_team_event(tid)).matches[0]
    assert [(g.a_player, g.b_player) for g in m.boards] == [(1, 6), (2, 7), (4, 8), (5, None)]
    assert m.boards[3].result is Result.BLACK_FORFEIT_WIN  # A has Black on board 4 and was there
    games = [p for p in await store.pairings(tid) if p.black_player_id is not None]
    assert len(games) == 3


async def test_board_results_make_the_match_result(store: EventStore) -> None:
    tid, mid = await team_setup(store)
    await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, 4])
    await store.teams.set_lineup(tid, mid, "B", [6, 7, 8, 9])
    heard: list[Any] = []
    store.subscribe(heard.append)
    await store.teams.set_board_result(tid, mid, 1, Result.WHITE_WIN)
    await store.teams.set_board_result(tid, mid, 2, Result.DRAW)
    ev = await store.teams.load_team_event(tid)
    running = match_score(ev.matches[0], ev.scoring, 4)
    assert (running.a_games, running.b_games, running.complete) == (1.5, 0.5, False)
    await store.teams.set_board_result(tid, mid, 3, Result.BLACK_WIN)
    await store.teams.set_board_result(tid, mid, 4, Result.WHITE_WIN)  # B has White on board 4
    ev = await store.teams.load_team_event(tid)
    done = match_score(ev.matches[0], ev.scoring, 4)
    assert (done.a_games, done.b_games, done.a_match, done.b_match) == (1.5, 2.5, 0, 2)
    results = [c for c in heard if isinstance(c, ResultChanged)]
    assert [(c.board, c.new) for c in results] == [(1, Result.WHITE_WIN), (2, Result.DRAW), (3, Result.BLACK_WIN),
                                                   (4, Result.WHITE_WIN)]
    with pytest.raises(Conflict):
        await store.teams.set_board_result(tid, mid, 1, Result.DRAW)  # a result is there: a correction only
    await store.teams.set_board_result(tid, mid, 1, Result.DRAW, correction=True)
    ev = await store.teams.load_team_event(tid)
    st = team_standings(ev.teams, ev.matches, tie_breaks="MPVGP", team_size=4, rounds=1)
    assert [(r.name, r.points, r.game_points) for r in st.rows] == [("Fous", 2, 3), ("Cavaliers", 0, 1)]
    whats = [e.what for e in await store.journal_entries(tournament_id=tid)]
    assert "result corrected" in whats and whats.count("line-up") == 2


async def test_team_and_board_forfeits_are_journalled(store: EventStore) -> None:
    tid, mid = await team_setup(store)
    await store.teams.set_team_forfeit(tid, mid, "B")
    ev = await store.teams.load_team_event(tid)
    sc = match_score(ev.matches[0], ev.scoring, 4)
    assert (sc.a_match, sc.b_match, sc.a_games) == (2, 0, 4)
    with pytest.raises(Conflict):
        await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, 4])
    await store.teams.set_team_forfeit(tid, mid, None)
    await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, None])
    await store.teams.set_lineup(tid, mid, "B", [6, 7, 8, 9])
    m = (await store.teams.load_team_event(tid)).matches[0]
    assert m.boards[3].result is Result.WHITE_FORFEIT_WIN  # B has White on board 4, A fielded nobody
    # the arbiter corrects the board forfeit (the player was only late): stored on the board, journalled
    await store.teams.set_board_result(tid, mid, 4, Result.DOUBLE_FORFEIT, correction=True,
                                       expected=Result.WHITE_FORFEIT_WIN)
    with pytest.raises(Conflict):  # no longer the result the arbiter saw
        await store.teams.set_board_result(tid, mid, 4, Result.WHITE_FORFEIT_WIN, correction=True,
                                           expected=Result.WHITE_FORFEIT_WIN)
    with pytest.raises(Invalid, match="against nobody"):  # issue 25: a draw against nobody
        await store.teams.set_board_result(tid, mid, 4, Result.DRAW, correction=True, expected=Result.DOUBLE_FORFEIT)
    assert (await store.teams.load_team_event(tid)).matches[0].boards[3].result is Result.DOUBLE_FORFEIT
    whats = [e.what for e in await store.journal_entries(tournament_id=tid)]
    assert whats.count("team forfeit") == 2 and "board forfeit corrected" in whats
