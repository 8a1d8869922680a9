"""Time from a result entered in the hall to its appearance on the published site (issue 16), and what a result
costs the uplink and a spectator (issue 27) on the 600-player open.

The demo event publishes (app/publication/publisher.py) to `rclone serve webdav` on loopback, nginx serves what arrived.
For each result: the time until nginx serves the boards JSON with it (coalescing + build + upload), then the
same plus the spectators' poll interval (every page asks version.json every POLL_SECONDS): expected on average
(+ half an interval) and at worst (+ a whole one).

Then the 600-player open (tests/fixtures/open-600p-9r.trf, its last round without results) published to a local
rclone remote: the bytes uploaded per result (the files whose bytes changed, their .gz, version.json and the
manifest when it changes), and what one spectator downloads per minute in a busy round, when every poll finds a
change (version.json and the boards page, compressed as nginx's gzip_static or Caddy's precompressed send them).

    .venv/bin/python bench/publish.py --results 10 --gap 1 --open-results 10
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
from app.publication.publisher import Publications, Publisher, read_state
from app.publication.site import HOLD_SECONDS, POLL_SECONDS
from app.settings import Settings
from database.registry import EventRegistry
from database.store import GameKey
from tests.support.files import fixture_path
from tests.support.servers import fetch, nginx, rclone_remote, webdav
from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf
from tournament.results import Result
from web.app import template_engine

UPLOAD_GOAL = 50_000  # bytes per result (issue 27)
SPECTATOR_GOAL = 30_000  # bytes per spectator-minute in a busy round


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


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


async def measure_open(root: Path, count: int) -> tuple[list[int], int, int, int, int]:
    """Bytes uploaded per result on the 600-player open; the compressed sizes of version.json and boards.html; the
    bytes of the provisional standings (sent again once a minute at most: HOLD_SECONDS)."""
    events = root / "open-events"
    events.mkdir()
    settings = Settings(events_dir=events)
    registry = EventRegistry(events)
    folder = root / "open-site"
    uploads: list[int] = []
    try:
        trf, _errors = parse_trf(decode(fixture_path("open-600p-9r.trf").read_bytes()))
        store = await registry.create("open", name=trf.name, start=0.0, stop=4e9, public=True)
        tid = await store.add_tournament(uniq_id="open", name=trf.name, rounds=trf.rounds)
        players, pairings = trf_rows(trf)
        last = max(p["round"] for p in pairings)
        await store.fill_tournament(tid, players, [{**p, "result": None} if p["round"] == last else p
                                                   for p in pairings])
        await store.update_info(publish_remote=rclone_remote("benchopen", "local") + str(folder))
        publisher = Publisher(store, events, template_engine(settings).engine, settings.static_dir, min_interval=0)
        assert await publisher.run_once() and publisher.state.status == "ok", publisher.state
        games = [g for g in await store.pairings(tid, last) if g.black_player_id is not None]
        for game in games[:count]:
            before = await asyncio.to_thread(tree, folder)
            await store.record_result(GameKey(tournament_id=tid, round=last, white_player_id=game.white_player_id,
                                              black_player_id=game.black_player_id or 0), Result.DRAW, 0)
            assert await publisher.run_once() and publisher.state.status == "ok", publisher.state
            after = await asyncio.to_thread(tree, folder)
            uploads.append(sum(len(data) for rel, data in after.items() if before.get(rel) != data))
        await publisher.stop()
        site = await asyncio.to_thread(tree, folder)
        provisional = sum(len(data) for rel, data in site.items() if rel.startswith(f"{tid}/standings-provisional."))
        return uploads, len(site["version.json.gz"]), len(site[f"{tid}/boards.html.gz"]), len(site), provisional
    finally:
        await registry.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=10)
    parser.add_argument("--gap", type=float, default=1.0, help="seconds between two results (default: 1, a busy hall)")
    parser.add_argument("--open-results", type=int, default=10, help="results entered in the 600-player open")
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
    report_open(args.open_results)


def report_open(count: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        uploads, version, boards, files, provisional = asyncio.run(measure_open(Path(folder), count))
    polls = 60 / POLL_SECONDS
    minute = polls * (version + boards)
    print(f"600-player open ({files} files on the remote), {count} results:")
    print(f"  uploaded per result:          p50 {statistics.median(uploads) / 1000:6.1f} KB   max "
          f"{max(uploads) / 1000:6.1f} KB   (goal < {UPLOAD_GOAL / 1000:.0f} KB)")
    print(f"  plus the provisional standings, sent at most once every {HOLD_SECONDS:.0f} s: "
          f"{provisional / 1000:.1f} KB ({provisional / HOLD_SECONDS / 1000:.1f} KB/s at most in a busy round)")
    print(f"  a spectator on the boards page, every poll a change: {polls:.0f} x (version.json.gz {version} B + "
          f"boards.html.gz {boards} B) = {minute / 1000:.1f} KB/min   (goal < {SPECTATOR_GOAL / 1000:.0f} KB/min)")


if __name__ == "__main__":
    main()
