"""The Papi loop in a browser (docs/papi-loop.md), as a French arbiter lives it: the tournament is linked to its
.papi file at the desk; Papi saves round 4 and the hall screen shows it without a reload; a result entered on a
tablet is in the .papi file on disk soon after; the desk at 1024×768 in French (a screenshot in artifacts/)."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.imports import import_papi
from app.settings import Settings
from database.registry import EventRegistry
from tests.support.files import ARTIFACTS, fixture_path
from tests.support.papi import PAIRED, SMALL, cells, copy_fixture
from tests.support.servers import LiveServer, wait_until

EVENT = "open-papi"


async def _prepare(events: Path, papi: Path) -> int:
    registry = EventRegistry(events)
    try:
        store = await registry.create(EVENT, name="Open de Papi", start=0.0, stop=4e9)
        await import_papi(store, papi.read_bytes(), None)
        tid = (await store.tournaments())[0].id
        await store.add_screen(uniq_id="boards", type="boards", public=True, sets=[{"tournament_id": tid}])
        await store.add_screen(uniq_id="input", type="input", public=True, sets=[{"tournament_id": tid}])
        return tid
    finally:
        await registry.close()


def papi_saves(source: Path, target: Path) -> None:
    """Papi saving the file: new bytes, replaced in one step."""
    temp = target.with_name("papi-saving.tmp")
    shutil.copyfile(source, temp)
    os.replace(temp, target)


def until(condition: Callable[[], bool], what: str) -> None:
    wait_until(lambda: condition() or None, what)


def test_papi_saves_round_4_the_hall_switches_and_a_tablet_result_reaches_the_file(browser: Any,
                                                                                  tmp_path: Path) -> None:
    papi = copy_fixture(SMALL, tmp_path / "Papi")
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API keeps an event loop running in this thread
        tid = pool.submit(asyncio.run, _prepare(events, papi)).result()
    settings = Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False)
    with LiveServer(settings) as server:
        desk = browser.new_page(viewport={"width": 1024, "height": 768})
        hall = browser.new_page(viewport={"width": 1920, "height": 1080})
        tablet = browser.new_page(viewport={"width": 1024, "height": 768})
        try:
            # the arbiter (on the server machine: the admin) links the tournament to its file, in French
            desk.goto(f"{server.url}/arbiter/{EVENT}/desk?lang=fr")
            desk.fill(f"#papi-{tid} input[name=path]", str(papi))
            desk.click(f"#papi-{tid} form.papi-link button[type=submit] >> nth=0")
            desk.wait_for_selector(f"#papi-{tid} .papi-file")
            assert "Lié à tournoi.papi" in desk.locator(f"#papi-{tid} .papi-file").inner_text()

            hall.goto(f"{server.url}/screen/{EVENT}/boards")
            hall.wait_for_selector("#live-state:has-text('live')")
            assert hall.locator(f"tr[id^='game-{tid}-4-']").count() == 0
            hall.evaluate("window.__noReload = 'still here'")

            papi_saves(fixture_path(PAIRED), papi)  # Papi pairs round 4 and saves
            hall.wait_for_selector(f"tr[id^='game-{tid}-4-']")
            assert hall.evaluate("window.__noReload") == "still here"

            tablet.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
            tablet.goto(f"{server.url}/screen/{EVENT}/input?lang=fr")
            row = tablet.locator(f"tr.tappable[id^='game-{tid}-4-']").first
            row_id = row.get_attribute("id") or ""
            white = int(row_id.split("-")[3])  # game-<tournament>-<round>-<White's id> (app/views/tournament.py)
            row.click()
            tablet.locator("button.choice-2").click()
            tablet.wait_for_selector(f"#{row_id}.done")

            refs = _refs(events, tid, white)
            until(lambda: cells(papi)[refs[0]]["Rd04Res"] == 2 and cells(papi)[refs[1]]["Rd04Res"] == 2,
                  "the result in the .papi file")

            desk.reload()
            desk.wait_for_selector(f"#papi-{tid} .papi-times")
            text = desk.locator(f"#papi-{tid}").inner_text()
            assert "Dernière écriture dans le fichier Papi" in text and "jamais" not in text
            desk.locator(f"#t{tid} h2").scroll_into_view_if_needed()
            desk.evaluate(f"document.querySelector('#t{tid}').scrollIntoView()")
            desk.screenshot(path=str(ARTIFACTS / "papi-loop-desk-fr.png"), full_page=False)
        finally:
            desk.close()
            hall.close()
            tablet.close()


def _refs(events: Path, tid: int, white: int) -> tuple[int, int]:
    """The Papi Refs of White and Black of round 4's game of White `white` (read from the event file)."""
    async def read() -> tuple[int, int]:
        registry = EventRegistry(events)
        try:
            store = await registry.get(EVENT)
            ref = {p.id: p.papi_ref or 0 for p in await store.players(tid)}
            game = next(g for g in await store.pairings(tid, 4) if g.white_player_id == white)
            return ref[white], ref[game.black_player_id or 0]
        finally:
            await registry.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, read()).result()
