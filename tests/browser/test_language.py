"""French chosen once sticks: links, the htmx result dialog, a live row; the admin's tie-break picker."""

from __future__ import annotations

from typing import Any

from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer


def test_french_chosen_once_sticks_to_every_page_and_dialog(browser: Any, live_demo: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="en-US")
    page = context.new_page()
    try:
        page.goto(f"{live_demo.url}/event/demo")
        assert page.locator("html").get_attribute("lang") == "en"
        page.locator(".lang a[hreflang=fr]").click()
        page.wait_for_selector("html[lang=fr]")
        assert "Tournois" in page.locator("main").inner_text()
        assert any(c["name"] == "lang" and c["value"] == "fr" for c in context.cookies())
        page.locator("a[href='/screen/demo/input']").click()  # a plain link, no ?lang= in it
        page.wait_for_selector("html[lang=fr]")
        page.locator("tr.tappable[id^='game-1-3-']").first.click()
        dialog = page.locator("#result-dialog")
        dialog.wait_for()
        text = dialog.inner_text()
        assert "VICTOIRE BLANCS" in text and "Annuler" in text and "Cancel" not in text, text
        page.screenshot(path=str(ARTIFACTS / "french-dialog.png"))
        said: list[str] = []  # loopback is the admin: an arbiter's first entry is confirmed, in French
        page.once("dialog", lambda d: (said.append(d.message), d.accept()))
        dialog.locator("button.choice-2").click()
        page.locator("#messages").wait_for()
        assert said and "saisir ½-½ (Nulle)" in said[0], said
        page.wait_for_function("document.querySelector('#messages').textContent.includes('enregistré')")
    finally:
        context.close()


def test_the_browser_language_is_used_until_a_choice(browser: Any, live_demo: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="fr-FR")
    page = context.new_page()
    try:
        page.goto(f"{live_demo.url}/")
        assert page.locator("html").get_attribute("lang") == "fr"
        page.locator(".lang a[hreflang=en]").click()
        page.wait_for_selector("html[lang=en]")
        page.goto(f"{live_demo.url}/event/demo")
        assert page.locator("html").get_attribute("lang") == "en"
    finally:
        context.close()


def test_tie_breaks_are_picked_from_lists_with_a_legend(browser: Any, live_demo: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    try:
        page.goto(f"{live_demo.url}/admin/events/demo/tournaments/1?lang=fr")
        picks = page.locator("select.tie-break-pick")
        assert picks.count() == 5 and picks.first.is_visible()
        field = page.locator("input[name=tie_breaks]")
        assert field.input_value() == "BH/C1,BH,SB,PS"
        assert picks.nth(0).input_value() == "BH/C1" and picks.nth(3).input_value() == "PS"
        assert "Buchholz tronqué (−1)" in picks.nth(0).locator("option:checked").inner_text()
        picks.nth(1).select_option("DE")
        picks.nth(3).select_option("")
        assert field.input_value() == "BH/C1,DE,SB"
        page.locator("#tie-break-legend summary").click()
        assert "Confrontation directe" in page.locator("#tie-break-legend").inner_text()
        select_text = page.locator("select[name=pairing_system]").inner_text()
        assert "Suisse — Haley dégressif" in select_text and "haley soft" not in select_text
        page.screenshot(path=str(ARTIFACTS / "french-tie-breaks.png"), full_page=True)
        page.locator("#tie-breaks").evaluate("e => e.closest('form').requestSubmit()")
        page.wait_for_url("**done=saved**")
        assert page.locator("input[name=tie_breaks]").input_value() == "BH/C1,DE,SB"
    finally:
        page.close()
