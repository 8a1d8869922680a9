"""Two browser windows: a result entered on the input screen appears on a boards screen without reload."""

from __future__ import annotations

from typing import Any

from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer


def test_draw_entered_on_a_tablet_appears_on_the_hall_screen(browser: Any, live_demo: LiveServer) -> None:
    hall = browser.new_page(viewport={"width": 1920, "height": 1080})
    tablet = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        hall.goto(f"{live_demo.url}/screen/demo/boards-a")
        hall.wait_for_selector("#live-state:has-text('live')")
        hall.evaluate("window.__noReload = 'still here'")
        requests: list[str] = []
        hall.on("request", lambda request: requests.append(request.url))
        tablet.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
        tablet.goto(f"{live_demo.url}/screen/demo/input")
        row = tablet.locator("tr.tappable[id^='game-1-3-']").first
        row_id = row.get_attribute("id")
        assert row_id is not None
        assert hall.locator(f"#{row_id} td.res").inner_text().strip() == ""
        row.click()
        tablet.locator("button.choice-2").click()
        tablet.wait_for_selector(f"#{row_id}.done")
        assert tablet.locator(f"#{row_id} td.res").inner_text().strip() == "½-½"
        assert "stored on board" in tablet.locator("#messages").inner_text()
        hall.wait_for_function(
            f"document.querySelector('#{row_id} td.res').textContent.trim() === '½-½'"
        )
        assert hall.evaluate("window.__noReload") == "still here"
        assert not [u for u in requests if "/sets/" in u]  # the row came in the stream: nothing refetched
        counter = hall.locator(".missing-set").first.inner_text()
        assert int(counter) == hall.locator("tr.board-row:not(.done):not(.bye)").count()
        hall.screenshot(path=str(ARTIFACTS / "live-result-hall.png"))
        tablet.screenshot(path=str(ARTIFACTS / "live-result-tablet.png"))
    finally:
        hall.close()
        tablet.close()


def test_second_tablet_on_the_same_board_gets_a_visible_notice(browser: Any, live_demo: LiveServer) -> None:
    first = browser.new_page(viewport={"width": 1024, "height": 768})
    second = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        for page in (first, second):
            page.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
            page.goto(f"{live_demo.url}/screen/demo/input")
        row_id = first.locator("tr.tappable[id^='game-2-3-']").first.get_attribute("id")
        first.locator(f"#{row_id}").click()
        second.locator(f"#{row_id}").click()  # both dialogs open before either answers
        second.wait_for_selector("button.choice-1")
        first.locator("button.choice-3").click()
        first.wait_for_selector(f"#{row_id}.done")
        second.locator("button.choice-1").click()
        notice = second.locator("#messages .notice-error")
        notice.wait_for()
        assert "already has a result (1-0)" in notice.inner_text()
        second.wait_for_function(
            f"document.querySelector('#{row_id} td.res').textContent.trim() === '1-0'"
        )
    finally:
        first.close()
        second.close()


def test_a_configuration_change_refetches_the_screen_through_htmx(browser: Any, live_demo: LiveServer) -> None:
    hall = browser.new_page(viewport={"width": 1920, "height": 1080})
    admin = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        hall.goto(f"{live_demo.url}/screen/demo/boards-a")
        hall.wait_for_selector("#live-state:has-text('live')")
        hall.evaluate("window.__noReload = 'still here'")
        admin.goto(f"{live_demo.url}/admin/events/demo")
        admin.fill("#event-settings input[name=name]", "Renamed open")
        admin.click("#event-settings button[type=submit]")
        hall.wait_for_selector("a.crumb:has-text('Renamed open')")  # new content, same page
        assert hall.evaluate("window.__noReload") == "still here"
        assert "Renamed open" in hall.title()
        hall.wait_for_selector("#live-state:has-text('live')")  # the new content is live again
    finally:
        hall.close()
        admin.close()


def test_results_and_standings_screens_refresh_on_a_result(browser: Any, live_demo: LiveServer) -> None:
    # the test's own predicates are compiled in the page: allowed past the CSP (which forbids eval)
    results = browser.new_page(viewport={"width": 1920, "height": 1080}, bypass_csp=True)
    standings = browser.new_page(viewport={"width": 1920, "height": 1080}, bypass_csp=True)
    tablet = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        for page, url in ((results, "results"), (standings, "standings")):
            page.goto(f"{live_demo.url}/screen/demo/{url}")
            page.wait_for_selector("#live-state:has-text('live')")
            page.evaluate("window.__noReload = 'still here'")
        lines = results.locator("#results tbody tr").count()
        before = standings.locator("section.standings-set").first.inner_text()
        tablet.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
        tablet.goto(f"{live_demo.url}/screen/demo/input")
        tablet.locator("tr.tappable:not(.done)[id^='game-1-3-']").first.click()  # a game other tests left open
        tablet.locator("button.choice-1").click()
        results.wait_for_function(f"document.querySelectorAll('#results tbody tr').length === {lines + 1}")
        standings.wait_for_function(
            "t => document.querySelector('section.standings-set').innerText !== t", arg=before)
        assert results.evaluate("window.__noReload") == standings.evaluate("window.__noReload") == "still here"
    finally:
        for page in (results, standings, tablet):
            page.close()
