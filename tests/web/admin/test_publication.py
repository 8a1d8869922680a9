"""The event page's publication block: where to publish (an rclone remote), checked, and the state fragment (a
refusal naming the club's files, what unpublishing removed)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from tests.support.clients import Client, as_visitor, post, registry_of
from tests.support.servers import HANG_LIMIT, need, rclone_remote

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


async def fragment_until(client: Client, url: str, status: str) -> str:
    """The state fragment once it shows `status` (the publisher runs in the background; HANG_LIMIT: a hang)."""
    deadline = time.monotonic() + HANG_LIMIT
    while time.monotonic() < deadline:
        text = (await client.get(url)).text
        if f'data-status="{status}"' in text:
            return text
        await asyncio.sleep(0.1)
    raise AssertionError(f"the publication never became {status}: {text}")


async def test_the_admin_page_says_refused_and_what_unpublishing_removed(admin_web: Client, tmp_path: Path) -> None:
    need("rclone")
    rclone_remote("clubdir", "local")
    taken, free = tmp_path / "taken", tmp_path / "free"
    taken.mkdir()
    free.mkdir()
    (taken / "index.html").write_text("the club's home page")
    (free / "calendar.html").write_text("the club's calendar")
    await registry_of(admin_web).create("owned", name="Owned", start=0, stop=4e9, public=True)
    url = "/admin/events/owned/publication"
    assert (await post(admin_web, url, {"publish_remote": f"clubdir:{taken}"})).status_code == 303
    refused = await fragment_until(admin_web, url, "refused")
    assert "index.html" in refused and "did not write" in refused
    assert (taken / "index.html").read_text() == "the club's home page" and len(list(taken.iterdir())) == 1
    assert (await post(admin_web, url, {"publish_remote": f"clubdir:{free}"})).status_code == 303
    published = await fragment_until(admin_web, url, "ok")
    assert f"clubdir:{free}" in published and (free / "index.html").is_file()
    assert (await post(admin_web, url, {"publish_remote": ""})).status_code == 303
    gone = await fragment_until(admin_web, url, "off")
    assert f"removed from clubdir:{free}" in gone and "none of them is left" in gone
    assert [p.name for p in free.iterdir()] == ["calendar.html"]
    french = (await admin_web.get(f"{url}?lang=fr")).text
    assert "supprimés de" in french
