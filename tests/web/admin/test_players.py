"""A player's whole record over HTTP: every field edited, each refusal changing nothing, the initial ranking re-applied
before round 1, journalled and undone, deletion before the first game, the TRF export carrying the edit."""

from __future__ import annotations

from typing import Any

import pytest

from database.store import EventStore
from tests.support.clients import Client, expect_error, new_event, post
from tests.support.events import import_fixture
from tournament import config_rules as rules
from tournament import player_rules as prules
from tournament.formats.trf import parse_trf
from tournament.models import Player

pytestmark = pytest.mark.asyncio(loop_scope="module")
BASE = "/admin/events/open/tournaments"
RECORD = {"last_name": "Lefèvre", "first_name": "Zoé", "sex": "F", "birth_date": "2011-03-14", "federation": "fra",
          "fide_id": "36012345", "national_id": "k 12345", "club": "Échiquier Nancéien", "title": "WFM",
          "standard_rating": "2011", "rapid_rating": "1985", "blitz_rating": "1950", "national_rating": "1990",
          "rating_type": "F", "category": "U16", "fixed_board": "3"}


async def fresh_tournament(client: Client, *names: tuple[str, int]) -> tuple[EventStore, int]:
    """An event with one tournament, not paired, and players entered through the form (name, rating)."""
    store = await new_event(client)
    await post(client, BASE, {"uniq_id": "a", "name": "Open A", "rounds": "7"})
    [t] = await store.tournaments()
    for name, rating in names:
        response = await post(client, f"{BASE}/{t.id}/players", {"last_name": name, "standard_rating": str(rating)})
        assert response.status_code == 303 and response.headers["location"] == f"{BASE}/{t.id}/players?done=created"
    return store, t.id


async def by_name(store: EventStore, tid: int, name: str) -> Player:
    return next(p for p in await store.players(tid) if p.last_name == name)


