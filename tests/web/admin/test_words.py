"""Admin in words: times typed in minutes, colour pickers, the codes in plain sight, help texts, next steps,
wide tables in a scrolling wrapper, the player list's columns."""

from __future__ import annotations

import html
import re

import pytest

from tests.support.clients import Client, field_error, new_event, post
from tests.support.events import import_fixture
from tests.support.files import fixture_path

pytestmark = pytest.mark.asyncio(loop_scope="module")
EVENT = {"name": "Open 2026", "start": "2026-07-01", "stop": "2026-07-03"}


def input_value(text: str, name: str) -> str | None:
    match = re.search(rf'<input [^>]*name="{re.escape(name)}"[^>]*value="([^"]*)"', text)
    return html.unescape(match[1]) if match else None


async def test_time_control_is_typed_in_minutes_and_stored_in_seconds(admin_web: Client) -> None:
    store = await new_event(admin_web)
    response = await post(admin_web, "/admin/events/open/tournaments", {
        "uniq_id": "a", "name": "Open A", "rounds": "7", "time_control_initial_time_minutes": "90",
        "time_control_increment": "30", "time_control_handicap_min_time_minutes": "1.5"})
    assert response.status_code == 303, response.text[:300]
    t = (await store.tournaments())[0]
    assert (t.time_control_initial_time, t.time_control_increment, t.time_control_handicap_min_time) == (5400, 30, 90)
    page = await admin_web.get(f"/admin/events/open/tournaments/{t.id}")
    assert input_value(page.text, "time_control_initial_time_minutes") == "90"
    assert input_value(page.text, "time_control_handicap_min_time_minutes") == "1.5"
    assert 'name="time_control_initial_time"' not in page.text
    # a wrong value is named next to the minutes field, kept as typed, and changes nothing
    bad = await post(admin_web, f"/admin/events/open/tournaments/{t.id}",
                     {"uniq_id": "a", "name": "Open A", "time_control_initial_time_minutes": "soon"})
    assert bad.status_code == 422
    assert field_error(bad, "time_control_initial_time")
    assert input_value(bad.text, "time_control_initial_time_minutes") == "soon"
    assert (await store.tournament(t.id)).time_control_initial_time == 5400


async def test_colours_are_picked_and_default_is_a_box(admin_web: Client) -> None:
    store = await new_event(admin_web)
    page = await admin_web.get("/admin/events/open")
    assert re.search(r'<input type="color" name="background_color"', page.text)
    assert re.search(r'<input type="color" name="colour1"', page.text)
    assert "#RRGGBB" not in page.text
    saved = await post(admin_web, "/admin/events/open", {**EVENT, "background_color": "#12ab34", "colour2": "#ff0000",
                                                          "colour1": "#000000", "colour1_unset": "1"})
    assert saved.status_code == 303, saved.text[:300]
    info = await store.info()
    assert info.background_color == "#12AB34"
    assert info.timer_colors is not None and "#FF0000" in info.timer_colors and '"1"' not in info.timer_colors
    cleared = await post(admin_web, "/admin/events/open", {**EVENT, "background_color": "#12ab34",
                                                            "background_color_unset": "1"})
    assert cleared.status_code == 303
    assert (await store.info()).background_color is None


async def test_the_codes_are_in_plain_sight(admin_web: Client) -> None:
    await new_event(admin_web)
    page = (await admin_web.get("/admin/events/open")).text
    codes, details = page.index('id="codes"'), page.index("<details")
    assert codes < details
    assert page.index('name="input_code"') < details and page.index('name="arbiter_code"') < details
    assert "No input code: anyone in the hall can enter results." in html.unescape(page)
    await post(admin_web, "/admin/events/open", {**EVENT, "input_code": "123456"})
    page = (await admin_web.get("/admin/events/open")).text
    assert "An input code is set." in page


async def test_each_creation_ends_with_a_next_step(admin_web: Client) -> None:
    response = await post(admin_web, "/admin/events", {"event_id": "open", **EVENT})
    page = await admin_web.get(response.headers["location"])
    assert 'id="next-step" href="/admin/events/open/tournaments"' in page.text
    response = await post(admin_web, "/admin/events/open/tournaments", {"uniq_id": "a", "name": "Open A"})
    page = await admin_web.get(response.headers["location"])
    assert 'id="next-step" href="#upload"' in page.text and 'id="upload"' in page.text
    response = await post(admin_web, "/admin/events/open/screens", {"uniq_id": "hall", "type": "boards"})
    assert response.status_code == 303, response.text[:300]
    page = await admin_web.get(response.headers["location"])
    assert 'id="next-step" href="#sets"' in page.text and 'id="sets"' in page.text
    # without a creation, no next step
    assert 'id="next-step"' not in (await admin_web.get("/admin/events/open")).text


async def test_an_import_ends_with_the_players_as_next_step(admin_web: Client) -> None:
    store = await new_event(admin_web)
    await post(admin_web, "/admin/events/open/tournaments", {"uniq_id": "a", "name": "Open A"})
    tid = (await store.tournaments())[0].id
    data = fixture_path("small-20p-5r.trf").read_bytes()
    response = await admin_web.post(f"/admin/events/open/tournaments/{tid}/upload",
                                    files={"file": ("small.trf", data, "text/plain")})
    assert response.status_code == 200
    assert f'id="next-step" href="/admin/events/open/tournaments/{tid}/players"' in response.text


async def test_the_player_list_shows_title_federation_club_and_category(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    await post(admin_web, f"/admin/events/open/tournaments/{tid}/players",
               {"last_name": "Zeta", "first_name": "Ana", "title": "WIM", "federation": "FRA",
                "club": "Echiquier Niçois"})
    page = (await admin_web.get(f"/admin/events/open/tournaments/{tid}/players?q=Zeta")).text
    head = re.search(r"<thead>(.*?)</thead>", page, re.S)
    assert head
    assert [html.unescape(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", head[1])][1:7] == [
        "Player", "Title", "Rating", "Federation", "Club", "Category"]
    row = re.search(r"<tr><td class=\"num\">\d+</td>(.*?)</tr>", page, re.S)
    assert row
    cells = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row[1], re.S)]
    assert cells[1:5] == ["WIM", "", "FRA", "Echiquier Niçois"], cells
    assert "Zeta" in cells[0].title(), cells
    # every admin table scrolls inside its wrapper, not the page
    assert '<div class="table-wrap"><table class="admin-list" id="player-rows">' in page
