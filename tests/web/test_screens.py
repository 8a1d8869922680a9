"""Every screen type over HTTP on the 600-player open (round 6 published, nothing entered yet)."""

from __future__ import annotations

import asyncio
import html as htmllib
import re
import shutil
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.support.files import fixture_path
from tests.support.hall import hall_event
from tournament.formats.trf import decode, parse_trf
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
EVENT = "hall"


@pytest.fixture(scope="module")
def hall_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, int]]]:
    """Build the event once per module (it takes about a second), copied into each test's folder."""
    folder = tmp_path_factory.mktemp("hall")

    async def build() -> dict[str, int]:
        registry = EventRegistry(folder)
        try:
            return await hall_event(await registry.create(EVENT, name="Hall", start=0.0, stop=4e9))
        finally:
            await registry.close()

    ids = asyncio.run(build())
    yield folder / f"{EVENT}.db", ids


@pytest.fixture
def hall(hall_file: tuple[Path, dict[str, int]], events_dir: Path) -> dict[str, int]:
    shutil.copy(hall_file[0], events_dir / hall_file[0].name)
    return hall_file[1]


@pytest.fixture
async def hall_store(hall: dict[str, int], app: Litestar) -> EventStore:
    """The store the app itself uses, so that writes reach its caches and listeners."""
    store: EventStore = await app_state(app).registry.get(EVENT)
    return store


def rows(html: str) -> list[str]:
    return re.findall(r'<tr id="(game-[0-9-]+)"', html)


