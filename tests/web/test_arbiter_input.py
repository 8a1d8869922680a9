"""An arbiter's session opens the event's protected input screens without the input code."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import AsyncTestClient

from tests.support.events import EVENT, HX, INPUT_URL, form, games, login_arbiter, make_event, stored
from tournament.results import Result
from web.auth import hash_password
from web.state import app_state

Client = AsyncTestClient[Litestar]


async def test_an_arbiter_needs_no_input_code(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry, record_illegal_moves=2)
    await store.update_info(update_password=await hash_password("input-code-1"))
    screen = next(s for s in await store.screens() if s.uniq_id == "input")
    set_id = next(s.id for s in await store.screen_sets() if s.screen_id == screen.id)
    p = (await games(store, tid))[0]
    query = f"tid={tid}&rnd=1&white={p.white_player_id}"
    illegal = {"tournament_id": str(tid), "round": "1", "player_id": str(p.white_player_id), "action": "add"}

    # a visitor: the code page, and every input action refused
    assert (await client.get(INPUT_URL)).status_code == 401
    assert (await client.get(f"{INPUT_URL}/sets/{set_id}", headers=HX)).status_code == 401
    assert (await client.get(f"{INPUT_URL}/dialog?{query}", headers=HX)).status_code == 401
    assert (await client.post(f"{INPUT_URL}/illegal", data=illegal, headers=HX)).status_code == 401
    assert (await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)).status_code == 401
    assert await stored(store, p) is None

    assert await login_arbiter(client) == 303
    page = await client.get(INPUT_URL)
    assert page.status_code == 200 and 'name="password"' not in page.text
    assert (await client.get(f"{INPUT_URL}/sets/{set_id}", headers=HX)).status_code == 200
    dialog = await client.get(f"{INPUT_URL}/dialog?{query}", headers=HX)
    assert dialog.status_code == 200 and 'name="result" value="6"' in dialog.text  # arbiter choices
    assert (await client.post(f"{INPUT_URL}/illegal", data=illegal, headers=HX)).status_code == 200
    done = await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_FORFEIT_WIN), headers=HX)
    assert done.status_code == 200
    assert await stored(store, p) is Result.WHITE_FORFEIT_WIN
    assert (await store.journal_entries(limit=1))[0].role == "arbiter"


async def test_a_wrong_arbiter_cookie_is_no_pass(client: Client) -> None:
    store, _tid = await make_event(app_state(client.app).registry)
    await store.update_info(update_password=await hash_password("input-code-1"))
    client.cookies.set(f"echiquier-arbiter-{EVENT}", "0" * 64)
    assert (await client.get(INPUT_URL)).status_code == 401
