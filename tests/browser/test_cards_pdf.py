"""Issue 26, item 2: QR board cards print every board number whole (300 boards of the 600-player open, as PDF).

The number was clipped by the card's width ("Échiquier 10" printed "Échiquier 1"): the PDF's own text is read back
(pypdf) and every card's number must be there whole, in English and in French."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.imports import import_trf
from app.settings import Settings
from database.registry import EventRegistry
from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "open-600p-9r.trf"


def make_event(events: Path) -> int:
    async def build() -> int:
        await import_trf(FIXTURE.read_bytes(), FIXTURE.name, events, "open", None)
        registry = EventRegistry(events)
        try:
            store = await registry.get("open")
            return (await store.tournaments())[0].id
        finally:
            await registry.close()

    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API holds this thread's event loop
        return pool.submit(asyncio.run, build()).result()


# a hang guard, not a measure: 300 QR codes rendered and printed take minutes on a saturated machine
@pytest.mark.timeout(2400)
@pytest.mark.parametrize(("lang", "word"), [("en", "Board"), ("fr", "Échiquier")])
def test_every_card_prints_its_whole_board_number(browser, tmp_path: Path, lang: str, word: str) -> None:  # type: ignore[no-untyped-def]
    events = tmp_path / "events"
    tid = make_event(events)
    settings = Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False)
    with LiveServer(settings) as server:
        page = browser.new_page()
        try:
            answer = page.goto(f"{server.url}/board-card/open/cards/{tid}?lang={lang}", timeout=600_000)  # 300 QR codes
            assert answer is not None and answer.status == 200
            boards = page.locator(".card").count()
            assert boards == 300  # 600 players, round 6: 300 boards
            page.set_default_timeout(600_000)  # a loaded machine is slow, never wrong
            pdf = page.pdf(format="A4", print_background=True)
        finally:
            page.close()
    (ARTIFACTS / f"cards-{lang}.pdf").write_bytes(pdf)
    text = "\n".join(p.extract_text() or "" for p in PdfReader(BytesIO(pdf)).pages)
    printed = [int(n) for n in re.findall(rf"{word}\s*(\d+)", text)]
    assert sorted(printed) == list(range(1, boards + 1)), (
        f"numbers missing or cut: {sorted(set(range(1, boards + 1)) - set(printed))[:20]}")
