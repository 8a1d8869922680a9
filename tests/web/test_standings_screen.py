"""Standings screens over HTTP on the 600-player open (rounds 1-5 played, round 6 published)."""

from __future__ import annotations

import asyncio
import html
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.support.hall import add_open
from tournament.config_rules import Form
from tournament.hall.menus import MenuEntry, resolve
from tournament.hall.screen_rules import first_set_rules, screen_rules
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
EVENT = "standings"
URL = f"/screen/{EVENT}/table"


@pytest.fixture(scope="module")
def event_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The open and its screens, built once per module and copied into each test's folder."""
    folder = tmp_path_factory.mktemp("standings")

    async def build() -> None:
        registry = EventRegistry(folder)
        try:
            store = await registry.create(EVENT, name="Standings", start=0.0, stop=4e9)
            await store.update_info(public=True)
            tid = await add_open(store)
            menu = "@boards,@standings"
            await store.add_screen(uniq_id="table", type="standings", public=True, columns=3, menu=menu,
                                   sets=[{"tournament_id": tid}, {"tournament_id": tid, "last": 20}])
            await store.add_screen(uniq_id="boards", type="boards", public=True, columns=2, menu=menu,
                                   sets=[{"tournament_id": tid}])
            await store.add_screen(uniq_id="provisional", type="provisional_standings", public=True, columns=1,
                                   menu="@standings,@provisional_standings", sets=[{"tournament_id": tid}])
        finally:
            await registry.close()

    asyncio.run(build())
    yield folder / f"{EVENT}.db"


@pytest.fixture
async def store(event_file: Path, events_dir: Path, app: Litestar) -> EventStore:
    shutil.copy(event_file, events_dir / event_file.name)
    opened: EventStore = await app_state(app).registry.get(EVENT)
    return opened


def tables(page: str, set_id: int) -> list[list[list[str]]]:
    """The tables of one set (one per column), each a list of rows of cell texts."""
    out = []
    for body in re.findall(rf'<table class="list standings" id="standings-{set_id}-\d+">.*?<tbody>(.*?)</tbody>',
                           page, flags=re.S):
        rows = re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)
        out.append([[" ".join(html.unescape(re.sub(r"<[^>]+>", " ", c)).split())
                     for c in re.findall(r"<td[^>]*>(.*?)</td>", r, flags=re.S)] for r in rows])
    return out


def check_against_data(columns: list[list[list[str]]], data: list[dict[str, Any]]) -> None:
    """Cells (place, start rank, name, rating, points, tie-breaks…) in the order of the JSON standings."""
    rows = [r for c in columns for r in c]
    assert [r[1] for r in rows] == [str(d["start_rank"]) for d in data]
    assert all(r[2].endswith(d["name"]) for r, d in zip(rows, data, strict=True))
    assert [r[4] for r in rows] == [hall_points(d["points"]) for d in data]


def hall_points(value: float) -> str:
    """Points as the hall writes them: 4½, ½, 5 (the JSON has 4.5)."""
    whole, half = divmod(round(value * 2), 2)
    return (f"{whole}½" if whole else "½") if half else str(whole)


async def set_ids(store: EventStore) -> list[int]:
    screen = next(s for s in await store.screens() if s.uniq_id == "table")
    return [s.id for s in await store.screen_sets() if s.screen_id == screen.id]


async def test_the_screen_shows_the_standings_in_columns(client: Client, store: EventStore) -> None:
    whole, top = await set_ids(store)
    page = await client.get(URL)
    assert page.status_code == 200
    text = page.text
    assert 'class="screen-body"' in text and 'data-autofit="true"' in text
    assert "Open 600 — Standings after round 5" in text
    tid = (await store.tournaments())[0].id
    assert f'hx-trigger="sse:tournament-{tid}, sse:standings-{tid}"' in text
    assert f'hx-get="{URL}/standings/{whole}"' in text

    data = (await client.get(f"/api/standings/{EVENT}/open")).json()
    assert len(data) == 600
    columns = tables(text, whole)
    assert [len(c) for c in columns] == [200, 200, 200]  # columns = 3, nothing dropped
    check_against_data(columns, data)
    header = re.search(rf'id="standings-{whole}-1">\s*<thead>(.*?)</thead>', text, flags=re.S)
    assert header is not None
    for code in data[0]["tiebreaks"]:
        assert f">{html.escape(code)}</abbr></th>" in header.group(1)
    # the second set: ranks 1 to 20 only
    top_rows = [r for c in tables(text, top) for r in c]
    assert [r[1] for r in top_rows] == [str(d["start_rank"]) for d in data[:20]]
    assert "Open 600 (1 to" in text


