"""`echiquier link-papi` (cli/papi.py): the event and tournament made from the file and linked; a server started
afterwards watches the file and re-syncs when Papi saves it; refusals are one clear line."""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from app.settings import Settings
from cli.main import main
from tests.support.clients import in_app
from tests.support.files import fixture_path
from tests.support.papi import PAIRED, SMALL, copy_fixture
from tests.support.servers import HANG_LIMIT
from web.app import create_app
from web.state import app_state


@pytest.mark.parametrize("server_first", [False, True])
async def test_linked_on_the_command_line_then_watched_by_the_server(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                     server_first: bool) -> None:
    """Linked before the server starts (it opens the events with links), or while it runs (it reads the event's
    links again every few seconds): either way the server re-syncs when Papi saves."""
    papi = copy_fixture(SMALL, tmp_path / "Papi")
    events = tmp_path / "events"

    async def link() -> None:
        code = await asyncio.to_thread(main, ["link-papi", str(papi), "--events", str(events), "--event", "open"])
        out = capsys.readouterr()
        assert code == 0, out.err
        assert "is linked to" in out.out and str(papi) in out.out

    if not server_first:
        await link()
    else:
        await asyncio.to_thread(main, ["import-papi", str(papi), "--events", str(events), "--event", "open"])
    app = create_app(Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False))
    async with AsyncTestClient(app=app) as client:
        registry = app_state(app).registry

        async def rounds() -> set[int]:
            store = await registry.get("open")
            tid = (await store.tournaments())[0].id
            return {g.round for g in await store.pairings(tid)}

        assert 4 not in await in_app(client, rounds)  # the event is open in the server
        if server_first:
            await link()
        temp = papi.with_name("saving.tmp")
        shutil.copyfile(fixture_path(PAIRED), temp)
        os.replace(temp, papi)  # Papi saves round 4
        deadline = time.monotonic() + HANG_LIMIT
        while 4 not in await in_app(client, rounds):
            assert time.monotonic() < deadline, "the server never re-synced"
            await asyncio.sleep(0.05)


def test_link_papi_refuses_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["link-papi", str(tmp_path / "none.papi"), "--events", str(tmp_path / "events"), "--event", "x"])
    assert code == 1
    assert capsys.readouterr().err.strip().startswith("echiquier: No file")
    assert not (tmp_path / "events" / "x.db").exists()
