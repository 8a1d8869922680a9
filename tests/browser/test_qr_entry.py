"""A phone follows a board card's URL (no camera: the link printed under the QR code) and enters a result."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from app.settings import Settings
from database.registry import EventRegistry
from tests.support.events import make_event
from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer


async def prepare(events_dir: Path) -> int:
    registry = EventRegistry(events_dir)
    try:
        _store, tid = await make_event(registry)
        return tid
    finally:
        await registry.close()


def test_phone_follows_a_board_card_and_enters_a_draw(browser: Any, tmp_path: Path) -> None:
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API already runs a loop in this thread
        tid = pool.submit(asyncio.run, prepare(events)).result()
    settings = Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False)
    with LiveServer(settings) as server:
        arbiter = browser.new_page(viewport={"width": 1240, "height": 1754})  # loopback: the server admin
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                    device_scale_factor=2).new_page()
        try:
            arbiter.goto(f"{server.url}/board-card/arb/cards/{tid}")
            cards = arbiter.locator(".card")
            assert cards.count() == 4 and arbiter.locator(".card .qr svg").count() == 4
            arbiter.screenshot(path=str(ARTIFACTS / "qr-cards.png"))
            href = cards.nth(1).locator("a.url").get_attribute("href")
            assert href and re.search(r"/board/arb/t/2\?k=", href)  # the board, not the round nor the game
            link = urlparse(href)
            phone.goto(f"{server.url}{link.path}?{link.query}")  # the printed host is the LAN address
            phone.locator("button.choice-2").tap()
            phone.wait_for_selector("#card-result")
            assert "½-½" in phone.locator("#card-result").inner_text()
            phone.screenshot(path=str(ARTIFACTS / "qr-phone.png"))
        finally:
            arbiter.close()
            phone.context.close()
    with sqlite3.connect(events / "arb.db") as db:
        rows = db.execute("SELECT board, result FROM pairing WHERE result IS NOT NULL").fetchall()
        who = db.execute("SELECT role, new FROM journal WHERE what = 'result'").fetchall()
    assert rows == [(2, 2)]
    assert who == [("board", "½-½")]
