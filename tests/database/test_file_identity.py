"""An event file moved, deleted or replaced under the running server: writes refused (503), nothing acknowledged
that is not in the event file, the stale store dropped and the file now at the path opened on the next request."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.errors import FileGone
from database.events import GameKey
from database.registry import SIDECARS, EventRegistry
from database.results import SET_IF_EMPTY
from database.store import EventStore
from tests.support.events import EVENT, HX, INPUT_URL, form, game, make_event, stored
from tournament.models import Pairing
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
GONE = "was moved, deleted or replaced"


def snapshot(path: Path, into: Path) -> None:
    """A consistent copy of an event file (what an arbiter would copy back over it)."""
    with sqlite3.connect(path) as conn:
        conn.execute("VACUUM INTO ?", (str(into),))
    conn.close()


async def result_after_restart(path: Path, p: Pairing) -> Result | None:
    """The game's result as a freshly started server reads the file."""
    store = await EventStore.open(path)
    try:
        return await stored(store, p)
    finally:
        await store.close()


def key_of(p: Pairing) -> GameKey:
    assert p.black_player_id is not None
    return GameKey(tournament_id=p.tournament_id, round=p.round, white_player_id=p.white_player_id,
                   black_player_id=p.black_player_id)


async def post(client: Client, p: Pairing, result: Result) -> tuple[int, str]:
    response = await client.post(f"{INPUT_URL}/result", data=form(p, result), headers=HX)
    return response.status_code, response.text


async def test_deleted_file_refuses_the_write_with_a_503(client: Client, events_dir: Path) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    assert (await client.get(f"/event/{EVENT}")).status_code == 200
    for suffix in SIDECARS:
        Path(f"{store.path}{suffix}").unlink(missing_ok=True)
    status, text = await post(client, p, Result.DRAW)
    assert status == 503 and GONE in text and f"{EVENT}.db" in text
    assert (await client.get(f"/event/{EVENT}")).status_code == 404  # dropped: no phantom event either
    assert not (events_dir / f"{EVENT}.db").exists()


async def test_moved_file_refuses_the_write_and_keeps_nothing(client: Client, tmp_path: Path) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    assert (await post(client, p, Result.DRAW))[0] == 200  # before the move: stored
    q = await game(store, tid, 1)
    moved = tmp_path / "moved.db"
    for suffix in SIDECARS:
        if Path(f"{store.path}{suffix}").exists():
            os.rename(f"{store.path}{suffix}", f"{moved}{suffix}")
    status, text = await post(client, q, Result.WHITE_WIN)
    assert status == 503 and GONE in text
    assert await result_after_restart(moved, p) is Result.DRAW  # what was acknowledged is in the file
    assert await result_after_restart(moved, q) is None  # the refused write is nowhere


async def test_replaced_file_refuses_then_serves_the_new_file(client: Client, tmp_path: Path) -> None:
    registry = app_state(client.app).registry
    store, tid = await make_event(registry)
    p, q = await game(store, tid), await game(store, tid, 1)
    fresh = tmp_path / "fresh.db"
    snapshot(store.path, fresh)  # the event before any result
    assert (await post(client, p, Result.DRAW))[0] == 200
    os.replace(fresh, store.path)  # another program puts its copy in place
    status, text = await post(client, q, Result.WHITE_WIN)
    assert status == 503 and GONE in text
    assert store.closed  # the stale store is dropped…
    reopened = await registry.get(EVENT)  # …and the file now at the path is opened fresh
    assert reopened is not store
    assert await stored(reopened, p) is None and await stored(reopened, q) is None  # the new file's content
    assert await result_after_restart(store.path, q) is None  # no phantom result after a restart
    assert (await post(client, q, Result.BLACK_WIN))[0] == 200  # the new file takes writes
    assert await stored(await registry.get(EVENT), q) is Result.BLACK_WIN


async def test_file_replaced_during_a_write_is_not_acknowledged(registry: EventRegistry, tmp_path: Path) -> None:
    store, tid = await make_event(registry)
    p = await game(store, tid)
    fresh = tmp_path / "fresh.db"
    snapshot(store.path, fresh)
    seen: list[object] = []
    store.subscribe(seen.append)
    with pytest.raises(FileGone) as refused:
        async with store.transaction(("tournament", tid)) as tx:
            await tx.execute(SET_IF_EMPTY, (int(Result.DRAW), 1.0, 1.0, *key_of(p).astuple()))
            os.replace(fresh, store.path)  # between the check before BEGIN and the COMMIT
    assert "during this write" in str(refused.value)
    assert seen == []  # no change event: no screen shows it, no tablet is told "stored"
    with pytest.raises(FileGone):  # and the next write is refused before it starts
        await store.record_result(key_of(p), Result.WHITE_WIN, p.board or 0)
    with pytest.raises(FileGone):  # the registry's next look drops the store (its WAL emptied into the old file)
        await registry.get(EVENT)
    assert store.closed
    assert await result_after_restart(store.path, p) is None
    assert (await registry.get(EVENT)) is not store


async def test_unchanged_file_is_not_refused(registry: EventRegistry) -> None:
    store, tid = await make_event(registry)
    p = await game(store, tid)
    os.utime(store.path)  # touched, same file: still the event
    assert not store.file_moved()
    await store.record_result(key_of(p), Result.DRAW, p.board or 0)
    assert await stored(store, p) is Result.DRAW
