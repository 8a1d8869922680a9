"""Publication end to end: the hall server publishes with rclone to a WebDAV remote (rclone serve webdav), nginx
serves what arrived, and a spectator's browser on the public page sees a result entered on a hall tablet; on a
phone (390 px) a spectator finds a player by name, their games, and the standings after round 3."""

from __future__ import annotations

import asyncio
import json
import time
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.demo import ensure_demo
from app.publication.publisher import Publisher
from app.settings import Settings
from database.registry import EventRegistry
from tests.support.events import demo_file, finish_round
from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer, fetch, need, nginx, rclone_remote, wait_until, webdav
from tournament.results import Result
from web.app import template_engine


def test_a_result_entered_in_the_hall_reaches_the_public_site(browser: Any, tmp_path: Path) -> None:
    remote_dir = tmp_path / "remote"
    dav, remote = webdav(remote_dir, tmp_path / "webdav.log")
    web, public_url = nginx(remote_dir, tmp_path / "nginx")
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's loop runs in this thread
        pool.submit(asyncio.run, demo_file(events, publish_remote=remote)).result()
    settings = Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False)
    with dav, web, LiveServer(settings) as hall:
        assert fetch(f"{hall.url}/screen/demo/boards-a")  # the event opens: its publisher starts
        wait_until(lambda: fetch(f"{public_url}/version.json"), "the first publication")
        spectator = browser.new_page(viewport={"width": 1280, "height": 900})
        tablet = browser.new_page(viewport={"width": 1024, "height": 768})
        try:
            spectator.goto(f"{public_url}/1/boards.html")
            tablet.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
            tablet.goto(f"{hall.url}/screen/demo/input")
            row = tablet.locator("tr.tappable[id^='game-1-3-']:not(.done)").first
            row_id = row.get_attribute("id")
            assert row_id is not None
            assert spectator.locator(f"#{row_id} td.result").inner_text().strip() == ""
            spectator.evaluate("window.__noReload = 'still here'")
            row.click()
            tablet.locator("button.choice-2").click()
            tablet.wait_for_selector(f"#{row_id}.done")
            entered = time.monotonic()
            spectator.wait_for_function(
                f"document.querySelector('#{row_id} td.result').textContent.trim() === '½-½'")
            print(f"result on the public page after {time.monotonic() - entered:.1f} s")
            assert spectator.evaluate("window.__noReload") == "still here"  # swapped in, not reloaded
            spectator.screenshot(path=str(ARTIFACTS / "publication-boards.png"))
            twin = json.loads(fetch(f"{public_url}/1/boards.json") or b"{}")
            assert any(b["id"] == row_id and b["result"] == "½-½" for b in twin["boards"])
        finally:
            spectator.close()
            tablet.close()


async def unpublish(events: Path) -> int:
    """The event's 'publish to' emptied and one publisher run: how many files it removed."""
    registry = EventRegistry(events)
    try:
        store = await ensure_demo(registry)
        await store.update_info(publish_remote=None)
        settings = Settings(events_dir=events)
        publisher = Publisher(store, events, template_engine(settings).engine, settings.static_dir, min_interval=0)
        assert await publisher.run_once()
        await publisher.stop()
        return publisher.state.unpublished_files
    finally:
        await registry.close()


async def publish_finished_rounds(events: Path, remote: str) -> str:
    """The demo event with round 3 complete, published once; the name of a player whose round-3 game was drawn."""
    registry = EventRegistry(events)
    try:
        store = await ensure_demo(registry)
        unplayed = next(g for g in await store.pairings(1, 3) if g.is_game and g.result is None)
        await finish_round(store, 1, 3, Result.DRAW)  # the open games of round 3 drawn: the round is complete
        await store.update_info(publish_remote=remote)
        settings = Settings(events_dir=events)
        publisher = Publisher(store, events, template_engine(settings).engine, settings.static_dir, min_interval=0)
        assert await publisher.run_once() and publisher.state.status == "ok", publisher.state
        await publisher.stop()
        player = next(p for p in await store.players(1) if p.id == unplayed.white_player_id)
        return player.shown_name
    finally:
        await registry.close()


