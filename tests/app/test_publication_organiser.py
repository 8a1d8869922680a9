"""The organiser's index (issue 27, item 2), with real rclone into a local folder: events published into folders
named after them under one folder are listed in its index.html; a club's own index.html there is never touched (the
events are published all the same, and say why no index was made); unpublishing takes an event out, the last one
out removes the index; a result does not upload the index again."""

from __future__ import annotations

import json
from pathlib import Path

from app.demo import ensure_demo
from app.publication.organiser import LIST, PAGE
from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.support.events import publisher_of
from tests.support.servers import need, rclone_remote
from tournament.results import Result


async def two_events(events: Path) -> tuple[EventRegistry, EventStore, EventStore]:
    registry = EventRegistry(events)
    demo = await ensure_demo(registry)
    other = await registry.create("rapide", name="Rapide du dimanche", start=1.8e9, stop=1.8e9 + 3600, public=True)
    return registry, demo, other


async def test_events_in_named_folders_are_listed_in_the_index_above_them(tmp_path: Path) -> None:
    need("rclone")
    events, www = tmp_path / "events", tmp_path / "www"
    events.mkdir()
    (www / "echiquier").mkdir(parents=True)
    (www / "calendar.html").write_text("the club's calendar")
    registry, demo, other = await two_events(events)
    base = rclone_remote("clublocal", "local") + str(www / "echiquier")
    try:
        publishers = {}
        for store in (demo, other):
            await store.update_info(publish_remote=f"{base}/{store.event_id}")
            publishers[store.event_id] = publisher_of(store, events)
            assert await publishers[store.event_id].run_once(), publishers[store.event_id].state
            assert publishers[store.event_id].state.status == "ok"
        listed = json.loads((www / "echiquier" / LIST).read_text())
        assert sorted(e["folder"] for e in listed["events"]) == ["demo", "rapide"]
        page = (www / "echiquier" / PAGE).read_text()
        assert 'href="demo/index.html"' in page and 'href="rapide/index.html"' in page
        assert page.index("Rapide du dimanche") < page.index((await demo.info()).name)  # newest first
        assert (www / "calendar.html").read_text() == "the club's calendar"

        stamp = (www / "echiquier" / PAGE).stat().st_mtime_ns
        game = next(g for g in await demo.pairings(1, 3) if g.black_player_id is not None and g.result is None)
        await demo.record_result(GameKey(tournament_id=1, round=3, white_player_id=game.white_player_id,
                                         black_player_id=game.black_player_id), Result.WHITE_WIN, 0)
        assert await publishers["demo"].run_once() and publishers["demo"].state.status == "ok"
        assert (www / "echiquier" / PAGE).stat().st_mtime_ns == stamp  # a result: the index is not sent again

        await other.update_info(publish_remote=None)  # unpublished: out of the index
        assert await publishers["rapide"].run_once()
        listed = json.loads((www / "echiquier" / LIST).read_text())
        assert [e["folder"] for e in listed["events"]] == ["demo"]
        assert "rapide/index.html" not in (www / "echiquier" / PAGE).read_text()
        await demo.update_info(publish_remote=None)  # the last one out: the index goes, the club's file stays
        assert await publishers["demo"].run_once()
        assert not (www / "echiquier" / PAGE).exists() and not (www / "echiquier" / LIST).exists()
        assert (www / "calendar.html").read_text() == "the club's calendar"
    finally:
        await registry.close()


async def test_a_clubs_own_index_above_the_sites_is_never_touched(tmp_path: Path) -> None:
    need("rclone")
    events, www = tmp_path / "events", tmp_path / "www"
    events.mkdir()
    www.mkdir()
    (www / "index.html").write_text("<h1>The club's home page</h1>")
    registry, demo, _other = await two_events(events)
    try:
        await demo.update_info(publish_remote=rclone_remote("clublocal", "local") + str(www / "demo"))
        publisher = publisher_of(demo, events)
        assert await publisher.run_once() and publisher.state.status == "ok"  # the event is published all the same
        assert (www / "demo" / "index.html").is_file()
        assert (www / "index.html").read_text() == "<h1>The club's home page</h1>"
        assert not (www / LIST).exists() and publisher.state.index_refused == "index.html"
    finally:
        await registry.close()


async def test_a_site_in_a_folder_of_another_name_writes_nothing_above_it(tmp_path: Path) -> None:
    need("rclone")
    events, www = tmp_path / "events", tmp_path / "www"
    events.mkdir()
    (www / "club-root").mkdir(parents=True)
    registry, demo, _other = await two_events(events)
    try:
        await demo.update_info(publish_remote=rclone_remote("clublocal", "local") + str(www / "club-root"))
        publisher = publisher_of(demo, events)
        assert await publisher.run_once() and publisher.state.status == "ok"
        assert sorted(p.name for p in www.iterdir()) == ["club-root"]
    finally:
        await registry.close()
