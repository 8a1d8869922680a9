"""The arbiter's pages on a tablet (1024×768) and a phone (390×844): nothing cut, no name split letter by
letter, every link and button a finger can hit (≥ 44 px tall); the journal says what a save changed, in words."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.demo import ensure_demo
from app.publication.site import build_site, write_site
from app.settings import Settings
from app.templates import environment
from database.registry import EventRegistry
from tests.support.files import ARTIFACTS, ROOT
from tests.support.servers import LiveServer

SIZES = [(1024, 768), (390, 844)]

#: Cells whose longest word is wider than the cell (a name broken letter by letter), or whose text is cut.
CUT_OR_SPLIT = """(selector) => {
  const out = [];
  for (const cell of document.querySelectorAll(selector)) {
    if (cell.offsetParent === null) continue;
    if (cell.scrollWidth > cell.clientWidth + 1) { out.push(`cut: ${cell.textContent.trim().slice(0, 40)}`); continue; }
    const words = cell.textContent.split(/\\s+/).filter(Boolean);
    if (!words.length) continue;
    const longest = words.reduce((a, b) => (a.length >= b.length ? a : b));
    const probe = document.createElement("span");
    probe.style.whiteSpace = "nowrap";
    probe.textContent = longest;
    cell.appendChild(probe);
    const wide = probe.getBoundingClientRect().width;
    probe.remove();
    const style = getComputedStyle(cell);
    const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (wide > room + 1) out.push(`split: ${longest} (${Math.round(wide)} px in ${Math.round(room)} px)`);
  }
  return out;
}"""

#: Links and buttons shown less than 44 px tall (a finger misses them).
SMALL_TARGETS = """(selector) => [...document.querySelectorAll(selector)]
  .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height > 0
          && e.getBoundingClientRect().height < 43.5)
  .map(e => `${e.tagName} ${e.textContent.trim().slice(0, 30)} ${Math.round(e.getBoundingClientRect().height)} px`)"""


async def _prepare(events: Path) -> None:
    registry = EventRegistry(events)
    try:
        store = await ensure_demo(registry)
        info = await store.info()
        # a save of the event's form that changes only the name and the background colour
        await store.admin.update_settings({"name": "Open d'hiver", "start": info.start, "stop": info.stop,
                                           "public": info.public, "language": info.language,
                                           "background_color": "#fff8e7"})
        site = await build_site(store, environment(Settings(events_dir=events)), ROOT / "web" / "static",
                                language="fr")
        assert site is not None
        await asyncio.to_thread(write_site, site, events.parent / "site")
    finally:
        await registry.close()


@pytest.fixture
def demo_server(tmp_path: Path) -> Any:
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API keeps an event loop running in this thread
        pool.submit(asyncio.run, _prepare(events)).result()
    with LiveServer(Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False)) as server:
        yield SimpleNamespace(url=server.url, site=tmp_path / "site")  # the published site, written by _prepare


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_journal_reads_on_a_tablet_and_a_phone(browser: Any, demo_server: Any, width: int, height: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto(f"{demo_server.url}/arbiter/demo/journal?lang=fr")
        page.wait_for_selector("table.journal-table tbody tr")
        page.screenshot(path=str(ARTIFACTS / f"journal-{width}.png"), full_page=False)
        assert page.evaluate(CUT_OR_SPLIT, ".journal-table td") == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.evaluate(SMALL_TARGETS, ".journal-table button") == []
        saved = page.locator("tr", has_text="paramètres de l’évènement").first.inner_text()
        assert "Nom" in saved and "Couleur de fond" in saved and "Date de début" not in saved, saved
    finally:
        page.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_desk_puts_the_tools_first(browser: Any, demo_server: Any, width: int, height: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto(f"{demo_server.url}/arbiter/demo/desk?lang=fr")
        section = page.locator("section.desk-tournament").first
        section.wait_for()
        page.screenshot(path=str(ARTIFACTS / f"desk-{width}.png"), full_page=False)
        # next step and tools before the games without a result, which are folded under their count
        top = {name: section.locator(css).first.bounding_box()["y"]  # type: ignore[index]
               for name, css in (("next", ".next-step"), ("tools", ".desk-docs"), ("open", "details.desk-open"))}
        assert top["next"] < top["tools"] < top["open"], top
        folded = section.locator("details.desk-open")
        assert folded.get_attribute("open") is None
        assert section.locator(".desk-open-games a").first.is_visible() is False
        assert "encore sans résultat" in folded.locator("summary").inner_text()
        folded.locator("summary").click()
        assert section.locator(".desk-open-games a").first.is_visible()
        assert page.evaluate(SMALL_TARGETS, ".desk a, .desk button, .desk summary") == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # a print sheet leads back to the desk
        page.goto(f"{demo_server.url}/print/demo/1/standings?lang=fr")
        page.get_by_role("link", name="Retour au bureau de l’arbitre").click()
        page.wait_for_url("**/arbiter/demo/desk*")
    finally:
        page.close()


def test_the_input_screen_on_a_phone(browser: Any, demo_server: Any) -> None:
    """Two lines per board (White above Black), names whole, the menu on one line under a short title bar."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{demo_server.url}/screen/demo/input?lang=fr")
        row = page.locator("tr.board-row:not(.bye)").first
        row.wait_for()
        page.screenshot(path=str(ARTIFACTS / "input-390.png"), full_page=False)
        white = row.locator("td.player.white").bounding_box()
        black = row.locator("td.player.black").bounding_box()
        assert white and black and black["y"] >= white["y"] + white["height"] - 1  # Black under White
        assert page.evaluate(CUT_OR_SPLIT, "tr.board-row td.player") == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        menu = page.locator(".screen-menu").bounding_box()
        assert menu and menu["height"] < 60  # one line, not four
        first = page.locator("table.boards").first.bounding_box()
        assert first and first["y"] < 844 / 3  # the boards start in the top third
    finally:
        page.close()


