"""Hall screens in Chromium: every screen type at 1920×1080 (hall TV) and 1024×768 (tablet), auto-fit,
a rotator turning, and a timer that follows the server's clock when the browser's clock is wrong.

Screenshots go to tests/browser/artifacts/ (git-ignored). One server and one page per viewport.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any

import pytest

from app.settings import Settings
from database.registry import EventRegistry
from tests.support.files import ARTIFACTS, ROOT
from tests.support.hall import hall_event
from tests.support.servers import LiveServer

EVENT = "hall"
SCREENS = ["input", "boards", "boards-top", "players", "results", "checkin", "checkin-view", "welcome", "room-2"]
VIEWPORTS = {"tv": {"width": 1920, "height": 1080}, "tablet": {"width": 1024, "height": 768}}

# Containers that must stay inside the viewport (text inside cells is clipped with an ellipsis).
OVERFLOW_JS = """() => {
  const width = document.documentElement.clientWidth;
  const bad = [];
  if (document.documentElement.scrollWidth > width + 1) bad.push('document ' + document.documentElement.scrollWidth);
  for (const el of document.querySelectorAll(
      'header, nav, nav a, main, section, .columns, .column, table, tr, td, th, ul, li, h1, h2, img, .timer, dialog')) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > width + 1 || r.left < -1)) bad.push(el.tagName + '.' + el.className + ' ' + r.right);
  }
  return bad.slice(0, 5);
}"""


class Hall:
    def __init__(self, server: LiveServer, hour_at: float) -> None:
        self.server = server
        self.hour_at = hour_at  # the round-6 hour of the `rounds` timer

    def url(self, path: str) -> str:
        return f"{self.server.url}{path}"


@pytest.fixture(scope="module")
def hall(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hall]:
    folder = tmp_path_factory.mktemp("hall-browser")
    start = datetime.now().replace(second=0, microsecond=0) + timedelta(minutes=20)

    async def build() -> None:
        registry = EventRegistry(folder / "events")
        try:
            store = await registry.create(EVENT, name="Hall", start=0.0, stop=4e9)
            await hall_event(store, rotator_delay=2, timer_start=start)
        finally:
            await registry.close()

    (folder / "events").mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API may already run a loop in this thread
        pool.submit(asyncio.run, build()).result()
    settings = Settings(events_dir=folder / "events", custom_dir=folder / "custom", create_demo=False)
    with LiveServer(settings) as server:
        yield Hall(server, start.timestamp())


@pytest.fixture(scope="module")
def pages(browser: Any, hall: Hall) -> Iterator[dict[str, Any]]:
    opened = {name: browser.new_page(viewport=size) for name, size in VIEWPORTS.items()}
    yield opened
    for page in opened.values():
        page.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_every_screen_type_fits_horizontally(pages: dict[str, Any], hall: Hall, viewport: str) -> None:
    page = pages[viewport]
    for screen in SCREENS:
        page.goto(hall.url(f"/screen/{EVENT}/{screen}"))
        page.wait_for_load_state("load")
        # the layout auto-fit gives once the fonts are in (a later refit of the same page gives the same)
        page.evaluate("document.fonts.ready.then(() => window.echiquierFit && window.echiquierFit.fit())")
        page.screenshot(path=str(ARTIFACTS / f"screen-{screen}-{viewport}.png"))
        assert page.evaluate(OVERFLOW_JS) == [], f"{screen} overflows at {viewport}"
    page.goto(hall.url(f"/rotator/{EVENT}/hall"))
    page.screenshot(path=str(ARTIFACTS / f"rotator-hall-{viewport}.png"))
    assert page.evaluate(OVERFLOW_JS) == []
    page.goto("about:blank")  # leave before the rotator turns: its navigation would interrupt the next test's


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_long_screens_page_themselves_so_nothing_is_cut_off(pages: dict[str, Any], hall: Hall, viewport: str) -> None:
    page = pages[viewport]
    for screen in ("boards", "players"):
        page.goto(hall.url(f"/screen/{EVENT}/{screen}"))
        page.wait_for_function("document.body.dataset.fitPages !== undefined")
        # the page turns itself every few seconds: stopped, so that only the test turns it (on a loaded machine
        # a turn of its own between two of the test's would show a page twice)
        page.evaluate("document.fonts.ready.then(() => {"
                      " clearInterval(window.echiquierFit.state.timer); window.echiquierFit.fit(); })")
        pages_count = int(page.evaluate("document.body.dataset.fitPages"))
        assert pages_count > 1  # 299 boards / 600 players never fit one display
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
        shown = set()
        for _ in range(pages_count):  # every row is shown on exactly one page
            ids = page.evaluate("Array.from(document.querySelectorAll('main tbody tr')).filter(r => !r.hidden)"
                                ".map(r => r.id)")
            assert not shown & set(ids)
            shown |= set(ids)
            assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
            page.evaluate("window.echiquierFit.turn()")
        assert len(shown) == page.evaluate("document.querySelectorAll('main tbody tr').length")
        page.screenshot(path=str(ARTIFACTS / f"autofit-{screen}-{viewport}.png"))


def test_rotator_shows_its_second_screen_after_delay(pages: dict[str, Any], hall: Hall) -> None:
    page = pages["tv"]
    page.goto(hall.url(f"/rotator/{EVENT}/hall"))
    assert page.locator("h2.set-title").first.inner_text().startswith("Open 600 (round 6)") or \
        "Boards 1 to 40" in page.locator("h2.set-title").first.inner_text()
    started = time.monotonic()
    page.wait_for_url(f"**/rotator/{EVENT}/hall/1?lang=en")  # the language kept on every turn
    assert time.monotonic() - started >= 1.0  # delay = 2 s
    assert "Latest results" in page.locator("main").inner_text()
    page.screenshot(path=str(ARTIFACTS / "rotator-second-screen.png"))


def test_timer_follows_the_server_clock_when_the_browser_clock_is_ten_minutes_off(browser: Any, hall: Hall) -> None:
    page = browser.new_page(viewport=VIEWPORTS["tablet"])
    try:
        page.clock.install(time=datetime.now() + timedelta(minutes=10))
        page.clock.resume()
        page.goto(hall.url(f"/screen/{EVENT}/boards?fit=0"))
        assert abs(page.evaluate("Date.now()") / 1000 - time.time() - 600) < 5  # the browser clock is wrong
        asked = time.time()
        page.evaluate("window.echiquierTimer.measure()")  # resolves once the page has its offset against /clock
        # the next tick of the banner, which uses that offset (a change of the seconds shown)
        page.evaluate("window.__shown = document.querySelector('.timer').dataset.seconds")
        shown = int(page.wait_for_function(
            "() => { const s = document.querySelector('.timer').dataset.seconds; return s !== window.__shown && s; }"
        ).json_value())
        read_at = time.time()
        # what the server shows in that span (tournament/hall/timers.py), give or take half the measure's round trip
        slack = 1 + math.ceil(read_at - asked)
        assert math.ceil(hall.hour_at - read_at) - slack <= shown <= math.ceil(hall.hour_at - asked) + slack, (
            shown, hall.hour_at - read_at)
        text = page.locator(".timer-text").inner_text()
        assert text.startswith("Round 6 starts in 1") and "minutes" in text  # ~19 minutes, not ~9
        before = datetime.now()
        clock = page.locator(".timer-clock").inner_text()
        after = datetime.now()
        shown_clock = datetime.combine(before.date(), datetime.strptime(clock, "%H:%M:%S").time())
        assert before - timedelta(seconds=1.5 + slack) <= shown_clock <= after + timedelta(seconds=1.5 + slack)
        page.screenshot(path=str(ARTIFACTS / "timer-shifted-clock.png"))
    finally:
        page.close()


def test_artifacts_folder_is_ignored_by_git() -> None:
    ignore = (ROOT / ".gitignore").read_text()
    assert "tests/browser/artifacts/" in ignore
