"""An interclub round in French with two captains' tablets (a 1024×768 tablet and a 390 px phone, each its own
browser context logged in with the event's input code), a hall TV and the arbiter (issue 25): each result is
confirmed in words ("Dupont (Ivry) gagne", "Nulle"), the other tablet and the TV take it live, and every row reads
left to right with the winner's name next to the 1; a result entered while the Wi-Fi is down is kept and sent when
it returns; a whole-team forfeit closes its boards, and when the arbiter publishes round 2 the tablets move on to
it by themselves. Screenshots in tests/browser/artifacts/."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.settings import Settings
from database.registry import EventRegistry
from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer
from tests.support.teams import clubs_in_round_one
from tournament.results import Result
from tournament.teams.core import team_scoring
from web.auth import hash_password

EVENT = "interclubs"
UNIQ = "n4"
CODE = "capitaines-94"
ARBITER = "arbitre-secret-94"
CLUBS = ("Ivry", "Saint-Maur", "Créteil", "Vincennes")
LAST = ("Dupont", "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy",
        "Moreau", "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent")
CONNECTED = ("() => { const el = document.querySelector('[sse-connect]');"
             " const data = el && el['htmx-internal-data'];"
             " return !!(data && data.sseEventSource && data.sseEventSource.readyState === 1); }")
NNBSP = "\u202f"


async def prepare(events: Path) -> tuple[int, int, int]:
    """Four clubs of four boards (five members each), FFE scoring, a round robin; round 1 paired with its line-ups;
    a team boards screen for the hall TV. Returns the tournament and its two matches of round 1."""
    registry = EventRegistry(events)
    try:
        store = await registry.create(EVENT, name="Nationale 4 — Val-de-Marne", start=0.0, stop=4e9)
        await store.update_info(update_password=await hash_password(CODE),
                                arbiter_password=await hash_password(ARBITER))
        tid = await store.add_tournament(uniq_id=UNIQ, name="Nationale 4 groupe 2", rounds=3,
                                         tournament_type="round_robin")
        await store.fill_tournament(tid, [{"pairing_number": n, "last_name": LAST[n - 1], "first_name": "Jean",
                                           "fide_rating": 2100 - 20 * n} for n in range(1, 21)], [])
        await store.teams.make_team_tournament(tid, 4, team_scoring("ffe"))
        await clubs_in_round_one(store, tid, CLUBS)
        await store.add_screen(uniq_id="salle", type="team_boards", public=True, columns=2,
                               sets=[{"tournament_id": tid}])
        first, second = sorted((m for m in (await store.teams.load_team_event(tid)).matches if m.round == 1),
                               key=lambda m: m.table)[:2]
        return tid, first.id, second.id
    finally:
        await registry.close()


async def board_result(events: Path, tid: int, mid: int, board: int) -> Result | None:
    registry = EventRegistry(events)
    try:
        store = await registry.get(EVENT)
        m = next(x for x in (await store.teams.load_team_event(tid)).matches if x.id == mid)
        return m.boards[board - 1].result
    finally:
        await registry.close()


def row(page: Any, mid: int, board: int, prefix: str = "match") -> tuple[str, str, str]:
    """A board as a person reads it, left to right: left player, result, right player."""
    cells = page.locator(f"#{prefix}-{mid} tr[data-board='{board}']")
    return (cells.locator("td.player-a").inner_text().strip(), cells.locator("td.result").inner_text().strip(),
            cells.locator("td.player-b").inner_text().strip())


def wait_result(page: Any, mid: int, board: int, label: str, prefix: str) -> None:
    page.wait_for_function(f"() => {{ const c = document.querySelector(\"#{prefix}-{mid} tr[data-board='{board}']"
                           f" td.result\"); return !!c && c.textContent.trim() === '{label}'; }}")


def captain(browser: Any, server: LiveServer, viewport: dict[str, int], **extra: Any) -> tuple[Any, Any, list[str]]:
    """A captain's device: its own context, the entry page's login form (in French), the input code typed."""
    context = browser.new_context(viewport=viewport, locale="fr-FR", **extra)
    page = context.new_page()
    said: list[str] = []

    def confirm(dialog: Any) -> None:
        said.append(dialog.message)
        dialog.accept()

    page.on("dialog", confirm)
    page.goto(f"{server.url}/teams/{EVENT}/{UNIQ}/input?lang=fr")
    assert "code de saisie" in page.locator("main").inner_text()  # the login form in place, not a bare 403
    page.fill("input[name=password]", CODE)
    page.locator("form button[type=submit]").click()
    page.wait_for_selector("#team-entry")
    page.wait_for_function(CONNECTED)
    page.evaluate("window.__noReload = 'still here'")
    return context, page, said


def test_an_interclub_round_with_two_tablets_and_a_tv_in_french(browser: Any, tmp_path: Path) -> None:
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API keeps an event loop running in this thread
        tid, m1, m2 = pool.submit(asyncio.run, prepare(events)).result()
        settings = Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False, local_admin=False)
        with LiveServer(settings) as server:
            tv = browser.new_page(viewport={"width": 1920, "height": 1080})
            tablet_ctx, tablet, tablet_said = captain(browser, server, {"width": 1024, "height": 768})
            phone_ctx, phone, phone_said = captain(browser, server, {"width": 390, "height": 844}, is_mobile=True,
                                                   has_touch=True)
            desk_ctx = browser.new_context(viewport={"width": 1024, "height": 768}, locale="fr-FR")
            try:
                tv.goto(f"{server.url}/screen/{EVENT}/salle?lang=fr")
                tv.wait_for_function(CONNECTED)
                teams = tablet.locator(f"#input-match-{m1} .team-a").inner_text(), \
                    tablet.locator(f"#input-match-{m1} .team-b").inner_text()
                # board 2: team A has Black; its captain presses 1-0, next to A's player: A's player won
                a2, _, b2 = row(tablet, m1, 2, "input-match")
                tablet.locator(f"#input-match-{m1} tr[data-board='2'] button[data-result='1-0']").click()
                for page in (phone, tv):
                    wait_result(page, m1, 2, "1-0", "input-match" if page is phone else "match")
                assert tablet_said[-1] == f"Table 1, échiquier 2{NNBSP}: {a2} ({teams[0]}) gagne (1-0){NNBSP}?"
                assert row(tv, m1, 2) == (a2, "1-0", b2)  # the winner's name next to the 1
                assert pool.submit(asyncio.run, board_result(events, tid, m1, 2)).result() is Result.BLACK_WIN
                # board 3: A has White; the phone's captain gives the game to B's player: 0-1, the 1 next to B's
                a3, _, b3 = row(phone, m1, 3, "input-match")
                phone.locator(f"#input-match-{m1} tr[data-board='3'] button[data-result='0-1']").click()
                for page in (tablet, tv):
                    wait_result(page, m1, 3, "0-1", "input-match" if page is tablet else "match")
                assert f"{b3} ({teams[1]}) gagne (0-1)" in phone_said[-1]
                assert row(tv, m1, 3) == (a3, "0-1", b3)
                assert pool.submit(asyncio.run, board_result(events, tid, m1, 3)).result() is Result.BLACK_WIN
                phone.locator(f"#input-match-{m1} tr[data-board='1'] button[data-result='½-½']").click()
                wait_result(tablet, m1, 1, "½-½", "input-match")
                assert f"Nulle (½-½){NNBSP}?" in phone_said[-1]
                phone.screenshot(path=str(ARTIFACTS / "team-entry-phone-390.png"), full_page=True)
                assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # nothing off the screen
                last = phone.locator(f"#input-match-{m2} tr[data-board='4'] button[data-result='0-1']").bounding_box()
                assert last is not None and last["x"] + last["width"] <= 390  # every button can be tapped
                # the tablet's Wi-Fi drops: board 4 is kept, waiting, and sent when it returns
                tablet_ctx.set_offline(True)
                tablet.locator(f"#input-match-{m1} tr[data-board='4'] button[data-result='1-0']").click()
                tablet.wait_for_selector("#outbox .outbox-waiting")
                assert "en attente d’envoi" in tablet.locator("#outbox").inner_text()
                tablet_ctx.set_offline(False)
                tablet.evaluate("window.dispatchEvent(new Event('online'))")
                tablet.wait_for_selector("#outbox .outbox-stored")
                tv.wait_for_function(f"() => document.querySelector('#match-{m1} .match-score').textContent.trim()"
                                     " === '2½-1½'")
                wait_result(phone, m1, 4, "1-0", "input-match")
                tablet.screenshot(path=str(ARTIFACTS / "team-entry-tablet-1024.png"), full_page=True)
                tv.screenshot(path=str(ARTIFACTS / "team-entry-tv-1920.png"))
                for page in (tablet, phone):
                    assert page.evaluate("window.__noReload") == "still here"
                # the arbiter: a whole-team forfeit at table 2 closes its boards; round 2 published, tablets follow
                desk = desk_ctx.new_page()
                desk.on("dialog", lambda d: d.accept())
                desk.goto(f"{server.url}/arbiter/{EVENT}?lang=fr")
                desk.fill("input[name=password]", ARBITER)
                desk.locator("form button[type=submit]").first.click()
                desk.wait_for_load_state()
                desk.goto(f"{server.url}/teams/{EVENT}/{UNIQ}/input?lang=fr")
                absent = desk.locator(f"#input-match-{m2} .team-b").inner_text()
                desk.locator(f"#lineups-{m2} summary").click()  # the line-ups are in: their block is closed
                desk.locator(f"#input-match-{m2} select[name=forfeit]").select_option("B")
                desk.locator(f"#input-match-{m2} .forfeit-form button").click()
                desk.wait_for_selector(f"#input-match-{m2} .team-match-head .forfeit")
                assert desk.locator(f"#input-match-{m2} select[name=forfeit]").input_value() == "B"
                tv.wait_for_function(f"() => !!document.querySelector('#match-{m2} .forfeit')")
                assert tv.locator(f"#match-{m2} .forfeit").inner_text() == f"Forfait de {absent}"
                desk.goto(f"{server.url}/arbiter/{EVENT}/pair/{tid}?lang=fr")
                desk.locator("#pair-button").click()
                desk.wait_for_selector(".notice-ok")
                for page in (tablet, phone):
                    page.wait_for_function("() => document.querySelector('#team-entry h1').textContent"
                                           ".includes('Ronde 2')")
                    assert page.evaluate("window.__noReload") == "still here"
                phone.screenshot(path=str(ARTIFACTS / "team-entry-phone-round2.png"), full_page=True)
            finally:
                for context in (tablet_ctx, phone_ctx, desk_ctx):
                    context.close()
                tv.close()
