"""What the journal's triggers cost a bulk write: the 600-player open stored in one transaction, with the
triggers of schema 2.11.0 (Echiquier's open entry or an "outside Echiquier" one) against those of 2.9.0
(attached to the latest entry), and the same write made by another program (an outside entry).

    .venv/bin/python bench/journal_triggers.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from database import journal as jn  # noqa: E402
from database import journal_triggers as jt  # noqa: E402
from database.store import EventStore  # noqa: E402
from tournament.formats.importing import trf_rows  # noqa: E402
from tournament.formats.trf import decode, parse_trf  # noqa: E402

TRF = ROOT / "tests" / "fixtures" / "open-600p-9r.trf"


def old_triggers(table: str, columns: list[str]) -> list[str]:
    """The triggers of schema 2.9.0: every change attached to the latest entry."""
    entry = "(SELECT max(id) FROM journal)"
    old, new = jn.row_json("OLD.", columns), jn.row_json("NEW.", columns)
    insert = "INSERT INTO journal_change (entry_id, tbl, row_id, old, new)"
    return [
        f'CREATE TRIGGER "journal_{table}_insert" AFTER INSERT ON "{table}" BEGIN '
        f"{insert} VALUES ({entry}, '{table}', NEW.rowid, NULL, {new}); END",
        f'CREATE TRIGGER "journal_{table}_update" AFTER UPDATE ON "{table}" WHEN {old} IS NOT {new} BEGIN '
        f"{insert} VALUES ({entry}, '{table}', NEW.rowid, {old}, {new}); END",
        f'CREATE TRIGGER "journal_{table}_delete" AFTER DELETE ON "{table}" BEGIN '
        f"{insert} VALUES ({entry}, '{table}', OLD.rowid, {old}, NULL); END",
    ]


async def one(folder: Path, name: str, old: bool, players: list, pairings: list) -> float:
    store = await EventStore.create(folder / f"{name}.db", name=name, start=0, stop=4e9)
    try:
        if old:
            writer = store._writer
            await writer.execute("BEGIN IMMEDIATE")
            await jt.drop_triggers(writer)
            for table, columns in (await jt.journalled_tables(writer)).items():
                for statement in old_triggers(table, columns):
                    await writer.execute(statement)
            await writer.execute("COMMIT")
        tid = await store.add_tournament(uniq_id="t", name="Open", rounds=9)
        start = time.perf_counter()
        await store.fill_tournament(tid, players, pairings)
        return time.perf_counter() - start
    finally:
        await store.close()


def outside(path: Path) -> float:
    """Another program copies every player and pairing row once more, in one transaction."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE player SET last_update = last_update + 1")
        conn.execute("UPDATE pairing SET last_update = last_update + 1")
        conn.execute("COMMIT")
        return time.perf_counter() - start
    finally:
        conn.close()


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.0f} ms (min {min(values) * 1000:.0f})"


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    trf, errors = parse_trf(decode(TRF.read_bytes()))
    assert not errors
    players, pairings = trf_rows(trf)
    new_times, old_times, outside_times = [], [], []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for i in range(args.repeat):  # alternated: a busy machine slows both alike
            new_times.append(await one(folder, f"new{i}", False, players, pairings))
            old_times.append(await one(folder, f"old{i}", True, players, pairings))
            outside_times.append(outside(folder / f"new{i}.db"))
    rows = len(players) + len(pairings)
    print(f"{TRF.name}: {len(players)} players + {len(pairings)} pairings = {rows} journalled rows, one transaction")
    print(f"  triggers 2.11.0 (open entry / outside entry): {ms(new_times)}")
    print(f"  triggers 2.9.0 (latest entry):                 {ms(old_times)}")
    print(f"  the same rows updated by another program (outside entry): {ms(outside_times)}")


if __name__ == "__main__":
    asyncio.run(main())
