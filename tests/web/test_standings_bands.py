"""Standings of a part the records do not spell out: an FFE age category from the birth date and the event's
season (the category the event file holds wins), and a rating band the organiser chooses (`?band=`), on the
page, the print sheet and the JSON; bands that are not bands refused in words, in French too."""

from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator
from datetime import datetime

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.store import EventStore
from tests.support.clients import in_app, settle
from tests.support.events import EVENT, finish_round, nine_player_event
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
#: Season 2025-2026 (the event on 4 April 2026): the FFE's table says U12 for the born in 2014 and 2015, Sen for
#: 1976 to 2005, S65 for 1960 and before. Player 8's record says U20: the record wins over the birth date.
BIRTHS = {1: "2014-06-01", 2: "1990-03-03", 3: "2015", 4: "1960-12-31", 5: "2015-01-01", 6: "1985",
          7: "2003-09-09", 8: "2014-02-02", 9: None}
U12 = {1, 3, 5}


async def births(store: EventStore, tid: int) -> None:
    await store.update_info(start=datetime(2026, 4, 4, 10).timestamp())
    for p in await store.players(tid):
        await store.roster.edit_player(tid, p.id, {"birth_date": BIRTHS[p.pairing_number], "category":
                                                   "U20" if p.pairing_number == 8 else None})
    await finish_round(store, tid, 1, Result.DRAW)


@pytest.fixture
async def event(client: Client) -> AsyncIterator[tuple[EventStore, int]]:
    store, tid = await in_app(client, nine_player_event, app_state(client.app).registry)
    await in_app(client, births, store, tid)
    yield store, tid
    await settle(client, EVENT)


async def test_categories_from_the_birth_dates(client: Client, event: tuple[EventStore, int]) -> None:
    _store, tid = event
    whole = (await client.get(f"/api/standings/{EVENT}/open")).json()
    for category, numbers in (("U12", U12), ("S65", {4}), ("U20", {8}), ("Sen", {2, 6, 7})):
        part = (await client.get(f"/api/standings/{EVENT}/open", params={"category": category})).json()
        assert part == [r for r in whole if r["start_rank"] in numbers], category
    page = html.unescape((await client.get(f"/standings/{EVENT}/open", params={"lang": "fr"})).text)
    parts = re.search(r'id="standings-parts">(.*?)</nav>', page, re.S)
    assert parts is not None and re.findall(r">([^<]+)</a>", parts[1]) == [
        "Tout le monde", "U12", "U20", "Sen", "S65", "Femmes"]
    sheet = (await client.get(f"/print/{EVENT}/{tid}/standings", params={"category": "U12"})).text
    assert len(re.findall(r'class="num part-rank"', sheet)) == len(U12)


@pytest.mark.parametrize("band, low, high", [("2093-2096", 2093, 2096), ("-2094", None, 2094), ("2097-", 2097, None)])
async def test_a_rating_band(client: Client, event: tuple[EventStore, int], band: str, low: int | None,
                             high: int | None) -> None:
    store, tid = event
    rating = {p.pairing_number: p.rating for p in await in_app(client, store.players, tid)}
    inside = {n for n, r in rating.items() if (low is None or r >= low) and (high is None or r <= high)}
    assert 0 < len(inside) < len(rating)
    whole = (await client.get(f"/api/standings/{EVENT}/open")).json()
    part = (await client.get(f"/api/standings/{EVENT}/open", params={"band": band})).json()
    assert part == [r for r in whole if r["start_rank"] in inside]
    page = html.unescape((await client.get(f"/standings/{EVENT}/open", params={"band": band, "lang": "fr"})).text)
    assert f"Elo {band}" in page and f'value="{band}"' in page
    assert len(re.findall(r'class="part-rank"', page)) == len(inside)
    sheet = html.unescape((await client.get(f"/print/{EVENT}/{tid}/standings", params={"band": band})).text)
    assert f"Elo {band}" in sheet and len(re.findall(r'class="num part-rank"', sheet)) == len(inside)


async def test_a_band_that_is_not_one_is_refused(client: Client, event: tuple[EventStore, int]) -> None:
    for band in ("abc", "2000-1600", "-", "1600-1999-2200"):
        for url in (f"/api/standings/{EVENT}/open", f"/standings/{EVENT}/open"):
            response = await client.get(url, params={"band": band, "lang": "fr"})
            assert response.status_code == 400
            assert f"'{band}' n’est pas une tranche Elo" in html.unescape(response.text)
