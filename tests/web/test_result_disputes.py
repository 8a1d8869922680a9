"""A second entry of a different result on a board: refused, journalled, and the board flagged on the arbiter's desk
until an arbiter keeps the result or corrects it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.store import EventStore
from tests.support.clients import in_app, settle
from tests.support.events import EVENT, HX, INPUT_URL, form, game, login_arbiter, make_event
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
DESK = f"/arbiter/{EVENT}/desk"


@pytest.fixture
async def paired(client: Client) -> AsyncIterator[tuple[EventStore, int]]:
    yield await in_app(client, make_event, app_state(client.app).registry)
    await settle(client, EVENT)


async def test_a_refused_second_entry_flags_the_board_until_kept(client: Client,
                                                                  paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    p = await game(store, tid)
    assert (await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN), headers=HX)).status_code == 200
    same = await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN), headers=HX)
    assert same.status_code == 409  # the same result again is no dispute
    assert not await store.open_disputes(tid)
    for _ in range(2):  # a retried refusal is journalled once
        refused = await client.post(f"{INPUT_URL}/result", data=form(p, Result.BLACK_WIN), headers=HX)
        assert refused.status_code == 409
    [dispute] = await store.open_disputes(tid)
    assert (dispute.what, dispute.round, dispute.board, dispute.old, dispute.new) == (
        "result refused", 1, p.board, Result.WHITE_WIN.label(), Result.BLACK_WIN.label())
    assert [e.what for e in await store.journal_entries()].count("result refused") == 1
    assert await _stored(store, tid, p.board) is Result.WHITE_WIN  # nothing changed
    assert await login_arbiter(client) == 303
    desk = (await client.get(DESK)).text
    assert f'id="dispute-{dispute.id}"' in desk
    kept = await client.post(f"/arbiter/{EVENT}/disputes/{tid}/{dispute.id}/settle", follow_redirects=False)
    assert kept.status_code == 303
    assert not await store.open_disputes(tid) and f'id="dispute-{dispute.id}"' not in (await client.get(DESK)).text
    again = await client.post(f"/arbiter/{EVENT}/disputes/{tid}/{dispute.id}/settle", follow_redirects=False)
    assert again.status_code == 409  # settled already: nothing changes
    assert await _stored(store, tid, p.board) is Result.WHITE_WIN


async def test_a_correction_settles_the_dispute_and_visitors_cannot(client: Client,
                                                                    paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    p = await game(store, tid)
    await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)
    await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN), headers=HX)
    [dispute] = await store.open_disputes(tid)
    refused = await client.post(f"/arbiter/{EVENT}/disputes/{tid}/{dispute.id}/settle", follow_redirects=False)
    assert refused.status_code == 403 and await store.open_disputes(tid)
    assert await login_arbiter(client) == 303
    corrected = form(p, Result.WHITE_WIN, old=int(Result.DRAW))
    response = await client.post(f"{INPUT_URL}/result", data=corrected, headers=HX)
    assert response.status_code == 200, response.text
    assert not await store.open_disputes(tid)


async def _stored(store: EventStore, tid: int, board: int | None) -> Result | None:
    return next(p.result for p in await store.pairings(tid, 1) if p.board == board)
