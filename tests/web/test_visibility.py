"""A non-public event shows nothing to a visitor: pages, data endpoints and the live stream (403)."""

from __future__ import annotations

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from tests.support.events import EVENT, make_event
from web.state import app_state

Client = AsyncTestClient[Litestar]
DATA = [f"/live/{EVENT}", f"/standings/{EVENT}/t", f"/api/standings/{EVENT}/t", f"/crosstable/{EVENT}/t",
        f"/event/{EVENT}", f"/screen/{EVENT}/boards", f"/export/{EVENT}/t", f"/board-card/{EVENT}/cards/1"]


@pytest.mark.parametrize("url", DATA)
async def test_a_private_event_gives_a_visitor_nothing(client: Client, url: str) -> None:
    await make_event(app_state(client.app).registry, public=False)
    response = await client.get(url)
    assert response.status_code in (401, 403), (url, response.status_code)
    assert "player0" not in response.text.lower()  # no player name leaks


async def test_the_live_stream_of_an_unknown_event_is_404(client: Client) -> None:
    assert (await client.get("/live/nope")).status_code == 404


async def test_the_admin_still_reads_a_private_events_data(admin_client: Client) -> None:
    await make_event(app_state(admin_client.app).registry, public=False)
    response = await admin_client.get(f"/api/standings/{EVENT}/t")
    assert response.status_code == 200 and "PLAYER01" in response.text
