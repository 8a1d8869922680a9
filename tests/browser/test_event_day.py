"""The event day, in French, from the first round to the standings: a 9-player, 7-round open where the arbiter pairs
and publishes every round at the desk, two tablets (1024×768 and a 390 px phone) enter every result, and the hall
TV (1920×1080) follows live. What a person reads is checked: the round in the TV's set, never a stale state in its
header; each result between the same two names on the tablet's dialog and on the TV; "exempt" for the
pairing-allocated bye; the standings with the points the results entered give (counted here from what the tablets
entered), best first."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from database.registry import EventRegistry
from tests.support.files import ARTIFACTS
from tests.support.servers import LiveServer, prepared_events

EVENT = "noel"
ROUNDS = 7
#: Invented players, rated so that the pairing numbers (the initial ranking) follow the ratings.
PLAYERS = [("LEFÈVRE", "Zoé", 2105), ("N’DIAYE", "Awa", 1980), ("MARTIN", "Léa", 1875), ("DUBOIS", "Éloi", 1760),
           ("GARCIA", "Inès", 1650), ("PETIT", "Noé", 1540), ("ROUX", "Anaïs", 1420), ("SIMON", "Jules", 1310),
           ("THOMAS", "Chloé", 1205)]
#: The dialog's buttons by result code (templates/screen/_result_buttons.html): 3 White wins, 2 draw, 1 Black wins.
SCORES = {"3": (Fraction(1), Fraction(0)), "2": (Fraction(1, 2), Fraction(1, 2)), "1": (Fraction(0), Fraction(1))}
SHOWN = {"3": "1-0", "2": "½-½", "1": "0-1"}
#: The cells of the event page's tournaments whose text is cut (wider than the cell shows).
CLIPPED = """() => [...document.querySelectorAll('tr:has(> td.tournament-links) > td')]
    .filter(td => td.scrollWidth > td.clientWidth + 1).map(td => td.textContent.trim())"""


async def _prepare(events: Path) -> int:
    registry = EventRegistry(events)
    try:
        store = await registry.create(EVENT, name="Open de Noël", start=0.0, stop=4e9)
        tid = await store.add_tournament(uniq_id="open", name="Open A", rounds=ROUNDS)
        players = [{"pairing_number": number, "last_name": last, "first_name": first, "fide_rating": rating}
                   for number, (last, first, rating) in enumerate(PLAYERS, 1)]
        await store.fill_tournament(tid, players, [])
        await store.add_screen(uniq_id="saisie", type="input", public=True, sets=[{"tournament_id": tid}])
        await store.add_screen(uniq_id="tv", type="boards", public=True, sets=[{"tournament_id": tid}])
        return tid
    finally:
        await registry.close()


def _points(shown: str) -> Fraction:
    """`4½` → 9/2, `½` → 1/2, `3` → 3 (the standings' points, as an FFE arbiter writes them)."""
    whole = shown.replace("½", "").strip()
    return Fraction(whole or "0") + (Fraction(1, 2) if "½" in shown else 0)


def test_a_seven_round_open_in_french_from_pairing_to_standings(browser: Any, tmp_path: Path) -> None:
    settings, tid = prepared_events(tmp_path, _prepare)
    rng = random.Random(2026)
    points = {f"{last} {first}": Fraction(0) for last, first, _ in PLAYERS}
    contexts = [browser.new_context(viewport={"width": w, "height": h}, locale="fr-FR")
                for w, h in ((1920, 1080), (1280, 900), (1024, 768), (390, 844))]
    tv, desk, tablet, phone = (c.new_page() for c in contexts)
    for page in (tablet, phone):
        page.on("dialog", lambda d: d.accept())  # loopback = the admin: an arbiter's entry is confirmed
    with LiveServer(settings) as server:  # the pages are closed first: the server then stops without waiting
        try:
            tv.goto(f"{server.url}/screen/{EVENT}/tv")
            tv.wait_for_selector("#live-state:has-text('en direct')")
            for rnd in range(1, ROUNDS + 1):
                desk.goto(f"{server.url}/arbiter/{EVENT}/pair/{tid}")
                desk.click("#pair-button")
                desk.wait_for_selector("#draft")
                desk.click("#publish-button")
                desk.wait_for_url(re.compile(r".*/desk\?done=published.*"))
                tv.wait_for_selector(f"h2.set-title:has-text('(ronde {rnd})')")  # live: the TV is never reloaded
                header = tv.locator("header.topbar").inner_text()
                assert "pointage" not in header and "ronde" not in header, header  # the set shows the state
                bye = tv.locator(f"tr.bye[id^='game-{tid}-{rnd}-']")
                assert bye.count() == 1 and bye.locator("td.res").inner_text().strip() == "exempt"
                points[bye.locator("td.white .name").inner_text()] += 1
                tablet.goto(f"{server.url}/screen/{EVENT}/saisie")
                phone.goto(f"{server.url}/screen/{EVENT}/saisie")
                entered: list[str] = []
                for page in (tablet, phone, tablet, phone):  # 4 games a round, 2 on each, the pages kept open
                    for done in entered:  # what the other one entered reached this page live
                        page.wait_for_selector(f"#{done}.done")
                    rows = page.locator(f"tr.tappable[id^='game-{tid}-{rnd}-']")
                    row = rows.nth(rng.randrange(rows.count()))
                    row_id = str(row.get_attribute("id"))
                    white = row.locator("td.white .name").inner_text()
                    black = row.locator("td.black .name").inner_text()
                    row.click()
                    dialog = page.locator("#dialog-slot")
                    dialog.locator("button.choice-1").wait_for()
                    assert white in dialog.inner_text() and black in dialog.inner_text()
                    choice = rng.choice("123")
                    dialog.locator(f"button.choice-{choice}").click()
                    page.wait_for_selector(f"#{row_id}.done")
                    entered.append(row_id)
                    tv.wait_for_selector(f"#{row_id} td.res:text-is('{SHOWN[choice]}')")  # live, on the TV
                    assert tv.locator(f"#{row_id} td.white .name").inner_text() == white  # between the same names
                    assert tv.locator(f"#{row_id} td.black .name").inner_text() == black
                    points[white] += SCORES[choice][0]
                    points[black] += SCORES[choice][1]
                tv.screenshot(path=str(ARTIFACTS / f"event-day-tv-r{rnd}.png"))
            phone.screenshot(path=str(ARTIFACTS / "event-day-phone.png"), full_page=True)
            desk.goto(f"{server.url}/print/{EVENT}/{tid}/standings")
            rows = [r.split("\t") for r in desk.locator("table.sheet tbody tr").all_inner_texts()]
            header = desk.locator("table.sheet thead tr").first.inner_text().split("\t")
            desk.screenshot(path=str(ARTIFACTS / "event-day-standings.png"), full_page=True)
            for page in (desk, phone):  # the event page: every tournament link whole, at 1280 px and on the phone
                page.goto(f"{server.url}/event/{EVENT}")
                page.screenshot(path=str(ARTIFACTS / f"event-day-event-{page.viewport_size['width']}.png"))
                assert page.evaluate(CLIPPED) == [], page.viewport_size
        finally:
            for c in contexts:
                c.close()
    # every player with the points the tablets entered, best first
    name, score = header.index("Joueur·euse"), header.index("Points")
    shown = {" ".join(r[name].split()): _points(r[score]) for r in rows}
    assert shown == points, (shown, points)
    assert rows[0][0].strip() == "1" and shown[" ".join(rows[0][name].split())] == max(points.values()), rows[0]
    assert [_points(r[score]) for r in rows] == sorted(points.values(), reverse=True)
