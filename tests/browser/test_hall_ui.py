"""The hall, the tablet and the arbiter's desk (issue 17, items 2, 4, 6, 7, 8) in Chromium.

Every screen type is shot at 1920×1080 (hall TV) and 1024×768 (tablet) into tests/browser/artifacts/
(git-ignored), and measured: text size on a 30-board screen, nothing cut or overflowing, standings in
reading order (down the columns, then across pages), the result buttons' order for every role, input
rows as touch targets with a search, standings on a phone, board cards printed to PDF without overlap,
and the journal at two widths.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from app.demo import ensure_demo
from app.settings import Settings
from database.registry import EventRegistry
from database.store import GameKey
from tests.support.files import ARTIFACTS
from tests.support.hall import hall_event
from tests.support.servers import LiveServer
from tournament.demo import demo_tournament, store_rows
from tournament.results import Result
from web.auth import hash_password

VIEWPORTS = {"tv": {"width": 1920, "height": 1080}, "tablet": {"width": 1024, "height": 768}}
ARBITER_PASSWORD = "arbiter-secret-17"
# every screen type of the demo event: boards (30 boards), players, results, standings, image, input,
# a family screen (generated) and a rotator
DEMO_SCREENS = {"boards": "/screen/demo/boards-a", "players": "/screen/demo/players-a",
                "results": "/screen/demo/results", "standings": "/screen/demo/standings",
                "image": "/screen/demo/welcome", "input": "/screen/demo/input",
                "family": "/screen/demo/boards-a-part-1", "rotator": "/rotator/demo/hall",
                "rotator-results": "/rotator/demo/hall/1", "rotator-image": "/rotator/demo/hall/2",
                # French words are longer ("Résultat" was cut to "Résu…")
                "input-fr": "/screen/demo/input?lang=fr", "boards-fr": "/screen/demo/boards-a?lang=fr",
                "results-fr": "/screen/demo/results?lang=fr", "standings-fr": "/screen/demo/standings?lang=fr"}
# the 600-player open: long screens that must page in reading order
HALL_SCREENS = {"hall-boards": "/screen/hall/boards", "hall-players": "/screen/hall/players",
                "hall-standings": "/screen/hall/standings", "hall-results": "/screen/hall/results",
                "hall-checkin": "/screen/hall/checkin"}

# Cells, headers and blocks whose content is cut: wider than their box (scrollWidth > clientWidth), or
# boxes that stick out of the viewport.
CUT_JS = """() => {
  const width = document.documentElement.clientWidth, bad = [];
  if (document.documentElement.scrollWidth > width + 1) bad.push('document ' + document.documentElement.scrollWidth);
  for (const el of document.querySelectorAll('main td, main th, main h1, main h2, .timer span, .screen-menu a,'
      + ' .topbar a, .topbar span, main li, main button, .card, .card *, dialog button')) {
    if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;  // hidden (another page)
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      bad.push('cut ' + el.tagName + '.' + el.className + ' "' + el.textContent.trim().slice(0, 30) + '" '
               + el.scrollWidth + '>' + el.clientWidth);
    if (r.right > width + 1 || r.left < -1) bad.push('out ' + el.tagName + '.' + el.className + ' ' + r.right);
  }
  return bad.slice(0, 8);
}"""

# The font size of the players' names (the body text of a boards screen) and the share of the viewport
# below the last visible row (empty room).
MEASURE_JS = """() => {
  const names = Array.from(document.querySelectorAll('main td.player .name, main td:nth-child(3)'))
    .filter(e => e.offsetParent);
  const size = names.length ? parseFloat(getComputedStyle(names[0]).fontSize) : 0;
  let bottom = 0;
  for (const el of document.querySelectorAll('main tr, main li, main p, .timer')) {
    if (el.offsetParent) bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
  }
  return {size: size, empty: Math.max(0, 1 - bottom / window.innerHeight)};
}"""


class Server:
    def __init__(self, live: LiveServer) -> None:
        self.live = live

    def url(self, path: str) -> str:
        return f"{self.live.url}{path}"


async def _build(folder: Path) -> None:
    registry = EventRegistry(folder)
    try:
        demo = await ensure_demo(registry)
        hall = await registry.create("hall", name="Hall", start=0.0, stop=4e9)
        ids = await hall_event(hall, rotator_delay=60)
        for store in (demo, hall):
            await store.update_info(arbiter_password=await hash_password(ARBITER_PASSWORD))
        # Open B re-imported from its file: its journalled results name players whose rows are gone
        open_b = next(t for t in await demo.tournaments() if t.uniq_id == "open-b")
        await demo.fill_tournament(open_b.id, *store_rows(*demo_tournament(24, 2)))
        await hall.add_screen(uniq_id="standings", type="standings", public=True, columns=2, menu_link=True,
                              sets=[{"tournament_id": ids["open"]}])
        # a rotator whose first screen (a third of the open's boards) pages itself on a TV
        await hall.add_rotator(uniq_id="fast", public=True, delay=1, show_menus=False, screen_ids="[]",
                               family_ids=json.dumps([ids["family"]]))
        # a few results so that the results screen and the journal have lines, one of them corrected
        games = [g for g in await hall.pairings(ids["open"], 6) if g.is_game][:12]
        for n, g in enumerate(games):
            key = GameKey(tournament_id=ids["open"], round=6, white_player_id=g.white_player_id,
                          black_player_id=g.black_player_id or 0)
            await hall.record_result(key, (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)[n % 3], g.board or 0)
    finally:
        await registry.close()


@pytest.fixture(scope="module")
def server(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("hall-ui")
    (folder / "events").mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API may already run a loop in this thread
        pool.submit(asyncio.run, _build(folder / "events")).result()
    # not the loopback admin: players, arbiters (logged in) and phones are who they are in the hall
    settings = Settings(events_dir=folder / "events", custom_dir=folder / "custom", create_demo=False,
                        local_admin=False)
    with LiveServer(settings) as live:
        yield Server(live)


@pytest.fixture(scope="module")
def pages(browser: Any, server: Server) -> Iterator[dict[str, Any]]:
    opened = {name: browser.new_page(viewport=size) for name, size in VIEWPORTS.items()}
    yield opened
    for page in opened.values():
        page.close()


@pytest.fixture(scope="module")
def arbiter(browser: Any, server: Server) -> Iterator[Any]:
    """A tablet whose arbiter logged in on both events."""
    context = browser.new_context(viewport=VIEWPORTS["tablet"])
    page = context.new_page()
    for event in ("demo", "hall"):
        page.goto(server.url(f"/arbiter/{event}"))
        page.fill("input[name=password]", ARBITER_PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_load_state("load")
        page.goto(server.url(f"/arbiter/{event}/journal"))
        assert page.locator(".journal-table").count() == 1  # logged in
    yield page
    context.close()


def settle(page: Any) -> None:
    page.wait_for_load_state("load")
    page.wait_for_function("!document.querySelector('main[data-autofit]') || document.body.dataset.fitPages")


def shoot(page: Any, name: str) -> Path:
    path = ARTIFACTS / f"hall-ui-{name}.png"
    page.screenshot(path=str(path))
    return path


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_every_screen_type_is_shot_and_nothing_is_cut(pages: dict[str, Any], server: Server, viewport: str) -> None:
    page = pages[viewport]
    problems = {}
    for name, path in {**DEMO_SCREENS, **HALL_SCREENS}.items():
        page.goto(server.url(path if "lang=" in path else path + "?lang=en"))
        settle(page)
        shoot(page, f"{name}-{viewport}")
        cut = page.evaluate(CUT_JS)
        if cut:
            problems[name] = cut
        if name.startswith("hall-") and page.evaluate("document.body.dataset.fitPages") not in (None, "1"):
            for n in range(1, int(page.evaluate("document.body.dataset.fitPages"))):  # every page, not the first
                page.evaluate("window.echiquierFit.turn()")
                cut = page.evaluate(CUT_JS)
                if cut:
                    problems[f"{name} page {n + 1}"] = cut
    assert problems == {}


def test_a_30_board_screen_uses_big_type_on_a_1080p_tv(pages: dict[str, Any], server: Server) -> None:
    page = pages["tv"]
    page.goto(server.url(DEMO_SCREENS["boards"]))
    settle(page)
    assert page.locator("main tr.board-row").count() == 30
    measured = page.evaluate(MEASURE_JS)
    shoot(page, "boards-measured-tv")
    assert measured["size"] >= 35, measured  # readable at 5 m: 7 px a metre on 1080 lines (docs/screens.md §16)
    assert measured["empty"] < 0.1, measured  # the type grows, or the rows page, until the screen is used


def test_standings_read_down_the_columns_then_across_pages(pages: dict[str, Any], server: Server) -> None:
    page = pages["tv"]
    page.goto(server.url(HALL_SCREENS["hall-standings"] + "?turn=3600"))  # the test turns the pages, not the clock
    settle(page)
    count = int(page.evaluate("document.body.dataset.fitPages"))
    ranks: list[int] = []
    for n in range(count):
        columns = page.evaluate("""() => Array.from(document.querySelectorAll('main .column'))
          .filter(c => c.offsetParent)
          .map(c => Array.from(c.querySelectorAll('tbody tr')).filter(r => !r.hidden)
                     .map(r => parseInt(r.cells[0].textContent)))""")
        shoot(page, f"hall-standings-page{n + 1}-tv")
        for column in columns:
            ranks += column
        page.evaluate("window.echiquierFit.turn()")
    assert count > 1
    assert len(ranks) == 600
    assert ranks == sorted(ranks), [ranks[i - 3:i + 3] for i in range(1, 600) if ranks[i] < ranks[i - 1]][:5]
    assert ranks[0] == 1


def test_the_welcome_chessboard_has_a_light_h1_square(pages: dict[str, Any], server: Server) -> None:
    page = pages["tv"]
    page.goto(server.url("/static/background.svg"))
    fills = page.evaluate("() => Array.from(document.querySelectorAll('g rect'))"
                          ".map(r => [+r.getAttribute('x'), +r.getAttribute('y')])")
    assert [700, 700] not in fills  # h1 (bottom right) is light
    assert [0, 700] in fills  # a1 (bottom left) is dark


def test_the_rotator_shows_its_title_once(pages: dict[str, Any], server: Server) -> None:
    page = pages["tv"]
    for path in (DEMO_SCREENS["rotator"], DEMO_SCREENS["rotator-results"]):
        page.goto(server.url(path))
        settle(page)
        titles = [t.strip() for t in page.locator("main h1, main h2").all_inner_texts()]
        assert len(titles) == len(set(titles)), titles


def test_a_rotator_shows_every_page_of_a_paged_screen_before_moving_on(pages: dict[str, Any],
                                                                       server: Server) -> None:
    """The rotator's delay (1 s) is shorter than the screen's pages (turned every second with `?turn=1`):
    it still waits for the last page before showing its next screen."""
    page = pages["tv"]
    page.goto(server.url("/rotator/hall/fast/0?turn=1"))
    settle(page)
    count = int(page.evaluate("document.body.dataset.fitPages"))
    assert count >= 2
    for n in range(1, count + 1):
        page.wait_for_function("(t) => (document.getElementById('fit-page') || {}).textContent === t",
                               arg=f"{n} / {count}")
        assert "/rotator/hall/fast/0" in page.url, f"moved on before page {n} of {count}"
    page.wait_for_url("**/rotator/hall/fast/1?lang=en&turn=1")


def test_boards_still_being_played_are_in_bold(pages: dict[str, Any], server: Server) -> None:
    page = pages["tv"]
    page.goto(server.url(HALL_SCREENS["hall-boards"]))
    settle(page)
    # drawn bold (a stroke), so that the row keeps its width when the result arrives
    strokes = page.evaluate("""() => Array.from(document.querySelectorAll('main tr.board-row:not(.bye)'))
      .map(r => [r.classList.contains('done'),
                 parseFloat(getComputedStyle(r.querySelector('td.player .name')).webkitTextStrokeWidth)])""")
    done = {w for finished, w in strokes if finished}
    playing = {w for finished, w in strokes if not finished}
    assert done == {0} and playing and min(playing) > 0.5, (done, playing)


def test_the_timer_banner_is_calm_and_readable(pages: dict[str, Any], server: Server) -> None:
    page = pages["tv"]
    page.goto(server.url(DEMO_SCREENS["boards"]))
    settle(page)
    colours = page.evaluate("""() => { const t = document.querySelector('.timer');
      const s = getComputedStyle(t); return [s.backgroundColor, s.color]; }""")
    assert "rgb(0, 255, 0)" not in colours
    assert colours[0] != colours[1]


# -- item 2: one result layout everywhere ------------------------------------------------------------

def _choices(page: Any) -> list[str]:
    return [b.get_attribute("data-result") for b in page.locator("dialog button.choice, main button.choice").all()]


def _said(page: Any, click: Any) -> list[str]:
    """The text of the confirmation `click` opens (dismissed: nothing is sent)."""
    said: list[str] = []
    page.once("dialog", lambda d: (said.append(d.message), d.dismiss()))
    click()  # the page's confirm() is synchronous: the click returns once the dialog was dismissed
    return said


def _rows(page: Any) -> list[list[int]]:
    """The buttons' tops, one list per row of choices."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('dialog .choices'))
        .map(g => Array.from(g.querySelectorAll('button.choice'))
                  .map(b => Math.round(b.getBoundingClientRect().top)))""")


def test_a_player_sees_white_first_and_no_forfeit(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport=VIEWPORTS["tablet"])
    try:
        page.goto(server.url("/screen/demo/input"))
        page.locator("tr.board-row.tappable").first.click()
        page.wait_for_selector("dialog .choice")
        shoot(page, "dialog-player-tablet")
        assert _choices(page) == ["1-0", "½-½", "0-1"]
        lefts = page.evaluate("() => Array.from(document.querySelectorAll('dialog button.choice'))"
                              ".map(b => b.getBoundingClientRect().left)")
        assert lefts == sorted(lefts) and len(set(lefts)) == 3  # one row, White's result on the left
        page.keyboard.press("Escape")
        page.locator("tr.board-row.fixable").first.click()  # a result exists: players cannot change it
        page.wait_for_selector("dialog .notice")
        assert _choices(page) == []
    finally:
        page.close()


def test_an_arbiter_sees_the_same_layout_with_forfeits_below_and_confirms_in_words(arbiter: Any,
                                                                                   server: Server) -> None:
    page = arbiter
    page.goto(server.url("/screen/demo/input"))
    page.locator("tr.board-row.tappable").first.click()
    page.wait_for_selector("dialog .choice")
    shoot(page, "dialog-arbiter-tablet")
    assert _choices(page) == ["1-0", "½-½", "0-1", "1-F", "F-F", "F-1"]
    rows = _rows(page)
    assert len(rows) == 2 and len(set(rows[0])) == 1 and len(set(rows[1])) == 1 and rows[0][0] < rows[1][0]
    lefts = page.evaluate("() => Array.from(document.querySelectorAll('dialog button.choice'))"
                          ".map(b => Math.round(b.getBoundingClientRect().left))")
    assert lefts[0] < lefts[1] < lefts[2] and lefts[3] < lefts[4] < lefts[5]
    assert lefts[0] == lefts[3] and lefts[2] == lefts[5]  # 1-0 above 1-F, 0-1 above F-1
    # a first entry by an arbiter is confirmed in words, so is a forfeit
    said = _said(page, lambda: page.locator("dialog button.choice").first.click())
    assert said and "enter 1-0 (White wins)" in said[0], said
    said = _said(page, lambda: page.locator("dialog button.choice[data-result='F-1']").click())
    assert said and "F-1 (Black wins by forfeit)" in said[0], said
    # a game with a result: the same layout, the current result marked in place, a change said old → new
    page.keyboard.press("Escape")
    page.locator("tr.board-row.fixable").first.click()
    page.wait_for_selector("dialog .choice")
    assert _choices(page) == ["1-0", "½-½", "0-1", "1-F", "F-F", "F-1"]
    assert page.locator("dialog button.choice.current").count() == 1
    shoot(page, "dialog-arbiter-correction-tablet")
    current = page.locator("dialog button.choice.current").get_attribute("data-result")
    for other in ("1-0", "½-½", "0-1", "1-F"):
        if other != current:
            said = _said(page, lambda o=other: page.locator(f"dialog button.choice[data-result='{o}']").click())
            assert said and f"change {current} → {other}" in said[0], said
    page.keyboard.press("Escape")


# -- item 8: touch and phone ---------------------------------------------------------------------------

def test_input_rows_are_touch_targets_with_a_search(pages: dict[str, Any], server: Server) -> None:
    page = pages["tablet"]
    page.goto(server.url("/screen/demo/input"))
    settle(page)
    heights = page.evaluate("""() => Array.from(document.querySelectorAll('tr.board-row'))
        .filter(r => r.offsetParent).map(r => r.getBoundingClientRect().height)""")
    assert heights and min(heights) >= 44, min(heights)
    search = page.locator("input[type=search]")
    assert search.count() == 1
    name = page.locator("tr.board-row td.player.black .name").nth(3).inner_text()
    search.fill(name.split()[0].lower())
    visible = page.evaluate("() => Array.from(document.querySelectorAll('tr.board-row')).filter(r => r.offsetParent)"
                            ".map(r => r.textContent)")
    assert visible and all(name.split()[0].lower() in v.lower() for v in visible)
    shoot(page, "input-search-tablet")
    search.fill("12")
    boards = page.evaluate("() => Array.from(document.querySelectorAll('tr.board-row')).filter(r => r.offsetParent)"
                           ".map(r => r.cells[0].textContent.trim())")
    assert "12" in boards
    search.fill("")
    assert page.locator("tr.board-row:visible").count() == page.locator("tr.board-row").count()


def test_standings_on_a_phone_cut_no_number(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        for path in ("/screen/demo/standings", "/standings/demo/open-a"):
            page.goto(server.url(path))
            page.wait_for_load_state("load")
            shoot(page, "standings-phone" + ("-data" if "standings/" in path else ""))
            cut = page.evaluate("""() => Array.from(document.querySelectorAll('table.standings td, table.standings th'))
                .filter(c => c.offsetParent && c.scrollWidth > c.clientWidth + 1).map(c => c.textContent)""")
            assert cut == [], (path, cut[:10])
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), path
    finally:
        page.close()


# -- item 6: board cards --------------------------------------------------------------------------------

CARD_BOXES_JS = """() => Array.from(document.querySelectorAll('.card')).map(c => {
    const r = c.getBoundingClientRect(), inner = [], board = c.querySelector('.board');
    for (const el of c.querySelectorAll('*')) {
      const b = el.getBoundingClientRect();
      if (b.width && !el.closest('svg'))
        inner.push([b.left, b.top, b.right, b.bottom, el.tagName + '.' + el.className]);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
        inner.push([0, 0, 1e6, 1e6, 'cut ' + el.className]);
    }
    return {box: [r.left, r.top, r.right, r.bottom], inner: inner,
            wrapped: board.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(board).fontSize)};
  })"""


def test_board_cards_print_eight_or_more_per_a4_page_without_overlap(arbiter: Any, server: Server) -> None:
    page = arbiter
    page.goto(server.url("/board-card/demo/cards/1?host=http://echiquier.local:8080"))
    page.wait_for_load_state("load")
    shoot(page, "board-cards-screen")
    page.emulate_media(media="print")
    try:
        cards = page.evaluate(CARD_BOXES_JS)
        assert len(cards) == 30  # 60 players: 30 boards, the bye's board too (a game there next round)
        for i, a in enumerate(cards):
            assert not a["wrapped"], i  # "Board 12" on one line
            left, top, right, bottom = a["box"]
            for x0, y0, x1, y1, what in a["inner"]:  # nothing sticks out of its card, nothing is cut
                assert x0 >= left - 1 and y0 >= top - 1 and x1 <= right + 1 and y1 <= bottom + 1, (i, what)
            for b in cards[i + 1:]:  # no two cards overlap
                l2, t2, r2, b2 = b["box"]
                assert right <= l2 + 0.5 or r2 <= left + 0.5 or bottom <= t2 + 0.5 or b2 <= top + 0.5
        page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi: what the printer gets
        page.screenshot(path=str(ARTIFACTS / "hall-ui-board-cards-print.png"), full_page=True)
        page.set_viewport_size(VIEWPORTS["tablet"])
        pdf = ARTIFACTS / "hall-ui-board-cards.pdf"
        page.pdf(path=str(pdf), format="A4", print_background=False)
        pages_count = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
        assert 1 <= pages_count <= 30 // 8, pages_count  # at least 8 cards per A4 page
    finally:
        page.emulate_media(media="screen")
    # the markers are drawn (SVG), not font glyphs that Debian's fonts may lack
    assert page.locator(".card .marker svg").count() == 60
    assert "⬜" not in page.content() and "⬛" not in page.content()
    # a card names the event, the tournament and the board: neither the round, nor a game, nor an IP
    url = page.locator(".card a.url").first.get_attribute("href") or ""
    assert re.fullmatch(r"http://echiquier\.local:8080/board/demo/open-a/1\?k=[\w-]+=*", url), url
    assert page.locator(".card svg path").count() >= 30  # the QR codes


def test_a_board_card_opens_the_current_game_of_its_board(browser: Any, arbiter: Any, server: Server) -> None:
    arbiter.goto(server.url("/board-card/demo/cards/1"))
    url = arbiter.locator(".card a.url").nth(5).get_attribute("href") or ""
    path = url[url.index("/board/"):]
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = phone.new_page()
    try:
        page.goto(server.url(path))
        shoot(page, "board-card-phone")
        assert "Board 6" in page.locator("h1").inner_text()
        assert "round 3" in page.locator(".where").inner_text()
        assert _choices(page) == ["1-0", "½-½", "0-1"]
        lefts = page.evaluate("() => Array.from(document.querySelectorAll('button.choice'))"
                              ".map(b => b.getBoundingClientRect().left)")
        assert lefts == sorted(lefts) and len(set(lefts)) == 3  # one row on a phone too, White on the left
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        page.locator("button.choice-2").tap()
        page.wait_for_selector("#card-result")
        assert "½-½" in page.locator("#card-result").inner_text()
        shoot(page, "board-card-phone-done")
        tampered = path.replace("/open-a/6?", "/open-a/7?")
        assert page.goto(server.url(tampered)).status == 403
    finally:
        phone.close()


# -- item 7: the journal -------------------------------------------------------------------------------

@pytest.mark.parametrize("width", [1024, 1920])
def test_the_journal_is_readable(arbiter: Any, server: Server, width: int) -> None:
    page = arbiter.context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    try:
        page.goto(server.url("/arbiter/demo/journal"))
        shoot(page, f"journal-{width}")
        cut = page.evaluate("""() => Array.from(document.querySelectorAll('.journal-table td, .journal-table th'))
            .filter(c => c.offsetParent && c.scrollWidth > c.clientWidth + 1).map(c => c.textContent.trim())""")
        assert cut == [], cut[:5]
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        rows = page.locator(".journal-table tbody tr[id^=entry-]")
        assert rows.count() > 10
        assert re.fullmatch(r"\d\d:\d\d:\d\d #\d+", rows.first.locator("td.when").inner_text().strip())
        # the results of Open B were entered before its re-import: names, not ids
        result = page.locator("td.what", has_text=re.compile(r"^\s*result\s*$"))
        results = page.locator(".journal-table tbody tr[id^=entry-]", has=result)
        players = [t for t in results.locator("td.game .players").all_inner_texts() if t]
        assert len(players) > 10
        assert not [t for t in players if re.search(r"#\d", t)], players
        said = _said(page, lambda: results.first.locator("button.undo").click())
        assert said and re.search(r"Undo #\d+, result round \d, board \d+ \(.+ – .+\): .+ → —\?", said[0]), said
    finally:
        page.close()
