"""How long heavy requests hold the server's event loop (issue 15 item 1, issue 16): the longest stall of a 5 ms
ticker running on the server's loop while the work runs.

    .venv/bin/python bench/stalls.py [--repeat 3]

The 600-player open (5 of 9 rounds played) in a temporary folder; the server (uvicorn, as `echiquier serve` runs
it) runs in this process on the same loop as the ticker and an httpx client on loopback, so the ticker's
lateness is what every other request would have waited. Templates are compiled before (a first request to
the standings of another tournament), so what is measured is the computation of a new standings. Cases, each
on a fresh event (nothing cached): the first standings page, the first standings JSON of another round, the
crosstable, and a publication run (the public site built and written, app/publication/site.py; rclone is not run).
Prints the wall time of the work, the ticker's worst lateness, and the sum of its lateness (loop time lost).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx
import uvicorn

from app.publication.site import build_site, write_site
from app.settings import Settings
from bench._server import free_port, import_open
from cli.server import uvicorn_config
from web.app import create_app
from web.state import app_state

PERIOD = 0.005


async def ticker(lateness: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(PERIOD)
        lateness.append(time.perf_counter() - before - PERIOD)


async def measure(work: Callable[[], Awaitable[object]]) -> tuple[float, float, float]:
    """(wall seconds of `work`, worst lateness, total lateness) with the ticker running."""
    lateness: list[float] = []
    stop = asyncio.Event()
    tick = asyncio.get_running_loop().create_task(ticker(lateness, stop))
    await asyncio.sleep(0.05)
    lateness.clear()
    started = time.perf_counter()
    await work()
    wall = time.perf_counter() - started
    await asyncio.sleep(PERIOD * 2)
    stop.set()
    await tick
    return wall, max(lateness, default=0.0), sum(lateness)


async def one_case(name: str, root: Path) -> tuple[float, float, float]:
    events = root / "events"
    registry, _tid = await import_open(events, "open600")
    await import_open(events, "warm")  # the same templates, compiled before the measure
    await registry.close()
    settings = Settings(events_dir=events, create_demo=False)
    app = create_app(settings)
    port = free_port()
    server = uvicorn.Server(uvicorn_config(app, settings, "127.0.0.1", port))
    serving = asyncio.get_running_loop().create_task(server.serve())
    while not server.started:  # noqa: ASYNC110 (uvicorn sets a flag, no event)
        await asyncio.sleep(0.01)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
            state = app_state(app)

            async def get(url: str) -> None:
                response = await client.get(url)
                if response.status_code != 200:
                    raise SystemExit(f"{url}: {response.status_code} {response.text[:200]}")

            for url in ("/standings/warm/open", "/api/standings/warm/open", "/crosstable/warm/open"):
                await get(url)
            warm = await state.registry.get("warm")
            await build_site(warm, state.templates.engine, settings.static_dir)
            store = await state.registry.get("open600")
            await store.tournaments()

            async def publication() -> None:
                site = await build_site(store, state.templates.engine, settings.static_dir)
                if site is None:
                    raise SystemExit("the event is not public")
                await asyncio.to_thread(write_site, site, root / "site")

            work: dict[str, Callable[[], Awaitable[object]]] = {
                "standings page": lambda: get("/standings/open600/open"),
                "standings JSON, round 4": lambda: get("/api/standings/open600/open?round=4"),
                "crosstable page": lambda: get("/crosstable/open600/open"),
                "publication run (site built)": publication,
            }
            return await measure(work[name])
    finally:
        server.should_exit = True
        await serving


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, help="runs per case (each on a fresh event)")
    args = parser.parse_args()
    logging.getLogger("httpx").setLevel(logging.WARNING)
    names = ["standings page", "standings JSON, round 4", "crosstable page", "publication run (site built)"]
    print(f"event loop stalls, 600-player open (5 rounds played), first (uncached) request, 5 ms ticker; "
          f"median of {args.repeat} runs")
    print(f"  {'':<32} {'work ms':>8} {'max stall ms (median, worst)':>29} {'lost ms':>8}")
    for name in names:
        runs = []
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as tmp:
                runs.append(asyncio.run(one_case(name, Path(tmp))))
        wall = statistics.median(r[0] for r in runs)
        stalls = [r[1] for r in runs]
        lost = statistics.median(r[2] for r in runs)
        print(f"  {name:<32} {wall * 1000:8.0f} {statistics.median(stalls) * 1000:19.1f} {max(stalls) * 1000:9.1f}"
              f" {lost * 1000:8.0f}")


if __name__ == "__main__":
    main()
