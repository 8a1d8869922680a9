"""The messages scrolling across the hall screens, set at the arbiter's desk (issue 26 item 9): stored on the screen
or family row, journalled old → new, announced to the screens (`config`), refused to visitors and on bad input."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.store import EventStore
from tests.support.clients import in_app, prime_csrf, settle
from tests.support.events import EVENT, login_arbiter, nine_player_event
from web.state import app_state


@pytest.fixture
async def event(client: AsyncTestClient[Litestar]) -> AsyncIterator[tuple[EventStore, int]]:
    store, tid = await in_app(client, nine_player_event, app_state(client.app).registry)
    await in_app(client, lambda: store.add_family(uniq_id="room", type="boards", public=True, tournament_id=tid,
                                                  parts=2, menu_link=True, menu_text="", menu=""))
    yield store, tid
    await settle(client, EVENT)


async def test_a_message_set_at_the_desk_is_stored_journalled_and_shown(client: AsyncTestClient[Litestar],
                                                                          app: Litestar,
                                                                          event: tuple[EventStore, int]) -> None:
    store, _tid = event
    screen = await store.screen("boards")
    family = (await store.families())[0]
    async with AsyncTestClient(app=app) as visitor:  # not an arbiter: refused, nothing stored
        await prime_csrf(visitor)
        refused = await visitor.post(f"/arbiter/{EVENT}/messages", data={"table": "screen", "id": str(screen.id),
                                                                         "message": "x"}, follow_redirects=False)
        assert refused.status_code == 403 and (await store.screen("boards")).message is None
    store = await app_state(app).registry.get(EVENT)  # the nested start-up's end closed the stores it had open
    await login_arbiter(client)
    desk = await client.get(f"/arbiter/{EVENT}/desk?lang=fr")
    assert "Messages sur les écrans de la salle" in desk.text and f'id="message-screen-{screen.id}"' in desk.text
    announced: list[tuple[str, int | None]] = []
    store.subscribe(lambda change: announced.append(change.key))
    sent = await client.post(f"/arbiter/{EVENT}/messages", follow_redirects=False,
                             data={"table": "screen", "id": str(screen.id), "message": "  Ronde 3\r\n à 14 h  "})
    assert sent.status_code == 303 and "done=message" in sent.headers["location"]
    assert (await store.screen("boards")).message == "Ronde 3 à 14 h"  # one line
    assert ("config", None) in announced  # the screens refetch their page
    entry = (await store.journal_entries(limit=1))[0]
    assert (entry.what, entry.target, entry.old, entry.new) == ("screen message", "boards", None, "Ronde 3 à 14 h")
    page = await client.get(f"/screen/{EVENT}/boards")
    assert 'id="hall-message"' in page.text and "Ronde 3 à 14 h" in page.text
    # a family's message shows on every screen it generates
    await client.post(f"/arbiter/{EVENT}/messages", data={"table": "family", "id": str(family.id),
                                                          "message": "Buvette ouverte"})
    for n in (1, 2):
        assert "Buvette ouverte" in (await client.get(f"/screen/{EVENT}/room-{n}")).text
    # emptied: no banner
    await client.post(f"/arbiter/{EVENT}/messages", data={"table": "screen", "id": str(screen.id), "message": ""})
    assert (await store.screen("boards")).message is None
    assert 'id="hall-message"' not in (await client.get(f"/screen/{EVENT}/boards")).text


@pytest.mark.parametrize("data", [{"table": "rotator", "id": "1", "message": "x"},
                                  {"table": "screen", "id": "999", "message": "x"},
                                  {"table": "screen", "id": "abc", "message": "x"},
                                  {"table": "screen", "id": "1", "message": "x" * 301}])
async def test_a_bad_message_changes_nothing(client: AsyncTestClient[Litestar], event: tuple[EventStore, int],
                                             data: dict[str, str]) -> None:
    store, _tid = event
    await login_arbiter(client)
    before = len(await store.journal_entries())
    response = await client.post(f"/arbiter/{EVENT}/messages", data=data, follow_redirects=False)
    assert 400 <= response.status_code < 500 and "Traceback" not in response.text
    assert len(await store.journal_entries()) == before
    assert all(s.message is None for s in await store.screens())
