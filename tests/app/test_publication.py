"""Publication with real parts: an rclone WebDAV remote that goes down and comes back while the hall writes,
and a published tree that holds nothing but public data."""

from __future__ import annotations

import asyncio
import gzip
import json
import sqlite3
import statistics
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.demo import ensure_demo
from app.publication.publisher import Publications, Publisher, PublishState, read_state
from app.settings import Settings
from cli.main import main
from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.support.servers import HANG_LIMIT, need, rclone_remote, webdav
from tournament.results import Result
from web.app import template_engine


@pytest.fixture
async def hall(tmp_path: Path) -> AsyncIterator[tuple[EventRegistry, Publications]]:
    """The server's parts: a registry whose stores get a publisher each (as in web/app.py)."""
    events = tmp_path / "events"
    events.mkdir()
    settings = Settings(events_dir=events)
    registry = EventRegistry(events)
    publications = Publications(events, template_engine(settings).engine, settings.static_dir)
    registry.on_open(publications.attach)
    try:
        yield registry, publications
    finally:
        await publications.close()
        await registry.close()


async def state_becomes(events: Path, event_id: str, wanted: set[str]) -> PublishState:
    """Until the publication state file says one of `wanted` (HANG_LIMIT only guards against a hang)."""
    deadline = time.monotonic() + HANG_LIMIT
    while time.monotonic() < deadline:
        state = read_state(events, event_id)
        if state.status in wanted:
            return state
        await asyncio.sleep(0.1)
    raise AssertionError(f"publication state never {wanted}: {read_state(events, event_id)}")


async def open_games(store: EventStore, tid: int) -> list[GameKey]:
    return [GameKey(tournament_id=tid, round=3, white_player_id=g.white_player_id, black_player_id=g.black_player_id)
            for g in await store.pairings(tid, 3) if g.black_player_id is not None and g.result is None]


async def timed_writes(store: EventStore, games: list[GameKey]) -> list[float]:
    spent = []
    for game in games:
        start = time.perf_counter()
        await store.record_result(game, Result.DRAW, 0)
        spent.append(time.perf_counter() - start)
        await asyncio.sleep(0.05)
    return spent


async def test_the_hall_writes_on_while_the_remote_is_down_and_publication_catches_up(
        hall: tuple[EventRegistry, Publications], tmp_path: Path) -> None:
    registry, _publications = hall
    events = registry.events_dir
    remote_dir = tmp_path / "remote"
    dav, remote = webdav(remote_dir, tmp_path / "webdav.log")
    with dav:
        store = await ensure_demo(registry)
        await store.update_info(publish_remote=remote)
        await state_becomes(events, "demo", {"ok"})
        assert (remote_dir / "version.json").is_file() and (remote_dir / "1" / "boards.html").is_file()
        games = await open_games(store, 1)
        assert len(games) >= 8
        up = await timed_writes(store, games[:4])
    # the remote is down: every write still succeeds, publication shows the error and keeps its files pending
    down = await timed_writes(store, games[4:8])
    state = await state_becomes(events, "demo", {"error"})
    assert state.error and state.pending > 0 and state.remote == remote
    published = json.loads((remote_dir / "1" / "boards.json").read_text())
    shown = {b["id"]: b["result"] for b in published["boards"]}
    late = [f"game-1-3-{g.white_player_id}" for g in games[4:8]]
    assert all(shown[row] == "" for row in late)  # not there yet
    print(f"hall writes, remote up: median {statistics.median(up) * 1000:.1f} ms; "
          f"remote down: median {statistics.median(down) * 1000:.1f} ms")
    # the remote comes back on the same address: the pending files arrive without any new write
    dav.start()
    back = time.monotonic()
    try:
        state = await state_becomes(events, "demo", {"ok"})
        print(f"caught up {time.monotonic() - back:.1f} s after the host came back (goal: 5 s)")
        assert state.pending == 0 and state.error is None and state.last_success is not None
        published = json.loads((remote_dir / "1" / "boards.json").read_text())
        shown = {b["id"]: b["result"] for b in published["boards"]}
        assert all(shown[row] == "½-½" for row in late)
        version = json.loads((remote_dir / "version.json").read_text())
        assert version["pages"]["1/boards.html"] in (remote_dir / "1" / "boards.html").read_text()
    finally:
        dav.stop()


