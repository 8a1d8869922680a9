"""The printed player list (by number, alphabetical) and check-in list over HTTP: order, columns, access."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.store import EventStore
from tests.support.clients import in_app, settle
from tests.support.events import EVENT, login_arbiter, nine_player_event
from web.state import app_state

Client = AsyncTestClient[Litestar]
NAMES = ["Zola", "Yildiz", "Xu", "Weber", "Vidal", "Ueda", "Tan", "Sousa", "Roy"]  # the reverse of the numbers


async def renamed(store: EventStore, tid: int) -> None:
    """Players 1..9 renamed so that the alphabetical order is the reverse of the numbers; 2 and 5 checked in."""
    for p in await store.players(tid):
        await store.roster.edit_player(tid, p.id, {"last_name": NAMES[p.pairing_number - 1], "club": f"Club {p.id}",
                                                   "federation": "FRA", "checked_in": p.pairing_number in (2, 5)})


@pytest.fixture
async def event(client: Client) -> AsyncIterator[tuple[EventStore, int]]:
    store, tid = await in_app(client, nine_player_event, app_state(client.app).registry)
    await in_app(client, renamed, store, tid)
    yield store, tid
    await settle(client, EVENT)


def rows(text: str, table: str) -> list[list[str]]:
    body = re.search(rf'id="{table}".*?<tbody>(.*?)</tbody>', text, re.S)
    assert body, table
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
            for r in re.findall(r"<tr>(.*?)</tr>", body[1], re.S)]


async def test_player_list_by_number_and_alphabetical(client: Client, event: tuple[EventStore, int]) -> None:
    _store, tid = event
    by_number = rows((await client.get(f"/print/{EVENT}/{tid}/players")).text, "players-sheet")
    assert [r[0] for r in by_number] == [str(n) for n in range(1, 10)]
    assert [r[2].split()[0] for r in by_number] == [n.upper() for n in NAMES]
    assert {r[4] for r in by_number} == {"FRA"} and all(r[5].startswith("Club ") for r in by_number)
    alpha = rows((await client.get(f"/print/{EVENT}/{tid}/players", params={"order": "alpha"})).text, "players-sheet")
    assert [r[2].split()[0] for r in alpha] == sorted(n.upper() for n in NAMES)
    assert (await client.get(f"/print/{EVENT}/{tid}/players", params={"order": "rating"})).status_code == 400


async def test_check_in_list(client: Client, event: tuple[EventStore, int]) -> None:
    _store, tid = event
    page = (await client.get(f"/print/{EVENT}/{tid}/checkin", params={"lang": "fr"})).text
    assert "Liste de pointage" in page
    lines = rows(page, "checkin-sheet")
    assert [r[1].split()[0] for r in lines] == sorted(n.upper() for n in NAMES)
    ticked = {r[0] for r in lines if r[4] == "☑"}
    assert ticked == {"2", "5"} and all(r[4] in "☑☐" for r in lines)


async def test_only_arbiters_on_a_private_event(client: Client, event: tuple[EventStore, int]) -> None:
    store, tid = event
    await in_app(client, hide, store)
    for sheet in ("players", "checkin"):
        assert (await client.get(f"/print/{EVENT}/{tid}/{sheet}")).status_code == 403
    assert await login_arbiter(client) == 303
    assert (await client.get(f"/print/{EVENT}/{tid}/checkin")).status_code == 200
    desk = (await client.get(f"/arbiter/{EVENT}/desk")).text
    assert f'href="/print/{EVENT}/{tid}/checkin"' in desk


async def hide(store: EventStore) -> None:
    await store.update_info(public=False)
