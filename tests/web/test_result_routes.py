"""HTTP tests of every route of the live result slice, through Litestar's test client."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import Settings
from tests.support.events import HX, demo_store, form, open_game
from tournament.results import Result
from web.app import create_app
from web.auth import hash_password, input_cookie_name
from web.state import app_state


def assert_no_traceback(body: str) -> None:
    assert "Traceback" not in body and 'File "' not in body


async def test_home_lists_public_events_as_tiles(demo_client: AsyncTestClient[Litestar]) -> None:
    response = await demo_client.get("/")
    assert response.status_code == 200
    assert 'href="/event/demo"' in response.text and "Echiquier demo open" in response.text
    assert 'id="events-current"' in response.text
    store = await demo_store(demo_client)
    await store.update_info(public=False)
    assert 'href="/event/demo"' not in (await demo_client.get("/")).text
    assert (await demo_client.get("/event/demo")).status_code == 403


async def test_home_groups_current_coming_and_past(client: AsyncTestClient[Litestar]) -> None:
    registry = app_state(client.app).registry
    await registry.create("past", name="Past open", start=1e9, stop=1e9 + 10)
    await registry.create("coming", name="Coming open", start=4e9, stop=4e9 + 10)
    await registry.create("now", name="Current open", start=1e9, stop=4e9)
    text = (await client.get("/")).text
    sections = {m.group(1): m.start() for m in re.finditer(r'id="events-(\w+)"', text)}
    assert list(sections) == ["current", "coming", "past"]
    assert text.index("Current open") < text.index("Coming open") < text.index("Past open")


async def test_event_page_lists_tournaments_and_screens(demo_client: AsyncTestClient[Litestar]) -> None:
    response = await demo_client.get("/event/demo")
    assert response.status_code == 200
    for text in ("Open A", "Open B", "/screen/demo/input", "/screen/demo/boards-a", "/rotator/demo/hall"):
        assert text in response.text


@pytest.mark.parametrize("url", ["/event/nope", "/screen/nope/input", "/screen/demo/nope", "/event/..%2Fetc",
                                 "/rotator/demo/nope", "/live/nope", "/no/such/page"])
async def test_unknown_things_are_404_pages(demo_client: AsyncTestClient[Litestar], url: str) -> None:
    response = await demo_client.get(url)
    assert response.status_code == 404
    assert "notice-error" in response.text
    assert_no_traceback(response.text)


@pytest.mark.parametrize("screen", ["input", "boards-a", "boards-b", "players-a", "results", "welcome"])
async def test_every_demo_screen_renders(demo_client: AsyncTestClient[Litestar], screen: str) -> None:
    response = await demo_client.get(f"/screen/demo/{screen}")
    assert response.status_code == 200
    assert 'sse-connect="/live/demo"' in response.text
    assert '<script src="/static/htmx.min.js">' in response.text
    assert "https://" not in response.text  # nothing from the internet


async def test_boards_screen_shows_points_before_the_round_and_the_bye(
    demo_client: AsyncTestClient[Litestar],
) -> None:
    text = (await demo_client.get("/screen/demo/boards-a")).text
    rows = re.findall(r'<tr id="game-\d+-3-\d+"', text)
    assert len(rows) == 30  # 29 games and the PAB of 60 players with one half-point bye
    assert ">bye<" in text
    assert "(round 3)" in text


async def test_input_screen_dialog_offers_three_results(demo_client: AsyncTestClient[Litestar]) -> None:
    store = await demo_store(demo_client)
    game = await open_game(store)
    url = f"/screen/demo/input/dialog?tid={game.tournament_id}&rnd=3&white={game.white_player_id}"
    response = await demo_client.get(url, headers=HX)
    assert response.status_code == 200
    assert re.findall(r'name="result" value="(\d)"', response.text) == ["3", "2", "1"]
    assert "1-0" in response.text and "½-½" in response.text and "0-1" in response.text


async def test_result_entry_then_second_entry_is_refused(demo_client: AsyncTestClient[Litestar]) -> None:
    store = await demo_store(demo_client)
    game = await open_game(store)
    first = await demo_client.post("/screen/demo/input/result", data=form(game, Result.DRAW), headers=HX)
    assert first.status_code == 200
    assert f'id="game-{game.tournament_id}-3-{game.white_player_id}"' in first.text
    assert "½-½" in first.text
    second = await demo_client.post("/screen/demo/input/result", data=form(game, Result.WHITE_WIN), headers=HX)
    assert second.status_code == 409
    assert "already has a result (½-½)" in second.text
    stored = [g for g in await store.pairings(game.tournament_id, 3) if g.white_player_id == game.white_player_id]
    assert stored[0].result is Result.DRAW
    log = [r for r in await store.results_log() if r.white_player_id == game.white_player_id and r.round == 3]
    assert len(log) == 1
    results = (await demo_client.get("/screen/demo/results")).text
    assert results.index("½-½") < results.index("</table>")


async def test_plain_form_post_redirects_and_conflict_is_a_page(demo_client: AsyncTestClient[Litestar]) -> None:
    store = await demo_store(demo_client)
    game = await open_game(store, "open-b")
    response = await demo_client.post("/screen/demo/input/result", data=form(game, Result.BLACK_WIN),
                                      follow_redirects=False)
    assert response.status_code == 303
    again = await demo_client.post("/screen/demo/input/result", data=form(game, Result.BLACK_WIN))
    assert again.status_code == 409
    assert "<html" in again.text and "already has a result" in again.text


@pytest.mark.parametrize("field,value", [("result", "7"), ("result", "x"), ("round", "0"), ("white_player_id", "")])
async def test_malformed_result_is_a_clear_400(demo_client: AsyncTestClient[Litestar], field: str, value: str) -> None:
    store = await demo_store(demo_client)
    game = await open_game(store)
    data = form(game, Result.WHITE_WIN) | {field: value}
    response = await demo_client.post("/screen/demo/input/result", data=data, headers=HX)
    assert response.status_code == 400
    assert field in response.text
    assert_no_traceback(response.text)
    assert (await open_game(store)).white_player_id == game.white_player_id  # still without result


async def test_result_only_on_input_screens(demo_client: AsyncTestClient[Litestar]) -> None:
    store = await demo_store(demo_client)
    game = await open_game(store)
    response = await demo_client.post("/screen/demo/boards-a/result", data=form(game, Result.DRAW), headers=HX)
    assert response.status_code == 404


async def test_input_code_wrong_then_right_and_it_survives_a_restart(
    demo_client: AsyncTestClient[Litestar], events_dir: Path, tmp_path: Path
) -> None:
    store = await demo_store(demo_client)
    await store.update_info(update_password=await hash_password("fou-du-roi"))
    assert "fou-du-roi" not in store.path.read_bytes().decode("latin-1")
    locked = await demo_client.get("/screen/demo/input")
    assert locked.status_code == 401 and 'name="password"' in locked.text
    game = await open_game(store)
    refused = await demo_client.post("/screen/demo/input/result", data=form(game, Result.DRAW), headers=HX)
    assert refused.status_code == 401
    wrong = await demo_client.post("/screen/demo/input/login", data={"password": "nope"})
    assert wrong.status_code == 401 and "Wrong code." in wrong.text
    right = await demo_client.post("/screen/demo/input/login", data={"password": "fou-du-roi"},
                                   follow_redirects=False)
    assert right.status_code == 303
    cookie = right.cookies[input_cookie_name("demo")]
    assert (await demo_client.get("/screen/demo/input")).status_code == 200
    assert (await demo_client.get("/screen/demo/boards-a")).status_code == 200  # boards never ask
    restarted = create_app(Settings(events_dir=events_dir, custom_dir=tmp_path / "custom"))
    async with AsyncTestClient(app=restarted) as again:
        again.cookies.set(input_cookie_name("demo"), cookie)
        assert (await again.get("/screen/demo/input")).status_code == 200
        again.cookies.set(input_cookie_name("demo"), "forged")
        assert (await again.get("/screen/demo/input")).status_code == 401


async def test_fifty_concurrent_submissions_over_http_store_one(demo_client: AsyncTestClient[Litestar]) -> None:
    store = await demo_store(demo_client)
    game = await open_game(store)
    responses = await asyncio.gather(*(
        demo_client.post("/screen/demo/input/result", data=form(game, Result(1 + i % 3)), headers=HX)
        for i in range(50)
    ))
    codes = sorted(r.status_code for r in responses)
    assert codes.count(200) == 1 and codes.count(409) == 49
    log = [r for r in await store.results_log()
           if (r.white_player_id, r.black_player_id, r.round) == (game.white_player_id, game.black_player_id, 3)]
    assert len(log) == 1


async def test_rotator_refreshes_to_the_next_screen(demo_client: AsyncTestClient[Litestar]) -> None:
    first = await demo_client.get("/rotator/demo/hall")
    assert first.status_code == 200
    assert 'content="15; url=/rotator/demo/hall/1?lang=en"' in first.text  # the language kept every turn
    last = await demo_client.get("/rotator/demo/hall/2")
    assert 'url=/rotator/demo/hall/0?lang=en"' in last.text


async def test_set_fragment_is_what_live_screens_refetch(demo_client: AsyncTestClient[Litestar]) -> None:
    store = await demo_store(demo_client)
    screen = await store.screen("boards-a")
    [s] = await store.screen_sets(screen.id)
    response = await demo_client.get(f"/screen/demo/boards-a/sets/{s.id}", headers=HX)
    assert response.status_code == 200
    assert "<html" not in response.text and 'class="boards"' in response.text


async def test_an_internal_error_never_shows_a_traceback(
    demo_client: AsyncTestClient[Litestar], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await demo_store(demo_client)

    async def broken(*args: object) -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(store, "screens", broken)
    response = await demo_client.get("/screen/demo/input")
    assert response.status_code == 500
    assert "secret internals" not in response.text
    assert_no_traceback(response.text)
    assert demo_client.app.debug is False


async def test_no_openapi_schema_is_published(demo_client: AsyncTestClient[Litestar]) -> None:
    """An HTML app: nothing to fuzz with schemathesis; write endpoints are fuzzed in test_fuzz_endpoints."""
    assert (await demo_client.get("/schema/openapi.json")).status_code == 404


async def test_responses_say_how_long_the_server_took(demo_client: AsyncTestClient[Litestar]) -> None:
    timing = (await demo_client.get("/screen/demo/boards-a")).headers["server-timing"]
    assert re.fullmatch(r"app;dur=\d+\.\d", timing)
