"""The admin pages use the screen's width and never make the page scroll sideways (1920×1080 TV, 1024×768
tablet, 390×844 phone): wide tables scroll inside their wrapper. The builders of menus and labels fill their
text fields and preview the result; a picked colour unticks "default". Screenshots in tests/browser/artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer

VIEWPORTS = [(1920, 1080), (1024, 768), (390, 844)]


def page_overflow(page: Any) -> int:
    """How many pixels the page is wider than the window (0: no horizontal scroll)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_admin_pages_fit_the_screen(browser: Any, live_demo: LiveServer, width: int, height: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        pages = {"event": "/admin/events/demo", "tournament": "/admin/events/demo/tournaments/1",
                 "players": "/admin/events/demo/tournaments/1/players"}
        for name, path in pages.items():
            page.goto(live_demo.url + path)
            page.screenshot(path=str(ARTIFACTS / f"admin-{name}-{width}x{height}.png"), full_page=True)
            page.screenshot(path=str(ARTIFACTS / f"admin-{name}-{width}x{height}-top.png"))
            assert page_overflow(page) <= 0, (name, width, page_overflow(page))
            main = page.locator("main.admin-page").bounding_box()
            assert main is not None
            if width == 1920:
                assert main["width"] >= 1500, (name, main)  # not a 970 px column
        # the players table: full width on a TV, scrolling inside its wrapper on a phone
        wrap = page.locator(".table-wrap:has(#player-rows)")
        sizes = wrap.evaluate("w => [w.scrollWidth, w.clientWidth, w.parentElement.clientWidth]")
        if width == 390:
            assert sizes[0] > sizes[1], sizes  # the table is wider than the phone, and scrolls in its wrapper
        else:
            assert sizes[1] >= 0.95 * sizes[2], sizes  # the whole width of the page (less its padding)
    finally:
        page.close()


def test_builders_fill_the_fields_and_preview(browser: Any, live_demo: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        page.goto(live_demo.url + "/admin/events/demo/screens")
        page.locator("#screens a").first.click()
        page.wait_for_load_state()
        builder = page.locator("[data-menu-builder='f-menu']")
        assert builder.is_visible()
        field = page.locator("#f-menu")
        field.fill("")
        field.dispatch_event("input")
        assert builder.locator(".builder-preview").inner_text() == "No menu"
        builder.locator("input[data-token='@boards']").check()
        builder.locator("input[data-token='@input']").check()
        assert field.input_value() == "@input,@boards"
        assert builder.locator(".builder-preview").inner_text() == "the input screens · the boards screens"
        field.fill("@input,hall-2")
        field.dispatch_event("input")
        assert builder.locator("input[data-token='@input']").is_checked()
        assert not builder.locator("input[data-token='@boards']").is_checked()
        assert builder.locator(".builder-preview").inner_text() == "the input screens · hall-2"

        label = page.locator("[data-label-builder='f-menu_text']")
        text = page.locator("#f-menu_text")
        text.fill("Boards ")
        text.press("End")
        label.locator("button[data-insert='%f']").click()
        text.press("End")
        text.type("-")
        label.locator("button[data-insert='%l']").click()
        assert text.input_value() == "Boards %f-%l"
        assert label.locator(".builder-preview").inner_text() == "Boards 1-20"
        page.screenshot(path=str(ARTIFACTS / "admin-screen-builders-1024x768.png"), full_page=True)

        page.goto(live_demo.url + "/admin/events/demo")
        page.locator("details summary").first.click()
        unset = page.locator("#f-background_color-unset")
        assert unset.is_checked()
        page.locator("#f-background_color").fill("#336699")
        assert not unset.is_checked()
    finally:
        page.close()


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
def test_arbiter_home_journal_filters_and_trf_check_are_styled(browser: Any, live_demo: LiveServer, width: int,
                                                               height: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        for name, path, form in (("arbiter", "/arbiter/demo", "main.arbiter form"),
                                 ("journal", "/arbiter/demo/journal", ".journal-filters"),
                                 ("trf-check", "/trf-lint", "form.styled-form"),
                                 ("import", "/data/demo/import", "form.styled-form")):
            page.goto(live_demo.url + path)
            page.screenshot(path=str(ARTIFACTS / f"admin-{name}-{width}x{height}.png"))
            assert page_overflow(page) <= 0, (name, page_overflow(page))
            fields = f"{form} input:not([type=hidden]):not([type=checkbox])"  # a tick box keeps its native look
            controls = page.locator(f"{form} select, {fields}, {form} button")
            assert controls.count() > 0, name
            for i in range(controls.count()):
                style = controls.nth(i).evaluate(
                    "e => [parseFloat(getComputedStyle(e).minHeight), getComputedStyle(e).borderTopLeftRadius]")
                assert style[0] >= 44 and style[1] != "0px", (name, i, style)
    finally:
        page.close()