def test_a_spectator_on_a_phone_finds_a_player_and_the_standings_after_round_3(browser: Any, tmp_path: Path) -> None:
    need("rclone")
    folder = tmp_path / "www"
    remote = rclone_remote("phonesite", "local") + str(folder)
    web, public_url = nginx(folder, tmp_path / "nginx")
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's loop runs in this thread
        name = pool.submit(asyncio.run, publish_finished_rounds(events, remote)).result()
    with web:
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        try:
            phone.goto(f"{public_url}/1/players.html")
            rows = phone.locator("table.players tbody tr")
            everyone = rows.count()
            assert everyone > 10
            phone.fill("#player-search", name.split()[0].lower())  # the family name: everyone of that family
            visible = phone.locator("table.players tbody tr:not([hidden])")
            family = visible.count()
            assert 1 <= family < everyone
            assert all(name.split()[0] in visible.nth(i).inner_text() for i in range(family))
            typed = "".join(c for c in unicodedata.normalize("NFD", name.lower()) if not unicodedata.combining(c))
            phone.fill("#player-search", typed)  # the whole name, no capitals, no accents
            assert visible.count() == 1 and name in visible.first.inner_text()
            phone.fill("#player-search", "nobody-has-this-name")
            assert visible.count() == 0 and phone.locator("#player-search-none").is_visible()
            phone.fill("#player-search", typed)
            visible.first.locator("a").click()
            phone.wait_for_selector("h2.player-name")
            assert name in phone.locator("h2.player-name").inner_text()
            games = phone.locator("table.games tbody tr")
            assert games.count() == 3 and games.nth(2).locator("td.result").inner_text() == "½"
            assert "Last updated" in phone.locator("p.updated").inner_text()
            fits = "document.documentElement.scrollWidth <= window.innerWidth"
            assert phone.evaluate(fits), "the player page is wider than the phone"
            phone.screenshot(path=str(ARTIFACTS / "publication-phone-player.png"), full_page=True)
            phone.locator("nav.tabs a", has_text="Standings").click()
            phone.locator("nav.rounds a", has_text="3").click()
            phone.wait_for_url("**/standings-3.html")
            assert "After round 3" in phone.locator("main").inner_text()
            assert phone.locator("table.standings tbody tr").count() == everyone
            assert phone.evaluate(fits), "the standings are wider than the phone"
            phone.screenshot(path=str(ARTIFACTS / "publication-phone-standings.png"), full_page=True)
            phone.locator("#languages a[data-lang='fr']").click()  # the switch: the same file, in French
            phone.wait_for_function("document.documentElement.lang === 'fr'")
            assert "Après la ronde 3" in phone.locator("main").inner_text()
            assert "After round 3" not in phone.locator("main").inner_text()
            phone.reload()  # the visitor's choice is kept from page to page
            assert "Après la ronde 3" in phone.locator("main").inner_text()
            assert phone.evaluate(fits), "the French standings are wider than the phone"
            phone.locator("#languages a[data-lang='en']").click()
            phone.wait_for_function("document.documentElement.lang === 'en'")
            phone.locator("nav.tabs a", has_text="Results").click()
            phone.locator("ul.rounds a", has_text="Round 2").click()  # a past round: its own page
            phone.wait_for_url("**/round-2.html")
            assert phone.locator("table.results tbody tr").count() == everyone // 2
            assert phone.evaluate(fits), "a round's results are wider than the phone"
            phone.screenshot(path=str(ARTIFACTS / "publication-phone-round.png"), full_page=True)
            live = phone.locator("#live-state").inner_text()
            with ThreadPoolExecutor(1) as pool:
                assert pool.submit(asyncio.run, unpublish(events)).result() > 100
            assert not (folder / "index.html").exists()
            phone.wait_for_function("document.getElementById('live-state').dataset.state === 'gone'")
            assert phone.locator("#live-state").inner_text() != live
            assert "No longer published" in phone.locator("#live-state").inner_text()
        finally:
            phone.close()
