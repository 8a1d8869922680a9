"""Pages in French: words from the catalog, plural forms, refusals translated by key, French decimals and dates."""

from __future__ import annotations

import html
import re
from datetime import datetime
from pathlib import Path

from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.imports import import_trf
from tests.support.events import EVENT, HX, INPUT_URL, form, game, games, login_arbiter, make_event, stored
from tests.support.files import fixture_path
from tournament.results import Result
from web.state import app_state


async def test_arbiter_pages_and_refusals_in_french(client: AsyncTestClient[Litestar]) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    login = await client.get(f"/arbiter/{EVENT}?lang=fr")
    assert "Mot de passe arbitre" in login.text and "Arbiter password" not in login.text
    bad_card = await client.get(f"/board/{EVENT}/t/1?k=not-a-token&lang=fr")
    assert bad_card.status_code == 403
    assert "Cette carte d’échiquier n’est pas valable" in html.unescape(bad_card.text)
    p = (await games(store, tid))[0]
    forfeit = await client.post(f"{INPUT_URL}/result?lang=fr", data=form(p, Result.WHITE_FORFEIT_WIN), headers=HX)
    assert forfeit.status_code == 403 and "Les forfaits (1-F) sont saisis par un·e arbitre." in forfeit.text
    assert await login_arbiter(client) == 303
    home = await client.get(f"/arbiter/{EVENT}?lang=fr")
    assert "Journal des modifications" in home.text and "Journal of changes" not in home.text


async def test_counts_take_the_plural_form_of_the_language(client: AsyncTestClient[Litestar]) -> None:
    """Two players, one game: French `2 joueur·euses`, `1 partie sans résultat`; English the same rule here."""
    await make_event(app_state(client.app).registry, players=2)
    french = html.unescape((await client.get(f"/event/{EVENT}?lang=fr")).text)
    assert "2 joueur·euses" in french and "1 partie sans résultat" in french and "parties sans" not in french
    english = (await client.get(f"/event/{EVENT}?lang=en")).text
    assert "2 players" in english and "1 game without result" in english and "1 games" not in english


async def test_a_conflict_on_a_french_page_comes_back_in_french(client: AsyncTestClient[Litestar]) -> None:
    """An illegal-move mark for a round that is not the current one: 409, in French, the round filled in."""
    store, tid = await make_event(app_state(client.app).registry, record_illegal_moves=2)
    p = await game(store, tid)
    url = f"{INPUT_URL}/illegal"
    mark = {"tournament_id": str(tid), "round": "3", "player_id": str(p.white_player_id), "action": "add"}
    english = await client.post(url, data=mark, headers=HX)
    assert english.status_code == 409
    assert "Round 3 is not the current round any more. Nothing was changed." in html.unescape(english.text)
    french = await client.post(f"{url}?lang=fr", data=mark, headers=HX)
    assert french.status_code == 409
    text = html.unescape(french.text)
    assert "La ronde 3 n’est plus la ronde en cours. Rien n’a été modifié." in text and "current round" not in text
    client.cookies.set("lang", "fr")  # the language chosen on a page (its cookie) does the same
    try:
        page = await client.post(url, data=mark)
    finally:
        client.cookies.delete("lang")
    assert page.status_code == 409 and "La ronde 3 n’est plus la ronde en cours." in html.unescape(page.text)
    assert await store.illegal_moves(tid, 1) == []


async def test_a_second_result_on_a_french_page_comes_back_in_french(client: AsyncTestClient[Litestar]) -> None:
    """A second result on a board: 409, in French, with the board and the stored result filled in."""
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    url = f"{INPUT_URL}/result"
    assert (await client.post(url, data=form(p, Result.WHITE_WIN), headers=HX)).status_code == 200
    french = await client.post(f"{url}?lang=fr", data=form(p, Result.BLACK_WIN), headers=HX)
    assert french.status_code == 409
    text = html.unescape(french.text)
    assert f"L’échiquier {p.board} a déjà un résultat (1-0). Rien n’a été enregistré." in text
    assert "already has a result" not in text
    assert await stored(store, p) is Result.WHITE_WIN


URL = "open-de-fouville-sur-dame-2026"


async def test_standings_show_a_decimal_comma_in_french(client: AsyncTestClient[Litestar], events_dir: Path) -> None:
    """The tie-break values of the JSON (2.5) appear as 2,5 on the French page, as 2.5 on the English one."""
    await import_trf(fixture_path("small-20p-5r.trf").read_bytes(), "s.trf", events_dir, "ev", None)
    query = "tiebreaks=BH,SB"
    rows = (await client.get(f"/api/standings/ev/{URL}?{query}")).json()
    halves = {str(v) for r in rows for v in r["tiebreaks"].values() if v != int(v)}
    assert halves  # the check below sees decimals
    cells = r"<td>([^<]*)</td>"
    french = set(re.findall(cells, (await client.get(f"/standings/ev/{URL}?{query}&lang=fr")).text))
    english = set(re.findall(cells, (await client.get(f"/standings/ev/{URL}?{query}&lang=en")).text))
    assert {v.replace(".", ",") for v in halves} <= french and not halves & french
    assert halves <= english


async def test_event_dates_are_spelled_in_the_language(client: AsyncTestClient[Litestar]) -> None:
    registry = app_state(client.app).registry
    start, stop = (datetime(2026, 11, day, 10).timestamp() for day in (26, 28))
    await registry.create("dated", name="Open de novembre", start=start, stop=stop)
    french = html.unescape((await client.get("/?lang=fr")).text)
    assert "26 novembre 2026 → 28 novembre 2026" in french
    english = (await client.get("/?lang=en")).text
    assert "November 26, 2026 → November 28, 2026" in english


FRENCH_MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
                 "novembre", "décembre")


async def test_the_journal_days_are_spelled_in_french(client: AsyncTestClient[Litestar]) -> None:
    await make_event(app_state(client.app).registry)
    assert await login_arbiter(client) == 303
    page = html.unescape((await client.get(f"/arbiter/{EVENT}/journal?lang=fr")).text)
    headings = re.findall(r'<tr class="day"><th colspan="6"><time datetime="(\d+)-(\d+)-(\d+)">([^<]*)</time>', page)
    assert headings
    for year, month, day, shown in headings:
        assert shown == f"{int(day)} {FRENCH_MONTHS[int(month) - 1]} {year}"
