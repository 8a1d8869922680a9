"""Heavy work off the event loop (app/offload.py): the standings computed on a compute thread are the inline
ones, and while one is being computed the server goes on answering other requests."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from app.offload import off_loop
from app.settings import Settings
from app.views import standings as standings_view
from app.views.standings import standings_for
from cli.server import uvicorn_config
from database.registry import EventRegistry
from tests.support.hall import add_open
from tests.support.servers import HANG_LIMIT, free_port
from tournament.standings import DEFAULT_TIE_BREAKS, Standings, completed_round, compute_standings
from web.app import create_app


async def test_standings_computed_off_the_loop_are_the_inline_ones(tmp_path: Path) -> None:
    registry = EventRegistry(tmp_path)
    try:
        store = await registry.create("open", name="Open", start=0, stop=0)
        tid = await add_open(store)
        players, pairings = await store.players(tid), await store.pairings(tid)
        same = {"tie_breaks": list(DEFAULT_TIE_BREAKS), "rounds": completed_round(pairings), "total_rounds": 9,
                "edition": "2026-03"}
        inline = compute_standings(players, pairings, **same)  # type: ignore[arg-type]
        assert inline.round == 5 and len(inline.rows) == 600
        assert await standings_for(store, tid, edition="2026-03") == inline
        assert await off_loop(compute_standings, players, pairings, **same) == inline  # type: ignore[arg-type]
    finally:
        await registry.close()


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[str]:
    """`echiquier serve` (uvicorn) on this test's loop, with the 600-player open as event "open"."""
    registry = EventRegistry(tmp_path)
    await add_open(await registry.create("open", name="Open", start=0, stop=4e9))
    await registry.close()
    settings = Settings(events_dir=tmp_path, create_demo=False)
    port = free_port()
    uv = uvicorn.Server(uvicorn_config(create_app(settings), settings, "127.0.0.1", port))
    serving = asyncio.get_running_loop().create_task(uv.serve())
    while not uv.started:
        if serving.done():  # it failed to start
            serving.result()
            raise RuntimeError("uvicorn ended before it started")
        await asyncio.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        uv.should_exit = True
        await serving


async def test_the_server_answers_other_requests_while_standings_are_computed(
        server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    entered, release = threading.Event(), threading.Event()
    threads: list[str] = []

    def held(*args: Any, **kwargs: Any) -> Standings:
        threads.append(threading.current_thread().name)
        entered.set()
        if not release.wait(HANG_LIMIT):  # held until the other requests are answered
            raise RuntimeError("never released")
        return compute_standings(*args, **kwargs)

    monkeypatch.setattr(standings_view, "compute_standings", held)
    async with httpx.AsyncClient(base_url=server, timeout=HANG_LIMIT) as client:
        standings = asyncio.get_running_loop().create_task(client.get("/standings/open/open"))
        while not entered.is_set():  # noqa: ASYNC110 (a thread sets it)
            await asyncio.sleep(0.01)
        try:
            others = [await client.get("/"), await client.get("/trf-lint"), await client.get("/static/ping.txt")]
            assert not standings.done()  # the standings are still being computed...
            assert [r.status_code for r in others] == [200, 200, 200]  # ...and the others were answered
        finally:
            release.set()
        page = await standings
    assert page.status_code == 200 and "Open" in page.text
    assert threads and threads[0].startswith("echiquier-compute")  # on a compute thread, not the loop's
