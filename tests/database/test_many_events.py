"""500 event files under a limit of 1024 open files: the home page from the folder's index, idle event files
closed, the descriptors and threads of the process bounded (counts, never timings)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import resource
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from app.settings import Settings
from database.index import INDEX, EventIndex, EventSummary, read_summary
from database.registry import MAX_OPEN, EventRegistry
from database.store import EventStore
from tests.support.clients import LOCAL_URL, LOOPBACK, in_app, seen_from
from tests.support.events import make_folder
from tests.support.files import ROOT
from web.app import create_app
from web.state import app_state

EVENTS = 500
PRIVATE = 50  # the last ones are not public
PAGES = 120  # distinct event pages visited: far more than MAX_OPEN


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


async def serve_many(events: Path) -> dict[str, int]:
    """What the child process measures: the home page, event pages, and its descriptors and threads."""
    figures: dict[str, int] = {"limit": resource.getrlimit(resource.RLIMIT_NOFILE)[0]}
    app = create_app(Settings(events_dir=events, custom_dir=events.parent / "custom", create_demo=False))
    registry = app_state(app).registry
    # one client, so one event loop runs the app (two clients of one app would run it on two loops, each
    # with its own start-up); a request to the server's own name comes from the server machine (the admin)
    async with AsyncTestClient(app=app) as visitor:
        seen_from(visitor, lambda request: LOOPBACK if request.url.host == LOOPBACK else None)
        figures["fds_before"], figures["threads_before"] = open_fds(), threading.active_count()
        for _ in range(3):
            home = await visitor.get("/")
            assert home.status_code == 200, home.text[:500]
        figures["tiles_visitor"] = len(set(re.findall(r'href="/event/(e\d+)"', home.text)))
        home = await visitor.get(f"{LOCAL_URL}/")
        figures["tiles_admin"] = len(set(re.findall(r'href="/event/(e\d+)"', home.text)))
        figures["open_after_home"] = len(registry.open_ids())
        statuses = set()
        for n in range(PAGES):
            statuses.add((await visitor.get(f"/event/e{n:03d}")).status_code)
            statuses.add((await visitor.get(f"/standings/e{n:03d}/1")).status_code)
        await in_app(visitor, registry.settle)  # on the app's loop, where the stores are being closed
        figures["page_statuses"] = sorted(statuses)  # type: ignore[assignment]
        figures["open_after_pages"] = len(registry.open_ids())
        figures["fds_after"], figures["threads_after"] = open_fds(), threading.active_count()
        home = await visitor.get(f"{LOCAL_URL}/")  # open stores answer from their reads, the others from the index
        figures["tiles_admin_after"] = len(set(re.findall(r'href="/event/(e\d+)"', home.text)))
        figures["home_status_after"] = home.status_code
    return figures


def child(events: str) -> None:
    """Run in a process of its own, with the limit most systems give: 1024 open files."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))
    print(json.dumps(asyncio.run(serve_many(Path(events)))))


