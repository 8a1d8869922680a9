"""A tablet that loses Wi-Fi keeps the result it was given (web/static/outbox.js), across a reload, and
sends it when the connection returns: stored, or refused when another result was entered meanwhile."""

from __future__ import annotations

import re
import urllib.request
from typing import Any

from tests.support.files import ARTIFACTS
from tests.support.servers import HANG_LIMIT, LiveServer


def stored_result(server: LiveServer, row_id: str) -> str:
    """The result shown for this game by the server itself (asked without the browser), "" if none."""
    with urllib.request.urlopen(f"{server.url}/screen/demo/input", timeout=HANG_LIMIT) as answer:
        page = answer.read().decode()
    found = re.search(rf'<tr[^>]*id="{row_id}"[^>]*>(.*?)</tr>', page, re.S)
    assert found is not None, row_id
    cell = re.search(r'<td class="res[^"]*">(.*?)</td>', found.group(1), re.S)
    return re.sub(r"<[^>]+>", "", cell.group(1)).strip() if cell else ""


def test_a_result_entered_offline_survives_a_reload_and_is_stored_when_back_online(
        browser: Any, live_demo: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    tablet = context.new_page()
    tablet.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
    try:
        tablet.goto(f"{live_demo.url}/screen/demo/input")
        row = tablet.locator("tr.tappable:not(.done)[id^='game-1-3-']").first
        row_id = row.get_attribute("id")
        assert row_id is not None and stored_result(live_demo, row_id) == ""
        row.click()
        tablet.wait_for_selector("button.choice-2")
        context.set_offline(True)  # the Wi-Fi drops
        tablet.locator("button.choice-2").click()
        tablet.wait_for_selector("#outbox .outbox-waiting")
        assert "waiting to send" in tablet.locator("#outbox").inner_text()
        assert "½-½" in tablet.locator("#outbox").inner_text()
        assert tablet.locator("#dialog-slot").inner_html().strip() == ""  # the dialog closed: the entry is kept
        tablet.screenshot(path=str(ARTIFACTS / "offline-waiting.png"))
        assert stored_result(live_demo, row_id) == ""
        # The Wi-Fi returns but the server is still out of reach for results (the hall's access point
        # reboots): the tablet reloads the page, and the entry is still there, waiting.
        context.route("**/result", lambda route: route.abort("connectionrefused"))
        context.set_offline(False)
        tablet.reload()
        tablet.wait_for_selector("#outbox .outbox-waiting")
        assert "½-½" in tablet.locator("#outbox").inner_text()
        assert stored_result(live_demo, row_id) == ""
        context.unroute("**/result")
        tablet.evaluate("window.dispatchEvent(new Event('online'))")  # the connection is back
        tablet.wait_for_selector("#outbox .outbox-stored")
        assert "stored" in tablet.locator("#outbox").inner_text()
        assert stored_result(live_demo, row_id) == "½-½"
        tablet.wait_for_selector(f"#{row_id}.done")
        tablet.screenshot(path=str(ARTIFACTS / "offline-stored.png"))
        tablet.locator("#outbox .outbox-dismiss").click()
        assert tablet.locator("#outbox").is_hidden()
        tablet.reload()
        tablet.wait_for_selector(f"#{row_id}.done")
        assert tablet.locator("#outbox").is_hidden()  # dismissed for good
    finally:
        context.close()


def test_an_offline_entry_refused_because_another_result_was_entered_says_so(
        browser: Any, live_demo: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    tablet, other = context.new_page(), browser.new_page()
    for page in (tablet, other):
        page.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
    try:
        tablet.goto(f"{live_demo.url}/screen/demo/input")
        row_id = tablet.locator("tr.tappable:not(.done)[id^='game-2-3-']").first.get_attribute("id")
        tablet.locator(f"#{row_id}").click()
        tablet.wait_for_selector("button.choice-1")
        context.set_offline(True)
        tablet.locator("button.choice-1").click()
        tablet.wait_for_selector("#outbox .outbox-waiting")
        other.goto(f"{live_demo.url}/screen/demo/input")  # meanwhile, another tablet enters 1-0
        other.locator(f"#{row_id}").click()
        other.locator("button.choice-3").click()
        other.wait_for_selector(f"#{row_id}.done")
        context.set_offline(False)
        tablet.wait_for_selector("#outbox .outbox-refused")
        text = tablet.locator("#outbox").inner_text()
        assert "refused" in text and "already has a result (1-0)" in text
    finally:
        other.close()
        context.close()
