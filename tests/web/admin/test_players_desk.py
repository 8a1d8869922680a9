"""The player record from the arbiter's desk: the event's arbiters edit it (the journal names them and lets them undo
it); a visitor is refused before anything is read."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.store import EventStore
from tests.support.clients import in_app, settle
from tests.support.events import EVENT, login_arbiter, make_event
from web.state import app_state

Client = AsyncTestClient[Litestar]


@pytest.fixture
async def paired(client: Client) -> AsyncIterator[tuple[EventStore, int]]:
    yield await in_app(client, make_event, app_state(client.app).registry)
    await settle(client, EVENT)


async def test_an_arbiter_edits_a_player_from_the_desk(client: Client, paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    player = (await store.players(tid))[0]
    url = f"/arbiter/{EVENT}/players/{tid}/{player.id}"
    refused = await client.post(url, data={"club": "Metz"}, follow_redirects=False)
    assert refused.status_code == 403 and (await client.get(f"/arbiter/{EVENT}/players/{tid}")).status_code == 403
    assert await login_arbiter(client) == 303
    desk = (await client.get(f"/arbiter/{EVENT}/desk")).text
    assert f'href="/arbiter/{EVENT}/players/{tid}"' in desk
    assert player.shown_name in (await client.get(f"/arbiter/{EVENT}/players/{tid}")).text
    response = await client.post(url, data={"club": "Metz", "fide_id": "620000"}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == f"/arbiter/{EVENT}/players/{tid}?done=saved"
    edited = (await store.players(tid))[0]
    assert (edited.club, edited.fide_id, edited.last_name) == ("Metz", 620000, player.last_name)
    [entry] = await store.journal_entries(limit=1)
    assert entry.what == "admin: player record" and entry.role == "arbiter" and entry.undo_role == "arbiter"
    undone = await client.post(f"/arbiter/{EVENT}/journal/{entry.id}/undo", follow_redirects=False)
    assert undone.status_code in (200, 303)
    assert (await store.players(tid))[0].club is None
