"""In French: the arbiter creates a provisional standings screen in the screen admin (1920×1080), the hall TV
shows it and its order changes when a result is entered on a tablet, without a reload; a parent follows the
provisional standings of the women on a 390 px phone, the query kept through the live updates."""

from __future__ import annotations

from typing import Any

from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer

SSE_OPEN = """() => { const el = document.querySelector('[sse-connect]');
  const data = el && el['htmx-internal-data'];
  return Boolean(data && data.sseEventSource && data.sseEventSource.readyState === 1); }"""
NAMES = "section.standings-set table.standings tbody tr td:nth-child(3)"
MOVED = """([selector, name, before]) => [...document.querySelectorAll(selector)]
             .findIndex(td => td.innerText.trim() === name) < before"""


def enter_a_win(tablet: Any, url: str, names: list[str]) -> tuple[str, int]:
    """A win for White on the input screen, on the board whose White is lowest in `names` (the win that moves
    most); (that player, their place before)."""
    tablet.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
    tablet.goto(f"{url}/screen/demo/input")
    rows = tablet.locator("tr.tappable[id^='game-1-3-']")
    whites = [rows.nth(i).locator("td.player.white .name").inner_text() for i in range(rows.count())]
    lowest = max(range(len(whites)), key=lambda i: names.index(whites[i]))
    row_id = rows.nth(lowest).get_attribute("id")
    tablet.locator(f"#{row_id}").click()
    tablet.locator("button.choice-3").click()
    tablet.wait_for_selector(f"#{row_id}.done")
    return whites[lowest], names.index(whites[lowest])


def test_a_provisional_standings_screen_moves_with_a_result(browser: Any, live_demo: LiveServer) -> None:
    admin = browser.new_page(viewport={"width": 1920, "height": 1080})
    tv = browser.new_page(viewport={"width": 1920, "height": 1080})
    tablet = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        admin.goto(f"{live_demo.url}/admin/events/demo/screens?lang=fr")
        form = admin.locator("#new-screen")
        form.locator("#f-uniq_id").fill("provisoire")
        form.locator("#f-type").select_option("provisional_standings")
        assert form.locator("#f-type option:checked").inner_text() == "Classement provisoire"
        form.locator("#f-tournament_id").select_option(index=1)
        form.locator("input[name=public]").check()
        admin.screenshot(path=str(ARTIFACTS / "provisional-screen-admin-fr-1920.png"))
        form.locator("button[type=submit]").click()
        admin.wait_for_url("**/screens/*?done=created")
        assert "Classement provisoire" in admin.locator("h1").inner_text()

        tv.goto(f"{live_demo.url}/screen/demo/provisoire?lang=fr")
        assert "Provisoire\u202f: ronde 3 en cours" in tv.locator("section.standings-set h2.set-title").inner_text()
        tv.wait_for_function(SSE_OPEN)
        tv.evaluate("window.__noReload = 'still here'")
        winner, before = enter_a_win(tablet, live_demo.url, tv.locator(NAMES).all_inner_texts())
        tv.wait_for_function(MOVED, arg=[NAMES, winner, before])
        assert tv.evaluate("window.__noReload") == "still here"
        assert "Provisoire\u202f: ronde 3 en cours" in tv.locator("section.standings-set h2.set-title").inner_text()
        tv.screenshot(path=str(ARTIFACTS / "provisional-screen-fr-1920.png"))
    finally:
        admin.close()
        tv.close()
        tablet.close()


def test_a_parent_follows_the_provisional_womens_standings_on_a_phone(browser: Any, live_demo: LiveServer) -> None:
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    tablet = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        phone.goto(f"{live_demo.url}/standings/demo/open-a?provisional=1&sex=F&lang=fr")
        assert phone.locator("#provisional").inner_text() == "Provisoire\u202f: ronde 3 en cours"
        phone.wait_for_function(SSE_OPEN)
        women = phone.locator("table.standings tbody tr").count()
        assert 0 < women
        phone.evaluate("""() => { window.__settled = 0;
          document.body.addEventListener('htmx:afterSettle', () => { window.__settled += 1; }); }""")
        tablet.goto(f"{live_demo.url}/standings/demo/open-a?provisional=1&lang=fr")
        names = tablet.locator("table.standings tbody tr td:nth-child(3)").all_inner_texts()
        enter_a_win(tablet, live_demo.url, names)
        phone.wait_for_function("() => window.__settled > 0")  # the table came again over the live feed
        hx_get = phone.locator("section[hx-get]").get_attribute("hx-get") or ""
        assert "provisional=1" in hx_get and "sex=F" in hx_get  # the query survives the live updates
        assert phone.locator("table.standings tbody tr").count() == women  # still the women only
        assert phone.locator("#provisional").inner_text() == "Provisoire\u202f: ronde 3 en cours"
        phone.screenshot(path=str(ARTIFACTS / "provisional-standings-women-fr-390.png"), full_page=True)
    finally:
        phone.close()
        tablet.close()
