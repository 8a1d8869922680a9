"""The arbiter's desk on the 600-player open: pairing round 6 in the browser's steps, and the print sheets.

    .venv/bin/python bench/desk.py [--runs 3]

In process (Litestar's test client, the server machine's own admin session): the open of
tests/fixtures/open-600p-9r.trf (5 rounds played) is imported, then each step is timed as the arbiter's
browser would send it: pair round 6 (engine + draft), the preview page, a colour swap, publish (one
transaction), the desk, and the four print sheets of round 5. Figures are wall times (min / median);
the machine is shared, so they are indications, not promises.
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from litestar.testing import AsyncTestClient

from app.settings import Settings
from tests.support.clients import prime_csrf
from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf
from web.app import create_app
from web.state import app_state

OPEN = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "open-600p-9r.trf"
EVENT = "bench-desk"


async def timed(label: str, runs: int, step: Callable[[], Awaitable[Any]], reset: Callable[[], Awaitable[Any]] | None
                = None) -> None:
    times = []
    for _ in range(runs):
        if reset is not None:
            await reset()
        start = time.perf_counter()
        await step()
        times.append(time.perf_counter() - start)
    print(f"{label:<38} min {min(times) * 1000:7.0f} ms   median {statistics.median(times) * 1000:7.0f} ms")


async def main(runs: int) -> None:
    trf, errors = parse_trf(decode(OPEN.read_bytes()))
    assert not errors, errors
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Settings(events_dir=Path(tmp) / "events", custom_dir=Path(tmp) / "custom",
                                  create_demo=False))
        async with AsyncTestClient(app=app) as client:
            transport: Any = client._transport
            parse = transport.parse_request
            transport.parse_request = lambda request: {**parse(request=request), "client": ("127.0.0.1", 5)}
            await prime_csrf(client)

            async def build() -> int:
                store = await app_state(app).registry.create(EVENT, name="Bench", start=0.0, stop=4e9)
                tid = await store.add_tournament(uniq_id="open", name=trf.name, rounds=9)
                players, pairings = trf_rows(trf)
                await store.fill_tournament(tid, players, pairings)
                return tid

            tid = await asyncio.to_thread(client.blocking_portal.call, build)
            base = f"/arbiter/{EVENT}/pair/{tid}"
            print(f"{len(trf.players)} players, {trf.played_rounds} rounds played; pairing round 6")

            async def post(url: str, **data: object) -> None:
                response = await client.post(url, data={k: str(v) for k, v in data.items()}, follow_redirects=False)
                assert response.status_code == 303, (url, response.status_code, response.text[:300])

            async def get(url: str) -> None:
                response = await client.get(url)
                assert response.status_code == 200, (url, response.status_code)

            await timed("pair round 6 (engine + draft)", runs, lambda: post(base, round=6))
            await timed("preview page", runs, lambda: get(base))
            await timed("swap colours (the POST)", runs, lambda: post(f"{base}/swap", board=1))
            published = [False]

            async def publish() -> None:
                await post(f"{base}/publish", round=6)
                published[0] = True

            async def unpair() -> None:
                await post(f"{base}/unpair", round=6)
                published[0] = False

            async def fresh_draft() -> None:
                if published[0]:
                    await unpair()
                await post(base, round=6)

            async def round_published() -> None:
                if not published[0]:
                    await fresh_draft()
                    await publish()

            await timed("publish (one transaction)", runs, publish, fresh_draft)
            await timed("unpair round 6", runs, unpair, round_published)
            await round_published()
            await timed("arbiter's desk", runs, lambda: get(f"/arbiter/{EVENT}/desk"))
            for name, path in [("print: pairings by board", "pairings?round=5&order=board"),
                               ("print: pairings A-Z", "pairings?round=5&order=alpha"),
                               ("print: standings", "standings"), ("print: cross-table", "crosstable")]:
                await timed(name, runs, lambda path=path: get(f"/print/{EVENT}/{tid}/{path}"))  # type: ignore[misc]
            state = app_state(app)
            for live in (getattr(state, "feeds", {}).get(EVENT), getattr(state, "hubs", {}).get(EVENT)):
                if live is not None:  # let the live notifications of the last writes go out
                    await asyncio.to_thread(client.blocking_portal.call, live.idle)


if __name__ == "__main__":
    logging.getLogger("httpx").setLevel(logging.WARNING)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    asyncio.run(main(parser.parse_args().runs))
