"""Replacing a tournament from a file: what would be lost is shown first, nothing changes before the arbiter
confirms, and the notice after it undoes the import in one click (web/controllers/admin/tournaments.py)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from database.store import EventStore, GameKey
from tests.support.clients import Client, new_event, post
from tests.support.events import import_fixture
from tournament.results import Result

pytestmark = pytest.mark.asyncio(loop_scope="module")
BASE = "/admin/events/open/tournaments"


def upload(name: str, content: bytes) -> dict[str, Any]:
    return {"file": (name, content, "application/octet-stream")}


LAST = 3  # small-20p-5r.trf: three rounds played


async def last_round_on_screens(store: EventStore, tid: int) -> tuple[bytes, dict[tuple[int, int], Result]]:
    """A file saved before the last round was played (without its results), then that round's results entered on
    screens: (the file, the results of the last round by (white, black) player id)."""
    games = [p for p in await store.pairings(tid, LAST) if p.black_player_id is not None and p.result is not None]
    assert games
    for g in games:
        assert g.black_player_id is not None
        await store.delete_result(GameKey(tournament_id=tid, round=LAST, white_player_id=g.white_player_id,
                                          black_player_id=g.black_player_id))
    file = (await store.imports.export_tournament(tid, trf26=False)).encode()
    entered: dict[tuple[int, int], Result] = {}
    for g in games:
        assert g.black_player_id is not None and g.result is not None
        await store.record_result(GameKey(tournament_id=tid, round=LAST, white_player_id=g.white_player_id,
                                          black_player_id=g.black_player_id), g.result, g.board or 0)
        entered[(g.white_player_id, g.black_player_id)] = g.result
    return file, entered


def losses(text: str) -> list[list[str]]:
    table = re.search(r'<table class="admin-list" id="losses">(.*?)</table>', text, re.S)
    assert table, text
    body = table[1].split("<tbody>")[1]
    return [re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


async def test_replace_shows_the_loss_and_changes_nothing_before_confirming(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    file, entered = await last_round_on_screens(store, tid)
    before_players, before_pairings = await store.players(tid), await store.pairings(tid)
    entries_before = len(await store.journal_entries())

    response = await admin_web.post(f"{BASE}/{tid}/upload", data={"replace": "1"},
                                    files=upload("rounds-1-2.trf", file))
    assert response.status_code == 200, response.text[:300]
    text = html.unescape(response.text)
    assert "“rounds-1-2.trf” will replace this tournament. Nothing has changed yet." in text
    assert losses(response.text) == [[str(LAST), str(len(entered)), str(len(entered))]]
    assert 'id="undo-import"' not in response.text
    # nothing written: same rows, no journal entry
    assert await store.players(tid) == before_players
    assert await store.pairings(tid) == before_pairings
    assert len(await store.journal_entries()) == entries_before

    token = re.search(r'name="pending" value="([^"]+)"', response.text)
    assert token
    confirmed = await post(admin_web, f"{BASE}/{tid}/upload", {"pending": token[1]})
    assert confirmed.status_code == 200
    assert not [p for p in await store.pairings(tid, LAST) if p.black_player_id is not None and p.result is not None]
    undo = re.search(rf'action="({BASE}/{tid}/undo/(\d+))"', confirmed.text)
    assert undo, confirmed.text
    assert 'id="undo-import"' in confirmed.text

    # a confirmation is used once
    again = await post(admin_web, f"{BASE}/{tid}/upload", {"pending": token[1]})
    assert again.status_code == 422
    assert "no longer waiting for confirmation" in again.text

    # the undo link brings the last round and its results back
    undone = await post(admin_web, undo[1])
    assert undone.status_code == 303
    assert undone.headers["location"] == f"{BASE}/{tid}?done=undone"
    back = {(p.white_player_id, p.black_player_id): p.result for p in await store.pairings(tid, LAST)
            if p.black_player_id is not None}
    assert back == entered
    assert [p.id for p in await store.players(tid)] == [p.id for p in before_players]
    page = await admin_web.get(undone.headers["location"])
    assert "back as it was before the import" in html.unescape(page.text)


async def test_a_file_with_every_result_loses_nothing(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    file = (await store.imports.export_tournament(tid, trf26=False)).encode()
    response = await admin_web.post(f"{BASE}/{tid}/upload", data={"replace": "1"}, files=upload("same.trf", file))
    assert 'id="no-loss"' in response.text
    assert 'id="losses"' not in response.text


async def test_a_confirmation_belongs_to_its_tournament(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    other = await import_fixture(store, "small-20p-5r.trf", uniq_id="t2")
    file = (await store.imports.export_tournament(tid, trf26=False)).encode()
    response = await admin_web.post(f"{BASE}/{tid}/upload", data={"replace": "1"}, files=upload("same.trf", file))
    token = re.search(r'name="pending" value="([^"]+)"', response.text)
    assert token
    before = await store.pairings(other)
    wrong = await post(admin_web, f"{BASE}/{other}/upload", {"pending": token[1]})
    assert wrong.status_code == 422
    assert await store.pairings(other) == before
    # an undo names an entry of this tournament only
    entry = (await store.journal_entries(tournament_id=tid))[0]
    refused = await post(admin_web, f"{BASE}/{other}/undo/{entry.id}")
    assert refused.status_code == 404


async def test_a_failed_upload_names_the_file(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    response = await admin_web.post(f"{BASE}/{tid}/upload", data={"replace": "1"},
                                    files=upload("broken.trf", b"001 garbage\n"))
    assert response.status_code == 422
    assert "File chosen: “broken.trf”" in html.unescape(response.text)
    response = await admin_web.post(BASE, data={"uniq_id": "b", "name": "Open B", "rounds": "7"},
                                    files=upload("notes.docx", b"x"))
    assert response.status_code == 422
    text = html.unescape(response.text)
    assert "File chosen: “notes.docx”" in text
    assert 'value="Open B"' in text  # the other fields are kept


async def test_the_import_page_does_not_replace_a_tournament_silently(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await import_fixture(store, "small-20p-5r.trf")
    file, _ = await last_round_on_screens(store, tid)
    before = await store.pairings(tid)
    # without "replace" the same tournament re-syncs: nothing entered on screens is lost
    response = await admin_web.post("/data/open/import", files=upload("rounds-1-2.trf", file))
    assert response.status_code == 200 and "0 players added" in response.text, response.text[:300]
    assert await store.pairings(tid) == before
    response = await admin_web.post("/data/open/import", data={"replace": "1"}, files=upload("rounds-1-2.trf", file))
    assert response.status_code == 409, response.text[:300]
    assert f'href="{BASE}/{tid}" id="replace-link"' in response.text
    assert "“rounds-1-2.trf”" in html.unescape(response.text)
    assert await store.pairings(tid) == before
    # a new tournament is imported, with its next step
    response = await admin_web.post("/data/open/import", data={"tournament": "Blitz"},
                                    files=upload("blitz.trf", file))
    assert response.status_code == 200
    blitz = next(t for t in await store.tournaments() if t.name == "Blitz")
    assert f'href="{BASE}/{blitz.id}" id="next-step"' in response.text


async def test_a_failed_import_names_the_file_and_keeps_the_tournament_name(admin_web: Client) -> None:
    await new_event(admin_web)
    response = await admin_web.post("/data/open/import", data={"tournament": "Blitz du soir"},
                                    files=upload("soir.trf", b"001 garbage\n"))
    assert response.status_code == 422
    text = html.unescape(response.text)
    assert "File chosen: “soir.trf”" in text
    assert 'value="Blitz du soir"' in text
