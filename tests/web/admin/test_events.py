"""Admin pages, events: refusal without authentication, create / edit / clone / archive / delete."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

from tests.support.clients import (
    Client,
    as_visitor,
    events_dir_of,
    expect_error,
    field_error,
    new_event,
    post,
    registry_of,
)
from tests.support.events import import_fixture
from tournament import config_rules as rules
from web.controllers.admin.events import TYPE_TO_CONFIRM
from web.controllers.admin.guard import AdminOnly

pytestmark = pytest.mark.asyncio(loop_scope="module")
EVENT = {"event_id": "open", "name": "Open 2026", "start": "2026-07-01", "stop": "2026-07-03"}


@pytest.mark.parametrize("method, url", [
    ("GET", "/admin"), ("GET", "/admin/events/open"), ("GET", "/admin/events/open/tournaments"),
    ("GET", "/admin/events/open/screens"), ("GET", "/admin/archives/open"),
    ("POST", "/admin/events"), ("POST", "/admin/events/open"), ("POST", "/admin/events/open/delete"),
    ("POST", "/admin/events/open/screens"), ("POST", "/admin/events/open/rotators"),
])
async def test_admin_pages_are_refused_without_authentication(admin_web: Client, method: str, url: str) -> None:
    await registry_of(admin_web).create("open", name="Open", start=0, stop=4e9, public=True)
    with as_visitor(admin_web):
        if method == "GET":
            response = await admin_web.get(url)
        else:
            response = await post(admin_web, url, {**EVENT, "confirm": "open", "uniq_id": "x", "type": "boards"})
    assert response.status_code == 403
    assert html.unescape(response.text).count(str(AdminOnly())) >= 1
    assert sorted(p.name for p in events_dir_of(admin_web).glob("*.db")) == ["open.db"]
    info = await (await registry_of(admin_web).get("open")).info()
    assert info.name == "Open"


async def visit(client: Client, url: str) -> Any:
    with as_visitor(client):
        return await client.get(url)


async def test_create_an_event(admin_web: Client) -> None:
    response = await post(admin_web, "/admin/events", {**EVENT, "public": "1", "colour1": "#00ff00",
                                                       "delay2": "7", "input_code": "s3cret",
                                                       "arbiter_code": "arb1ter", "record_illegal_moves": "2"})
    assert response.status_code == 303
    assert response.headers["location"] == "/admin/events/open?done=created"
    assert (events_dir_of(admin_web) / "open.db").is_file()
    info = await (await registry_of(admin_web).get("open")).info()
    assert (info.name, info.public, info.record_illegal_moves) == ("Open 2026", True, 2)
    assert json.loads(info.timer_colors or "") == {"1": "#00FF00"}
    assert json.loads(info.timer_delays or "") == {"2": 7}
    assert info.update_password is not None and info.update_password.startswith("$argon2")
    assert info.arbiter_password is not None and info.arbiter_password.startswith("$argon2")
    assert info.stop > info.start
    page = await admin_web.get("/admin/events/open?done=created")
    assert page.status_code == 200 and "Open 2026" in page.text and "s3cret" not in page.text


@pytest.mark.parametrize("change, field, text, args", [
    ({"event_id": "bad id"}, "event_id", rules.BAD_IDENT, ()),
    ({"event_id": ""}, "event_id", rules.REQUIRED, ()),
    ({"name": ""}, "name", rules.REQUIRED, ()),
    ({"name": "x" * 201}, "name", rules.TOO_LONG, (200,)),
    ({"stop": "2026-06-30"}, "stop", rules.STOP_BEFORE_START, ()),
    ({"start": "2026-13-01"}, "start", rules.BAD_DATE, ()),
    ({"background_color": "red"}, "background_color", rules.BAD_COLOUR, ()),
    ({"record_illegal_moves": "two"}, "record_illegal_moves", rules.NOT_INT, ()),
    ({"record_illegal_moves": "12"}, "record_illegal_moves", rules.TOO_BIG, (9,)),
    ({"delay1": "0"}, "delay1", rules.TOO_SMALL, (1,)),
    ({"input_code": "abc"}, "input_code", rules.SHORT_CODE, (6,)),
    ({"input_code": "12345"}, "input_code", rules.SHORT_CODE, (6,)),
    ({"arbiter_code": "ab"}, "arbiter_code", rules.SHORT_CODE, (6,)),
])
async def test_a_bad_new_event_is_refused_with_a_message_next_to_the_field(
        admin_web: Client, change: dict[str, str], field: str, text: str, args: tuple) -> None:
    response = await post(admin_web, "/admin/events", {**EVENT, **change})
    expect_error(response, field, text, *args)
    assert not list(events_dir_of(admin_web).glob("*.db"))


async def test_an_event_id_cannot_be_taken_twice(admin_web: Client) -> None:
    await new_event(admin_web)
    response = await post(admin_web, "/admin/events", {**EVENT, "name": "Another"})
    expect_error(response, "event_id", rules.TAKEN)
    assert (await (await registry_of(admin_web).get("open")).info()).name == "Open 2026"


async def test_edit_an_event_and_refresh_its_screens(admin_web: Client) -> None:
    store = await new_event(admin_web, input_code="first-code")
    announced: list[tuple[str, int | None]] = []
    store.subscribe(lambda event: announced.append(event.key))
    response = await post(admin_web, "/admin/events/open", {**EVENT, "name": "Renamed", "public": "1",
                                                               "clear_input_code": "1"})
    assert response.status_code == 303
    info = await store.info()
    assert (info.name, info.public, info.update_password) == ("Renamed", True, None)
    assert [tid for _kind, tid in announced] == [None]  # event-wide: screens reload


async def test_a_bad_edit_changes_nothing(admin_web: Client) -> None:
    store = await new_event(admin_web)
    response = await post(admin_web, "/admin/events/open", {**EVENT, "name": "Renamed", "stop": "2026-01-01"})
    expect_error(response, "stop", rules.STOP_BEFORE_START)
    assert (await store.info()).name == "Open 2026"


async def test_admin_changes_are_journalled(admin_web: Client) -> None:
    store = await new_event(admin_web)
    await post(admin_web, "/admin/events/open", {**EVENT, "name": "Renamed"})
    entries = await store.journal_entries()
    assert (entries[0].what, entries[0].role) == ("admin: event settings", "admin")
    assert entries[0].target == "name"  # only what the save changed, not every field of the form
    await post(admin_web, "/admin/events/open/tournaments", {"uniq_id": "a", "name": "Open A", "rounds": 7})
    tid = (await store.tournaments())[0].id
    await post(admin_web, f"/admin/events/open/tournaments/{tid}", {"uniq_id": "a", "name": "Open A", "rounds": 9})
    edit = (await store.journal_entries())[0]
    assert (edit.what, edit.target) == ("admin: edit", "tournament a: rounds"), edit
    journal = (await admin_web.get("/arbiter/open/journal?lang=fr")).text
    await admin_web.get("/arbiter/open/journal?lang=en")  # ?lang= is remembered: the next tests read English
    assert "tournoi a\u202f: Rondes" in journal and "Nom" in journal and "rounds" not in journal


async def test_clone_copies_the_configuration_but_not_the_players(admin_web: Client) -> None:
    store = await new_event(admin_web, public="1")
    tid = await import_fixture(store, "small-20p-5r.trf")
    await post(admin_web, "/admin/events/open/screens", {"uniq_id": "boards", "type": "boards",
                                                           "tournament_id": str(tid)})
    screen_id = (await store.screens())[0].id
    await post(admin_web, "/admin/events/open/rotators", {"uniq_id": "hall", "screen_ids": [str(screen_id)]})
    response = await post(admin_web, "/admin/events/open/clone", {"new_id": "open-2027", "new_name": "Open 2027"})
    assert response.status_code == 303
    copy = await registry_of(admin_web).get("open-2027")
    assert (await copy.info()).name == "Open 2027"
    assert [t.name for t in await copy.tournaments()] == [t.name for t in await store.tournaments()]
    assert await copy.players(tid) == [] and await copy.pairings(tid) == []
    assert await store.players(tid)
    sets = [(s.screen_id, s.tournament_id, s.order) for s in await store.screen_sets()]
    assert sets and [(s.screen_id, s.tournament_id, s.order) for s in await copy.screen_sets()] == sets
    assert json.loads((await copy.rotators())[0].screen_ids or "") == [screen_id]
    assert (await copy.screens())[0].uniq_id == "boards"


async def test_clone_refuses_a_taken_id(admin_web: Client) -> None:
    await new_event(admin_web)
    response = await post(admin_web, "/admin/events/open/clone", {"new_id": "open", "new_name": "Copy"})
    expect_error(response, "new_id", rules.TAKEN)
    response = await post(admin_web, "/admin/events/open/clone", {"new_id": "copy", "new_name": ""})
    expect_error(response, "new_name", rules.REQUIRED)
    assert registry_of(admin_web).ids() == ["open"]


async def test_archive_keeps_the_event_readable_and_listed_for_the_admin(admin_web: Client) -> None:
    store = await new_event(admin_web, public="1")
    announced: list[tuple[str, int | None]] = []
    store.subscribe(lambda event: announced.append(event.key))
    response = await post(admin_web, "/admin/events/open/archive")
    assert response.status_code == 303
    assert announced == [("config", None)]  # open screens reload (and find the event gone)
    events = events_dir_of(admin_web)
    assert not (events / "open.db").exists() and (events / "archive" / "open.db").is_file()
    assert registry_of(admin_web).ids() == []
    page = await admin_web.get("/admin/archives/open")
    assert page.status_code == 200 and "Open 2026" in page.text
    assert "/admin/archives/open" in (await admin_web.get("/")).text
    assert "/admin/archives/open" in (await admin_web.get("/admin")).text
    assert "/admin/archives/open" not in (await visit(admin_web, "/")).text
    assert (await visit(admin_web, "/event/open")).status_code == 404
    response = await post(admin_web, "/admin/archives/open/restore")
    assert response.status_code == 303 and (events_dir_of(admin_web) / "open.db").is_file()
    assert (await (await registry_of(admin_web).get("open")).info()).name == "Open 2026"


async def test_delete_needs_the_typed_event_id(admin_web: Client) -> None:
    await new_event(admin_web)
    response = await post(admin_web, "/admin/events/open/delete", {"confirm": "opne"})
    expect_error(response, "confirm", TYPE_TO_CONFIRM, "open")
    assert (events_dir_of(admin_web) / "open.db").is_file()
    response = await post(admin_web, "/admin/events/open/delete", {"confirm": "open"})
    assert response.status_code == 303
    assert not list(events_dir_of(admin_web).glob("open.db*"))
    assert (await admin_web.get("/admin/events/open")).status_code == 404


async def test_delete_an_archived_event(admin_web: Client) -> None:
    await new_event(admin_web)
    await post(admin_web, "/admin/events/open/archive")
    response = await post(admin_web, "/admin/archives/open/delete", {"confirm": "nope"})
    expect_error(response, "confirm", TYPE_TO_CONFIRM, "open")
    response = await post(admin_web, "/admin/archives/open/delete", {"confirm": "open"})
    assert response.status_code == 303 and not (events_dir_of(admin_web) / "archive" / "open.db").exists()


async def test_the_admin_home_lists_private_events(admin_web: Client) -> None:
    await new_event(admin_web, "hidden")
    assert "/admin/events/hidden" in (await admin_web.get("/admin")).text
    assert "/event/hidden" in (await admin_web.get("/")).text
    assert "/event/hidden" not in (await visit(admin_web, "/")).text


async def test_admin_pages_are_translated(admin_web: Client) -> None:
    response = await admin_web.get("/admin?lang=fr")
    assert "Nouvel évènement" in response.text
    response = await post(admin_web, "/admin/events?lang=fr", {**EVENT, "stop": "2026-06-01"})
    assert field_error(response, "stop") == "La date de fin est avant la date de début."