SECRETS = ("secret-mail@example.org", "+33 6 12 34 56 78", "1999-12-31", "NAT-SECRET-42", "$argon2id$v=19$SECRET",
           "ARBITER-HASH-SECRET", "Hidden screen XYZ", "Result entry")


def add_private_data(path: Path) -> None:
    """Personal data, codes and a hidden screen written into the demo file (test set-up, before it is opened)."""
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE player SET email = ?, phone = ?, birth_date = ?, national_id = ? WHERE id = "
                     "(SELECT min(id) FROM player)", SECRETS[:4])
        conn.execute("UPDATE info SET update_password = ?, arbiter_password = ?", SECRETS[4:6])
        conn.execute("INSERT INTO screen (uniq_id, type, public, name, last_update)"
                     " VALUES ('hidden', 'boards', 0, ?, 0)", SECRETS[6:7])
    conn.close()


async def test_nothing_but_public_data_is_published(tmp_path: Path) -> None:
    need("rclone")
    events = tmp_path / "events"
    events.mkdir()
    registry = EventRegistry(events)
    await ensure_demo(registry)
    await registry.close()
    add_private_data(events / "demo.db")
    registry = EventRegistry(events)
    settings = Settings(events_dir=events)
    remote = tmp_path / "site"
    try:
        store = await registry.get("demo")
        assert SECRETS[0] in {p.email for p in await store.players(1)}
        publisher = Publisher(store, events, template_engine(settings).engine, settings.static_dir,
                              remote=rclone_remote("site", "local") + str(remote), min_interval=0)
        assert await publisher.run_once()
        files = sorted(p for p in remote.rglob("*") if p.is_file())
        names = {p.relative_to(remote).as_posix() for p in files}
        assert {"index.html", "index.json", "version.json", "public.js", "1/boards.json", "2/crosstable.html"} <= names
        assert not [n for n in names if any(w in n for w in ("screen", "input", "journal", "admin", ".db"))]
        text = "\n".join((gzip.decompress(p.read_bytes()) if p.suffix == ".gz" else p.read_bytes()).decode()
                         for p in files)  # the compressed twins too
        assert {"index.html.gz", "1/boards.json.gz", "1/player/1.html", "1/round-1.html", "1/standings-1.html"} <= names
        assert "BERNARD" in text  # names of players are public
        for secret in (*SECRETS, "argon2", "journal", "/screen/", "email", "phone"):
            assert secret not in text, secret
        # a non-public event is never published: the staging copy goes, nothing more is sent
        await store.update_info(public=False)
        other = tmp_path / "other-site"
        publisher = Publisher(store, events, template_engine(settings).engine, settings.static_dir,
                              remote=rclone_remote("site", "local") + str(other), min_interval=0)
        assert await publisher.run_once()
        assert publisher.state.status == "not public"
        assert not other.exists() and not publisher.site.exists()
    finally:
        await registry.close()


def test_the_publish_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    need("rclone")
    events = tmp_path / "events"
    events.mkdir()

    async def build() -> None:
        registry = EventRegistry(events)
        try:
            await ensure_demo(registry)
        finally:
            await registry.close()

    asyncio.run(build())
    base = ["publish", "--events", str(events), "--event", "demo", "--once"]
    assert main(base) == 1
    assert "no 'publish to' setting" in capsys.readouterr().err
    assert main([*base, "--remote", "no-colon"]) == 1
    assert "Not an rclone remote" in capsys.readouterr().err
    site = tmp_path / "site"
    assert main([*base, "--remote", str(site)]) == 1  # a local folder: never (rclone sync would empty it)
    assert "Remotes made on the fly" in capsys.readouterr().err
    assert main([*base, "--remote", rclone_remote("site", "local") + str(site)]) == 0
    assert "Published demo" in capsys.readouterr().out
    assert json.loads((site / "version.json").read_text())["pages"]["1/standings.html"]
    assert json.loads((site / "1" / "standings.json").read_text())["standings"]["rows"]
