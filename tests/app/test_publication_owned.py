"""The publication owns only what it wrote (issue 27, item 1), with real rclone (a local folder and `rclone serve
webdav`) and nginx: a folder that holds the club's own files keeps every one of them through publish, republish and
unpublish; unpublish leaves nothing of ours; a folder whose index.html is not ours is refused, untouched."""

from __future__ import annotations

import json
import stat
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from app.demo import ensure_demo
from app.publication.owned import MANIFEST
from app.publication.publisher import publish_root, state_file
from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.support.events import publisher_of
from tests.support.servers import fetch, need, nginx, rclone_remote, webdav
from tournament.results import Result

#: The club's files in the folder it gives to the publication (one inside a folder the site also uses: "1/").
FOREIGN = {"calendar.html": b"<h1>Club calendar</h1>", "photos/final.jpg": b"\xff\xd8 photo bytes",
           "style.css": b"body { color: navy }", "1/notes.txt": b"the club's notes in a folder of the site"}


def fill(folder: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@contextmanager
def remote_kind(kind: str, folder: Path, tmp: Path) -> Iterator[str]:
    """The rclone remote writing into `folder`: a local one, or WebDAV served by `rclone serve webdav`."""
    need("rclone")
    if kind == "local":
        yield rclone_remote("clublocal", "local") + str(folder)
        return
    dav, remote = webdav(folder, tmp / "webdav.log")
    with dav:
        yield remote


@pytest.fixture
async def demo(tmp_path: Path) -> AsyncIterator[tuple[EventStore, Path]]:
    events = tmp_path / "events"
    events.mkdir()
    registry = EventRegistry(events)
    try:
        yield await ensure_demo(registry), events
    finally:
        await registry.close()


async def one_result(store: EventStore) -> None:
    game = next(g for g in await store.pairings(1, 3) if g.black_player_id is not None and g.result is None)
    key = GameKey(tournament_id=1, round=3, white_player_id=game.white_player_id, black_player_id=game.black_player_id)
    await store.record_result(key, Result.WHITE_WIN, 0)


@pytest.mark.parametrize("kind", ["local", "webdav"])
async def test_the_clubs_files_survive_publish_republish_and_unpublish(
        kind: str, demo: tuple[EventStore, Path], tmp_path: Path) -> None:
    store, events = demo
    folder = tmp_path / "www"
    folder.mkdir()
    fill(folder, FOREIGN)
    web, url = nginx(folder, tmp_path / "nginx")
    with remote_kind(kind, folder, tmp_path) as remote, web:
        await store.update_info(publish_remote=remote)
        publisher = publisher_of(store, events)
        assert await publisher.run_once() and publisher.state.status == "ok", publisher.state
        now = tree(folder)
        assert {rel: now[rel] for rel in FOREIGN} == FOREIGN
        manifest = set(json.loads(now[MANIFEST])["files"])
        assert {"index.html", "version.json", "1/boards.html"} <= manifest
        assert set(now) == set(FOREIGN) | manifest | {MANIFEST}  # nothing else was written
        assert not set(FOREIGN) & manifest
        assert fetch(f"{url}/calendar.html") == FOREIGN["calendar.html"] and fetch(f"{url}/version.json")
        assert publisher.state.published_to == remote

        await one_result(store)  # republish: the changed pages only, the club's files untouched
        before = tree(folder)
        assert await publisher.run_once() and publisher.state.status == "ok"
        after = tree(folder)
        assert after["1/boards.json"] != before["1/boards.json"]
        assert {rel: after[rel] for rel in FOREIGN} == FOREIGN

        await publisher.stop()
        again = publisher_of(store, events)  # a restarted server: reads its manifest back, refuses nothing
        assert await again.run_once() and again.state.status == "ok", again.state
        assert {rel: tree(folder)[rel] for rel in FOREIGN} == FOREIGN

        await store.update_info(publish_remote=None)  # unpublish: exactly our files go, checked
        assert await again.run_once()
        assert tree(folder) == FOREIGN
        assert again.state.status == "off" and again.state.published_to is None
        assert again.state.unpublished_from == remote and again.state.unpublished_files == len(manifest)
        assert fetch(f"{url}/version.json") is None and fetch(f"{url}/calendar.html") == FOREIGN["calendar.html"]
        assert (folder / "1").is_dir() and not (folder / "2").exists()  # an empty folder of ours went too


async def test_making_the_event_private_unpublishes(demo: tuple[EventStore, Path], tmp_path: Path) -> None:
    store, events = demo
    folder = tmp_path / "www"
    folder.mkdir()
    fill(folder, FOREIGN)
    with remote_kind("local", folder, tmp_path) as remote:
        await store.update_info(publish_remote=remote)
        publisher = publisher_of(store, events)
        assert await publisher.run_once() and (folder / "index.html").is_file()
        await store.update_info(public=False)
        assert await publisher.run_once()
        assert tree(folder) == FOREIGN
        assert publisher.state.status == "not public" and publisher.state.unpublished_files > 10
        await store.update_info(public=True)  # public again: published again, the club's files still there
        assert await publisher.run_once() and publisher.state.status == "ok"
        assert (folder / "index.html").is_file() and {r: tree(folder)[r] for r in FOREIGN} == FOREIGN


async def test_a_folder_whose_index_is_not_ours_is_refused_and_left_alone(
        demo: tuple[EventStore, Path], tmp_path: Path) -> None:
    store, events = demo
    folder = tmp_path / "www"
    folder.mkdir()
    club = {**FOREIGN, "index.html": b"<h1>The club's home page</h1>"}
    fill(folder, club)
    with remote_kind("webdav", folder, tmp_path) as remote:
        await store.update_info(publish_remote=remote)
        publisher = publisher_of(store, events)
        assert await publisher.run_once()
        assert publisher.state.status == "refused" and publisher.state.foreign == ["index.html"]
        assert publisher.state.published_to is None
        assert tree(folder) == club
        await store.update_info(publish_remote=None)  # nothing of ours there: nothing is removed either
        assert await publisher.run_once() and tree(folder) == club


async def test_the_state_and_lock_files_are_the_servers_only(demo: tuple[EventStore, Path], tmp_path: Path) -> None:
    store, events = demo
    with remote_kind("local", tmp_path / "www", tmp_path) as remote:
        await store.update_info(publish_remote=remote)
        publisher = publisher_of(store, events)
        assert await publisher.run_once()
        await publisher.stop()
    for path in (state_file(events, "demo"), publish_root(events) / "demo.lock"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE(publish_root(events).stat().st_mode) == 0o700
