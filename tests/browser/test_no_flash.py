"""No flash after a result (issue 26): a paged boards screen never shows a row of another page, a paged
standings screen never shows more rows than a page holds, and standings refetch only when they changed.

The 600-player open has round 6 published with every result in but twenty, on boards spread over the
boards screen's pages. A tablet (another browser page) enters those twenty; meanwhile a MutationObserver
in each hall page records, after every change of its DOM (each callback runs once a task's changes are
done, before the browser may paint them), which rows are shown, and the layout shifts the browser reports
(none above 0.01). The last result completes the round: the standings change (they count complete rounds)
and are refetched once. On the code before this test, the boards screen showed rows of pages 1 and 2 at
once and the standings screen 600 rows where a page holds 56.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from app.settings import Settings
from database.registry import EventRegistry
from tests.support.hall import next_round_rows
from tests.support.servers import LiveServer
from tournament.results import Result

TV = {"width": 1920, "height": 1080}
OPEN_GAMES = 20

# Installed in a hall page: after every DOM change, the rows shown (ids on boards screens; on standings
# screens the page autofit.js dealt each row to, -1 for a row it never dealt).
RECORD_JS = """(kind) => {
  const states = window.__states = [];
  const rows = () => document.querySelectorAll(kind === 'boards' ? 'main tr.board-row'
                                                                 : 'main section.standings-set tbody tr');
  const record = () => {
    const shown = [];
    for (const r of rows()) {
      if (r.checkVisibility()) shown.push(kind === 'boards' ? r.id : (r._page === undefined ? -1 : r._page));
    }
    states.push(shown);
  };
  new MutationObserver(record).observe(document.body,
    {subtree: true, childList: true, attributes: true, characterData: true});
  record();
  window.__shifts = [];
  new PerformanceObserver(list => { for (const e of list.getEntries()) window.__shifts.push(e.value); })
    .observe({type: 'layout-shift'});
}"""

# The rows shown on each page, turning through every page (back to the first).
PAGES_JS = """(kind) => {
  const fit = window.echiquierFit, pages = [];
  const selector = kind === 'boards' ? 'main tr.board-row' : 'main section.standings-set tbody tr';
  for (let n = 0; n < fit.state.pages; n++) {
    pages.push(Array.from(document.querySelectorAll(selector)).filter(r => r.checkVisibility())
      .map(r => r.id || r.cells[0].textContent));
    fit.turn();
  }
  return pages;
}"""


async def _build(folder: Path) -> list[str]:
    """The event `hall`; returns the ids of the rows of the games left without result."""
    registry = EventRegistry(folder)
    try:
        store = await registry.create("hall", name="Hall", start=0.0, stop=4e9)
        await store.update_info(public=True)
        players, pairings = next_round_rows()
        games = [p for p in pairings if p["round"] == 6 and p["black"] is not None]
        games.sort(key=lambda p: p["board_order"])
        step = len(games) // OPEN_GAMES
        left = [games[n * step + n % 3] for n in range(OPEN_GAMES)]  # spread over the screen's pages
        for n, game in enumerate(games):
            if game not in left:
                game["result"] = int((Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)[n % 3])
        tid = await store.add_tournament(uniq_id="open", name="Open 600", rounds=9)
        await store.fill_tournament(tid, players, pairings)
        for uniq_id, kind in (("input", "input"), ("boards", "boards"), ("standings", "standings")):
            await store.add_screen(uniq_id=uniq_id, type=kind, public=True, columns=2, sets=[{"tournament_id": tid}])
        by_pairing_number = {p.pairing_number: p.id for p in await store.players(tid)}
        return [f"game-{tid}-6-{by_pairing_number[game['white']]}" for game in left]
    finally:
        await registry.close()


@pytest.fixture
def hall(chromium: str, tmp_path: Path) -> Iterator[tuple[LiveServer, list[str]]]:
    (tmp_path / "events").mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API may already run a loop in this thread
        open_rows = pool.submit(asyncio.run, _build(tmp_path / "events")).result()
    settings = Settings(events_dir=tmp_path / "events", custom_dir=tmp_path / "custom", create_demo=False)
    with LiveServer(settings) as live:
        yield live, open_rows


def _open(browser: Any, url: str, kind: str) -> tuple[Any, list[list[str]], list[str]]:
    """A hall TV on `url`, laid out and recording; its pages' rows, and the URLs it requests from now on."""
    page = browser.new_page(viewport=TV, bypass_csp=True)  # the recorder is compiled in the page
    page.goto(url)
    page.wait_for_selector("#live-state:has-text('live')", timeout=10000)
    page.wait_for_function("document.body.dataset.fitPages", timeout=20000)
    pages = page.evaluate(PAGES_JS, kind)
    page.evaluate(RECORD_JS, kind)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    return page, pages, requests


def test_results_never_show_another_page_nor_the_unpaginated_standings(
    browser: Any, hall: tuple[LiveServer, list[str]]
) -> None:
    live, open_rows = hall
    boards, board_pages, board_requests = _open(browser, f"{live.url}/screen/hall/boards", "boards")
    standings, standing_pages, standing_requests = _open(browser, f"{live.url}/screen/hall/standings", "standings")
    tablet = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        assert len(board_pages) > 1 and len(standing_pages) > 1  # both screens page
        pages_of = [{row for row in page if row} for page in board_pages]
        on_page = {row: n for n, page in enumerate(pages_of) for row in page}
        assert len({on_page[row] for row in open_rows}) > 1  # the results land on several pages
        capacity = max(len(page) for page in standing_pages)
        assert sum(len(page) for page in standing_pages) == 600
        tablet.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
        tablet.goto(f"{live.url}/screen/hall/input")
        for n, row in enumerate(open_rows):
            tablet.locator(f"#{row}").click()
            tablet.locator(f"button.choice-{(1, 2, 3)[n % 3]}").click()
            tablet.wait_for_selector(f"#{row}.done", timeout=10000)
            boards.wait_for_selector(f"#{row}.done", state="attached", timeout=10000)
        # the round is complete: the standings now count it
        standings.wait_for_selector("section.standings-set h2:has-text('round 6')", timeout=20000)

        board_states = boards.evaluate("window.__states")
        standing_states = standings.evaluate("window.__states")
        assert len(board_states) > OPEN_GAMES and len(standing_states) > 1  # the observers saw the swaps
        for shown in board_states:
            assert shown, "a state without any board"
            assert any(set(shown) <= page for page in pages_of), \
                f"rows of several pages shown at once: {sorted({on_page.get(r, -1) for r in shown})}"
        for dealt in standing_states:
            assert len(dealt) <= capacity, f"{len(dealt)} standings rows shown, a page holds {capacity}"
            assert len(set(dealt)) == 1 and -1 not in dealt, f"rows of pages {sorted(set(dealt))} shown at once"
        for page in (boards, standings):
            shifts = page.evaluate("window.__shifts")
            assert max(shifts, default=0) <= 0.01, shifts
        # the rows came in the stream; the standings were refetched once, when they changed
        assert not [url for url in board_requests if "/sets/" in url]
        assert len([url for url in standing_requests if "/standings/" in url]) == 1
    finally:
        for page in (boards, standings, tablet):
            page.close()
