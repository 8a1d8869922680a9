"""Publication end to end: the hall server publishes with rclone to a WebDAV remote (rclone serve webdav), nginx
serves what arrived, and a spectator's browser on the public page sees a result entered on a hall tablet."""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.demo import ensure_demo
from app.settings import Settings
from database.registry import EventRegistry
from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer, fetch, nginx, wait_until, webdav


async def demo_publishing_to(events: Path, remote: str) -> None:
    registry = EventRegistry(events)
    try:
        store = await ensure_demo(registry)
        await store.update_info(publish_remote=remote)
    finally:
        await registry.close()


def test_a_result_entered_in_the_hall_reaches_the_public_site(browser: Any, tmp_path: Path) -> None:
    remote_dir = tmp_path / "remote"
    dav, remote = webdav(remote_dir, tmp_path / "webdav.log")
    web, public_url = nginx(remote_dir, tmp_path / "nginx")
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's loop runs in this thread
        pool.submit(asyncio.run, demo_publishing_to(events, remote)).result()
    settings = Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False)
    with dav, web, LiveServer(settings) as hall:
        assert fetch(f"{hall.url}/screen/demo/boards-a")  # the event opens: its publisher starts
        wait_until(lambda: fetch(f"{public_url}/version.json"), "the first publication")
        spectator = browser.new_page(viewport={"width": 1280, "height": 900})
        tablet = browser.new_page(viewport={"width": 1024, "height": 768})
        try:
            spectator.goto(f"{public_url}/1/boards.html")
            tablet.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
            tablet.goto(f"{hall.url}/screen/demo/input")
            row = tablet.locator("tr.tappable[id^='game-1-3-']:not(.done)").first
            row_id = row.get_attribute("id")
            assert row_id is not None
            assert spectator.locator(f"#{row_id} td.result").inner_text().strip() == ""
            spectator.evaluate("window.__noReload = 'still here'")
            row.click()
            tablet.locator("button.choice-2").click()
            tablet.wait_for_selector(f"#{row_id}.done")
            entered = time.monotonic()
            spectator.wait_for_function(
                f"document.querySelector('#{row_id} td.result').textContent.trim() === '½-½'")
            print(f"result on the public page after {time.monotonic() - entered:.1f} s")
            assert spectator.evaluate("window.__noReload") == "still here"  # swapped in, not reloaded
            spectator.screenshot(path=str(ARTIFACTS / "publication-boards.png"))
            twin = json.loads(fetch(f"{public_url}/1/boards.json") or b"{}")
            assert any(b["id"] == row_id and b["result"] == "½-½" for b in twin["boards"])
        finally:
            spectator.close()
            tablet.close()
