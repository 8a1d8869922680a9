"""The arbiter's desk and the A4 print sheets over HTTP: content, access, refusals, French."""

from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.store import EventStore
from tests.support.clients import in_app, prime_csrf, settle
from tests.support.events import EVENT, finish_round, login_arbiter, nine_player_event
from tournament.results import Result
from web.state import app_state


@pytest.fixture
async def event(client: AsyncTestClient[Litestar]) -> AsyncIterator[tuple[EventStore, int]]:
    yield await in_app(client, nine_player_event, app_state(client.app).registry)
    await settle(client, EVENT)  # no live notification left running after the test


def cells(text: str, css_class: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", m).strip() for m in re.findall(rf'<td class="{css_class}">(.*?)</td>', text, re.S)]


async def test_pairings_by_board_and_alphabetical(client: AsyncTestClient[Litestar],
                                                  event: tuple[EventStore, int]) -> None:
    store, tid = event
    await in_app(client, finish_round, store, tid, 1, Result.DRAW)
    page = await client.get(f"/print/{EVENT}/{tid}/pairings?round=1&order=board")
    assert page.status_code == 200
    sheet = page.text
    assert "/static/print.css" in sheet and "data-print" in sheet
    names = [p.shown_name for p in await store.players(tid)]
    by_board = cells(sheet, "name")
    # 4 games (two names each) and the bye, in board order: board 1 is 1-5
    assert by_board[:2] == [names[0], names[4]] and by_board[-1] == names[8] and len(by_board) == 9
    assert sheet.count('class="res">½-½</td>') == 4
    assert "Bye" in sheet
    alpha = (await client.get(f"/print/{EVENT}/{tid}/pairings?round=1&order=alpha")).text
    first_column = re.findall(r'<tr(?: class="bye")?><td class="name">(.*?)</td>', alpha, re.S)
    shown = [re.sub(r"<[^>]+>", "", c).strip() for c in first_column]
    assert shown == sorted(names) and len(shown) == 9


async def test_standings_and_crosstable_sheets(client: AsyncTestClient[Litestar],
                                               event: tuple[EventStore, int]) -> None:
    store, tid = event
    await in_app(client, finish_round, store, tid, 1, Result.WHITE_WIN)
    standings = (await client.get(f"/print/{EVENT}/{tid}/standings")).text
    assert "After round 1" in standings
    ranked = re.findall(r'<td class="name">(.*?)</td>', standings, re.S)
    top = {p.shown_name for p in await store.players(tid) if p.pairing_number in (1, 3, 6, 8, 9)}
    assert {re.sub(r"<[^>]+>", "", n).strip() for n in ranked[:5]} == top
    cross = (await client.get(f"/print/{EVENT}/{tid}/crosstable")).text
    assert cross.count('<td class="round">') == 9 and "<b>bye</b>" in cross and "<b>1</b>" in cross


async def test_print_refusals(client: AsyncTestClient[Litestar], app: Litestar, event: tuple[EventStore, int]) -> None:
    store, tid = event
    assert (await client.get(f"/print/{EVENT}/{tid}/pairings?round=9")).status_code == 422
    assert (await client.get(f"/print/{EVENT}/{tid}/pairings?round=2")).status_code == 404
    assert (await client.get(f"/print/{EVENT}/{tid}/pairings?order=sideways")).status_code == 400
    assert (await client.get(f"/print/{EVENT}/999/standings")).status_code == 404
    assert (await client.get(f"/print/nope/{tid}/standings")).status_code == 404
    await in_app(client, lambda: store.update_info(public=False))
    async with AsyncTestClient(app=app) as visitor:
        await prime_csrf(visitor)
        assert (await visitor.get(f"/print/{EVENT}/{tid}/standings")).status_code == 403
    await login_arbiter(client)
    assert (await client.get(f"/print/{EVENT}/{tid}/standings")).status_code == 200


async def test_desk_lists_open_games_next_step_and_exports(client: AsyncTestClient[Litestar],
                                                          event: tuple[EventStore, int]) -> None:
    store, tid = event
    event_page = (await client.get(f"/event/{EVENT}")).text
    assert f"/standings/{EVENT}/open" in event_page and f"/crosstable/{EVENT}/open" in event_page
    assert f"/arbiter/{EVENT}/desk" not in event_page
    response = await client.post(f"/arbiter/{EVENT}/login", data={"password": "arbiter-secret-1"},
                                 follow_redirects=False)
    assert response.headers["location"] == f"/arbiter/{EVENT}/desk"
    assert f"/arbiter/{EVENT}/desk" in (await client.get(f"/event/{EVENT}")).text
    desk = (await client.get(f"/arbiter/{EVENT}/desk")).text
    assert "4 games without result" in desk and desk.count("/board/arb/") == 4  # each game by its board card
    assert "Enter the 4 missing results before pairing round 2." in desk
    for link in (f"/arbiter/{EVENT}/export/{tid}", f"/print/{EVENT}/{tid}/pairings?round=1&amp;order=alpha",
                 f"/print/{EVENT}/{tid}/standings", f"/print/{EVENT}/{tid}/crosstable",
                 f"/board-card/{EVENT}/cards/{tid}", f"/arbiter/{EVENT}/pair/{tid}", f"/screen/{EVENT}/input"):
        assert link in desk, link
    await in_app(client, finish_round, store, tid, 1)
    desk = (await client.get(f"/arbiter/{EVENT}/desk")).text
    assert "games without result" not in desk.split("Next step")[0].replace("0 games without result", "")
    assert "Pair round 2" in desk and "missing results" not in desk
    export = await client.get(f"/arbiter/{EVENT}/export/{tid}")
    assert export.status_code == 200 and "attachment" in export.headers["content-disposition"]
    assert export.text.count("\n001 ") + export.text.startswith("001 ") == 9 and " 1 " in export.text


async def test_desk_and_pairing_in_french(client: AsyncTestClient[Litestar], event: tuple[EventStore, int]) -> None:
    _store, tid = event
    await login_arbiter(client)
    client.cookies.set("lang", "fr")
    desk = html.unescape((await client.get(f"/arbiter/{EVENT}/desk?lang=fr")).text)
    assert "Bureau de l’arbitre" in desk and "Étape suivante" in desk and "Arbiter's desk" not in desk
    pair = (await client.get(f"/arbiter/{EVENT}/pair/{tid}?lang=fr")).text
    assert "Apparier la ronde 2" in pair and "Pair round" not in pair
    sheet = (await client.get(f"/print/{EVENT}/{tid}/pairings?round=1&lang=fr")).text
    assert "Appariements de la ronde 1" in sheet and "Printed" not in sheet
    assert "9 joueur·euses" in desk  # the plural form of the French catalog (ngettext)
    first = (await _store.players(tid))[0].id
    response = await client.post(f"/arbiter/{EVENT}/pair/{tid}/requested-bye",
                                 data={"player": str(first), "score": "0"}, follow_redirects=False)
    assert response.status_code == 303
    desk = html.unescape((await client.get(f"/arbiter/{EVENT}/desk?lang=fr")).text)
    journal = desk.split("Dernières modifications")[1]
    assert "<td>arbitre</td>" in journal and "bye demandé · PLAYER01 Test</td>" in journal
    assert " · boards</td>" in journal  # a screen id stays as it is
