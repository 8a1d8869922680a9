"""Admin pages, tournaments and players: create / edit / delete, uploads, late entrants, withdrawals."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from tests.support.clients import Client, expect_error, field_error, new_event, post
from tests.support.events import import_fixture
from tests.support.files import fixture_path
from tournament import config_rules as rules
from tournament.boards import current_round
from tournament.formats.trf import decode, parse_trf

pytestmark = pytest.mark.asyncio(loop_scope="module")
BASE = "/admin/events/open/tournaments"
TOURNAMENT = {"uniq_id": "a", "name": "Open A", "rounds": "7"}


def upload(name: str, content: bytes) -> dict[str, Any]:
    return {"file": (name, content, "application/octet-stream")}


async def test_create_a_tournament(admin_web: Client) -> None:
    store = await new_event(admin_web)
    response = await post(admin_web, BASE, {
        **TOURNAMENT, "tournament_type": "swiss", "pairing_system": "haley", "rating_kind": "rapid",
        "time_control_initial_time": "300", "time_control_increment": "2", "time_control_handicap_penalty_step": "50",
        "time_control_handicap_penalty_value": "30", "time_control_handicap_min_time": "60",
        "record_illegal_moves": "2", "rating_limit_1": "2000", "rating_limit_2": "1600"})
    assert response.status_code == 303
    [t] = await store.tournaments()
    assert response.headers["location"] == f"{BASE}/{t.id}?done=created"
    assert (t.uniq_id, t.name, t.rounds, t.pairing_system, t.rating_kind) == ("a", "Open A", 7, "haley", "rapid")
    assert (t.time_control_initial_time, t.time_control_handicap_penalty_step,
            t.time_control_handicap_penalty_value, t.time_control_handicap_min_time) == (300, 50, 30, 60)
    page = await admin_web.get(f"{BASE}/{t.id}")
    assert page.status_code == 200 and "Open A" in page.text


@pytest.mark.parametrize("change, field, text, args", [
    ({"uniq_id": "a/b"}, "uniq_id", rules.BAD_IDENT, ()),
    ({"name": ""}, "name", rules.REQUIRED, ()),
    ({"rounds": "0"}, "rounds", rules.TOO_SMALL, (1,)),
    ({"rounds": "100"}, "rounds", rules.TOO_BIG, (99,)),
    ({"rounds": "7.5"}, "rounds", rules.NOT_INT, ()),
    ({"rating_kind": "bullet"}, "rating_kind", rules.NOT_CHOICE, ()),
    ({"time_control_initial_time": "300", "time_control_handicap_penalty_step": "50"},
     "time_control_handicap_penalty_value", rules.HANDICAP_PAIR, ()),
    ({"time_control_initial_time": "300", "time_control_handicap_penalty_value": "30"},
     "time_control_handicap_penalty_step", rules.HANDICAP_PAIR, ()),
    ({"time_control_handicap_penalty_step": "50", "time_control_handicap_penalty_value": "30"},
     "time_control_initial_time", rules.HANDICAP_NEEDS_TIME, ()),
    ({"time_control_initial_time": "300", "time_control_handicap_min_time": "301"},
     "time_control_handicap_min_time", rules.MIN_OVER_INITIAL, ()),
    ({"rating_limit_1": "1600", "rating_limit_2": "2000"}, "rating_limit_2", rules.LIMITS_ORDER, ()),
])
async def test_a_bad_tournament_is_refused(admin_web: Client, change: dict[str, str], field: str, text: str,
                                           args: tuple[Any, ...]) -> None:
    store = await new_event(admin_web)
    expect_error(await post(admin_web, BASE, {**TOURNAMENT, **change}), field, text, *args)
    assert await store.tournaments() == []


async def test_a_tournament_id_is_unique(admin_web: Client) -> None:
    store = await new_event(admin_web)
    await post(admin_web, BASE, TOURNAMENT)
    expect_error(await post(admin_web, BASE, {**TOURNAMENT, "name": "B"}), "uniq_id", rules.TAKEN)
    assert [t.name for t in await store.tournaments()] == ["Open A"]


async def test_create_a_tournament_from_a_trf_file(admin_web: Client) -> None:
    store = await new_event(admin_web)
    data = fixture_path("small-20p-5r.trf").read_bytes()
    trf, _ = parse_trf(decode(data))
    response = await admin_web.post(BASE, data={"uniq_id": "small", "name": "Small"},
                                       files=upload("small-20p-5r.trf", data))
    assert response.status_code == 200 and 'id="report"' in response.text
    [t] = await store.tournaments()
    assert (t.name, t.rounds) == ("Small", trf.rounds)
    assert sorted(p.last_name for p in await store.players(t.id)) == sorted(p.last_name for p in trf.players)
    assert current_round(await store.pairings(t.id)) is not None


async def test_an_upload_form_carries_its_csrf_token_in_the_body(admin_web: Client) -> None:
    store = await new_event(admin_web)
    data = fixture_path("small-20p-5r.trf").read_bytes()
    token = admin_web.headers.pop("X-CSRF-Token")
    try:
        response = await admin_web.post(BASE, data={"csrf_token": "forged", **TOURNAMENT},
                                        files=upload("small.trf", data))
        assert response.status_code == 403 and await store.tournaments() == []
        response = await admin_web.post(BASE, data={"csrf_token": token, **TOURNAMENT},
                                        files=upload("small.trf", data))
        assert response.status_code == 200 and len(await store.tournaments()) == 1
    finally:
        admin_web.headers["X-CSRF-Token"] = token


async def test_create_a_tournament_from_a_papi_file(admin_web: Client) -> None:
    store = await new_event(admin_web)
    data = fixture_path("papi/small-20p-5r.papi").read_bytes()
    trf, _ = parse_trf(decode(fixture_path("small-20p-5r.trf").read_bytes()))
    response = await admin_web.post(BASE, data={"uniq_id": "small", "name": "Small"},
                                       files=upload("small.papi", data))
    assert response.status_code == 200, response.text
    [t] = await store.tournaments()
    assert len(await store.players(t.id)) == len(trf.players)


async def test_load_chessevent_players_into_a_tournament(admin_web: Client) -> None:
    store = await new_event(admin_web)
    await post(admin_web, BASE, {**TOURNAMENT, "rating_kind": "rapid"})
    [t] = await store.tournaments()
    payload = {"name": "Open A", "rounds": 7, "rating": 2, "players": [
        {"last_name": "Dupont", "first_name": "Ana", "rapid_rating": 1700, "rapid_rating_type": 3,
         "skipped_rounds": {"2": 0.5}},
        {"last_name": "Martin", "first_name": "Leo", "check_in": 1}]}
    response = await admin_web.post(f"{BASE}/{t.id}/upload",
                                    files=upload("registrations.json", json.dumps(payload).encode()))
    assert response.status_code == 200 and 'id="report"' in response.text
    players = await store.players(t.id)
    assert sorted((p.last_name, p.rating, p.checked_in) for p in players) == [("Dupont", 1700, False),
                                                                               ("Martin", 0, True)]
    dupont = next(p for p in players if p.last_name == "Dupont")
    assert [(s.round, s.score, s.papi_player_id) for s in await store.skipped_rounds(t.id)] == [
        (2, 0.5, dupont.id)]


@pytest.mark.parametrize("name, content, text", [
    ("players.pdf", b"%PDF", rules.UNKNOWN_FORMAT),
    ("broken.trf", b"012 Broken\n001 xxxx not a player line\n", None),
    ("broken.json", b"{not json", None),
    ("broken.papi", b"not an access file", None),
])
async def test_a_bad_file_creates_nothing(admin_web: Client, name: str, content: bytes, text: str | None) -> None:
    store = await new_event(admin_web)
    response = await admin_web.post(BASE, data=TOURNAMENT, files=upload(name, content))
    assert response.status_code == 422
    message = field_error(response, "file")
    assert message is not None and "imported" in message if text is None else message == text
    assert await store.tournaments() == []


async def test_edit_a_tournament_refreshes_its_screens(admin_web: Client) -> None:
    store = await new_event(admin_web)
    await post(admin_web, BASE, TOURNAMENT)
    [t] = await store.tournaments()
    announced: list[tuple[str, int | None]] = []
    store.subscribe(lambda event: announced.append(event.key))
    response = await post(admin_web, f"{BASE}/{t.id}", {**TOURNAMENT, "name": "Open A (renamed)", "rounds": "9"})
    assert response.status_code == 303
    t2 = await store.tournament(t.id)
    assert (t2.name, t2.rounds) == ("Open A (renamed)", 9)
    assert {tid for _kind, tid in announced} == {None, t.id}
    expect_error(await post(admin_web, f"{BASE}/{t.id}", {**TOURNAMENT, "rounds": "-1"}), "rounds",
                 rules.TOO_SMALL, 1)
    assert (await store.tournament(t.id)).rounds == 9


async def test_upload_over_players_resyncs_unless_replace(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    before = await store.players(tid)
    pairings = await store.pairings(tid)
    data = fixture_path("small-20p-5r.trf").read_bytes()
    response = await admin_web.post(f"{BASE}/{tid}/upload", files=upload("again.trf", data))
    assert response.status_code == 200 and "0 players added" in response.text  # re-synced: nothing replaced
    assert [p.id for p in await store.players(tid)] == [p.id for p in before]
    assert [g.id for g in await store.pairings(tid)] == [g.id for g in pairings]
    expect_error(await post(admin_web, f"{BASE}/{tid}/upload"), "file", rules.REQUIRED)
    response = await admin_web.post(f"{BASE}/{tid}/upload", data={"replace": "1"}, files=upload("again.trf", data))
    assert response.status_code == 200
    assert await store.players(tid) == before  # first what would be lost (tests/test_admin_replace.py)
    token = re.search(r'name="pending" value="([^"]+)"', response.text)
    assert token
    response = await post(admin_web, f"{BASE}/{tid}/upload", {"pending": token[1]})
    assert response.status_code == 200
    after = await store.players(tid)
    assert [p.last_name for p in after] == [p.last_name for p in before]
    assert {p.id for p in after}.isdisjoint({p.id for p in before})


async def test_delete_a_tournament(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    await post(admin_web, "/admin/events/open/families", {"uniq_id": "fam", "type": "boards",
                                                            "tournament_id": str(tid), "parts": "2"})
    [family] = await store.families()
    await post(admin_web, "/admin/events/open/rotators", {"uniq_id": "hall", "family_ids": [str(family.id)]})
    response = await post(admin_web, f"{BASE}/{tid}/delete")
    assert response.status_code == 303
    assert await store.tournaments() == [] and await store.families() == []
    assert (await store.rotators())[0].family_ids == "[]"
    assert (await admin_web.get(f"{BASE}/{tid}")).status_code == 404


# -- players ------------------------------------------------------------------------------------

async def paired_event(client: Client) -> tuple[Any, int]:
    store = await new_event(client)
    return store, await import_fixture(store, "small-20p-5r.trf")


async def test_list_and_search_players(admin_web: Client) -> None:
    store, tid = await paired_event(admin_web)
    players = await store.players(tid)
    text = html.unescape((await admin_web.get(f"{BASE}/{tid}/players")).text)
    assert all(p.shown_name in text for p in players)
    wanted = players[3]
    page = await admin_web.get(f"{BASE}/{tid}/players", params={"q": wanted.last_name.lower()})
    text = html.unescape(page.text)
    assert wanted.shown_name in text
    assert sum(p.shown_name in text for p in players) < len(players)


async def test_add_a_late_entrant(admin_web: Client) -> None:
    store, tid = await paired_event(admin_web)
    before = await store.players(tid)
    response = await post(admin_web, f"{BASE}/{tid}/players", {"last_name": "Late", "first_name": "Lou",
                                                                  "standard_rating": "1500", "rating_type": "F"})
    assert response.status_code == 303
    [late] = [p for p in await store.players(tid) if p.last_name == "Late"]
    assert late.pairing_number == max(p.pairing_number for p in before) + 1
    assert late.rating == 1500


async def test_a_bad_late_entrant_is_refused(admin_web: Client) -> None:
    store, tid = await paired_event(admin_web)
    first = (await store.players(tid))[0]
    await store.roster.edit_player(tid, first.id, {"fixed_board": 7})
    count = len(await store.players(tid))
    expect_error(await post(admin_web, f"{BASE}/{tid}/players", {"last_name": ""}), "last_name", rules.REQUIRED)
    expect_error(await post(admin_web, f"{BASE}/{tid}/players", {"last_name": "X", "fixed_board": "7"}),
                 "fixed_board", rules.FIXED_BOARD_TAKEN, 7, first.shown_name)
    expect_error(await post(admin_web, f"{BASE}/{tid}/players", {"last_name": "X", "title": "King"}),
                 "title", rules.NOT_CHOICE)
    assert len(await store.players(tid)) == count


async def test_edit_a_player(admin_web: Client) -> None:
    store, tid = await paired_event(admin_web)
    one, two = (await store.players(tid))[:2]
    announced: list[tuple[str, int | None]] = []
    store.subscribe(lambda event: announced.append(event.key))
    url = f"{BASE}/{tid}/players/{one.id}"
    response = await post(admin_web, url, {"display_name": "The Champion", "fixed_board": "12"})
    assert response.status_code == 303
    edited = next(p for p in await store.players(tid) if p.id == one.id)
    assert (edited.shown_name, edited.fixed_board) == ("The Champion", 12)
    assert announced == [("players", tid)]
    response = await post(admin_web, f"{BASE}/{tid}/players/{two.id}", {"fixed_board": "12"})
    expect_error(response, "fixed_board", rules.FIXED_BOARD_TAKEN, 12, "The Champion")
    response = await post(admin_web, url, {"display_name": "The Champion", "fixed_board": "12", "checked_in": "1"})
    expect_error(response, "checked_in", rules.CHECK_IN_CLOSED, current_round(await store.pairings(tid)))


async def test_check_in_before_round_one(admin_web: Client) -> None:
    store = await new_event(admin_web)
    await post(admin_web, BASE, TOURNAMENT)
    [t] = await store.tournaments()
    await post(admin_web, f"{BASE}/{t.id}/players", {"last_name": "Early"})
    [p] = await store.players(t.id)
    response = await post(admin_web, f"{BASE}/{t.id}/players/{p.id}", {"checked_in": "1"})
    assert response.status_code == 303 and (await store.players(t.id))[0].checked_in


async def test_withdraw_a_player_from_a_round_on(admin_web: Client) -> None:
    store = await new_event(admin_web)
    await post(admin_web, BASE, TOURNAMENT)
    [t] = await store.tournaments()
    await post(admin_web, f"{BASE}/{t.id}/players", {"last_name": "Leaving"})
    [p] = await store.players(t.id)
    url = f"{BASE}/{t.id}/players/{p.id}"
    response = await post(admin_web, f"{url}/withdraw", {"from_round": "5", "score": "0.5"})
    assert response.status_code == 303
    skipped = await store.skipped_rounds(t.id)
    assert [(s.round, s.score, s.papi_player_id) for s in skipped] == [(r, 0.5, p.id) for r in range(5, 8)]
    assert (await post(admin_web, f"{url}/return")).status_code == 303
    assert await store.skipped_rounds(t.id) == []


@pytest.mark.parametrize("data, field, text, args", [
    ({"score": "0"}, "from_round", rules.REQUIRED, ()),
    ({"from_round": "8", "score": "0"}, "from_round", rules.ROUND_BEYOND, (7,)),
    ({"from_round": "2", "score": "2"}, "score", rules.NOT_CHOICE, ()),
])
async def test_a_bad_withdrawal_is_refused(admin_web: Client, data: dict[str, str], field: str, text: str,
                                           args: tuple[Any, ...]) -> None:
    store = await new_event(admin_web)
    await post(admin_web, BASE, TOURNAMENT)
    [t] = await store.tournaments()
    await post(admin_web, f"{BASE}/{t.id}/players", {"last_name": "Leaving"})
    [p] = await store.players(t.id)
    expect_error(await post(admin_web, f"{BASE}/{t.id}/players/{p.id}/withdraw", data), field, text, *args)
    assert await store.skipped_rounds(t.id) == []


async def test_a_paired_round_cannot_be_skipped(admin_web: Client) -> None:
    store, tid = await paired_event(admin_web)
    player = (await store.players(tid))[0]
    response = await post(admin_web, f"{BASE}/{tid}/players/{player.id}/withdraw", {"from_round": "1",
                                                                                       "score": "0"})
    expect_error(response, "from_round", rules.ROUND_PAIRED, 1)
    assert await store.skipped_rounds(tid) == []
