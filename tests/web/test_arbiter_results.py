"""Result entry through HTTP as player and as arbiter: every code, corrections, deletions, refusals."""

from __future__ import annotations

import re

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from tests.support.clients import prime_csrf
from tests.support.events import EVENT, HX, INPUT_URL, form, game, games, login_arbiter, make_event, stored
from tournament.results import TABLET_RESULTS, Result
from web.state import app_state

Client = AsyncTestClient[Litestar]


@pytest.mark.parametrize("code", list(Result))
async def test_player_enters_the_three_results_and_is_refused_forfeits(client: Client, code: Result) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    response = await client.post(f"{INPUT_URL}/result", data=form(p, code), headers=HX)
    if code in TABLET_RESULTS:
        assert response.status_code == 200, response.text
        assert await stored(store, p) is code
        assert code.label() in response.text
    else:
        assert response.status_code == 403
        assert "arbiter" in response.text
        assert await stored(store, p) is None
        assert [e for e in await store.journal_entries() if e.what.startswith("result")] == []


@pytest.mark.parametrize("code", list(Result))
async def test_arbiter_enters_every_code(client: Client, code: Result) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    assert await login_arbiter(client) == 303
    p = await game(store, tid, 1)
    response = await client.post(f"{INPUT_URL}/result", data=form(p, code), headers=HX)
    assert response.status_code == 200, response.text
    assert await stored(store, p) is code
    entry = (await store.journal_entries())[0]
    assert (entry.role, entry.what, entry.new) == ("arbiter", "result", code.label())


async def test_player_cannot_overwrite_nor_correct(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    assert (await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)).status_code == 200
    again = await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN), headers=HX)
    assert again.status_code == 409 and "already has a result (½-½)" in again.text
    correction = await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN, old=2), headers=HX)
    assert correction.status_code == 403
    assert await stored(store, p) is Result.DRAW


async def test_arbiter_corrects_with_the_displayed_old_result_only(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)
    await login_arbiter(client)
    dialog = await client.get(f"{INPUT_URL}/dialog?tid={tid}&rnd=1&white={p.white_player_id}", headers=HX)
    assert sorted(re.findall(r'name="result" value="(\d)"', dialog.text)) == ["1", "3", "4", "5", "6"]
    assert "½-½ → 1-0" in dialog.text  # the confirmation shows old → new
    stale = await client.post(f"{INPUT_URL}/result", data=form(p, Result.BLACK_WIN, old=3), headers=HX)
    assert stale.status_code == 409 and "is now ½-½" in stale.text
    fixed = await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_FORFEIT_WIN, old=2), headers=HX)
    assert fixed.status_code == 200 and "1-F" in fixed.text
    assert await stored(store, p) is Result.WHITE_FORFEIT_WIN
    log = [r for r in await store.results_log([tid]) if r.white_player_id == p.white_player_id]
    assert [r.value for r in log] == [Result.WHITE_FORFEIT_WIN]
    entry = (await store.journal_entries())[0]
    assert (entry.what, entry.old, entry.new, entry.role) == ("result corrected", "½-½", "1-F", "arbiter")


async def test_player_dialog_offers_three_codes_and_no_change_on_a_finished_game(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    url = f"{INPUT_URL}/dialog?tid={tid}&rnd=1&white={p.white_player_id}"
    assert re.findall(r'name="result" value="(\d)"', (await client.get(url, headers=HX)).text) == ["3", "2", "1"]
    await client.post(f"{INPUT_URL}/result", data=form(p, Result.BLACK_WIN), headers=HX)
    finished = (await client.get(url, headers=HX)).text
    assert re.findall(r'name="result"', finished) == [] and "Only an arbiter" in finished
    assert "/delete" not in finished


@pytest.mark.parametrize("allowed", [False, True])
async def test_player_deletion_follows_the_event_setting(client: Client, allowed: bool) -> None:
    store, tid = await make_event(app_state(client.app).registry, allow_results_deletion_on_input_screens=allowed)
    p = await game(store, tid)
    await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN), headers=HX)
    data = form(p, 0, old=3)
    data.pop("result")
    response = await client.post(f"{INPUT_URL}/delete", data=data, headers=HX)
    assert response.status_code == (200 if allowed else 403)
    assert await stored(store, p) is (None if allowed else Result.WHITE_WIN)


async def test_arbiter_deletes_and_the_log_row_goes_too(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)
    await login_arbiter(client)
    data = form(p, 0, old=2)
    data.pop("result")
    wrong_old = await client.post(f"{INPUT_URL}/delete", data={**data, "old": "3"}, headers=HX)
    assert wrong_old.status_code == 409
    response = await client.post(f"{INPUT_URL}/delete", data=data, headers=HX)
    assert response.status_code == 200 and "deleted" in response.text
    assert await stored(store, p) is None
    assert [r for r in await store.results_log([tid]) if r.white_player_id == p.white_player_id] == []
    again = await client.post(f"{INPUT_URL}/delete", data=data, headers=HX)
    assert again.status_code == 409


async def test_input_code_still_required_for_players(client: Client) -> None:
    from web.auth import hash_password

    store, tid = await make_event(app_state(client.app).registry)
    await store.update_info(update_password=await hash_password("code-1234"))
    p, q = (await games(store, tid))[:2]
    assert (await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)).status_code == 401
    await client.post(f"{INPUT_URL}/login", data={"password": "code-1234"})
    assert (await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)).status_code == 200
    # an arbiter's session needs no input code (tests/test_arbiter_input_access.py), and may send forfeits
    client.cookies.clear()
    await prime_csrf(client)
    await login_arbiter(client)
    assert (await client.post(f"{INPUT_URL}/result", data=form(q, Result.DOUBLE_FORFEIT),
                              headers=HX)).status_code == 200


async def test_missing_counters_per_set_and_tournament(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    page = (await client.get(f"/screen/{EVENT}/boards")).text
    assert re.search(r'class="missing-set"[^>]*>\s*4\b', page), page
    p = await game(store, tid)
    await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)
    page = (await client.get(f"/screen/{EVENT}/input")).text
    assert re.search(r'class="missing-set"[^>]*>\s*3\b', page)
    assert re.search(r'class="missing-tournament"[^>]*>\s*3\b', page)
