"""The admin's preview of a hall screen's size (issue 26 item 1): text size, columns, rows per page and pages of the
600-player open at the legibility rule, live while the form is filled, and the families' generated screens."""

from __future__ import annotations

import math
import re

import pytest

from tests.support.clients import Client, in_app, new_event, post
from tests.support.hall import add_open

pytestmark = pytest.mark.asyncio(loop_scope="module")
EVENT = "/admin/events/open"
FIGURES = re.compile(r'class="legibility-figures" data-px="(\d+)" data-columns="(\d+)" data-rows="(\d+)" '
                     r'data-pages="(\d+)"')


def figures(text: str) -> list[tuple[int, int, int, int]]:
    return [tuple(int(x) for x in m) for m in FIGURES.findall(text)]  # type: ignore[misc]


async def test_the_screen_page_says_the_size_and_pages_and_updates_while_typing(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await in_app(admin_web, add_open, store)
    response = await post(admin_web, f"{EVENT}/screens", {"uniq_id": "boards", "type": "boards", "columns": "2",
                                                         "tournament_id": str(tid), "menu_link": "1"})
    assert response.status_code == 303, response.text
    screen_id = (await store.screen("boards")).id
    page = await admin_web.get(f"{EVENT}/screens/{screen_id}?lang=fr")
    [(px, columns, rows, pages)] = figures(page.text)
    assert px == 35  # 7 px a metre at 5 m on 1080 lines
    games = 299  # the open's round 6: 298 games and the bye
    assert pages == math.ceil(games / (rows * columns)) > 4
    assert "famille de" in page.text and f'hx-get="/admin/events/open/screens/{screen_id}/legibility"' in page.text
    # while typing: 3 m reads smaller text, more rows a page, fewer pages; nothing is saved
    near = await admin_web.get(f"{EVENT}/screens/{screen_id}/legibility", params={"readable_m": "3", "columns": "2"})
    [(px3, _columns3, rows3, pages3)] = figures(near.text)
    assert px3 == 21 and rows3 > rows and pages3 < pages
    assert (await store.screen("boards")).readable_m is None
    # a wrong figure is said in place of the preview
    wrong = await admin_web.get(f"{EVENT}/screens/{screen_id}/legibility", params={"readable_m": "99"},
                                headers={"Accept-Language": "fr"})
    assert wrong.status_code == 200 and figures(wrong.text) == [] and "legibility-error" in wrong.text
    # saved: the hall screen's page carries the rule for autofit.js
    response = await post(admin_web, f"{EVENT}/screens/{screen_id}", {"uniq_id": "boards", "columns": "2",
                                                                        "readable_m": "8", "menu_link": "1"})
    assert response.status_code == 303, response.text
    assert (await store.screen("boards")).readable_m == 8
    hall = await admin_web.get("/screen/open/boards")
    share = float(re.search(r'data-min-text="([\d.]+)"', hall.text)[1])  # type: ignore[index]
    assert math.ceil(share * 1080 - 1e-6) == 56  # 7 × 8 px on 1080 lines


async def test_the_families_page_says_what_each_generated_screen_looks_like(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await in_app(admin_web, add_open, store)
    data = {"uniq_id": "room", "type": "boards", "tournament_id": str(tid), "columns": "2", "number": "40",
            "menu_link": "1"}
    response = await post(admin_web, f"{EVENT}/families", data)
    assert response.status_code == 303, response.text
    listing = await admin_web.get(f"{EVENT}/families?lang=fr")
    shown = figures(listing.text)
    assert len(shown) == math.ceil(299 / 40)  # one line per generated screen
    px, columns, rows, pages = shown[0]
    assert px == 35 and pages == math.ceil(40 / (rows * columns)) > 1
    said = "colonnes demandées" in listing.text or "sur deux lignes" in listing.text
    assert said == (columns < 2)  # a fall-back to fewer columns is said
    assert "une famille de" in listing.text  # a paging screen is told how many screens would show each on one page
