"""The Papi loop on the 600-player open (docs/papi-loop.md): one result written back into the .papi file (the whole
safe write: lock check, stamp, Jet write, copy, fsync, access-parser verification, backup, replace), the re-sync
after Papi saves a new round, and export-papi (a new .papi from the tournament: the template filled, 601 rows, 32
indexes; app/papi/export.py).

    .venv/bin/python bench/papi.py [--repeat 15]

Goals (issue 23): write-back under 50 ms, re-sync under 300 ms, export-papi under 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.imports import sync_rows  # noqa: E402
from app.papi.export import papi_bytes  # noqa: E402
from app.papi.link import link_file, parse, resync  # noqa: E402
from app.papi.write_back import write_back  # noqa: E402
from database.events import GameKey  # noqa: E402
from database.registry import EventRegistry  # noqa: E402
from database.store import EventStore  # noqa: E402
from tournament.formats.jet import JetDatabase  # noqa: E402
from tournament.formats.papi import papi_rows  # noqa: E402
from tournament.formats.papi_write import write_pairings  # noqa: E402
from tournament.results import Result  # noqa: E402

PAPI = ROOT / "tests" / "fixtures" / "papi" / "open-600p-9r.papi"


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms ({len(values)} runs)"


async def linked(folder: Path, name: str, data: bytes) -> tuple[EventRegistry, EventStore, int, Path]:
    path = folder / f"{name}.papi"
    path.write_bytes(data)
    registry = EventRegistry(folder / f"events-{name}")
    store = await registry.create(name, name=name, start=0.0, stop=4e9)
    papi, _rows = parse(data)
    await sync_rows(store, papi_rows(papi), "Open")
    tid = (await store.tournaments())[0].id
    await link_file(store, tid, path)
    return registry, store, tid, path


async def write_back_times(folder: Path, repeat: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU times (the process's, all threads) of one result written back, the safe write whole."""
    registry, store, tid, _path = await linked(folder, "results", next_round(PAPI.read_bytes())[0])
    try:
        open_games = [g for g in await store.pairings(tid) if g.black_player_id and g.result is None]
        times, cpu = [], []
        for g in open_games[:repeat]:
            assert g.black_player_id is not None
            await store.record_result(GameKey(tournament_id=tid, round=g.round, white_player_id=g.white_player_id,
                                              black_player_id=g.black_player_id), Result.DRAW, g.board or 0)
            start, start_cpu = time.perf_counter(), time.process_time()
            outcome = await write_back(store, tid)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            assert outcome.written, outcome
        return times, cpu
    finally:
        await registry.close()


def next_round(data: bytes) -> tuple[bytes, int]:
    """The file as Papi saves it with one more round paired (the players still available paired in Ref order)."""
    db = JetDatabase.from_bytes(data)
    rows = db.rows("JOUEUR")
    rnd = next(r for r in range(1, 25) if not any(row[f"Rd{r:02d}Cl"] in ("B", "N") for row in rows))
    refs = [int(str(row["Ref"])) for row in rows if row["Ref"] != 1 and row[f"Rd{rnd:02d}Cl"] == "R"]
    boards = [(refs[i], refs[i + 1]) for i in range(0, len(refs) - 1, 2)]
    return write_pairings(data, rnd, boards, refs[-1] if len(refs) % 2 else None), rnd


async def resync_times(folder: Path, repeat: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU times (the process's, all threads: what the re-sync costs whatever else runs)."""
    base = PAPI.read_bytes()
    saved, _rnd = next_round(base)
    times, cpu = [], []
    for n in range(repeat):
        registry, store, tid, path = await linked(folder, f"resync{n}", base)
        try:
            temp = path.with_name("saving.tmp")
            temp.write_bytes(saved)
            temp.replace(path)  # Papi saves the new round
            start, start_cpu = time.perf_counter(), time.process_time()
            report = await resync(store, tid)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            assert report.rounds_added, report.text()
        finally:
            await registry.close()
    return times, cpu


async def export_times(folder: Path, repeat: int) -> tuple[list[float], list[float]]:
    registry, store, tid, _path = await linked(folder, "export", PAPI.read_bytes())
    try:
        times, cpu = [], []
        for _ in range(repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            data = await papi_bytes(store, tid)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            assert len(JetDatabase.from_bytes(data).rows("JOUEUR", ["Ref"])) == 601
        return times, cpu
    finally:
        await registry.close()


async def main(repeat: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-papi-"))
    try:
        print(f"Papi loop, {PAPI.name} (600 players)")
        wall, cpu = await write_back_times(folder, repeat)
        print(f"  write one result back: {ms(wall)}  (goal < 50 ms); CPU {ms(cpu)}")
        wall, cpu = await resync_times(folder, max(3, repeat // 3))
        print(f"  re-sync after Papi saves a new round: {ms(wall)}  (goal < 300 ms); CPU {ms(cpu)}")
        wall, cpu = await export_times(folder, max(3, repeat // 3))
        print(f"  export-papi of the open (601 rows): {ms(wall)}  (goal < 2 s); CPU {ms(cpu)}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    asyncio.run(main(parser.parse_args().repeat))
