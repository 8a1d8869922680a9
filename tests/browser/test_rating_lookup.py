"""The player form filled from FIDE's rating list in the browser (htmx only): the name typed proposes the list's
players, a click fills the record in place and keeps what was typed, and the entry is saved with the FIDE id."""

from __future__ import annotations

import asyncio
import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.imports import import_trf
from app.ratings import import_list
from app.settings import Settings
from tests.support.files import fixture_path
from tests.support.rating_lists import player, rating_list
from tests.support.servers import LiveServer


async def prepare(events: Path) -> None:
    await import_trf(fixture_path("small-20p-5r.trf").read_bytes(), "s.trf", events, "ev", None)
    data = rating_list(500, "txt", zipped=True)
    await import_list(events, io.BytesIO(data), "players_list_foa.zip", len(data))


def test_typing_a_name_fills_the_player(browser: Any, tmp_path: Path) -> None:
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API keeps an event loop running in this thread
        pool.submit(asyncio.run, prepare(events)).result()
    wanted = player(53)  # "Øster53, Paul", typed without its accent
    typed = wanted.last.replace("Ø", "O").replace("é", "e").lower()
    with LiveServer(Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False)) as server:
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        page.goto(f"{server.url}/admin/events/ev/tournaments/1/players?lang=fr")
        form = page.locator("#new-player")
        form.locator("#f-club").fill("Échiquier Nancéien")
        form.locator("#f-last_name").press_sequentially(typed)
        choice = page.locator(f"#rating-suggestions a[data-fide-id='{wanted.fide_id}']")
        choice.click()
        page.wait_for_function(f"document.querySelector('#f-fide_id').value === '{wanted.fide_id}'")
        assert form.locator("#f-last_name").input_value() == wanted.last
        assert form.locator("#f-first_name").input_value() == wanted.first
        assert form.locator("#f-federation").input_value() == wanted.federation
        assert form.locator("#f-club").input_value() == "Échiquier Nancéien"  # typed before: kept
        assert page.locator("#rating-suggestions li").count() == 0  # the choice closes the list
        page.locator("#f-lookup").press_sequentially(str(wanted.fide_id)[:4])  # the list can open again
        page.wait_for_selector("#rating-suggestions li")
        page.locator("#f-fide_id").fill(str(wanted.fide_id))
        form.locator("button[type=submit]").click()
        page.wait_for_url("**/players?done=created")
        row = page.locator("#player-rows tr", has_text=wanted.last.upper())
        assert row.locator("td.federation").inner_text() == wanted.federation
        assert row.locator("td.club").inner_text() == "Échiquier Nancéien"
