"""From an empty events folder, configure an event in the browser (on a 1024×768 tablet) and see its boards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.settings import Settings
from tests.support.files import ARTIFACTS, fixture_path
from tests.support.servers import LiveServer
from tournament.formats.trf import decode, parse_trf


def fits_the_tablet(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_configure_an_event_then_watch_its_rotator(browser: Any, tmp_path: Path) -> None:
    trf_file = fixture_path("small-20p-5r.trf")
    trf, _ = parse_trf(decode(trf_file.read_bytes()))
    events = tmp_path / "events"
    settings = Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False)
    with LiveServer(settings) as server:
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        try:
            page.goto(f"{server.url}/admin")
            assert page.locator("#events").count() == 0  # nothing yet
            form = page.locator("#new-event")
            form.locator("#f-event_id").fill("spring-open")
            form.locator("#f-name").fill("Spring open")
            form.locator("#f-start").fill("2026-04-04")
            form.locator("#f-stop").fill("2026-04-06")
            form.locator("input[name=public]").check()
            form.locator("button[type=submit]").click()
            page.wait_for_url("**/admin/events/spring-open?done=created")
            assert fits_the_tablet(page)
            assert (events / "spring-open.db").is_file()

            page.locator(".admin-nav a[href$='/tournaments']").click()
            form = page.locator("#new-tournament")
            form.locator("#f-uniq_id").fill("open")
            form.locator("#f-name").fill("Open")
            form.locator("#f-file").set_input_files(str(trf_file))
            form.locator("button[type=submit]").click()
            page.wait_for_selector("#report")
            assert fits_the_tablet(page)
            page.goto(f"{server.url}/admin/events/spring-open/tournaments")
            assert f"<td>{len(trf.players)}</td>" in page.content()

            page.locator(".admin-nav a[href$='/screens']").click()
            form = page.locator("#new-screen")
            form.locator("#f-uniq_id").fill("boards")
            form.locator("#f-type").select_option("boards")
            form.locator("#f-tournament_id").select_option(label="Open")
            form.locator("#f-columns").fill("2")
            form.locator("input[name=public]").check()
            form.locator("button[type=submit]").click()
            page.wait_for_url("**/admin/events/spring-open/screens/*")
            assert page.locator("#sets .set-card").count() == 1
            assert fits_the_tablet(page)

            page.locator(".admin-nav a[href$='/families']").click()
            form = page.locator("#family-form")
            form.locator("#f-uniq_id").fill("room")
            form.locator("#f-type").select_option("boards")
            form.locator("#f-tournament_id").select_option(label="Open")
            form.locator("#f-parts").fill("2")
            form.locator("input[name=public]").check()
            form.locator("button[type=submit]").click()
            page.wait_for_selector("#generated a[href$='/room-2']")

            page.locator(".admin-nav a[href$='/rotators']").click()
            form = page.locator("#rotator-form")
            form.locator("#f-uniq_id").fill("hall")
            form.locator("#f-delay").fill("30")
            form.locator("input[name=public]").check()
            form.locator("#f-screen_ids input[type=checkbox]").first.check()
            form.locator("#f-family_ids input[type=checkbox]").first.check()
            form.locator("button[type=submit]").click()
            page.wait_for_selector("#order li")
            assert page.locator("#order li").count() == 2
            page.screenshot(path=str(ARTIFACTS / "admin-rotator.png"))

            page.locator("#preview").click()  # opens the rotator in a new tab
        finally:
            page.close()
        hall = browser.new_page(viewport={"width": 1920, "height": 1080})
        try:
            hall.goto(f"{server.url}/rotator/spring-open/hall")
            rows = hall.locator("tr[id^='game-']")
            rows.first.wait_for()
            games = [p for p in trf.players if p.rounds and p.rounds[-1] and p.rounds[-1].opponent]
            assert rows.count() >= len(games) // 2
            text = hall.locator("main").inner_text()
            assert trf.players[0].last_name.upper() in text.upper()
            hall.screenshot(path=str(ARTIFACTS / "admin-rotator-hall.png"))
        finally:
            hall.close()
