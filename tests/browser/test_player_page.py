"""In French, as an arbiter and as a parent: the player record edited on a 1024×768 tablet (a refusal first, which
changes nothing), then a player's own page and the name search on a 390×844 phone."""

from __future__ import annotations

from typing import Any

from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer


def fits(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_the_arbiter_corrects_a_player_record(browser: Any, live_demo: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        page.goto(f"{live_demo.url}/admin/events/demo/tournaments?lang=fr")
        page.locator("a[href$='/players']").first.click()
        page.locator("#player-rows tbody a").first.click()
        form = page.locator("#player-settings")
        record = page.url
        club_before = form.locator("#f-club").input_value()
        form.locator("#f-club").fill("Échiquier Club de Metz")
        form.locator("#f-birth_date").fill("2011-02-30")
        form.locator("button[type=submit]").click()
        error = page.locator("#error-birth_date")
        assert error.inner_text() == "Saisissez la date de naissance sous la forme AAAA-MM-JJ, ou l’année seule."
        assert "Rien n’a été enregistré" in page.locator("#invalid").inner_text()
        page.goto(record)
        assert page.locator("#f-club").input_value() == club_before  # the refusal changed nothing
        form = page.locator("#player-settings")
        form.locator("#f-club").fill("Échiquier Club de Metz")
        form.locator("#f-birth_date").fill("2011-03-14")
        form.locator("#f-fide_id").fill("36012345")
        form.locator("#f-national_id").fill("k12345")
        form.locator("button[type=submit]").click()
        page.wait_for_url("**/players?done=saved")
        assert page.locator("#done").inner_text() == "Enregistré."
        assert "Échiquier Club de Metz" in page.locator("#player-rows").inner_text()
        page.goto(record)
        assert (page.locator("#f-birth_date").input_value(), page.locator("#f-fide_id").input_value(),
                page.locator("#f-national_id").input_value()) == ("2011-03-14", "36012345", "K12345")
        assert fits(page)
        page.screenshot(path=str(ARTIFACTS / "player-record-fr.png"))
    finally:
        page.close()


def test_a_parent_finds_a_child_on_a_phone(browser: Any, live_demo: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{live_demo.url}/event/demo?lang=fr")
        page.locator("a.find-player").first.click()
        page.locator("#player-q").fill("muller")  # typed without the umlaut
        page.locator(".player-search button").click()
        found = page.locator("#player-found a")
        assert found.count() >= 1 and "MÜLLER" in found.first.inner_text()
        assert fits(page)
        found.first.click()
        next_game = page.locator("#player-next")
        assert next_game.inner_text().startswith("Ronde")
        assert page.locator(".player-rounds tbody tr").count() >= 1
        assert fits(page)
        page.screenshot(path=str(ARTIFACTS / "player-page-390-fr.png"), full_page=True)
        opponent = page.locator(".player-rounds tbody tr a").first
        name = opponent.inner_text()
        opponent.click()
        assert page.locator(".player-name").inner_text().endswith(name)
        assert fits(page)
    finally:
        page.close()


SSE_OPEN = """() => { const el = document.querySelector('[sse-connect]');
  const data = el && el['htmx-internal-data'];
  return Boolean(data && data.sseEventSource && data.sseEventSource.readyState === 1); }"""


def test_provisional_standings_move_with_a_result(browser: Any, live_demo: LiveServer) -> None:
    standings = browser.new_page(viewport={"width": 1024, "height": 768})
    tablet = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        standings.goto(f"{live_demo.url}/standings/demo/open-a?provisional=1&lang=fr")
        assert standings.locator("#provisional").inner_text() == "Provisoire\u202f: ronde 3 en cours"
        standings.wait_for_function(SSE_OPEN)
        standings.evaluate("window.__noReload = 'still here'")
        names = standings.locator("table.standings tbody tr td:nth-child(3)").all_inner_texts()
        tablet.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
        tablet.goto(f"{live_demo.url}/screen/demo/input")
        rows = tablet.locator("tr.tappable[id^='game-1-3-']")
        whites = [rows.nth(i).locator("td.player.white .name").inner_text() for i in range(rows.count())]
        lowest = max(range(len(whites)), key=lambda i: names.index(whites[i]))  # the win that moves most
        winner, before = whites[lowest], names.index(whites[lowest])
        row_id = rows.nth(lowest).get_attribute("id")
        tablet.locator(f"#{row_id}").click()
        tablet.locator("button.choice-3").click()
        tablet.wait_for_selector(f"#{row_id}.done")
        standings.wait_for_function(
            """([name, before]) => [...document.querySelectorAll('table.standings tbody tr td:nth-child(3)')]
                 .findIndex(td => td.innerText.trim() === name) < before""", arg=[winner, before])
        assert standings.evaluate("window.__noReload") == "still here"
        assert standings.locator("#provisional").count() == 1  # still provisional: the round goes on
        assert "provisional=1" in (standings.locator("section[hx-get]").get_attribute("hx-get") or "")
        assert standings.locator(f"table.standings a:has-text('{winner}')").count() == 1  # names still linked
        standings.screenshot(path=str(ARTIFACTS / "provisional-standings-fr.png"))
    finally:
        standings.close()
        tablet.close()
