"""Import time of the 600-player open (parse + store) and standings computation time for it.

    .venv/bin/python bench/import.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from database.registry import EventRegistry  # noqa: E402
from tournament.importing import trf_pairings, trf_players  # noqa: E402
from tournament.standings import compute_standings  # noqa: E402
from tournament.trf import decode, parse_trf  # noqa: E402
from web.cli import import_trf  # noqa: E402

TRF = ROOT / "tests" / "fixtures" / "open-600p-9r.trf"
TIE_BREAKS = ["BH/C1", "BH", "SB", "PS"]
ALL = ["BH/C1", "BH", "BH/M1", "FB", "SB", "PS", "WIN", "WON", "BPG", "BWG", "REP", "DE", "ARO", "TPR", "PTP",
       "AOB", "KS"]


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.1f} ms (min {min(values) * 1000:.1f})"


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    data = TRF.read_bytes()
    parse, full = [], []
    for i in range(args.repeat):
        start = time.perf_counter()
        trf, errors = parse_trf(decode(data))
        parse.append(time.perf_counter() - start)
        assert not errors
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            await import_trf(data, TRF.name, Path(folder), f"bench{i}", None)
            full.append(time.perf_counter() - start)
    players = trf_players(trf)
    pairings = trf_pairings(trf, players)
    usual, every = [], []
    for _ in range(args.repeat):
        start = time.perf_counter()
        compute_standings(players, pairings, tie_breaks=TIE_BREAKS, rounds=trf.played_rounds, total_rounds=9)
        usual.append(time.perf_counter() - start)
        start = time.perf_counter()
        compute_standings(players, pairings, tie_breaks=ALL, rounds=trf.played_rounds, total_rounds=9)
        every.append(time.perf_counter() - start)
    with tempfile.TemporaryDirectory() as folder:
        await import_trf(data, TRF.name, Path(folder), "ev", None)
        registry = EventRegistry(Path(folder))
        store = await registry.get("ev")
        [t] = await store.tournaments()
        from web.standings_view import standings_for

        start = time.perf_counter()
        await standings_for(store, t.id)
        from_store = time.perf_counter() - start
        await registry.close()
    print(f"{TRF.name}: {len(trf.players)} players, {trf.played_rounds} rounds played")
    print(f"import: parse + lint {ms(parse)}; parse + store in a new event file {ms(full)}")
    print(f"standings ({','.join(TIE_BREAKS)}): {ms(usual)}; with all {len(ALL)} tie-breaks: {ms(every)}; "
          f"from the event file (reads included): {from_store * 1000:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
