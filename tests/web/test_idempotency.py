"""Idempotent submissions: a retried key gets the first answer; stale submissions after a re-pairing."""

from __future__ import annotations

import asyncio
from pathlib import Path

from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import Settings
from tests.support.clients import prime_csrf
from tests.support.events import HX, INPUT_URL, form, game, games, make_event, repair, stored
from tournament.results import Result
from web.app import create_app
from web.controllers.cards import board_signature
from web.state import app_state

Client = AsyncTestClient[Litestar]


async def test_same_key_twenty_times_concurrently_is_one_change_and_twenty_identical_answers(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    data = form(p, Result.DRAW, key="k-0123456789abcdef")
    responses = await asyncio.gather(*(client.post(f"{INPUT_URL}/result", data=data, headers=HX) for _ in range(20)))
    assert {r.status_code for r in responses} == {200}
    assert len({r.text for r in responses}) == 1
    assert await stored(store, p) is Result.DRAW
    assert len([e for e in await store.journal_entries() if e.what == "result"]) == 1
    assert len([r for r in await store.results_log([tid]) if r.white_player_id == p.white_player_id]) == 1


async def test_without_a_key_the_second_entry_is_a_conflict(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    codes = [(await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)).status_code
             for _ in range(2)]
    assert codes == [200, 409]


async def test_a_retry_after_a_restart_gets_the_original_answer(client: Client, settings: Settings) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p, other = (await games(store, tid))[:2]
    first = await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN, key="restart-1"), headers=HX)
    refused_twice = form(p, Result.BLACK_WIN, key="restart-2")
    refused = await client.post(f"{INPUT_URL}/result", data=refused_twice, headers=HX)
    assert (first.status_code, refused.status_code) == (200, 409)
    async with AsyncTestClient(app=create_app(settings)) as again:
        await prime_csrf(again)
        replayed = await again.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN, key="restart-1"),
                                    headers=HX)
        assert (replayed.status_code, replayed.text) == (200, first.text)
        replayed = await again.post(f"{INPUT_URL}/result", data=refused_twice, headers=HX)
        assert (replayed.status_code, replayed.text) == (409, refused.text)
        reused = await again.post(f"{INPUT_URL}/result", data=form(other, Result.DRAW, key="restart-1"), headers=HX)
        assert reused.status_code == 422 and "already used" in reused.text
        store = await app_state(again.app).registry.get("arb")
        assert await stored(store, other) is None
        assert len([e for e in await store.journal_entries() if e.what == "result"]) == 1


async def test_stale_submission_after_a_re_pairing_is_refused_and_changes_nothing(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    old = await game(store, tid)
    await repair(store, tid, seed=99)
    before = await store.live_state()
    response = await client.post(f"{INPUT_URL}/result", data=form(old, Result.DRAW, key="stale-1"), headers=HX)
    assert response.status_code == 409
    assert "no longer in round 1" in response.text and "re-paired" in response.text
    assert await store.live_state() == before
    assert all(g.result is None for g in await games(store, tid))


async def test_a_stale_board_card_is_refused(client: Client, events_dir: Path) -> None:
    """A phone page showing the board's game before a re-pairing sends that game: refused, nothing written."""
    store, tid = await make_event(app_state(client.app).registry)
    old = await game(store, tid)
    board = old.board or 1
    url = f"/board/arb/t/{board}?k={board_signature(app_state(client.app).secret, 'arb', 't', board)}"
    await repair(store, tid, seed=7)
    response = await client.post(url, data={"result": "2", "key": "c1", "round": "1",
                                            "white_player_id": str(old.white_player_id),
                                            "black_player_id": str(old.black_player_id)})
    assert response.status_code == 409 and "has changed" in response.text
    assert all(g.result is None for g in await games(store, tid))
