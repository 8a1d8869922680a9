"""Parallel `/trf-lint` uploads of a 20 MB TRF (issue 21, item 2): the server's memory before, at its peak and after,
and whether it still answers.

    .venv/bin/python bench/uploads.py [--parallel 6 20] [--limits]

`--limits` runs the server as a small hall machine would (1024 open files, a 3 GB address space). The file is
the heaviest the 20 MB limit lets through: 9998 players who played 190 rounds (tests/support/bounds.py). Figures,
not a test: tests/test_bounds_uploads.py checks the bounds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.bounds import heavy_trf, limited_server, process_memory  # noqa: E402


async def batch(base: str, content: bytes, parallel: int) -> list[int | str]:
    async with httpx.AsyncClient(base_url=base, timeout=600) as client:
        await client.get("/trf-lint")
        token = client.cookies.get("echiquier-csrf") or ""

        async def one() -> int | str:
            try:
                answer = await client.post("/trf-lint", data={"csrf_token": token},
                                           files={"file": ("heavy.trf", content, "text/plain")})
                return answer.status_code
            except httpx.HTTPError as exc:
                return type(exc).__name__

        return list(await asyncio.gather(*(one() for _ in range(parallel))))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--parallel", type=int, nargs="+", default=[6, 20])
    parser.add_argument("--limits", action="store_true")
    args = parser.parse_args()
    content = heavy_trf()
    root = os.environ.get("ECHIQUIER_SERVER_ROOT", str(ROOT))
    print(f"/trf-lint: {len(content) / 1e6:.1f} MB TRF, server of {root}" + (" (1024 files, 3 GB)" if args.limits
                                                                              else ""))
    for parallel in args.parallel:
        with tempfile.TemporaryDirectory() as tmp:
            with limited_server(Path(tmp) / "events", Path(tmp) / "server.log", limits=args.limits,
                                root=root) as (base, process):
                before, _ = process_memory(process.pid)
                started = time.perf_counter()
                statuses = asyncio.run(batch(base, content, parallel))
                took = time.perf_counter() - started
                alive = process.poll() is None
                after, peak = process_memory(process.pid) if alive else (0, 0)
                counts = {s: statuses.count(s) for s in sorted(set(statuses), key=str)}
                print(f"  {parallel:3} in parallel: {counts} in {took:.1f} s; RSS MB before {before}, peak {peak}, "
                      f"after {after} (+{after - before}); " + ("alive" if alive else "THE SERVER DIED"))

if __name__ == "__main__":
    main()
