"""The arbiter pairs and publishes the next round in the browser while a hall screen is open; print sheets
render on A4 with nothing overflowing."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.settings import Settings
from database.registry import EventRegistry
from tests.support.events import EVENT, finish_round, nine_player_event
from tests.support.files import ARTIFACTS, FIXTURES
from tests.support.servers import LiveServer
from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf

BIG = FIXTURES / "pairing" / "dutch-134p-9r-s793.trf"
A4_CONTENT_WIDTH = 718  # CSS px: 210 mm minus 2 × 10 mm margins at 96 px per inch


async def _prepare(events: Path) -> int:
    registry = EventRegistry(events)
    try:
        store, tid = await nine_player_event(registry)
        await finish_round(store, tid, 1)
        trf, errors = parse_trf(decode(BIG.read_bytes()))
        assert not errors
        big = await store.add_tournament(uniq_id="big", name="Big open", rounds=trf.rounds)
        players, pairings = trf_rows(trf)
        await store.fill_tournament(big, players, pairings)
        return tid
    finally:
        await registry.close()


def _settings(tmp_path: Path) -> tuple[Settings, int]:
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API keeps an event loop running in this thread
        tid = pool.submit(asyncio.run, _prepare(events)).result()
    return Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False), tid


def test_arbiter_publishes_the_next_round_and_the_hall_shows_it_live(
        browser: Any, tmp_path: Path) -> None:
    settings, tid = _settings(tmp_path)
    with LiveServer(settings) as server:
        hall = browser.new_page(viewport={"width": 1920, "height": 1080})
        desk = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            hall.goto(f"{server.url}/screen/{EVENT}/boards")
            hall.wait_for_selector("#live-state:has-text('live')")
            assert hall.locator(f"tr[id^='game-{tid}-1-']").count() >= 4
            assert hall.locator(f"tr[id^='game-{tid}-2-']").count() == 0
            hall.evaluate("window.__noReload = 'still here'")

            # the browser runs on the server machine: the admin (an arbiter of every event) until a password is set
            desk.goto(f"{server.url}/event/{EVENT}")
            desk.click(f"a[href='/arbiter/{EVENT}/desk']")
            desk.click(f"a[href='/arbiter/{EVENT}/pair/{tid}']")
            desk.click("#pair-button")
            desk.wait_for_selector("#draft")
            assert desk.locator("#draft tbody tr").count() == 5
            first = desk.locator("#draft tbody tr").first
            white_before = first.locator("td").nth(1).locator(".who").inner_text()
            first.locator("button").click()  # swap colours of board 1 (htmx swaps the draft in place)
            desk.wait_for_function(
                "w => document.querySelector('#draft tbody tr td:nth-child(3) .who')?.textContent.trim() === w",
                arg=white_before)
            desk.screenshot(path=str(ARTIFACTS / "desk-pairing-draft.png"), full_page=True)
            desk.click("#publish-button")
            desk.wait_for_url(re.compile(r".*/desk\?done=published.*"))
            assert desk.locator(".notice-ok").count() == 1

            hall.wait_for_selector(f"tr[id^='game-{tid}-2-']")
            assert hall.evaluate("window.__noReload") == "still here"
            assert hall.locator(f"tr[id^='game-{tid}-1-']").count() == 0
            black_first = hall.locator(f"tr[id^='game-{tid}-2-']").first.inner_text()
            assert white_before in black_first
            hall.screenshot(path=str(ARTIFACTS / "desk-hall-round-2.png"))
            desk.screenshot(path=str(ARTIFACTS / "desk-after-publish.png"), full_page=True)
        finally:
            hall.close()
            desk.close()


OVERFLOW = """() => {
  const bad = [];
  const width = document.documentElement.scrollWidth;
  if (width > window.innerWidth) bad.push('page ' + width);
  for (const cell of document.querySelectorAll('table.sheet th, table.sheet td')) {
    if (cell.scrollWidth > cell.clientWidth + 1) bad.push(cell.textContent.trim());
  }
  return bad;
}"""


def test_print_sheets_fit_a4(browser: Any, tmp_path: Path) -> None:
    settings, _tid = _settings(tmp_path)
    with LiveServer(settings) as server:
        page = browser.new_page(viewport={"width": A4_CONTENT_WIDTH, "height": 1000})
        try:
            page.emulate_media(media="print")
            big = 2
            for name, path, rows in [("pairings-board", "pairings?round=9&order=board", 67),
                                     ("pairings-alpha", "pairings?round=9&order=alpha", 134),
                                     ("standings", "standings", 134), ("crosstable", "crosstable", 134)]:
                page.goto(f"{server.url}/print/{EVENT}/{big}/{path}")
                assert page.locator("table.sheet tbody tr").count() >= rows
                assert page.locator(".print-tools").is_hidden()  # the Print button is not printed
                assert page.evaluate("getComputedStyle(document.querySelector('table.sheet thead')).display") \
                    == "table-header-group"  # repeated on every page
                assert page.evaluate(OVERFLOW) == [], name
                pdf = page.pdf(prefer_css_page_size=True, print_background=True)
                (ARTIFACTS / f"print-{name}.pdf").write_bytes(pdf)
                assert pdf.startswith(b"%PDF")
                boxes = set(re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf))
                assert boxes and all(abs(float(w) - 595.9) < 2 and abs(float(h) - 842.9) < 2 for w, h in boxes), boxes
                assert len(re.findall(rb"/Type\s*/Page\b", pdf)) >= 2, name  # 134 players: several A4 pages
            page.emulate_media(media="screen")
            page.set_viewport_size({"width": 1024, "height": 768})
            page.goto(f"{server.url}/print/{EVENT}/{big}/pairings?round=9&order=board")
            assert page.locator(".print-tools button").is_visible()
            page.screenshot(path=str(ARTIFACTS / "print-pairings-screen.png"))
        finally:
            page.close()