def board_numbers(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<td class="num">(?:<span class="fixed"[^>]*>[^<]*</span>)?(\d+)</td>', html)]


def trf_points() -> dict[str, str]:
    """Points after round 5 per 'LAST First' name, read from the TRF itself (an independent oracle)."""
    trf, _ = parse_trf(decode(fixture_path("open-600p-9r.trf").read_bytes()))
    out = {}
    for p in trf.players:
        whole, half = divmod(round(p.points * 2), 2)
        out[f"{p.last_name.upper()} {p.first_name}".strip()] = (f"{whole}½" if whole else "½") if half else str(whole)
    return out


async def test_boards_screen_lists_every_board_in_order_in_two_columns(hall: dict[str, int], client: Client) -> None:
    response = await client.get(f"/screen/{EVENT}/boards")
    assert response.status_code == 200
    html = response.text
    assert len(rows(html)) == 299  # 298 games and the pairing-allocated bye
    numbers = board_numbers(html)
    assert numbers == list(range(1, 300))
    columns = html.split('<div class="column">')[1:]
    assert [len(rows(c)) for c in columns] == [150, 149]
    assert rows(html)[-1] in columns[1] and "bye" in html.split(rows(html)[-1])[1].split("</tr>")[0]
    assert re.search(r'id="missing-\d+".{0,300}?>298<', html, re.S) or "298 games without result" in html
    assert "Open 600 (round 6)" in html


async def test_points_shown_are_the_points_before_the_current_round(hall: dict[str, int], client: Client) -> None:
    html = (await client.get(f"/screen/{EVENT}/boards")).text
    expected = trf_points()
    checked = 0
    for row in re.findall(r'<tr id="game-[^"]+".*?</tr>', html, re.S)[:40]:
        cells = re.findall(r'<td class="pts">([^<]*)</td>', row)
        names = [htmllib.unescape(n) for n in re.findall(r'<span class="name">([^<]+)</span>', row)]
        assert cells[0] == expected[names[0]] and cells[-1] == expected[names[1]]
        checked += 1
    assert checked == 40
    # board 1 has the most points: nobody on a later board has more than its stronger player
    top = max(float(v.replace("½", ".5") or 0) for v in expected.values())
    first = re.search(r'<td class="pts">([^<]*)</td>', html)
    assert first is not None and float(first.group(1).replace("½", ".5")) == top


async def test_set_first_last_and_default_name(hall: dict[str, int], client: Client) -> None:
    html = (await client.get(f"/screen/{EVENT}/boards-top")).text
    assert board_numbers(html) == list(range(1, 41))
    assert "Boards 1 to 40 (round 6)" in html


async def test_fixed_boards_str_keeps_those_numbers(hall: dict[str, int], hall_store: EventStore,
                                                    admin_client: Client) -> None:
    await hall_store.add_screen(uniq_id="fixed", type="boards", public=True, sets=[
        {"tournament_id": hall["open"], "fixed_boards_str": "12, 7, x", "first": 100}])
    html = (await admin_client.get(f"/screen/{EVENT}/fixed")).text
    assert board_numbers(html) == [7, 12]  # first/last ignored, positions order kept
    assert "is not a board number" in html  # the admin sees the warning


async def test_players_screen_is_accent_insensitive_and_says_where_to_play(hall: dict[str, int],
                                                                           client: Client) -> None:
    html = (await client.get(f"/screen/{EVENT}/players")).text
    names = re.findall(r'<tr id="player-\d+" class="[a-z]+">\s*<td class="player">(?:<span class="title">\w+</span> )?'
                       r'<span class="name">([^<]+)</span>', html)
    assert len(names) == 600

    def key(name: str) -> str:  # spec §2.5, written independently of tournament/names.py
        plain = name.translate(str.maketrans({"ı": "i", "ł": "l", "Ł": "L", "Ø": "O", "ø": "o", "Þ": "Th"}))
        decomposed = unicodedata.normalize("NFKD", plain)
        return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()

    keys = [key(htmllib.unescape(n)) for n in names]
    assert keys == sorted(keys)
    assert html.count("with White against") == 298 and html.count("with Black against") == 298
    assert html.count(">Bye<") == 1 and html.count(">Absent<") == 3
    assert len(html.split('<div class="column">')) == 4  # three columns


async def test_players_show_unpaired_off_leaves_out_absent_players(hall: dict[str, int], hall_store: EventStore,
                                                                   client: Client) -> None:
    await hall_store.add_screen(uniq_id="paired", type="players", public=True, players_show_unpaired=False,
                                sets=[{"tournament_id": hall["open"]}])
    html = (await client.get(f"/screen/{EVENT}/paired")).text
    assert len(re.findall(r'<tr id="player-\d+"', html)) == 597 and ">Absent<" not in html


async def enter(store: EventStore, tid: int, count: int) -> list[int]:
    games = [g for g in await store.pairings(tid, 6) if g.is_game][:count]
    base = time.time() - 3600
    for i, g in enumerate(games):
        key = GameKey(tournament_id=tid, round=6, white_player_id=g.white_player_id,
                      black_player_id=g.black_player_id or 0)
        await store.record_result(key, Result.DRAW if i % 2 else Result.WHITE_WIN, g.board or 0, base + i * 60)
    return [g.board or 0 for g in games]


async def test_results_screen_newest_first_limit_and_columns(hall: dict[str, int], hall_store: EventStore,
                                                             admin_client: Client) -> None:
    boards = await enter(hall_store, hall["open"], 25)
    html = (await admin_client.get(f"/screen/{EVENT}/results")).text
    shown = [int(b) for b in re.findall(r'<td class="num">6</td><td class="num">(\d+)</td>', html)]
    assert shown == boards[::-1]  # all 25 (limit 30), newest first, round.board per row
    columns = html.split('<div class="column">')[1:]
    assert [c.count('<td class="num">6</td><td class="num">') for c in columns] == [13, 12]  # nothing dropped
    await hall_store.add_screen(uniq_id="last7", type="results", public=True, columns=2, results_limit=7,
                                results_tournament_ids=f"[{hall['open']}, 999]")
    html = (await admin_client.get(f"/screen/{EVENT}/last7")).text
    assert [int(b) for b in re.findall(r'<td class="num">6</td><td class="num">(\d+)</td>', html)] == boards[::-1][:8]
    assert "rounded up to 8" in html and "Unknown tournament 999" in html
    fragment = await admin_client.get(f"/screen/{EVENT}/results/results-list", headers={"HX-Request": "true"})
    assert fragment.status_code == 200 and fragment.text.count('<td class="num">6</td><td class="num">') == 25


async def test_image_screen_background_and_fallbacks(hall: dict[str, int], hall_store: EventStore, client: Client,
                                                     tmp_path: Path) -> None:
    html = (await client.get(f"/screen/{EVENT}/welcome")).text
    assert 'src="/static/background.svg"' in html and "background-color: #1d3557" in html
    (tmp_path / "custom").mkdir(exist_ok=True)
    (tmp_path / "custom" / "hall.png").write_bytes(b"\x89PNG\r\n")
    await hall_store.update_info(background_image="hall.png", background_color="#123456")
    await hall_store.add_screen(uniq_id="pic", type="image", public=True)
    await hall_store.add_screen(uniq_id="gone", type="image", public=True, background_image="missing.png")
    await hall_store.add_screen(uniq_id="escape", type="image", public=True, background_image="../events/hall.db")
    await hall_store.add_screen(uniq_id="url", type="image", public=True, background_image="https://example.org/a.jpg")
    pic = (await client.get(f"/screen/{EVENT}/pic")).text
    assert 'src="/custom/hall.png"' in pic and "background-color: #123456" in pic
    assert 'src="/static/image-missing.svg"' in (await client.get(f"/screen/{EVENT}/gone")).text
    assert 'src="/static/image-missing.svg"' in (await client.get(f"/screen/{EVENT}/escape")).text
    assert 'src="https://example.org/a.jpg"' in (await client.get(f"/screen/{EVENT}/url")).text
    assert '<nav class="screen-menu"' not in pic  # no menu on image screens


async def test_family_screens_split_the_boards(hall: dict[str, int], client: Client) -> None:
    pages = [(await client.get(f"/screen/{EVENT}/room-{i}")).text for i in (1, 2, 3)]
    assert [board_numbers(p)[:1] + board_numbers(p)[-1:] for p in pages] == [[1, 100], [101, 200], [201, 299]]
    assert "Open 600 (101 to 200)" in pages[1]
    assert "Open 600 (201 to 299)" in pages[2]  # the last screen ends with the bye, which has no board number
    assert (await client.get(f"/screen/{EVENT}/room-4")).status_code == 404
    alias = (await client.get(f"/screen/{EVENT}/room:002")).text
    assert board_numbers(alias) == board_numbers(pages[1])
    # the family's menu: @family then @results, the current one selected
    nav = pages[1].split('<nav class="screen-menu"')[1].split("</nav>")[0]
    assert re.findall(r'href="/screen/hall/([^"]+)"', nav) == ["room-1", "room-2", "room-3", "results"]
    assert 'href="/screen/hall/room-2" aria-current="page"' in nav
    assert ">Open 600 [boards 101-200]<" in nav  # two tournaments in the event: the %t variant


async def test_family_follows_the_tournament_size(hall: dict[str, int], hall_store: EventStore,
                                                  client: Client) -> None:
    await hall_store.add_family(uniq_id="arrivals", type="input", public=True, tournament_id=hall["blitz"],
                                number=10, columns=1, menu_link=True, menu_text="", menu="")
    # before round 1: a check-in list, 20 players per screen (two halves of 10)
    assert (await client.get(f"/screen/{EVENT}/arrivals-2")).status_code == 200
    assert (await client.get(f"/screen/{EVENT}/arrivals-3")).status_code == 404
    players = [{"pairing_number": n, "last_name": f"Player{n:03d}"} for n in range(1, 61)]
    await hall_store.fill_tournament(hall["blitz"], players, [])
    assert (await client.get(f"/screen/{EVENT}/arrivals-3")).status_code == 200
    html = (await client.get(f"/screen/{EVENT}/arrivals-3")).text
    halves = html.split('<ul class="checkin">')[1:]
    assert [h.count("<li id=") for h in halves] == [10, 10]


async def test_rotator_cycles_screens_then_family_screens(hall: dict[str, int], client: Client) -> None:
    first = (await client.get(f"/rotator/{EVENT}/hall")).text
    assert 'content="15; url=/rotator/hall/hall/1?lang=en"' in first  # the language kept on every turn
    assert board_numbers(first) == list(range(1, 41)) and '<nav class="screen-menu"' not in first
    assert "Latest results" in (await client.get(f"/rotator/{EVENT}/hall/1")).text
    assert 'src="/static/background.svg"' in (await client.get(f"/rotator/{EVENT}/hall/2")).text
    assert board_numbers((await client.get(f"/rotator/{EVENT}/hall/4")).text)[0] == 101  # room-2
    last = (await client.get(f"/rotator/{EVENT}/hall/5")).text
    assert 'url=/rotator/hall/hall/0?lang=en"' in last  # wraps around
    assert board_numbers((await client.get(f"/rotator/{EVENT}/hall/6")).text)[0] == 1


async def test_non_public_objects_are_reserved_to_arbiters(hall: dict[str, int], hall_store: EventStore,
                                                          client: Client) -> None:
    await hall_store.add_screen(uniq_id="private", type="boards", public=False, menu_link=True,
                                sets=[{"tournament_id": hall["open"]}])
    await hall_store.add_family(uniq_id="secret", type="players", public=False, tournament_id=hall["open"],
                                parts=2, menu_link=True, menu_text="", menu="")
    await hall_store.add_rotator(uniq_id="backstage", public=False, screen_ids="[]", family_ids="[]")
    for url in ("/screen/hall/private", "/screen/hall/secret-1", "/rotator/hall/backstage"):
        response = await client.get(url)
        assert response.status_code == 403 and "Reserved to arbiters" in response.text
        assert "Open 600" not in response.text
    nav = (await client.get(f"/screen/{EVENT}/boards")).text.split("</nav>")[0]
    assert "private" not in nav and "secret" not in nav


async def test_private_screens_are_listed_for_the_admin(hall: dict[str, int], hall_store: EventStore,
                                                         admin_client: Client) -> None:
    await hall_store.add_screen(uniq_id="private", type="boards", public=False, menu_link=True, menu="@boards",
                                sets=[{"tournament_id": hall["open"]}])
    page = await admin_client.get(f"/screen/{EVENT}/private")
    assert page.status_code == 200
    assert 'href="/screen/hall/private"' in page.text.split("</nav>")[0]


async def test_timer_banner_is_computed_on_the_server_clock(hall: dict[str, int], client: Client) -> None:
    html = (await client.get(f"/screen/{EVENT}/boards")).text
    banner = re.search(r'<div class="timer" id="timer-rounds" data-timer="rounds" data-seconds="(\d+)"', html)
    assert banner is not None
    # the round-6 hour is 30 minutes after the event's creation, seconds truncated: 28 to 30 minutes left
    assert 28 * 60 <= int(banner.group(1)) <= 30 * 60
    assert re.search(r"Round 6 starts in (28|29|30) minutes", html)
    assert '"colors":["#2B8A3E","#B35C00","#C92A2A"]' in html.replace(" ", "")
    asked = int(time.time() * 1000)
    now = (await client.get("/clock")).json()["now"]
    assert asked <= now <= int(time.time() * 1000)  # the server's time when it answered


async def test_timer_texts_are_escaped(hall: dict[str, int], hall_store: EventStore, client: Client) -> None:
    timer = await hall_store.add_timer(uniq_id="evil", hours=[
        {"uniq_id": "x", "date_str": "2030-01-01", "time_str": "10:00", "text_before": "</script><b>%s",
         "text_after": "done"}])
    await hall_store.add_screen(uniq_id="t", type="boards", public=True, timer_id=timer,
                                sets=[{"tournament_id": hall["open"]}])
    html = (await client.get(f"/screen/{EVENT}/t")).text
    assert "</script><b>" not in html and "&lt;/script&gt;&lt;b&gt;" in html


async def test_virtual_points_and_handicap_times(hall: dict[str, int], hall_store: EventStore,
                                                 client: Client) -> None:
    await hall_store.update_tournament(hall["open"], pairing_system="sad", rating_limit_1=2000, rating_limit_2=1600)
    html = (await client.get(f"/screen/{EVENT}/boards-top")).text
    row = re.search(r'<tr id="game-[^"]+".*?</tr>', html, re.S)
    assert row is not None
    shown = re.findall(r'<td class="pts">([^<]*)</td>', row.group(0))
    real = re.findall(r'<td class="pts real">\[([^<]*)\]</td>', row.group(0))
    ratings = [int(r) for r in re.findall(r'<small class="rating">(\d+)', row.group(0))]
    as_float = [float(v.replace("½", ".5")) for v in shown + real]
    for rating, total, points in zip(ratings, as_float[:2], as_float[2:], strict=True):
        assert rating < 2000 or total == points + 2  # group A: 2 virtual points while r <= N - 2
    await hall_store.update_tournament(hall["open"], pairing_system="standard", time_control_initial_time=300,
                                       time_control_increment=2, time_control_handicap_penalty_step=50,
                                       time_control_handicap_penalty_value=30, time_control_handicap_min_time=60)
    html = (await client.get(f"/screen/{EVENT}/boards-top")).text
    assert "White (time)" in html and 'class="pts real"' not in html
    assert html.count('class="htime reduced"') <= 40 and "5&#39; + 2&#34;/move" in html


async def test_check_in_toggles_on_input_screens_only_before_round_one(hall: dict[str, int], hall_store: EventStore,
                                                                       client: Client) -> None:
    page = (await client.get(f"/screen/{EVENT}/checkin")).text
    assert "Blitz (check-in)" in page and page.count('class="mark" aria-pressed="false"') == 40
    # the header is not refreshed live (the set is): it names the screen without the state, never a stale one
    crumb = re.search(r'<span class="crumb">([^<]*)</span>', page)
    assert crumb is not None and crumb.group(1) == "Blitz", crumb
    player = (await hall_store.players(hall["blitz"]))[5]
    response = await client.post(f"/screen/{EVENT}/checkin/checkin", data={
        "tournament_id": hall["blitz"], "player_id": player.id, "checked_in": 1})
    assert response.status_code == 200 and 'aria-pressed="true"' in response.text
    assert [p.checked_in for p in await hall_store.players(hall["blitz"])].count(True) == 1
    assert (await hall_store.tournament(hall["blitz"])).last_check_in_update > 0
    view = (await client.get(f"/screen/{EVENT}/checkin-view")).text
    assert view.count("✔") == 1 and "aria-pressed" not in view  # read-only elsewhere
    refused = await client.post(f"/screen/{EVENT}/checkin-view/checkin", data={
        "tournament_id": hall["blitz"], "player_id": player.id, "checked_in": 0})
    assert refused.status_code == 404
    # once round 1 is paired, check-in is closed
    closed = await client.post(f"/screen/{EVENT}/input/checkin", data={
        "tournament_id": hall["open"], "player_id": player.id, "checked_in": 1})
    assert closed.status_code == 409


async def test_illegal_moves_marks_up_to_the_limit(hall: dict[str, int], hall_store: EventStore,
                                                   client: Client) -> None:
    games = [g for g in await hall_store.pairings(hall["open"], 6) if g.is_game]
    game = games[0]
    url = f"/screen/{EVENT}/input/illegal"
    mark = {"tournament_id": hall["open"], "round": 6, "player_id": game.white_player_id, "action": "add"}
    assert (await client.post(url, data=mark)).status_code == 200
    second = await client.post(url, data=mark)
    assert second.status_code == 200 and second.text.count('title="Remove an illegal move"') == 2
    assert (await client.post(url, data=mark)).status_code == 409  # limit 2 (event default)
    assert len(await hall_store.illegal_moves(hall["open"], 6)) == 2
    removed = await client.post(url, data={**mark, "action": "remove"})
    assert removed.status_code == 200 and removed.text.count('title="Remove an illegal move"') == 1
    assert (await client.post(url, data={**mark, "round": 5})).status_code == 409  # not the current round
    boards = (await client.get(f"/screen/{EVENT}/boards")).text
    assert "illegal" not in boards.split("<tbody>")[1].split("</tbody>")[0]  # only on input screens
    await hall_store.record_result(GameKey(tournament_id=hall["open"], round=6, white_player_id=game.white_player_id,
                                           black_player_id=game.black_player_id or 0), Result.DRAW, game.board or 0)
    assert (await client.post(url, data=mark)).status_code == 409  # finished games are read-only
    await hall_store.update_tournament(hall["open"], record_illegal_moves=0)
    other = {**mark, "player_id": games[1].white_player_id}
    assert (await client.post(url, data=other)).status_code == 409  # feature off for this tournament


async def test_generated_screens_take_the_input_code_and_sets_refresh(hall: dict[str, int], client: Client) -> None:
    fragment = await client.get(f"/screen/{EVENT}/room-2/sets/1", headers={"HX-Request": "true"})
    assert fragment.status_code == 200 and board_numbers(fragment.text)[0] == 101
    assert (await client.get(f"/screen/{EVENT}/room-2/sets/2")).status_code == 404
