"""Hostile requests against the 600-player open on a real server: how long each one keeps every other
request waiting, and the login throttle under 100 concurrent wrong passwords (issue 15).

    .venv/bin/python bench/hostile.py

While each hostile request runs, a prober asks for /static/ping.txt every 5 ms; its slowest answer is the
longest time that request kept the others waiting (a ping alone: about 1 ms). Figures, not a test.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._server import import_open, server  # noqa: E402
from web.auth import hash_password  # noqa: E402

CASES = [
    ("standings, round 9 (valid)", "/standings/open600/open?round=9"),
    ("standings, round 20000", "/standings/open600/open?round=20000"),
    ("standings, round 300000000", "/standings/open600/open?round=300000000"),
    ("standings JSON, round 10^30", f"/api/standings/open600/open?round={10**30}"),
    ("standings, 40 tie-break codes", "/api/standings/open600/open?tiebreaks=" + ",".join(["BH"] * 40)),
    ("crosstable, round 9", "/crosstable/open600/open?round=9"),
    ("journal, player 10^30", f"/arbiter/open600/journal?player={10**30}"),
    ("admin players of tournament 10^25", f"/admin/events/open600/tournaments/{10**25}/players"),
]


async def probe(client: httpx.AsyncClient, stop: asyncio.Event) -> float:
    worst = 0.0
    while not stop.is_set():
        started = time.perf_counter()
        await client.get("/static/ping.txt")
        worst = max(worst, time.perf_counter() - started)
        await asyncio.sleep(0.005)
    return worst


async def measure(base: str) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client, \
            httpx.AsyncClient(base_url=base, timeout=60) as prober:
        print("hostile requests on the 600-player open: status, time, slowest ping meanwhile")
        for label, url in CASES:
            stop = asyncio.Event()
            watcher = asyncio.create_task(probe(prober, stop))
            await asyncio.sleep(0.02)
            started = time.perf_counter()
            response = await client.get(url)
            took = time.perf_counter() - started
            stop.set()
            worst = await watcher
            print(f"  {label:36} {response.status_code}  {took * 1000:7.1f} ms  ping max {worst * 1000:6.1f} ms")
        await client.get("/static/ping.txt")
        token = client.cookies.get("echiquier-csrf") or ""
        answers = await asyncio.gather(*(client.post("/arbiter/open600/login", data={"password": f"w{i:05d}"},
                                                     headers={"X-CSRF-Token": token}) for i in range(100)))
        statuses = [a.status_code for a in answers]
        print(f"  100 concurrent wrong logins: {statuses.count(401)} reached the hash check (401), "
              f"{statuses.count(429)} refused before it (429)")


async def prepare(events: Path) -> None:
    registry, _tid = await import_open(events, "open600")
    store = await registry.get("open600")
    await store.update_info(public=True, arbiter_password=await hash_password("arbiter-code-1"))
    await registry.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        events = Path(tmp) / "events"
        asyncio.run(prepare(events))
        with server(events) as base:
            asyncio.run(measure(base))


if __name__ == "__main__":
    main()