async def test_every_field_edited_and_exported(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    player = (await store.players(tid))[4]
    response = await post(admin_web, f"{BASE}/{tid}/players/{player.id}", RECORD)
    assert response.status_code == 303, response.text
    assert response.headers["location"] == f"{BASE}/{tid}/players?done=saved"  # the list again
    edited = next(p for p in await store.players(tid) if p.id == player.id)
    assert edited.last_name == "Lefèvre"
    assert (edited.first_name, edited.sex, edited.birth_date, edited.federation, edited.fide_id, edited.national_id,
            edited.club, edited.title, edited.category, edited.fixed_board) == (
        "Zoé", "F", "2011-03-14", "FRA", 36012345, "K12345", "Échiquier Nancéien", "WFM", "U16", 3)
    assert (edited.standard_rating, edited.rapid_rating, edited.blitz_rating, edited.national_rating) == (
        2011, 1985, 1950, 1990)
    assert edited.fide_rating == 2011 and edited.pairing_number == player.pairing_number  # paired: number kept
    text = (await admin_web.get(f"/arbiter/open/export/{edited.tournament_id}")).text
    trf, errors = parse_trf(text)
    assert not errors
    [line] = [p for p in trf.players if p.number == edited.pairing_number]
    assert (line.last_name, line.first_name, line.sex, line.title, line.rating, line.federation, line.fide_id,
            line.birth_date) == ("Lefèvre", "Zoé", "F", "WFM", 2011, "FRA", 36012345, "2011-03-14")
    assert " 2011/03/14 " in text  # as the TRF writes it
    page = (await admin_web.get(f"{BASE}/{tid}/players/{edited.id}")).text
    assert 'value="36012345"' in page and 'value="K12345"' in page and 'value="1985"' in page
    assert f'href="/player/open/t1/{edited.pairing_number}" id="public-page"' in page
    assert (await admin_web.get(f"/player/open/t1/{edited.pairing_number}")).status_code == 200


@pytest.mark.parametrize("field, value, text, args", [
    ("last_name", "", rules.REQUIRED, ()),
    ("federation", "France", prules.BAD_FEDERATION, ()),
    ("birth_date", "2011-02-30", prules.BAD_BIRTH, ()),
    ("birth_date", "2999", prules.BAD_BIRTH, ()),
    ("fide_id", "36-012", rules.NOT_INT, ()),
    ("national_id", "K12345;DROP", prules.BAD_LICENCE, ()),
    ("standard_rating", "3600", rules.TOO_BIG, (3500,)),
    ("rapid_rating", "-1", rules.TOO_SMALL, (0,)),
    ("title", "King", rules.NOT_CHOICE, ()),
    ("sex", "X", rules.NOT_CHOICE, ()),
    ("category", "U99", rules.NOT_CHOICE, ()),
])
async def test_a_bad_field_changes_nothing(admin_web: Client, field: str, value: str, text: str,
                                           args: tuple[Any, ...]) -> None:
    store, tid = await fresh_tournament(admin_web, ("Abel", 1500), ("Brun", 1700))
    before = await store.players(tid)
    entries = len(await store.journal_entries())
    abel = await by_name(store, tid, "Abel")
    expect_error(await post(admin_web, f"{BASE}/{tid}/players/{abel.id}", {**RECORD, field: value}), field, text,
                 *args)
    expect_error(await post(admin_web, f"{BASE}/{tid}/players", {**RECORD, "fixed_board": "", field: value}), field,
                 text, *args)
    assert await store.players(tid) == before and len(await store.journal_entries()) == entries


async def test_an_edit_before_round_one_renumbers_and_undoes(admin_web: Client) -> None:
    store, tid = await fresh_tournament(admin_web, ("Abel", 1500), ("Brun", 1700), ("Cruz", 1600))
    assert [p.last_name for p in sorted(await store.players(tid), key=lambda p: p.pairing_number)] == [
        "Brun", "Cruz", "Abel"]
    abel = await by_name(store, tid, "Abel")
    entries = len(await store.journal_entries())
    response = await post(admin_web, f"{BASE}/{tid}/players/{abel.id}", {"standard_rating": "1800", "title": "FM"})
    assert response.status_code == 303
    after = sorted(await store.players(tid), key=lambda p: p.pairing_number)
    assert [(p.last_name, p.rating) for p in after] == [("Abel", 1800), ("Brun", 1700), ("Cruz", 1600)]
    journal = await store.journal_entries()
    assert len(journal) == entries + 1 and journal[0].what == "admin: player record"  # rating and numbers: one entry
    # an edit that does not move the player in the ranking leaves the numbers alone
    await post(admin_web, f"{BASE}/{tid}/players/{abel.id}", {"club": "Metz"})
    assert [p.pairing_number for p in await store.players(tid)] == [p.pairing_number for p in after]
    await store.undo((await store.journal_entries())[0].id)
    await store.undo((await store.journal_entries())[2].id)  # the record edit: back to 1500, number 3
    back = await by_name(store, tid, "Abel")
    assert (back.rating, back.title, back.club, back.pairing_number) == (1500, None, None, 3)


async def test_delete_before_the_first_game_only(admin_web: Client) -> None:
    store, tid = await fresh_tournament(admin_web, ("Abel", 1500), ("Brun", 1700))
    abel = await by_name(store, tid, "Abel")
    response = await post(admin_web, f"{BASE}/{tid}/players/{abel.id}/delete")
    assert response.status_code == 303 and [p.last_name for p in await store.players(tid)] == ["Brun"]
    await store.undo((await store.journal_entries())[0].id)
    assert sorted(p.last_name for p in await store.players(tid)) == ["Abel", "Brun"]
    paired = await import_fixture(store, "small-20p-5r.trf", uniq_id="b")
    before = await store.players(paired)
    response = await post(admin_web, f"{BASE}/{paired}/players/{before[0].id}/delete")
    assert response.status_code == 409 and "withdraw" in response.text
    assert await store.players(paired) == before
    assert "Delete this player" not in (await admin_web.get(f"{BASE}/{paired}/players/{before[0].id}")).text


@pytest.mark.parametrize("missed, code, points", [("0.5", "H", 0.5), ("0", "Z", 0.0)])
async def test_a_late_entrant_scores_the_missed_rounds_as_chosen(admin_web: Client, missed: str, code: str,
                                                                  points: float) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    rounds = sorted({p.round for p in await store.pairings(tid)})
    response = await post(admin_web, f"{BASE}/{tid}/players", {"last_name": "Tardif", "missed": missed})
    assert response.status_code == 303
    late = await by_name(store, tid, "Tardif")
    byes = [p for p in await store.pairings(tid) if p.white_player_id == late.id]
    assert sorted(p.round for p in byes) == rounds and {p.bye_kind for p in byes} == {code}
    trf, errors = parse_trf((await admin_web.get(f"/arbiter/open/export/{tid}")).text)
    assert not errors
    [line] = [p for p in trf.players if p.number == late.pairing_number]
    assert [r.code for r in line.rounds] == [code] * len(rounds) and line.points == points * len(rounds)
    await store.undo((await store.journal_entries())[0].id)  # the entry and its byes go together
    assert all(p.last_name != "Tardif" for p in await store.players(tid))
    assert all(p.white_player_id != late.id for p in await store.pairings(tid))


async def test_a_bad_missed_rounds_score_changes_nothing(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    before = await store.players(tid)
    expect_error(await post(admin_web, f"{BASE}/{tid}/players", {"last_name": "Tardif", "missed": "1"}), "missed",
                 rules.NOT_CHOICE)
    assert await store.players(tid) == before


async def test_the_initial_colour_reaches_the_trf_and_is_fixed_by_round_one(admin_web: Client) -> None:
    store, tid = await fresh_tournament(admin_web, ("Abel", 1500), ("Brun", 1700))
    settings = {"uniq_id": "a", "name": "Open A", "rounds": "7"}
    assert (await post(admin_web, f"{BASE}/{tid}", {**settings, "initial_colour": "B"})).status_code == 303
    assert (await store.tournament(tid)).initial_colour == "B"
    assert "\n152 B" in (await admin_web.get(f"/arbiter/open/export/{tid}")).text
    assert "\nXXC black1" in (await admin_web.get(f"/arbiter/open/export/{tid}", params={"trf26": "false"})).text
    expect_error(await post(admin_web, f"{BASE}/{tid}", {**settings, "initial_colour": "X"}), "initial_colour",
                 rules.NOT_CHOICE)
    paired = await import_fixture(store, "small-20p-5r.trf", uniq_id="b")
    colour = (await store.tournament(paired)).initial_colour
    settings = {"uniq_id": "b", "name": "Open B", "rounds": "5"}
    changed = "W" if colour == "B" else "B"
    expect_error(await post(admin_web, f"{BASE}/{paired}", {**settings, "initial_colour": changed}),
                 "initial_colour", rules.COLOUR_FIXED)
    assert (await store.tournament(paired)).initial_colour == colour
