"""On a 1024×768 tablet, in the admin pages: make a tournament a team tournament, add two teams, choose their
members in board order, add a new player straight into a team, create a team boards screen and see it."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.settings import Settings
from database.registry import EventRegistry
from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer

EVENT = "ic"


async def prepare(events: Path) -> int:
    registry = EventRegistry(events)
    try:
        store = await registry.create(EVENT, name="Interclubs jeunes", start=0.0, stop=4e9)
        tid = await store.add_tournament(uniq_id="n4", name="Nationale 4", rounds=5)
        await store.fill_tournament(tid, [{"pairing_number": n, "last_name": name, "first_name": "Alex",
                                           "fide_rating": 2000 - 50 * n}
                                          for n, name in enumerate(("Aubert", "Blanc", "Carré", "Denis", "Éluard",
                                                                    "Fabre", "Girard", "Henry"), start=1)], [])
        return tid
    finally:
        await registry.close()


async def read_back(events: Path, tid: int) -> list[tuple[str, tuple[int, ...]]]:
    registry = EventRegistry(events)
    try:
        ev = await (await registry.get(EVENT)).teams.load_team_event(tid)
        return [(t.name, t.members) for t in ev.teams]
    finally:
        await registry.close()


def fits_the_tablet(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_teams_set_up_in_the_admin_pages(browser: Any, tmp_path: Path) -> None:
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:
        tid = pool.submit(asyncio.run, prepare(events)).result()
    settings = Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False)
    with LiveServer(settings) as server:
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        try:
            page.goto(f"{server.url}/admin/events/{EVENT}/tournaments/{tid}")
            page.locator("#teams-link").click()
            form = page.locator("#team-settings-form")
            form.locator("#f-team_size").fill("3")
            form.locator("#f-scoring").select_option("ffe")
            form.locator("button[type=submit]").click()
            page.wait_for_url("**/teams?done=created")
            assert page.locator("#next-step").is_visible()
            for name, club in (("Les Tours", "Club A"), ("Les Fous", "Club B")):
                page.goto(f"{server.url}/admin/events/{EVENT}/tournaments/{tid}/teams")
                form = page.locator("#new-team")
                form.locator("#f-team-name").fill(name)
                form.locator("#f-team-club").fill(club)
                form.locator("#f-team-federation").fill("FRA")
                form.locator("button[type=submit]").click()
                page.wait_for_url("**/teams/*?done=created")
                first = 1 if name == "Les Tours" else 5
                for k in range(1, 5):
                    page.locator(f"#f-board_{k}").select_option(str(first + k - 1))
                if name == "Les Tours":
                    page.screenshot(path=str(ARTIFACTS / "team-admin-members-1024.png"), full_page=True)
                page.locator("#team-form button[type=submit]").click()
                page.wait_for_url("**/teams/*?done=saved")
                assert fits_the_tablet(page)
            # the players of Les Tours are not offered to Les Fous
            assert page.locator("#f-board_1 option[value='1']").count() == 0
            new = page.locator("#new-team-player")
            new.locator("#f-player-last_name").fill("Zola")
            new.locator("#f-player-rating").fill("1450")
            new.locator("button[type=submit]").click()
            page.wait_for_url("**/teams/*?done=created")
            page.goto(f"{server.url}/admin/events/{EVENT}/tournaments/{tid}/teams")
            assert page.locator("#team-rows tbody tr").count() == 2
            page.screenshot(path=str(ARTIFACTS / "team-admin-list-1024.png"), full_page=True)
            assert fits_the_tablet(page)

            page.goto(f"{server.url}/admin/events/{EVENT}/screens")
            form = page.locator("#new-screen")
            form.locator("#f-uniq_id").fill("matchs")
            form.locator("#f-type").select_option("team_boards")
            form.locator("#f-tournament_id").select_option(label="Nationale 4")
            form.locator("input[name=public]").check()
            form.locator("button[type=submit]").click()
            page.wait_for_url("**/admin/events/ic/screens/*")
            assert page.locator("#sets .set-card").count() == 1
        finally:
            page.close()
    with ThreadPoolExecutor(1) as pool:
        teams = pool.submit(asyncio.run, read_back(events, tid)).result()
    assert teams == [("Les Tours", (1, 2, 3, 4)), ("Les Fous", (5, 6, 7, 8, 9))]
