"""Team screens in the hall (1920×1080 TV, read from the back of the room): a rotator showing a team boards
screen and a team boards family screen take a board result entered on a captain's tablet (1024×768) without a
reload; the type is sized to fill the display (teamfit.js). Screenshots in tests/browser/artifacts/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from database.registry import EventRegistry
from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer, prepared_events
from tests.support.teams import clubs_in_round_one

EVENT = "interclubs"
UNIQ = "n3"
CLUBS = ("Échiquier Club de Montpellier", "Cavalier Bleu Nîmes", "Tour Prends Garde Sète", "Fou du Roi Béziers")
LAST = ("Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau",
        "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier")
FIRST = ("Camille", "Lucas", "Léa", "Hugo", "Chloé", "Louis", "Manon", "Jules", "Inès", "Arthur")
CONNECTED = ("() => { const el = document.querySelector('[sse-connect]');"
             " const data = el && el['htmx-internal-data'];"
             " return !!(data && data.sseEventSource && data.sseEventSource.readyState === 1); }")
SCORE = "() => document.querySelector('#match-{mid} .match-score').textContent.trim() === '{score}'"


async def prepare(events: Path) -> int:
    """Four teams of four boards (five members), round 1 paired, line-ups in; a team boards screen in a rotator,
    a team standings screen, a team boards family (one match a screen). Returns the match of table 1."""
    registry = EventRegistry(events)
    try:
        store = await registry.create(EVENT, name="Nationale 3 — Occitanie", start=0.0, stop=4e9)
        tid = await store.add_tournament(uniq_id=UNIQ, name="Nationale 3 groupe 5", rounds=3)
        await store.fill_tournament(tid, [{"pairing_number": n, "last_name": LAST[n - 1],
                                           "first_name": FIRST[n % len(FIRST)], "fide_rating": 2300 - 37 * n}
                                          for n in range(1, 21)], [])
        await store.teams.make_team_tournament(tid, 4)
        await clubs_in_round_one(store, tid, CLUBS)
        boards = await store.add_screen(uniq_id="equipes", type="team_boards", public=True, columns=2,
                                        menu_link=True, sets=[{"tournament_id": tid}])
        standings = await store.add_screen(uniq_id="classement", type="team_standings", public=True, columns=1,
                                           menu_link=True, sets=[{"tournament_id": tid}])
        family = await store.add_family(uniq_id="salle", type="team_boards", public=True, tournament_id=tid,
                                        number=1, columns=1, menu_link=True, menu_text="", menu="@family")
        await store.add_rotator(uniq_id="hall", public=True, delay=600, show_menus=False,
                                screen_ids=json.dumps([boards, standings]), family_ids=json.dumps([family]))
        first = next(m for m in (await store.teams.load_team_event(tid)).matches if m.table == 1)
        return first.id
    finally:
        await registry.close()


def test_a_rotator_and_a_family_show_the_team_score_live(browser: Any, tmp_path: Path) -> None:
    settings, mid = prepared_events(tmp_path, prepare)
    with LiveServer(settings) as server:
        hall = browser.new_page(viewport={"width": 1920, "height": 1080})
        room = browser.new_page(viewport={"width": 1920, "height": 1080})
        small = browser.new_page(viewport={"width": 1024, "height": 768})
        tablet = browser.new_page(viewport={"width": 1024, "height": 768})
        try:
            hall.goto(f"{server.url}/rotator/{EVENT}/hall")
            room.goto(f"{server.url}/screen/{EVENT}/salle-1")
            small.goto(f"{server.url}/rotator/{EVENT}/hall")
            for page in (hall, room, small):
                page.wait_for_function(CONNECTED)
                page.evaluate("window.__noReload = 'still here'")
            assert hall.locator(".team-match").count() == 2  # both matches of round 1
            assert room.locator(".team-match").count() == 1  # one match a family screen
            assert hall.locator(f"#match-{mid} .match-score").inner_text().strip() == "0-0"
            # a hall TV: the type fills the display, read from the back of the room
            fitted = int(hall.locator("[data-teamfit]").get_attribute("data-fitted") or 0)
            assert fitted >= 28, fitted
            assert int(room.locator("[data-teamfit]").get_attribute("data-fitted") or 0) >= fitted
            assert hall.evaluate("document.documentElement.scrollHeight") <= 1080  # nothing below the fold
            hall.screenshot(path=str(ARTIFACTS / "team-rotator-before.png"))

            tablet.on("dialog", lambda d: d.accept())  # each result is confirmed in words (issue 25)
            tablet.goto(f"{server.url}/teams/{EVENT}/{UNIQ}/input")
            tablet.locator(f"#input-match-{mid} tr[data-board='1'] button[data-result='1-0']").click()
            for page in (hall, room, small):
                page.wait_for_function(SCORE.replace("{mid}", str(mid)).replace("{score}", "1-0"))
            tablet.locator(f"#input-match-{mid} tr[data-board='2'] button[data-result='½-½']").click()
            for page in (hall, room, small):
                page.wait_for_function(SCORE.replace("{mid}", str(mid)).replace("{score}", "1½-½"))
            assert hall.locator(f"#match-{mid} tr[data-board='2'] td.result").inner_text().strip() == "½-½"
            for page in (hall, room, small):
                assert page.evaluate("window.__noReload") == "still here"
            hall.screenshot(path=str(ARTIFACTS / "team-rotator-1920.png"))
            room.screenshot(path=str(ARTIFACTS / "team-family-1920.png"))
            small.screenshot(path=str(ARTIFACTS / "team-rotator-1024.png"))
            tablet.screenshot(path=str(ARTIFACTS / "team-tablet-1024.png"))
            # the rotator's next screen: the team standings
            hall.goto(f"{server.url}/rotator/{EVENT}/hall/1")
            assert hall.locator("table.team-standings tbody tr").count() == 4
            hall.screenshot(path=str(ARTIFACTS / "team-standings-1920.png"))
        finally:
            for page in (hall, room, small, tablet):
                page.close()
