"""Other programs changing a served event file (issue 21, item 9): a file copied over in place with `cp` is served
with its new content at once (pages, writes: never a 500, never a 503 for it); an event made private by another
program is private for the next visitor's request, and its open live streams end (database/overwrite.py,
database/registry.py, web/live.py)."""

from __future__ import annotations

import asyncio
import functools
import sqlite3
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from tests.support.events import demo_file
from tests.support.jet_readers import need
from tests.support.servers import START_LIMIT
from web.live import HELLO, live_stream, still_public
from web.state import app_state

Client = AsyncTestClient[Litestar]


async def run(*args: str) -> None:
    """Another program, run to its end."""
    process = await asyncio.create_subprocess_exec(*args)
    assert await process.wait() == 0, args


@pytest.fixture
async def served(events_dir: Path, client: Client) -> Client:
    await demo_file(events_dir, name="Served before the copy")
    assert "Served before the copy" in (await client.get("/event/demo")).text  # open, and its reads cached
    return client


async def test_a_file_copied_over_in_place_is_served_at_once_and_takes_writes(served: Client, events_dir: Path,
                                                                               tmp_path: Path) -> None:
    copy = await demo_file(tmp_path / "elsewhere", name="Copied over in place")
    target = events_dir / "demo.db"
    inode = target.stat().st_ino
    await run(need("cp"), str(copy), str(target))  # another program, as an arbiter would
    assert target.stat().st_ino == inode  # the same file: only its content changed
    page = await served.get("/event/demo")
    assert page.status_code == 200 and "Copied over in place" in page.text and "Served before" not in page.text
    assert "Copied over in place" in (await served.get("/")).text
    store = await app_state(served.app).registry.get("demo")
    for t in await store.tournaments():
        for url in (f"/standings/demo/{t.uniq_id}", f"/api/standings/demo/{t.uniq_id}", "/screen/demo/boards-a"):
            assert (await served.get(url)).status_code == 200, url
    game = next(g for g in await store.pairings(1, 3) if g.black_player_id is not None and g.result is None)
    sent = await served.post("/screen/demo/input/result", headers={"HX-Request": "true"}, data={
        "tournament_id": "1", "round": "3", "white_player_id": str(game.white_player_id),
        "black_player_id": str(game.black_player_id), "result": "2", "key": "after-cp"})
    assert sent.status_code == 200 and "stored on board" in sent.text
    await app_state(served.app).registry.close()
    with sqlite3.connect(target) as check:  # the copy took the write, and is whole
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert check.execute("SELECT name FROM info").fetchone()[0] == "Copied over in place"
        assert check.execute("SELECT result FROM pairing WHERE tournament_id = 1 AND round = 3 AND "
                             "white_player_id = ?", (game.white_player_id,)).fetchone()[0] is not None


async def test_an_event_made_private_by_another_program_is_private_for_the_next_visitor(served: Client,
                                                                                      events_dir: Path) -> None:
    await run(need("sqlite3"), str(events_dir / "demo.db"), "UPDATE info SET public = 0")
    assert (await served.get("/event/demo")).status_code == 403  # the very next request: no second to wait
    assert (await served.get("/live/demo")).status_code == 403


async def test_a_visitors_live_stream_ends_when_the_event_is_no_longer_public(served: Client) -> None:
    state = app_state(served.app)
    stream = live_stream(state.channels, "demo", functools.partial(still_public, state.registry, "demo"))
    assert await anext(stream) == HELLO
    waiting = asyncio.get_running_loop().create_task(anext(stream))  # subscribed, waiting for a frame
    store = await state.registry.get("demo")
    await store.update_info(public=False)  # its commit sends a frame: the stream looks, and ends
    with pytest.raises(StopAsyncIteration):
        await asyncio.wait_for(waiting, START_LIMIT)  # the limit: only against a hang
