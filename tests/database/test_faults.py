"""A read-only or full event file: the client gets a clear message and the file stays intact."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from app.settings import Settings
from database.errors import StorageError
from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.support.clients import prime_csrf
from tournament.results import Result
from web.app import create_app
from web.state import app_state

HX = {"HX-Request": "true"}


async def make_event(events_dir: Path) -> GameKey:
    registry = EventRegistry(events_dir)
    try:
        store = await registry.create("hall", name="Hall", start=0, stop=4e9)
        tid = await store.add_tournament(uniq_id="open", name="Open")
        await store.fill_tournament(tid, [{"pairing_number": n, "last_name": f"P{n}"} for n in (1, 2)],
                                    [{"white": 1, "black": 2, "round": 1, "board": 1, "board_order": 1}])
        await store.add_screen(uniq_id="input", type="input", public=True, sets=[{"tournament_id": tid}])
        white, black = (p.id for p in await store.players(tid))
        return GameKey(tournament_id=tid, round=1, white_player_id=white, black_player_id=black)
    finally:
        await registry.close()


def file_state(path: Path) -> tuple[str, list[tuple[object, ...]], list[tuple[object, ...]]]:
    with sqlite3.connect(path) as db:
        return (db.execute("PRAGMA integrity_check").fetchone()[0],
                db.execute("SELECT * FROM pairing ORDER BY id").fetchall(),
                db.execute("SELECT * FROM result ORDER BY id").fetchall())


def form(key: GameKey) -> dict[str, str]:
    return {"tournament_id": str(key.tournament_id), "round": "1", "white_player_id": str(key.white_player_id),
            "black_player_id": str(key.black_player_id), "result": "2", "board": "1", "key": "k-1"}


async def test_a_read_only_file_is_shown_and_refuses_writes(events_dir: Path) -> None:
    key = await make_event(events_dir)
    path = events_dir / "hall.db"
    before = file_state(path)
    store = await EventStore.open(path, read_only=True)
    try:
        assert store.read_only
        assert [p.last_name for p in await store.players(key.tournament_id)] == ["P1", "P2"]
        with pytest.raises(StorageError, match="read-only"):
            await store.record_result(key, Result.DRAW, 1)
    finally:
        await store.close()
    assert file_state(path) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes whatever the permissions say")
async def test_file_permissions_decide_read_only(events_dir: Path) -> None:
    await make_event(events_dir)
    path = events_dir / "hall.db"
    path.chmod(0o444)
    store = await EventStore.open(path)
    try:
        assert store.read_only
    finally:
        await store.close()
        path.chmod(0o644)


async def test_over_http_a_read_only_event_answers_a_clear_503(
    events_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = await make_event(events_dir)
    path = events_dir / "hall.db"
    before = file_state(path)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == path else real_access(p, mode))
    app = create_app(Settings(events_dir=events_dir, custom_dir=tmp_path / "custom", create_demo=False))
    async with AsyncTestClient(app=app) as client:
        await prime_csrf(client)
        assert (await client.get("/screen/hall/input")).status_code == 200
        response = await client.post("/screen/hall/input/result", data=form(key), headers=HX)
        assert response.status_code == 503
        assert "Not saved: the event file is read-only. Nothing was changed." in response.text
        assert "Traceback" not in response.text
    assert file_state(path) == before


async def test_a_full_disk_refuses_the_write_and_keeps_the_file(events_dir: Path) -> None:
    key = await make_event(events_dir)
    path = events_dir / "hall.db"
    store = await EventStore.open(path)
    try:
        await store.record_result(key, Result.DRAW, 1)
        before = file_state(path)
        cursor = await store._writer.execute("PRAGMA page_count")
        pages = (await cursor.fetchone())[0]
        await store._writer.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk full"
        many = [{"pairing_number": n, "last_name": "X" * 500} for n in range(1, 400)]
        with pytest.raises(StorageError, match="the disk is full"):
            await store.fill_tournament(key.tournament_id, many, [])
        assert [r.value for r in await store.results_log()] == [Result.DRAW]
    finally:
        await store.close()
    assert file_state(path) == before


async def test_over_http_a_full_disk_answers_a_clear_503(
    events_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = await make_event(events_dir)
    path = events_dir / "hall.db"
    before = file_state(path)
    app = create_app(Settings(events_dir=events_dir, custom_dir=tmp_path / "custom", create_demo=False))
    async with AsyncTestClient(app=app) as client:
        await prime_csrf(client)
        store = await app_state(app).registry.get("hall")
        writer = store._writer
        real_execute = writer.execute

        def full(sql: str, *args: object):  # type: ignore[no-untyped-def]  # a mocked SQLITE_FULL on COMMIT
            if sql.strip().upper() == "COMMIT":
                raise sqlite3.OperationalError("database or disk is full")
            return real_execute(sql, *args)

        monkeypatch.setattr(writer, "execute", full)
        response = await client.post("/screen/hall/input/result", data=form(key), headers=HX)
        assert response.status_code == 503
        assert "Not saved: the disk is full. Nothing was changed." in response.text
        monkeypatch.setattr(writer, "execute", real_execute)
        assert (await store.pairings(key.tournament_id, 1))[0].result is None
    assert file_state(path) == before
