"""Test data for the hall-screen tests: the 600-player open with round 6 published, a tournament
before round 1, and screens of every type. Shared by the screen tests (tests/web/) and the browser tests."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from database.store import EventStore, GameKey
from tests.support.files import fixture_path
from tournament.boards import half_points, number_boards
from tournament.formats.importing import trf_pairings, trf_players, trf_rows
from tournament.formats.trf import decode, parse_trf
from tournament.models import Pairing
from tournament.results import ByeKind, Result

OPEN = "open-600p-9r.trf"
NEXT = "open-600p-9r.next.txt"


def next_round_rows(rnd: int = 6) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Players and pairings of the 600-player open, rounds 1-5 played and round `rnd` published (no result)."""
    trf, errors = parse_trf(decode(fixture_path(OPEN).read_bytes()))
    assert not errors, errors
    players, pairings = trf_rows(trf)
    by_id = {p.id: p for p in trf_players(trf)}
    history = trf_pairings(trf, list(by_id.values()))
    lines = fixture_path(NEXT).read_text().split("\n")[1:]
    games = [tuple(int(x) for x in line.split()) for line in lines if line.strip()]
    rows = [Pairing(tournament_id=0, round=rnd, white_player_id=w, black_player_id=b or None,
                    bye_kind=None if b else ByeKind.PAB) for w, b in games]
    listed = {pid for game in games for pid in game if pid}
    rows += [Pairing(tournament_id=0, round=rnd, white_player_id=pid, bye_kind=ByeKind.ZERO)
             for pid in by_id if pid not in listed]
    published = number_boards(rows, by_id, half_points(history))
    pairings += [{"white": g.white_player_id, "black": g.black_player_id, "round": g.round, "board": g.board,
                  "board_order": g.board_order, "bye_kind": g.bye_kind.value if g.bye_kind else None,
                  "result": None} for g in published]
    return players, pairings


async def add_open(store: EventStore, uniq_id: str = "open", **values: Any) -> int:
    """The 600-player open, current round 6 (298 games and a bye, nothing entered)."""
    players, pairings = next_round_rows()
    tid = await store.add_tournament(uniq_id=uniq_id, name="Open 600", rounds=9, **values)
    await store.fill_tournament(tid, players, pairings)
    return tid


async def add_before_round_one(store: EventStore, uniq_id: str = "blitz", count: int = 40) -> int:
    """The first `count` players of the open, no pairing yet (check-in mode)."""
    players, _pairings = next_round_rows()
    tid = await store.add_tournament(uniq_id=uniq_id, name="Blitz", rounds=7)
    await store.fill_tournament(tid, players[:count], [])
    return tid


def timer_hours(start: datetime) -> list[dict[str, Any]]:
    return [
        {"uniq_id": "5", "date_str": (start - timedelta(hours=3)).strftime("%Y-%m-%d"),
         "time_str": (start - timedelta(hours=3)).strftime("%H:%M")},
        {"uniq_id": "6", "date_str": start.strftime("%Y-%m-%d"), "time_str": start.strftime("%H:%M")},
        {"uniq_id": "prizes", "date_str": (start + timedelta(hours=3)).strftime("%Y-%m-%d"),
         "time_str": (start + timedelta(hours=3)).strftime("%H:%M"), "text_before": "Prize-giving in %s",
         "text_after": "Prize-giving started %s ago"},
    ]


async def hall_event(store: EventStore, *, rotator_delay: int = 15, timer_start: datetime | None = None
                     ) -> dict[str, int]:
    """The open, a check-in tournament, one screen of every type, a family, a rotator and a timer."""
    await store.update_info(public=True, record_illegal_moves=2)
    tid = await add_open(store)
    blitz = await add_before_round_one(store)
    start = timer_start or (datetime.now().replace(second=0, microsecond=0) + timedelta(minutes=30))
    timer = await store.add_timer(uniq_id="rounds", hours=timer_hours(start))
    menu = "@input,@boards,@players,@results"
    common = {"public": True, "menu_link": True, "menu": menu}
    await store.add_screen(uniq_id="input", type="input", columns=1, sets=[{"tournament_id": tid}], **common)
    await store.add_screen(uniq_id="boards", type="boards", columns=2, timer_id=timer,
                           sets=[{"tournament_id": tid}], **common)
    await store.add_screen(uniq_id="boards-top", type="boards", columns=2, sets=[{"tournament_id": tid, "last": 40}],
                           **common)
    await store.add_screen(uniq_id="players", type="players", columns=3, sets=[{"tournament_id": tid}], **common)
    await store.add_screen(uniq_id="results", type="results", columns=2, results_limit=30,
                           results_tournament_ids="[]", **common)
    await store.add_screen(uniq_id="checkin", type="input", columns=2, sets=[{"tournament_id": blitz}], **common)
    await store.add_screen(uniq_id="checkin-view", type="boards", columns=2, sets=[{"tournament_id": blitz}],
                           **common)
    image = await store.add_screen(uniq_id="welcome", type="image", public=True, name="Welcome",
                                   background_color="#1d3557")
    family = await store.add_family(uniq_id="room", type="boards", public=True, tournament_id=tid, parts=3,
                                    columns=2, menu_link=True, menu_text="", menu="@family,@results",
                                    timer_id=timer)
    ids = {s.uniq_id: s.id for s in await store.screens()}
    await store.add_rotator(uniq_id="hall", public=True, delay=rotator_delay, show_menus=False,
                            screen_ids=json.dumps([ids["boards-top"], ids["results"], image]),
                            family_ids=json.dumps([family]))
    return {"open": tid, "blitz": blitz, "timer": timer, "family": family, "image": image}


async def some_results(store: EventStore, tid: int, count: int) -> None:
    """Results for the first `count` games of the open's round 6 (1-0, ½-½, 0-1 in turn): lines for results screens."""
    games = [g for g in await store.pairings(tid, 6) if g.is_game][:count]
    for n, g in enumerate(games):
        key = GameKey(tournament_id=tid, round=6, white_player_id=g.white_player_id,
                      black_player_id=g.black_player_id or 0)
        await store.record_result(key, (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)[n % 3], g.board or 0)
