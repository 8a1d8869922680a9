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


async def test_a_result_patches_cached_pages_into_what_a_fresh_render_gives(
    demo_client: AsyncTestClient[Litestar],
) -> None:
    store = await demo_store(demo_client)
    first = await open_game(store, "open-b")
    assert (await demo_client.post("/screen/demo/input/result", data=form(first, Result.DRAW),
                                   headers=HX)).status_code == 200  # the hub now knows the input screens
    pages = [f"/screen/demo/{screen}?lang={lang}" for lang in ("en", "fr")  # (the language also sticks in a cookie)
             for screen in ("boards-b", "input", "players-a", "results")]
    for url in pages:
        assert (await demo_client.get(url)).status_code == 200  # cached at this commit
    renders: list[str] = []
    engine = demo_client.app.template_engine
    original = engine.get_template

    def counting(name: str):  # type: ignore[no-untyped-def]
        renders.append(name)
        return original(name)

    engine.get_template = counting  # type: ignore[method-assign]
    second = await open_game(store, "open-b")
    assert (await demo_client.post("/screen/demo/input/result", data=form(second, Result.WHITE_WIN),
                                   headers=HX)).status_code == 200
    patched = {url: (await demo_client.get(url)).text for url in pages}
    # boards, input and players pages were carried patched; the results page moves with every result
    assert renders.count("screen/page.html") == 2  # the results page, in each language
    row = f'id="game-{second.tournament_id}-3-{second.white_player_id}"'
    assert "1-0" in patched["/screen/demo/boards-b?lang=en"].split(row, 1)[1].split("</tr>", 1)[0]
    memo_of(store).clear()
    fresh = {url: (await demo_client.get(url)).text for url in pages}
    for url in pages:
        assert patched[url] == fresh[url], url
