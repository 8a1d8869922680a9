"""A board result entered on a captain's tablet updates the match score on the hall's team boards screen,
without a reload (the store's result event through the live hub, SSE)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.settings import Settings
from database.registry import EventRegistry
from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer
from tests.support.teams import BASE, make_team_event

CONNECTED = ("() => { const el = document.querySelector('[sse-connect]');"
             " const data = el && el['htmx-internal-data'];"
             " return !!(data && data.sseEventSource && data.sseEventSource.readyState === 1); }")


async def prepare(events: Path) -> None:
    registry = EventRegistry(events)
    try:
        store, tid, mid = await make_team_event(registry, captain_password=False)
        await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, 4])
        await store.teams.set_lineup(tid, mid, "B", [6, 7, 8, 9])
    finally:
        await registry.close()


def test_board_result_on_a_tablet_updates_the_match_score_in_the_hall(browser: Any, tmp_path: Path) -> None:
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API keeps an event loop running in this thread
        pool.submit(asyncio.run, prepare(events)).result()
    settings = Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False)
    with LiveServer(settings) as server:
        hall = browser.new_page(viewport={"width": 1920, "height": 1080})
        tablet = browser.new_page(viewport={"width": 1024, "height": 768})
        try:
            hall.goto(f"{server.url}{BASE}/boards")
            hall.wait_for_function(CONNECTED)
            hall.evaluate("window.__noReload = 'still here'")
            score = hall.locator(".team-match .match-score").first
            assert score.inner_text().strip() == "0-0"
            tablet.on("dialog", lambda d: d.accept())  # each result is confirmed in words (issue 25)
            tablet.goto(f"{server.url}{BASE}/input")
            tablet.locator("tr[data-board='1'] button[data-result='1-0']").click()
            tablet.wait_for_function(
                "() => document.querySelector(\"tr[data-board='1'] td.result\").textContent.trim() === '1-0'")
            hall.wait_for_function(
                "() => document.querySelector('.team-match .match-score').textContent.trim() === '1-0'")
            assert hall.locator("tr[data-board='1'] td.result").inner_text().strip() == "1-0"
            # board 2: A has Black; the boards read from left (team A) to right, so A's win is "1-0" there too
            tablet.locator("tr[data-board='2'] button[data-result='1-0']").click()
            hall.wait_for_function(
                "() => document.querySelector('.team-match .match-score').textContent.trim() === '2-0'")
            assert hall.locator("tr[data-board='2'] td.result").inner_text().strip() == "1-0"
            assert hall.evaluate("window.__noReload") == "still here"
            hall.screenshot(path=str(ARTIFACTS / "teams-hall.png"))
            tablet.screenshot(path=str(ARTIFACTS / "teams-tablet.png"))
        finally:
            hall.close()
            tablet.close()