def test_cross_table_and_published_tables_on_a_phone(browser: Any, demo_server: Any) -> None:
    """Names readable (never cut, never split letter by letter); the published boards show the black player."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    site: Path = demo_server.site
    try:
        page.goto(f"{demo_server.url}/crosstable/demo/open-a?lang=fr")
        page.wait_for_selector("table.crosstable td.name")
        page.screenshot(path=str(ARTIFACTS / "crosstable-390.png"), full_page=False)
        assert page.evaluate(CUT_OR_SPLIT, "table.crosstable td.name") == []
        for name in ("1/boards.html", "1/crosstable.html", "1/standings.html"):
            page.goto((site / name).as_uri())
            page.wait_for_selector("td.name")
            page.screenshot(path=str(ARTIFACTS / f"published-{name.replace('/', '-')}-390.png"), full_page=False)
            assert page.evaluate(CUT_OR_SPLIT, "td.name") == [], name
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        page.goto((site / "1/boards.html").as_uri())
        black = page.locator("table.boards tbody tr td.name").nth(1)
        assert black.is_visible() and (black.bounding_box() or {"x": 999})["x"] < 390
    finally:
        page.close()


def test_a_draft_prints_its_boards_only(browser: Any, demo_server: Any) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        page.goto(f"{demo_server.url}/arbiter/demo/pair/2?lang=fr")
        page.locator("input[name=confirm]").first.check()  # round 3 still has games without a result
        page.locator("#pair-button").click()
        page.wait_for_selector("#draft")
        assert page.get_by_role("button", name="Imprimer le projet").is_visible()
        assert page.evaluate(SMALL_TARGETS, ".pairing a, .pairing button") == []
        page.emulate_media(media="print")
        assert page.locator("#draft").is_visible()
        for hidden in (".pairing .changes", "#publish-button", "header.topbar"):
            assert not page.locator(hidden).first.is_visible(), hidden
    finally:
        page.close()
