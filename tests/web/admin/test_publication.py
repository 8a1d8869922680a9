"""The event page's publication block: where to publish (an rclone remote), checked, and the state fragment."""

from __future__ import annotations

import pytest

from tests.support.clients import Client, as_visitor, post, registry_of
from tests.support.servers import need, rclone_remote

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_the_event_page_sets_where_to_publish_and_shows_the_state(admin_web: Client) -> None:
    # not public: the publisher has nothing to send (no rclone run against the made-up remote below)
    need("rclone")
    rclone_remote("clubsite", "local")
    store = await registry_of(admin_web).create("open", name="Open", start=0, stop=4e9, public=False)
    page = await admin_web.get("/admin/events/open")
    assert 'id="publication-settings"' in page.text and 'hx-get="/admin/events/open/publication"' in page.text
    for bad in ("-rf /", "no colon here", "club:\nsite"):
        response = await post(admin_web, "/admin/events/open/publication", {"publish_remote": bad})
        assert response.status_code == 422, (bad, response.status_code)
        assert "Not an rclone remote" in response.text
        assert (await store.info()).publish_remote is None
    response = await post(admin_web, "/admin/events/open/publication", {"publish_remote": " clubsite:echiquier/open "})
    assert response.status_code == 303
    assert (await store.info()).publish_remote == "clubsite:echiquier/open"
    state = await admin_web.get("/admin/events/open/publication")
    assert state.status_code == 200 and 'class="publication-state"' in state.text
    response = await post(admin_web, "/admin/events/open/publication", {"publish_remote": ""})
    assert response.status_code == 303 and (await store.info()).publish_remote is None
    with as_visitor(admin_web):
        assert (await admin_web.get("/admin/events/open/publication")).status_code == 403
        refused = await post(admin_web, "/admin/events/open/publication", {"publish_remote": "evil:x"})
        assert refused.status_code == 403
    assert (await store.info()).publish_remote is None