async def test_a_correction_refreshes_the_fragment(client: Client, store: EventStore) -> None:
    whole, _top = await set_ids(store)
    tid = (await store.tournaments())[0].id
    before = (await client.get(f"{URL}/standings/{whole}", headers={"HX-Request": "true"})).text
    assert "<html" not in before and "Standings after round 5" in before
    game = next(p for p in await store.pairings(tid, 5) if p.is_game and p.result is not None
                and p.result <= Result.WHITE_WIN)
    key = GameKey(tournament_id=tid, round=5, white_player_id=game.white_player_id,
                  black_player_id=game.black_player_id or 0)
    assert game.result is not None
    new = Result.BLACK_WIN if game.result is not Result.BLACK_WIN else Result.WHITE_WIN
    await store.correct_result(key, game.result, new, game.board or 0)
    after = (await client.get(f"{URL}/standings/{whole}", headers={"HX-Request": "true"})).text
    data = (await client.get(f"/api/standings/{EVENT}/open")).json()
    assert after != before
    check_against_data(tables(after, whole), data)
    assert (await client.get(f"/screen/{EVENT}/boards/standings/{whole}")).status_code == 404


async def test_menus_link_standings_screens(client: Client, store: EventStore) -> None:
    page = (await client.get(f"/screen/{EVENT}/boards")).text
    assert f'href="{URL}"' in page and ">Standings<" in page
    french = (await client.get(f"{URL}?lang=fr")).text
    assert "Classement après la ronde 5" in french and "<th>Pl.</th>" in french
    entries = [MenuEntry(uniq_id="a", type="standings", public=True), MenuEntry(uniq_id="b", type="boards",
                                                                                public=True)]
    assert [e.uniq_id for e in resolve("@standings", entries, None, admin=False)[0]] == ["a"]


def test_admin_validation_accepts_a_standings_screen() -> None:
    form = Form({"uniq_id": "table", "type": "standings", "columns": "2", "tournament_id": "1", "public": "on"})
    values = screen_rules(form, taken_ids=(), tournament_ids={1}, timer_ids=())
    assert form.ok and values["type"] == "standings" and values["columns"] == 2
    assert first_set_rules(form, screen_type="standings", tournament_ids={1}) == {"tournament_id": 1}
    wrong = Form({"uniq_id": "x", "type": "podium"})
    screen_rules(wrong, taken_ids=(), tournament_ids={1}, timer_ids=())
    assert "type" in wrong.errors


async def test_the_demo_has_a_standings_screen(demo_client: Client) -> None:
    page = await demo_client.get("/screen/demo/standings")
    assert page.status_code == 200
    assert page.text.count('class="set standings-set"') == 2  # both tournaments
    assert "Open A — Standings after round 2" in page.text and "Open B — Standings after round 2" in page.text
    boards = (await demo_client.get("/screen/demo/boards-a")).text
    assert re.search(r'href="/screen/demo/standings"[^>]*>\s*Standings\s*<', boards)


async def test_a_provisional_screen_counts_the_round_being_played(client: Client, store: EventStore) -> None:
    """Round 6 is paired with no result: the provisional screen counts it, refetches on every result, and its
    table moves with one result entered (the winner's points, their place) as the JSON of round 6 says."""
    tid = (await store.tournaments())[0].id
    screen = next(s for s in await store.screens() if s.uniq_id == "provisional")
    set_id = next(s.id for s in await store.screen_sets() if s.screen_id == screen.id)
    url = f"/screen/{EVENT}/provisional"
    page = (await client.get(url)).text
    assert "Open 600 — Provisional: round 6 in progress" in page
    assert 'class="set-title provisional"' in page
    assert f'hx-trigger="sse:tournament-{tid}, sse:result-{tid}"' in page
    check_against_data(tables(page, set_id), (await client.get(f"/api/standings/{EVENT}/open?round=6")).json())
    before = {r[1]: r for r in [r for c in tables(page, set_id) for r in c]}
    game = next(p for p in await store.pairings(tid, 6) if p.is_game)
    key = GameKey(tournament_id=tid, round=6, white_player_id=game.white_player_id,
                  black_player_id=game.black_player_id or 0)
    await store.record_result(key, Result.WHITE_WIN, game.board or 0)
    fragment = (await client.get(f"{url}/standings/{set_id}", headers={"HX-Request": "true"})).text
    rows = [r for c in tables(fragment, set_id) for r in c]
    check_against_data(tables(fragment, set_id), (await client.get(f"/api/standings/{EVENT}/open?round=6")).json())
    white = next(p.pairing_number for p in await store.players(tid) if p.id == game.white_player_id)
    after = {r[1]: r for r in rows}
    assert float(after[str(white)][4]) == float(before[str(white)][4]) + 1
    assert rows.index(after[str(white)]) < list(before).index(str(white))  # climbed
    french = (await client.get(f"{url}?lang=fr")).text
    assert "Provisoire\u202f: ronde 6 en cours" in french and "Classement provisoire" in french  # title, menu link


def test_admin_validation_accepts_a_provisional_standings_screen() -> None:
    form = Form({"uniq_id": "live", "type": "provisional_standings", "columns": "1", "tournament_id": "1"})
    values = screen_rules(form, taken_ids=(), tournament_ids={1}, timer_ids=())
    assert form.ok and values["type"] == "provisional_standings"
    assert first_set_rules(form, screen_type="provisional_standings", tournament_ids={1}) == {"tournament_id": 1}
    entries = [MenuEntry(uniq_id="a", type="standings", public=True),
               MenuEntry(uniq_id="p", type="provisional_standings", public=True)]
    assert [e.uniq_id for e in resolve("@provisional_standings", entries, None, admin=False)[0]] == ["p"]
