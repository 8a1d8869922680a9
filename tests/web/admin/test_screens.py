"""Admin pages: screens and sets, families, rotators, timers and hours (valid and invalid input)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from database.store import EventStore
from tests.support.clients import Client, expect_error, new_event, post
from tests.support.events import import_fixture
from tournament import config_rules as rules
from tournament.hall import screen_rules as srules

pytestmark = pytest.mark.asyncio(loop_scope="module")
EVENT = "/admin/events/open"


async def event_with_tournament(client: Client) -> tuple[EventStore, int]:
    store = await new_event(client)
    return store, await import_fixture(store, "small-20p-5r.trf")


async def make_screen(client: Client, store: EventStore, tid: int, uniq_id: str = "boards", **extra: str) -> int:
    data = {"uniq_id": uniq_id, "type": "boards", "tournament_id": str(tid), "columns": "2", "public": "1", **extra}
    response = await post(client, f"{EVENT}/screens", data)
    assert response.status_code == 303, response.text
    return next(s.id for s in await store.screens() if s.uniq_id == uniq_id)


# -- screens -------------------------------------------------------------------------------------

async def test_create_edit_and_delete_a_screen(admin_web: Client) -> None:
    store, tid = await event_with_tournament(admin_web)
    announced: list[tuple[str, int | None]] = []
    store.subscribe(lambda event: announced.append(event.key))
    screen_id = await make_screen(admin_web, store, tid)
    screen = await store.screen("boards")
    assert (screen.type, screen.columns, screen.public) == ("boards", 2, True)
    assert [(s.tournament_id, s.order) for s in await store.screen_sets(screen_id)] == [(tid, 1)]
    assert ("config", None) in announced
    page = await admin_web.get(f"{EVENT}/screens/{screen_id}")
    assert page.status_code == 200 and 'href="/screen/open/boards"' in page.text
    response = await post(admin_web, f"{EVENT}/screens/{screen_id}", {"uniq_id": "hall-boards", "columns": "3",
                                                                         "name": "Boards"})
    assert response.status_code == 303
    screen = await store.screen("hall-boards")
    assert (screen.columns, screen.name, screen.public) == (3, "Boards", False)
    await post(admin_web, f"{EVENT}/rotators", {"uniq_id": "hall", "screen_ids": [str(screen_id)]})
    assert (await post(admin_web, f"{EVENT}/screens/{screen_id}/delete")).status_code == 303
    assert await store.screens() == [] and await store.screen_sets() == []
    assert json.loads((await store.rotators())[0].screen_ids or "") == []


@pytest.mark.parametrize("change, field, text, args", [
    ({"uniq_id": ""}, "uniq_id", rules.REQUIRED, ()),
    ({"uniq_id": "a:b"}, "uniq_id", rules.BAD_IDENT, ()),
    ({"type": "ticker"}, "type", rules.NOT_CHOICE, ()),
    ({"columns": "9"}, "columns", rules.TOO_BIG, (srules.MAX_COLUMNS,)),
    ({"tournament_id": "999"}, "tournament_id", srules.UNKNOWN_TOURNAMENT, ()),
    ({"timer_id": "999"}, "timer_id", srules.UNKNOWN_TIMER, ()),
    ({"type": "image", "background_color": "blue"}, "background_color", rules.BAD_COLOUR, ()),
])
async def test_a_bad_screen_is_refused(admin_web: Client, change: dict[str, str], field: str, text: str,
                                       args: tuple[Any, ...]) -> None:
    store, tid = await event_with_tournament(admin_web)
    data = {"uniq_id": "s", "type": "boards", "tournament_id": str(tid), **change}
    expect_error(await post(admin_web, f"{EVENT}/screens", data), field, text, *args)
    assert await store.screens() == []


async def test_screen_ids_are_unique_and_never_those_of_a_family_screen(admin_web: Client) -> None:
    store, tid = await event_with_tournament(admin_web)
    await make_screen(admin_web, store, tid)
    data = {"uniq_id": "boards", "type": "boards"}
    expect_error(await post(admin_web, f"{EVENT}/screens", data), "uniq_id", rules.TAKEN)
    await post(admin_web, f"{EVENT}/families", {"uniq_id": "room", "type": "boards", "tournament_id": str(tid)})
    data = {"uniq_id": "room-2", "type": "boards"}
    expect_error(await post(admin_web, f"{EVENT}/screens", data), "uniq_id", srules.FAMILY_CLASH, "room")
    response = await post(admin_web, f"{EVENT}/families", {"uniq_id": "boards", "type": "boards",
                                                             "tournament_id": str(tid)})
    assert response.status_code == 303  # "boards-<n>" is free: the plain screen is called "boards"
    await make_screen(admin_web, store, tid, "late-1")
    response = await post(admin_web, f"{EVENT}/families", {"uniq_id": "late", "type": "boards",
                                                             "tournament_id": str(tid)})
    expect_error(response, "uniq_id", srules.SCREEN_CLASH, "late-1")


async def test_a_results_limit_that_is_not_a_multiple_of_the_columns_is_announced(admin_web: Client) -> None:
    store, tid = await event_with_tournament(admin_web)
    await post(admin_web, f"{EVENT}/screens", {"uniq_id": "results", "type": "results"})
    screen = await store.screen("results")
    response = await post(admin_web, f"{EVENT}/screens/{screen.id}", {
        "uniq_id": "results", "columns": "3", "results_limit": "10", "results_tournament_ids": [str(tid), "999"]})
    assert response.status_code == 200
    assert (srules.LIMIT_ROUNDED % (10, 12)) in response.text
    screen = await store.screen("results")
    assert (screen.results_limit, json.loads(screen.results_tournament_ids or "")) == (10, [tid])
    response = await post(admin_web, f"{EVENT}/screens/{screen.id}", {"uniq_id": "results", "results_limit": "-1"})
    expect_error(response, "results_limit", rules.TOO_SMALL, 0)


# -- sets ----------------------------------------------------------------------------------------

async def test_add_edit_move_and_delete_sets(admin_web: Client) -> None:
    store, tid = await event_with_tournament(admin_web)
    screen_id = await make_screen(admin_web, store, tid)
    url = f"{EVENT}/screens/{screen_id}/sets"
    assert (await post(admin_web, url, {"tournament_id": str(tid), "first": "1", "last": "5"})).status_code == 303
    assert (await post(admin_web, url, {"tournament_id": str(tid), "use_fixed_boards": "1",
                                           "fixed_boards_str": "12, 14"})).status_code == 303
    first, second, third = await store.screen_sets(screen_id)
    assert (second.first, second.last, third.fixed_boards_str) == (1, 5, "12, 14")
    response = await post(admin_web, f"{url}/{third.id}", {"tournament_id": str(tid), "name": "Top"})
    assert response.status_code == 303
    assert [(s.name, s.fixed_boards_str) for s in await store.screen_sets(screen_id)][2] == ("Top", None)
    assert (await post(admin_web, f"{url}/{third.id}/move", {"direction": "up"})).status_code == 303
    assert [s.id for s in await store.screen_sets(screen_id)] == [first.id, third.id, second.id]
    await post(admin_web, f"{url}/{first.id}/move", {"direction": "up"})  # already first: unchanged
    assert [s.id for s in await store.screen_sets(screen_id)] == [first.id, third.id, second.id]
    assert (await post(admin_web, f"{url}/{first.id}/delete")).status_code == 303
    assert [s.id for s in await store.screen_sets(screen_id)] == [third.id, second.id]


@pytest.mark.parametrize("data, field, text, args", [
    ({"tournament_id": "999"}, "tournament_id", srules.UNKNOWN_TOURNAMENT, ()),
    ({"tournament_id": ""}, "tournament_id", rules.REQUIRED, ()),
    ({"first": "12", "last": "3"}, "last", srules.FIRST_AFTER_LAST, (12, 3)),
    ({"first": "0"}, "first", rules.TOO_SMALL, (1,)),
    ({"use_fixed_boards": "1", "fixed_boards_str": "12, x"}, "fixed_boards_str", srules.NOT_BOARD, ("x",)),
    ({"use_fixed_boards": "1", "fixed_boards_str": "3, 7"}, "fixed_boards_str", srules.FIXED_OVERLAP, (7,)),
    ({"use_fixed_boards": "1", "fixed_boards_str": "20", "first": "2"}, "first", srules.FIXED_AND_RANGE, ()),
])
async def test_a_bad_set_is_refused_next_to_its_field(admin_web: Client, data: dict[str, str], field: str,
                                                      text: str, args: tuple[Any, ...]) -> None:
    store, tid = await event_with_tournament(admin_web)
    screen_id = await make_screen(admin_web, store, tid)
    url = f"{EVENT}/screens/{screen_id}/sets"
    await post(admin_web, url, {"tournament_id": str(tid), "use_fixed_boards": "1", "fixed_boards_str": "7, 8"})
    before = await store.screen_sets(screen_id)
    response = await post(admin_web, url, {"tournament_id": str(tid), **data})
    expect_error(response, f"new-{field}", text, *args)
    [first] = before[:1]
    response = await post(admin_web, f"{url}/{first.id}", {"tournament_id": str(tid), **data})
    expect_error(response, f"set{first.id}-{field}", text, *args)
    assert await store.screen_sets(screen_id) == before


# -- families ------------------------------------------------------------------------------------

async def test_create_edit_and_delete_a_family(admin_web: Client) -> None:
    store, tid = await event_with_tournament(admin_web)
    data = {"uniq_id": "room", "type": "boards", "tournament_id": str(tid), "parts": "2", "columns": "1",
            "public": "1", "menu_link": "1"}
    response = await post(admin_web, f"{EVENT}/families", data)
    assert response.status_code == 303
    [family] = await store.families()
    assert (family.parts, family.menu_link, family.menu, family.tournament_id) == (2, True, "", tid)
    page = await admin_web.get(f"{EVENT}/families/{family.id}")
    assert 'href="/screen/open/room-1"' in page.text and 'href="/screen/open/room-2"' in page.text
    response = await post(admin_web, f"{EVENT}/families/{family.id}", {**data, "parts": "", "number": "4"})
    assert response.status_code == 303
    assert ((await store.families())[0].parts, (await store.families())[0].number) == (None, 4)
    assert (await post(admin_web, f"{EVENT}/families/{family.id}/delete")).status_code == 303
    assert await store.families() == []


@pytest.mark.parametrize("change, field, text, args", [
    ({"type": "results"}, "type", rules.NOT_CHOICE, ()),
    ({"tournament_id": "999"}, "tournament_id", srules.UNKNOWN_TOURNAMENT, ()),
    ({"parts": "2", "number": "3"}, "number", srules.PARTS_AND_NUMBER, ()),
    ({"range": "x"}, "range", srules.BAD_RANGE, ()),
    ({"range": "6-4"}, "range", srules.RANGE_ORDER, ()),
    ({"first": "9", "last": "2"}, "last", srules.FIRST_AFTER_LAST, (9, 2)),
    ({"timer_id": "42"}, "timer_id", srules.UNKNOWN_TIMER, ()),
    ({"uniq_id": "a b"}, "uniq_id", rules.BAD_IDENT, ()),
])
async def test_a_bad_family_is_refused(admin_web: Client, change: dict[str, str], field: str, text: str,
                                       args: tuple[Any, ...]) -> None:
    store, tid = await event_with_tournament(admin_web)
    data = {"uniq_id": "room", "type": "boards", "tournament_id": str(tid), **change}
    expect_error(await post(admin_web, f"{EVENT}/families", data), field, text, *args)
    assert await store.families() == []


async def test_a_family_of_more_than_fifty_screens_is_refused(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "open-600p-9r.trf")
    data = {"uniq_id": "room", "type": "players", "tournament_id": str(tid), "number": "5"}
    response = await post(admin_web, f"{EVENT}/families", data)
    expect_error(response, "number", srules.TOO_MANY_SCREENS, -(-len(await store.players(tid)) // 5),
                 srules.MAX_FAMILY_SCREENS)
    assert await store.families() == []
    response = await post(admin_web, f"{EVENT}/families", {**data, "range": "1-50"})
    assert response.status_code == 303


# -- rotators ------------------------------------------------------------------------------------

async def test_create_order_edit_and_delete_a_rotator(admin_web: Client) -> None:
    store, tid = await event_with_tournament(admin_web)
    boards = await make_screen(admin_web, store, tid, "boards")
    private = await make_screen(admin_web, store, tid, "zz-private", public="")
    await post(admin_web, f"{EVENT}/families", {"uniq_id": "room", "type": "boards", "tournament_id": str(tid)})
    [family] = await store.families()
    data = {"uniq_id": "hall", "delay": "20", "public": "1", "screen_ids": [str(boards), str(private)],
            "family_ids": [str(family.id)]}
    response = await post(admin_web, f"{EVENT}/rotators", data)
    assert response.status_code == 200  # saved, with a warning to read
    assert srules.PRIVATE_IN_PUBLIC % "zz-private, room" in response.text
    [rotator] = await store.rotators()
    assert (rotator.delay, json.loads(rotator.screen_ids or ""), json.loads(rotator.family_ids or "")) == (
        20, [boards, private], [family.id])
    url = f"{EVENT}/rotators/{rotator.id}"
    response = await post(admin_web, f"{url}/move", {"column": "screen_ids", "item": str(private),
                                                        "direction": "up"})
    assert response.status_code == 303
    assert json.loads((await store.rotators())[0].screen_ids or "") == [private, boards]
    response = await post(admin_web, url, {**data, "screen_ids": [str(boards), str(private)], "public": ""})
    assert response.status_code == 303  # the stored order is kept
    assert json.loads((await store.rotators())[0].screen_ids or "") == [private, boards]
    page = await admin_web.get(url)
    assert 'href="/rotator/open/hall"' in page.text
    assert (await post(admin_web, f"{url}/delete")).status_code == 303
    assert await store.rotators() == []


@pytest.mark.parametrize("change, field, text, args", [
    ({"screen_ids": []}, "screen_ids", srules.NO_SCREEN, ()),
    ({"screen_ids": ["999"]}, "screen_ids", srules.UNKNOWN_SCREEN, ()),
    ({"family_ids": ["999"]}, "family_ids", srules.UNKNOWN_FAMILY, ()),
    ({"delay": "0"}, "delay", rules.TOO_SMALL, (1,)),
    ({"uniq_id": ""}, "uniq_id", rules.REQUIRED, ()),
])
async def test_a_bad_rotator_is_refused(admin_web: Client, change: dict[str, Any], field: str, text: str,
                                        args: tuple[Any, ...]) -> None:
    store, tid = await event_with_tournament(admin_web)
    boards = await make_screen(admin_web, store, tid)
    data = {"uniq_id": "hall", "screen_ids": [str(boards)], **change}
    expect_error(await post(admin_web, f"{EVENT}/rotators", data), field, text, *args)
    assert await store.rotators() == []


# -- timers and hours ----------------------------------------------------------------------------

async def test_timers_and_hours(admin_web: Client) -> None:
    store, tid = await event_with_tournament(admin_web)
    response = await post(admin_web, f"{EVENT}/timers", {"uniq_id": "rounds", "colour1": "#112233",
                                                           "delay3": "20"})
    assert response.status_code == 303
    [timer] = await store.timers()
    assert json.loads(timer.colors or "") == {"1": "#112233"} and json.loads(timer.delays or "") == {"3": 20}
    url = f"{EVENT}/timers/{timer.id}/hours"
    for hour in ({"uniq_id": "1", "date_str": "2026-07-01", "time_str": "14:00"},
                 {"uniq_id": "2", "time_str": "18:30", "text_before": "Round 2 in %s"}):
        assert (await post(admin_web, url, hour)).status_code == 303
    one, two = await store.timer_hours(timer.id)
    assert (two.date_str, two.time_str, two.order) == (None, "18:30", 2)
    response = await post(admin_web, f"{url}/{one.id}", {"uniq_id": "1", "date_str": "2026-07-01",
                                                           "time_str": "13:00"})
    assert response.status_code == 303 and (await store.timer_hours(timer.id))[0].time_str == "13:00"
    assert (await post(admin_web, f"{url}/{two.id}/move", {"direction": "up"})).status_code == 303
    assert [h.id for h in await store.timer_hours(timer.id)] == [two.id, one.id]
    assert (await post(admin_web, f"{url}/{one.id}/delete")).status_code == 303
    assert [h.id for h in await store.timer_hours(timer.id)] == [two.id]
    screen_id = await make_screen(admin_web, store, tid, timer_id=str(timer.id))
    assert (await store.screen("boards")).timer_id == timer.id
    assert (await post(admin_web, f"{EVENT}/timers/{timer.id}/delete")).status_code == 303
    assert await store.timers() == [] and (await store.screen("boards")).timer_id is None
    assert screen_id


@pytest.mark.parametrize("change, field, text, args", [
    ({"uniq_id": ""}, "uniq_id", rules.REQUIRED, ()),
    ({"colour2": "orange"}, "colour2", rules.BAD_COLOUR, ()),
    ({"delay1": "x"}, "delay1", rules.NOT_INT, ()),
    ({"delay1": "0"}, "delay1", rules.TOO_SMALL, (1,)),
])
async def test_a_bad_timer_is_refused(admin_web: Client, change: dict[str, str], field: str, text: str,
                                      args: tuple[Any, ...]) -> None:
    store = await new_event(admin_web)
    expect_error(await post(admin_web, f"{EVENT}/timers", {"uniq_id": "t", **change}), field, text, *args)
    assert await store.timers() == []


@pytest.mark.parametrize("hour, field, text, args", [
    ({"uniq_id": "3", "time_str": "20:00"}, "new-date_str", srules.FIRST_HOUR_DATE, ()),
    ({"uniq_id": "3", "date_str": "2026-07-01", "time_str": "25:00"}, "new-time_str", rules.BAD_TIME, ()),
    ({"uniq_id": "3", "date_str": "01/07/2026", "time_str": "20:00"}, "new-date_str", rules.BAD_DATE, ()),
    ({"uniq_id": "3", "date_str": "2026-07-01", "time_str": ""}, "new-time_str", rules.REQUIRED, ()),
])
async def test_a_bad_first_hour_is_refused(admin_web: Client, hour: dict[str, str], field: str, text: str,
                                           args: tuple[Any, ...]) -> None:
    store = await new_event(admin_web)
    await post(admin_web, f"{EVENT}/timers", {"uniq_id": "t"})
    [timer] = await store.timers()
    expect_error(await post(admin_web, f"{EVENT}/timers/{timer.id}/hours", hour), field, text, *args)
    assert await store.timer_hours(timer.id) == []


async def test_a_bad_later_hour_is_refused(admin_web: Client) -> None:
    store = await new_event(admin_web)
    await post(admin_web, f"{EVENT}/timers", {"uniq_id": "t"})
    [timer] = await store.timers()
    url = f"{EVENT}/timers/{timer.id}/hours"
    await post(admin_web, url, {"uniq_id": "1", "date_str": "2026-07-01", "time_str": "14:00"})
    expect_error(await post(admin_web, url, {"uniq_id": "2", "time_str": "13:59"}), "new-time_str",
                 srules.HOUR_NOT_LATER, "2026-07-01 14:00")
    expect_error(await post(admin_web, url, {"uniq_id": "1", "time_str": "15:00"}), "new-uniq_id",
                 srules.HOUR_TAKEN)
    assert len(await store.timer_hours(timer.id)) == 1


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_every_admin_page_renders(admin_web: Client, lang: str) -> None:
    store, tid = await event_with_tournament(admin_web)
    screen_id = await make_screen(admin_web, store, tid)
    await post(admin_web, f"{EVENT}/families", {"uniq_id": "room", "type": "boards", "tournament_id": str(tid)})
    await post(admin_web, f"{EVENT}/rotators", {"uniq_id": "hall", "screen_ids": [str(screen_id)]})
    await post(admin_web, f"{EVENT}/timers", {"uniq_id": "t"})
    player = (await store.players(tid))[0]
    family, rotator, timer = (await store.families())[0], (await store.rotators())[0], (await store.timers())[0]
    urls = ["/admin", EVENT, f"{EVENT}/tournaments", f"{EVENT}/tournaments/{tid}", f"{EVENT}/tournaments/{tid}/players",
            f"{EVENT}/tournaments/{tid}/players/{player.id}", f"{EVENT}/screens", f"{EVENT}/screens/{screen_id}",
            f"{EVENT}/families", f"{EVENT}/families/{family.id}", f"{EVENT}/rotators", f"{EVENT}/rotators/{rotator.id}",
            f"{EVENT}/timers", f"{EVENT}/timers/{timer.id}"]
    for url in urls:
        response = await admin_web.get(url, params={"lang": lang})
        assert response.status_code == 200, url
        assert ("Paramètres" in response.text or "Nouvel évènement" in response.text) == (lang == "fr"), url
