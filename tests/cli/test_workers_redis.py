"""A Redis outage under two workers (issue 21, item 5; web/relay.py): logged once by each worker (a warning, then
"back"), no traceback; when Redis returns, a screen held by the other worker, which missed the frames sent
meanwhile, is told to refetch (a `config` frame)."""

from __future__ import annotations

import asyncio
import queue
import threading
from pathlib import Path

from app.demo import ensure_demo
from database.registry import EventRegistry
from tests.support.servers import Process, wait_until
from tests.support.workers import Workers, client, read_until, sse_reader, wait_subscribed

OUTAGE = "does not answer"


def open_games(events: Path) -> list[tuple[int, int]]:
    async def read() -> list[tuple[int, int]]:
        registry = EventRegistry(events)
        try:
            store = await ensure_demo(registry)
            return [(g.white_player_id, g.black_player_id) for g in await store.pairings(1, 3)
                    if g.black_player_id is not None and g.result is None]
        finally:
            await registry.close()

    return asyncio.run(read())


def test_a_redis_outage_is_logged_once_and_the_other_workers_screens_refetch(
        workers_and_redis: tuple[Workers, Process], tmp_path: Path) -> None:
    (url_a, url_b, _game), server = workers_and_redis
    games = open_games(tmp_path / "events")[:3]
    a = client(url_a)
    assert a.get("/event/demo").status_code == 200  # A opens the event: it follows its channel
    lines: queue.Queue[str] = queue.Queue()
    stop = threading.Event()
    threading.Thread(target=sse_reader, args=(f"{url_b}/live/demo", lines, stop), daemon=True).start()
    seen: list[str] = []
    read_until(lines, "connected", seen)
    wait_subscribed(server, "event:demo", 2)
    server.stop()  # Redis goes down
    for i, (white, black) in enumerate(games):
        sent = a.post("/screen/demo/input/result", data={
            "tournament_id": "1", "round": "3", "white_player_id": str(white), "black_player_id": str(black),
            "result": "2", "key": f"outage-{i}"}, headers={"HX-Request": "true"})
        assert sent.status_code == 200 and "stored on board" in sent.text  # the hall writes on
    logs = (tmp_path / "a.log", tmp_path / "b.log")
    wait_until(lambda: OUTAGE in logs[0].read_text(), "the outage in A's log")
    server.start()  # Redis is back, on the same port (the fixture stops it)
    read_until(lines, "data: missed", seen)  # B's screen refetches what it missed (a `config` frame)
    wait_until(lambda: all("is back" in p.read_text() for p in logs), "both workers saying it is back")
    stop.set()
    for path in logs:
        text = path.read_text()
        assert text.count(OUTAGE) <= 1 and "Traceback" not in text, text[-3000:]
