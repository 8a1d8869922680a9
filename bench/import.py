"""Import time of the 600-player open into a new event file, phase by phase, and standings time for it.

    .venv/bin/python bench/import.py [--repeat 9]

Each repetition imports the file twice, in alternation (so that a machine loaded by other work weighs
on both alike): by the reference path (the event file's schema made by running every migration one by
one, players and pairings inserted row by row: what `echiquier import-trf` did before) and by the
fast path (the schema from the process's template, `executemany`). Both write the same file
(tests/test_import_speed.py). The whole command (`cli.main.import_trf`) is timed the same way.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.imports import import_trf, trf_dates  # noqa: E402
from app.views.standings import standings_for  # noqa: E402
from database.registry import EventRegistry  # noqa: E402
from database.store import EventStore  # noqa: E402
from database.template import creation_script  # noqa: E402
from tournament.formats.importing import trf_pairings, trf_players, trf_rows, trf_skipped, trf_tournament_values  # noqa: E402
from tournament.formats.trf import decode, parse_trf  # noqa: E402
from tournament.formats.trf_source import source_of  # noqa: E402
from tournament.standings import compute_standings  # noqa: E402

TRF = ROOT / "tests" / "fixtures" / "open-600p-9r.trf"
TIE_BREAKS = ["BH/C1", "BH", "SB", "PS"]
ALL = ["BH/C1", "BH", "BH/M1", "FB", "SB", "PS", "WIN", "WON", "BPG", "BWG", "REP", "DE", "ARO", "TPR", "PTP",
       "AOB", "KS"]
PATHS = ("reference", "fast")
PHASES = ("parse + lint", "rows", "new event file", "tournament row", "players + pairings", "close", "total")
#: "rows": player and pairing rows, the TRF source kept; "players + pairings": one transaction with the source


@contextmanager
def path_of(kind: str) -> Iterator[None]:
    """The reference path (migrations one by one, row by row) or the fast one (template, executemany)."""
    fast = kind == "fast"
    EventStore.template, EventStore.bulk = fast, fast
    try:
        yield
    finally:
        EventStore.template, EventStore.bulk = True, True


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def ms(values: list[float]) -> str:
    return f"median {median_ms(values):.1f} ms (min {min(values) * 1000:.1f})"


async def phases(data: bytes, folder: Path, event_id: str) -> dict[str, tuple[float, float]]:
    """One import, the steps of `cli.main.import_trf` for a new event file: (wall, CPU) seconds of each."""
    out: dict[str, tuple[float, float]] = {}
    start = last = (time.perf_counter(), time.process_time())

    def lap(name: str) -> None:
        nonlocal last
        now = (time.perf_counter(), time.process_time())
        out[name], last = (now[0] - last[0], now[1] - last[1]), now

    text = decode(data)
    trf, errors = parse_trf(text)
    assert not errors
    lap("parse + lint")
    players, pairings = trf_rows(trf)
    source = source_of(trf, text, TRF.name)
    lap("rows")
    registry = EventRegistry(folder)
    first, end = trf_dates(trf.headers)
    store = await registry.create(event_id, name=trf.name, start=first, stop=end)
    lap("new event file")
    tid = await store.add_tournament(uniq_id="open", name=trf.name, **trf_tournament_values(trf))
    lap("tournament row")
    await store.imports.replace_tournament(tid, trf_tournament_values(trf), players, pairings, trf_skipped(trf),
                                           "trf import", source=source)
    lap("players + pairings")
    await registry.close()
    lap("close")
    out["total"] = (time.perf_counter() - start[0], time.process_time() - start[1])
    return out


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    data = TRF.read_bytes()
    trf, errors = parse_trf(decode(data))
    assert not errors
    start = time.perf_counter()
    await creation_script()  # made once per process: timed apart
    template_once = time.perf_counter() - start
    steps: dict[str, dict[str, list[float]]] = {kind: {p: [] for p in PHASES} for kind in PATHS}
    cpu_steps: dict[str, dict[str, list[float]]] = {kind: {p: [] for p in PHASES} for kind in PATHS}
    whole: dict[str, list[float]] = {kind: [] for kind in PATHS}
    cpu_time: dict[str, list[float]] = {kind: [] for kind in PATHS}  # of every thread of the process
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i in range(args.repeat):
            for kind in PATHS if i % 2 else reversed(PATHS):
                with path_of(kind):
                    for name, (wall, cpu) in (await phases(data, folder, f"{kind}-phases-{i}")).items():
                        steps[kind][name].append(wall)
                        cpu_steps[kind][name].append(cpu)
                    start, cpu = time.perf_counter(), time.process_time()
                    await import_trf(data, TRF.name, folder, f"{kind}-{i}", None)
                    whole[kind].append(time.perf_counter() - start)
                    cpu_time[kind].append(time.process_time() - cpu)
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
    with tempfile.TemporaryDirectory() as tmp:
        await import_trf(data, TRF.name, Path(tmp), "ev", None)
        registry = EventRegistry(Path(tmp))
        store = await registry.get("ev")
        [t] = await store.tournaments()
        start = time.perf_counter()
        await standings_for(store, t.id)
        from_store = time.perf_counter() - start
        await registry.close()
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{TRF.name}: {len(trf.players)} players, {trf.played_rounds} rounds played; {args.repeat} runs per path, "
          f"alternated; load average {load} on {os.cpu_count()} cores")
    print(f"import into a new event file, median ms per phase (template made once per process: "
          f"{template_once * 1000:.1f} ms)")
    print(f"  {'phase':<20}{'reference':>11}{'fast':>9}{'ratio':>8}   CPU: {'reference':>9}{'fast':>7}{'ratio':>7}")

    def row(name: str, wall: dict[str, list[float]], cpu: dict[str, list[float]]) -> str:
        before, after = median_ms(wall["reference"]), median_ms(wall["fast"])
        cpu_before, cpu_after = median_ms(cpu["reference"]), median_ms(cpu["fast"])
        return (f"  {name:<20}{before:>11.1f}{after:>9.1f}{before / max(after, 1e-9):>7.1f}x"
                f"        {cpu_before:>9.1f}{cpu_after:>7.1f}{cpu_before / max(cpu_after, 1e-9):>6.1f}x")

    for name in PHASES:
        print(row(name, {k: steps[k][name] for k in PATHS}, {k: cpu_steps[k][name] for k in PATHS}))
    print(row("import_trf (whole)", whole, cpu_time))
    print(f"  (fast import_trf: min {min(whole['fast']) * 1000:.1f} ms, max {max(whole['fast']) * 1000:.1f} ms; "
          "CPU: every thread of the process, the rest of the wall time is waiting for disk syncs and other processes)")
    print(f"standings ({','.join(TIE_BREAKS)}): {ms(usual)}; with all {len(ALL)} tie-breaks: {ms(every)}; "
          f"from the event file (reads included): {from_store * 1000:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