def test_500_events_under_1024_open_files(tmp_path: Path) -> None:
    events = tmp_path / "events"
    asyncio.run(make_folder(events, EVENTS, PRIVATE))
    done = subprocess.run([sys.executable, "-c", f"from {__name__} import child; child({str(events)!r})"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["limit"] == 1024
    assert figures["tiles_visitor"] == EVENTS - PRIVATE and figures["tiles_admin"] == EVENTS
    assert figures["open_after_home"] == 0  # the home page opened no event file
    assert figures["page_statuses"] == [200, 404]  # event pages, and standings of a tournament they lack
    assert figures["open_after_pages"] <= MAX_OPEN  # idle events closed: at most the most recently used
    # each open store: 2 connections (file, -wal, -shm each), 2 threads; a margin for the app's own.
    # Without closing idle stores: 500 events, over 3500 descriptors (refused under the limit of 1024)
    assert figures["fds_after"] - figures["fds_before"] <= MAX_OPEN * 8 + 20, figures
    assert figures["threads_after"] - figures["threads_before"] <= MAX_OPEN * 2 + 10, figures
    assert figures["tiles_admin_after"] == EVENTS and figures["home_status_after"] == 200
    assert (events / INDEX).is_file()


async def folder_counting_reads(events: Path, count: int, private: int,
                                monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[Path]]:
    """A folder of `count` event files, and the list every file the index reads from then on is appended to."""
    await make_folder(events, count=count, private=private)
    reads: list[Path] = []

    def counting(path: Path) -> EventSummary | None:
        reads.append(path)
        return read_summary(path)

    monkeypatch.setattr("database.index.read_summary", counting)
    return sorted(p.stem for p in events.glob("*.db")), reads


async def test_index_reads_changed_files_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events = tmp_path / "events"
    ids, reads = await folder_counting_reads(events, 6, 2, monkeypatch)
    monkeypatch.setattr("database.watch.RECENT", 0.0)  # files made just now: their stamps trusted at once
    index = EventIndex(events)
    first = index.refresh(ids)
    assert [s.public for s in first.values()] == [True] * 4 + [False] * 2
    index.refresh(ids)  # the sidecars the first reads created: read once more
    reads.clear()
    index.refresh(ids)
    assert reads == []  # nothing changed: nothing read
    store = await EventStore.open(events / "e001.db")
    await store.update_info(name="Renamed", public=False)
    await store.close()
    again = EventIndex(events).refresh(ids)  # a fresh process: from .index, re-reading e001 only
    assert again["e001"].name == "Renamed" and not again["e001"].public
    assert reads == [events / "e001.db"]


async def test_home_page_follows_renames_and_removals(tmp_path: Path) -> None:
    events = tmp_path / "events"
    await make_folder(events, count=4, private=0)
    registry = EventRegistry(events)
    try:
        assert [s.name for s in await registry.summaries()] == ["Open public"] * 4
        store = await registry.get("e002")  # open: listed from its own reads
        await store.update_info(name="Live renamed")
        (events / "e003.db").unlink()
        found = {s.id: s.name for s in await registry.summaries()}
        assert found == {"e000": "Open public", "e001": "Open public", "e002": "Live renamed"}
    finally:
        await registry.close()


async def test_live_screens_keep_their_store_open(tmp_path: Path) -> None:
    events = tmp_path / "events"
    await make_folder(events, count=5, private=0)
    registry = EventRegistry(events, max_open=1)
    watched = {"e000"}
    registry.keep_open(lambda store: store.event_id in watched)
    closed: list[str] = []
    registry.on_close(lambda store: closed.append(store.event_id))
    try:
        followed = await registry.get("e000")
        async with registry.lease("e001") as leased:
            for n in range(2, 5):
                await registry.get(f"e{n:03d}")
            await registry.settle()
            assert not followed.closed and not leased.closed  # screens follow e000, a handler holds e001
        assert sorted(closed) == ["e002", "e003"]  # the least recently used beyond max_open
        assert set(registry.open_ids()) == {"e000", "e001", "e004"}
        watched.clear()
        await registry.get("e004")
        await registry.settle()
        assert registry.open_ids() == ["e004"] and followed.closed
        assert (await registry.get("e000")) is not followed  # reopened on demand
    finally:
        await registry.close()


async def test_a_file_written_within_the_clock_granularity_is_read_again(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Two commits within one tick of the file clock can leave the same size and time: a file modified less than
    `watch.RECENT` seconds ago is never trusted by its stamp, and read again on the next look."""
    events = tmp_path / "events"
    ids, reads = await folder_counting_reads(events, 2, 0, monkeypatch)
    index = EventIndex(events)
    index.refresh(ids)
    reads.clear()
    index.refresh(ids)
    assert sorted(reads) == sorted(events / f"{i}.db" for i in ids)  # just written: read again
    reads.clear()
    monkeypatch.setattr("database.watch.RECENT", 0.0)  # as if the files were written long ago
    index.refresh(ids)
    index.refresh(ids)
    assert len(reads) == len(ids)  # read once more for the fingerprint, then never
