"""Hall pages are rendered once per commit and shared: same bytes for everyone, fresh after a write."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.cache import memo_of
from tests.support.events import HX, demo_store, form, open_game
from tournament.results import Result


async def test_screens_share_one_render_until_the_next_commit(demo_client: AsyncTestClient[Litestar]) -> None:
    store = await demo_store(demo_client)
    renders: list[str] = []
    engine = demo_client.app.template_engine
    original = engine.get_template

    def counting(name: str):  # type: ignore[no-untyped-def]
        renders.append(name)
        return original(name)

    engine.get_template = counting  # type: ignore[method-assign]
    first = await demo_client.get("/screen/demo/boards-b")
    second = await demo_client.get("/screen/demo/boards-b", headers={"Accept-Encoding": "gzip"})
    assert first.text == second.text and renders.count("screen/page.html") == 1
    assert second.headers["content-encoding"] == "gzip"
    token = demo_client.cookies.get("echiquier-csrf")
    assert token and token not in first.text  # nothing per client in a shared page
    game = await open_game(store, "open-b")
    assert (await demo_client.post("/screen/demo/input/result", data=form(game, Result.BLACK_WIN),
                                   headers=HX)).status_code == 200
    third = await demo_client.get("/screen/demo/boards-b")
    assert renders.count("screen/page.html") == 2
    row = f'id="game-{game.tournament_id}-3-{game.white_player_id}"'
    assert "0-1" in third.text.split(row, 1)[1].split("</tr>", 1)[0]


def count_renders(client: AsyncTestClient[Litestar]) -> list[str]:
    """The names of the templates the app renders from now on."""
    renders: list[str] = []
    engine = client.app.template_engine
    original = engine.get_template

    def counting(name: str):  # type: ignore[no-untyped-def]
        renders.append(name)
        return original(name)

    engine.get_template = counting  # type: ignore[method-assign]
    environment = engine.engine  # type: ignore[attr-defined]
    loaded = environment.get_template

    def counting_fragments(name: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        if name in ("screen/_row.html", "screen/_missing.html"):  # fragments are rendered from the environment
            renders.append(name)
        return loaded(name, *args, **kwargs)

    environment.get_template = counting_fragments
    return renders


async def test_a_result_renders_its_row_once_per_variant_and_language_and_pages_are_assembled_from_it(
    demo_client: AsyncTestClient[Litestar],
) -> None:
    store = await demo_store(demo_client)
    first = await open_game(store, "open-b")
    tid = first.tournament_id
    for n in range(4):  # four more boards screens of the same tournament: the same rows
        await store.add_screen(uniq_id=f"hall-{n}", type="boards", public=True, columns=1 + n % 2,
                               sets=[{"tournament_id": tid}])
    assert (await demo_client.post("/screen/demo/input/result", data=form(first, Result.DRAW),
                                   headers=HX)).status_code == 200  # the hub now knows the input screens
    screens = ("boards-b", "input", "players-a", "results", *(f"hall-{n}" for n in range(4)))
    pages = [f"/screen/demo/{screen}?lang={lang}" for lang in ("en", "fr") for screen in screens]
    for url in pages:
        assert (await demo_client.get(url)).status_code == 200  # cached at this commit
    renders = count_renders(demo_client)
    second = await open_game(store, "open-b")
    answer = await demo_client.post("/screen/demo/input/result", data=form(second, Result.WHITE_WIN), headers=HX)
    assert answer.status_code == 200
    assembled = {url: (await demo_client.get(url)).text for url in pages}
    # the tablet's answer, the stream and the ten pages showing the row: once per variant and language
    # (boards and this input screen, English and French); the count of games left once
    assert renders.count("screen/_row.html") == 4 and renders.count("screen/_missing.html") == 1
    assert renders.count("screen/page.html") == len(pages)  # each page assembled once, from the fragments
    row_id = f'<tr id="game-{tid}-3-{second.white_player_id}"'
    row = answer.text.split("</tr>", 1)[0] + "</tr>"
    assert row.startswith(row_id) and "1-0" in row
    for url in pages:
        if "input" in url and "lang=en" in url:
            assert row in assembled[url]  # the answer's row is the page's
    boards_row = assembled["/screen/demo/hall-0?lang=en"].split(row_id, 1)[1].split("</tr>", 1)[0]
    assert "1-0" in boards_row and "dialog" not in boards_row
    memo_of(store).clear()  # no value, no fragment: everything rendered again
    fresh = {url: (await demo_client.get(url)).text for url in pages}
    for url in pages:
        assert assembled[url] == fresh[url], url
