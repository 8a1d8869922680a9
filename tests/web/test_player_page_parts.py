"""Standings of a category and of the women, on the page, the print sheet and the JSON: the players of the part in
the whole tournament's order, each with its place; unknown parts refused in words; live updates keep the query."""

from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.store import EventStore, GameKey
from tests.support.clients import in_app, settle
from tests.support.events import EVENT, finish_round, nine_player_event
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
U12 = {1, 4, 6, 9}  # pairing numbers
WOMEN = {2, 4, 7}


async def sorted_out(store: EventStore, tid: int) -> None:
    for p in await store.players(tid):
        await store.roster.edit_player(tid, p.id, {"category": "U12" if p.pairing_number in U12 else "Sen",
                                                   "sex": "F" if p.pairing_number in WOMEN else "M"})
    await finish_round(store, tid, 1, Result.DRAW)


@pytest.fixture
async def event(client: Client) -> AsyncIterator[tuple[EventStore, int]]:
    store, tid = await in_app(client, nine_player_event, app_state(client.app).registry)
    await in_app(client, sorted_out, store, tid)
    yield store, tid
    await settle(client, EVENT)


@pytest.mark.parametrize("query, numbers", [({"category": "U12"}, U12), ({"sex": "F"}, WOMEN),
                                            ({"category": "U12", "sex": "F"}, U12 & WOMEN)])
async def test_a_part_in_the_whole_order(client: Client, event: tuple[EventStore, int], query: dict[str, str],
                                         numbers: set[int]) -> None:
    whole = (await client.get(f"/api/standings/{EVENT}/open")).json()
    part = (await client.get(f"/api/standings/{EVENT}/open", params=query)).json()
    assert part == [r for r in whole if r["start_rank"] in numbers]
    page = (await client.get(f"/standings/{EVENT}/open", params=query)).text
    shown = [int(n) for n in
             re.findall(r'<td class="part-rank">\d+</td><td>[^<]*</td><td class="start">(\d+)</td>', page)]
    assert shown == [r["start_rank"] for r in part]
    assert f'hx-get="/standings/{EVENT}/open?' in page  # the live refetch keeps the part
    _store, tid = event
    sheet = (await client.get(f"/print/{EVENT}/{tid}/standings", params=query)).text
    assert len(re.findall(r'class="num part-rank"', sheet)) == len(numbers)


async def test_the_page_offers_the_parts_and_refuses_unknown_ones(client: Client,
                                                                   event: tuple[EventStore, int]) -> None:
    page = html.unescape((await client.get(f"/standings/{EVENT}/open", params={"lang": "fr"})).text)
    parts = re.search(r'id="standings-parts">(.*?)</nav>', page, re.S)
    offered = re.findall(r">([^<]+)</a>", parts[1]) if parts else []
    assert offered == ["Tout le monde", "U12", "Sen", "Femmes"]  # the categories in age order
    for query in ({"category": "U99"}, {"sex": "X"}):
        for url in (f"/api/standings/{EVENT}/open", f"/standings/{EVENT}/open"):
            response = await client.get(url, params=query)
            value = next(iter(query.values()))
            assert response.status_code == 400 and f"'{value}'" in html.unescape(response.text)  # named, in French


async def first_result(store: EventStore, tid: int) -> None:
    """Board 1 (1 against 5): Black wins; the other games of round 1 go on."""
    game = next(p for p in await store.pairings(tid, 1) if p.board == 1)
    assert game.black_player_id is not None
    await store.record_result(GameKey(tournament_id=tid, round=1, white_player_id=game.white_player_id,
                                      black_player_id=game.black_player_id), Result.BLACK_WIN, 1)


async def test_provisional_standings_during_a_round(client: Client) -> None:
    store, tid = await in_app(client, nine_player_event, app_state(client.app).registry)
    url = f"/standings/{EVENT}/open"
    await in_app(client, first_result, store, tid)
    page = (await client.get(url, params={"provisional": "1"})).text
    assert 'id="provisional">Provisional: round 1 in progress<' in page
    numbers = [int(n) for n in re.findall(r'<tr><td>[^<]*</td><td class="start">(\d+)</td>', page)]
    assert set(numbers[:2]) == {5, 9} and len(numbers) == 9  # the winner of board 1 and the bye: a point each
    final = (await client.get(url)).text
    assert 'id="provisional"' not in final and 'id="after-round">After round 0<' in final
    await in_app(client, finish_round, store, tid, 1)
    done = (await client.get(url, params={"provisional": "1"})).text
    assert 'id="provisional"' not in done and 'id="after-round">After round 1<' in done  # the final standings
    await settle(client, EVENT)
