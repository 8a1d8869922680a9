"""CPU time of a result, in process: the POST from an input screen, then the boards page asked for after it.

    .venv/bin/python bench/result_cpu.py [--results 120]
    ECHIQUIER_SERVER_ROOT=../main .venv/bin/python bench/result_cpu.py     (another checkout's code)

The 600-player open with round 6 paired (bench/_server.py); the app runs in this process under Litestar's
test client (no sockets, no uvicorn). Each result is posted as the input screen's form does (htmx, the
tablet's answer rendered), then the boards screen (300 boards, gzip) is fetched: after a result its page is
made again (before: patched; now: assembled from the cached row fragments). CPU time of the whole process
(every thread: the writer's loop, the render threads) per operation, so that the figures move less than
wall-clock times when other programs share the machine. The first 20 results are left out (warm-up).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = os.environ.get("ECHIQUIER_SERVER_ROOT", str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, ROOT)

from litestar.testing import AsyncTestClient  # noqa: E402

from app.settings import Settings  # noqa: E402
from bench._server import build_hall_event  # noqa: E402
from web.app import create_app  # noqa: E402
from web.state import app_state  # noqa: E402

WARM_UP = 20


async def measure(results: int) -> tuple[list[float], list[float]]:
    posts: list[float] = []
    pages: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        events = Path(tmp) / "events"
        await build_hall_event(events)
        app = create_app(Settings(events_dir=events, custom_dir=Path(tmp) / "custom", create_demo=False))
        async with AsyncTestClient(app) as client:
            await client.get("/screen/hall/input")  # the CSRF cookie
            await client.get("/screen/hall/boards", headers={"Accept-Encoding": "gzip"})
            store = await app_state(app).registry.get("hall")
            games = [g for g in await store.pairings(1, 6) if g.is_game][:results]
            headers = {"HX-Request": "true", "X-CSRF-Token": client.cookies.get("echiquier-csrf") or ""}
            for n, g in enumerate(games):
                form = {"tournament_id": "1", "round": "6", "white_player_id": str(g.white_player_id),
                        "black_player_id": str(g.black_player_id), "result": str(1 + n % 3), "board": str(g.board),
                        "key": f"cpu-{n}"}
                t0 = time.process_time()
                answer = await client.post("/screen/hall/input/result", data=form, headers=headers)
                t1 = time.process_time()
                page = await client.get("/screen/hall/boards", headers={"Accept-Encoding": "gzip"})
                t2 = time.process_time()
                if answer.status_code != 200 or page.status_code != 200:
                    raise SystemExit(f"result {n}: HTTP {answer.status_code}, page HTTP {page.status_code}")
                if n >= WARM_UP:
                    posts.append(t1 - t0)
                    pages.append(t2 - t1)
    return posts, pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", type=int, default=120)
    args = parser.parse_args()
    logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request otherwise
    posts, pages = asyncio.run(measure(max(args.results, WARM_UP + 1)))
    print(f"CPU ms per result ({len(posts)} results, code of {ROOT}):")
    for label, values in (("result POST (answer, write, push)", posts), ("boards page after it (gzip)", pages)):
        median, mean = statistics.median(values) * 1000, statistics.mean(values) * 1000
        print(f"  {label:<36} median {median:5.2f}  mean {mean:5.2f}")


if __name__ == "__main__":
    main()
