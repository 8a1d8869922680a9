"""Time from a result entered in the hall to its appearance on the published site (issue 16).

The demo event publishes (app/publication/publisher.py) to `rclone serve webdav` on loopback, nginx serves what arrived.
For each result: the time until nginx serves the boards JSON with it (coalescing + build + upload), then the
same plus the spectators' poll interval (every page asks version.json every POLL_SECONDS): expected on average
(+ half an interval) and at worst (+ a whole one).

    .venv/bin/python bench/publish.py --results 10 --gap 1
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.demo import ensure_demo
from app.publication.publisher import Publications, read_state
from app.publication.site import POLL_SECONDS
from app.settings import Settings
from database.registry import EventRegistry
from database.store import GameKey
from tests.support.servers import fetch, nginx, webdav
from tournament.results import Result
from web.app import template_engine


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


async def measure(root: Path, count: int, gap: float, public_url: str, remote: str) -> list[float]:
    events = root / "events"
    events.mkdir()
    settings = Settings(events_dir=events)
    registry = EventRegistry(events)
    publications = Publications(events, template_engine(settings).engine, settings.static_dir)
    registry.on_open(publications.attach)
    spent: list[float] = []
    try:
        store = await ensure_demo(registry)
        await store.update_info(publish_remote=remote)
        deadline = time.monotonic() + 60
        while read_state(events, "demo").status != "ok":
            if time.monotonic() > deadline:
                raise SystemExit(f"first publication failed: {read_state(events, 'demo')}")
            await asyncio.sleep(0.1)
        games = [g for g in await store.pairings(1, 3) if g.black_player_id is not None and g.result is None]
        for game in games[:count]:
            row = f"game-1-3-{game.white_player_id}"
            key = GameKey(tournament_id=1, round=3, white_player_id=game.white_player_id,
                          black_player_id=game.black_player_id or 0)
            start = time.monotonic()
            await store.record_result(key, Result.DRAW, 0)
            while True:
                data = await asyncio.to_thread(fetch, f"{public_url}/1/boards.json")
                boards = json.loads(data or b"{}").get("boards", [])
                if any(b["id"] == row and b["result"] for b in boards):
                    break
                await asyncio.sleep(0.05)
            spent.append(time.monotonic() - start)
            await asyncio.sleep(max(0.0, gap - spent[-1]))  # the next result `gap` s after this one
    finally:
        await publications.close()
        await registry.close()
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=10)
    parser.add_argument("--gap", type=float, default=1.0, help="seconds between two results (default: 1, a busy hall)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        dav, remote = webdav(root / "remote", root / "webdav.log")
        web, public_url = nginx(root / "remote", root / "nginx")
        with dav, web:
            spent = asyncio.run(measure(root, args.results, args.gap, public_url, remote))
    print(f"result -> published site (demo event, {args.results} results {args.gap:g} s apart, rclone webdav on "
          f"loopback, nginx):")
    print(f"  on the site:                      p50 {statistics.median(spent):5.1f} s   p95 {p95(spent):5.1f} s   "
          f"max {max(spent):5.1f} s")
    print(f"  on a spectator's page, on average: p50 {statistics.median(spent) + POLL_SECONDS / 2:5.1f} s   "
          f"(+ half the {POLL_SECONDS} s poll interval)")
    print(f"  on a spectator's page, at worst:   p95 {p95(spent) + POLL_SECONDS:5.1f} s   "
          f"(+ the whole {POLL_SECONDS} s poll interval)")


if __name__ == "__main__":
    main()
