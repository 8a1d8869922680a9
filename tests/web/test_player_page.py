"""Every player's page over HTTP: next board and colour, each round's opponent, colour and result, points and rank;
the name search; names linked from the standings and the cross-table; refusals in words."""

from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.views.standings import standings_for
from database.store import EventStore
from tests.support.clients import in_app, settle
from tests.support.events import EVENT, finish_round, nine_player_event
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
BASE = f"/player/{EVENT}/open"


@pytest.fixture
async def paired(client: Client) -> AsyncIterator[tuple[EventStore, int]]:
    """Round 1 of a 9-player Swiss: 1-5, 6-2, 3-7, 8-4 and the bye for 9; no result yet."""
    yield await in_app(client, nine_player_event, app_state(client.app).registry)
    await settle(client, EVENT)


def text_of(page: str, element_id: str) -> str:
    """The text of the element with that id (a div, a row, a list or a paragraph, none nested in its kind)."""
    tag = re.search(rf'<(\w+)[^>]*id="{element_id}"', page)
    assert tag, element_id
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</{tag[1]}>', page, re.S)
    assert match, element_id
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", match[1])).split())


async def test_before_and_after_the_result(client: Client, paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    players = {p.pairing_number: p for p in await store.players(tid)}
    page = (await client.get(f"{BASE}/2")).text
    assert players[2].shown_name in page
    six = players[6]
    assert text_of(page, "player-next") == f"Round 1 · Board 2 Black against {six.shown_name} ({six.rating})"
    assert f'href="{BASE}/6"' in page
    assert text_of(page, "round-1").endswith("… 0")  # no result yet: nothing scored
    await in_app(client, finish_round, store, tid, 1, Result.BLACK_WIN)
    await settle(client, EVENT)
    page = (await client.get(f"{BASE}/2")).text
    assert text_of(page, "round-1") == f"1 B {players[6].shown_name} {players[6].rating} · board 2 1 1"
    assert "Round 2 is not paired yet." in text_of(page, "player-next")
    rank = re.search(r'class="rank">([^<]*)</span>', page)
    standings = await in_app(client, standings_for, store, tid)
    row = next(r for r in standings.rows if r.player_id == players[2].id)
    assert rank and rank[1] == row.place and float(row.points) == 1  # the standings' place after round 1
    bye = (await client.get(f"{BASE}/9")).text
    assert text_of(bye, "round-1") == "1 Bye 1 1"


async def test_search_and_links(client: Client, paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    players = await store.players(tid)
    found = (await client.get(BASE, params={"q": "player03"})).text
    assert text_of(found, "player-found").startswith(players[2].shown_name)
    assert f'href="{BASE}/3"' in found and f'href="{BASE}/4"' not in found
    assert "No player matches" in (await client.get(BASE, params={"q": "nobody here"})).text
    assert f'href="{BASE}/3"' in (await client.get(BASE, params={"q": "3"})).text
    await in_app(client, finish_round, store, tid, 1)
    for url in (f"/standings/{EVENT}/open", f"/crosstable/{EVENT}/open"):
        page = (await client.get(url)).text
        assert all(f'href="{BASE}/{p.pairing_number}">{html.escape(p.shown_name)}</a>' in page for p in players), url
    assert f'href="{BASE}"' in (await client.get(f"/event/{EVENT}")).text


async def hide(store: EventStore) -> None:
    await store.update_info(public=False)


async def test_refusals(client: Client, paired: tuple[EventStore, int]) -> None:
    store, _tid = paired
    missing = await client.get(f"{BASE}/99")
    assert missing.status_code == 404 and "No player number 99" in missing.text
    assert (await client.get(f"/player/{EVENT}/nope/1")).status_code == 404
    assert (await client.get(f"{BASE}/abc")).status_code in (400, 404)
    await in_app(client, hide, store)
    assert (await client.get(f"{BASE}/1")).status_code == 403
    assert (await client.get(BASE, params={"q": "a"})).status_code == 403
