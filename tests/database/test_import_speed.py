"""The fast import path writes the same event file as the reference path (issue 13, item 6).

Fast: a new file's schema from the process's template (database/template.py), players and pairings by
`executemany` (`Tx.insert_many`). Reference: every migration run one by one, one INSERT per row (what
the import did before; `EventStore.template` / `EventStore.bulk` set to False). Files are compared
table by table, the journal included (entries, and every row change in `journal_change`), with only
the clock's readings left out. Timing is in bench/import.py, never here.
"""

from __future__ import annotations

import json
import re
import sqlite3
from decimal import Decimal
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from app.imports import import_trf
from database import journal as jn
from database import migrations
from database.registry import EventRegistry
from database.store import EventStore
from database.template import creation_script, dump
from tests.support.files import fixture_path
from tournament.errors import Invalid
from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf
from tournament.formats.trf_checks import result_points
from tournament.models import Player

#: Columns holding the time of a write: they differ between any two runs.
CLOCK = jn.TIMESTAMPS | {"date", "imported"}

Tables = dict[str, list[dict[str, Any]]]


def masked(row: dict[str, Any]) -> dict[str, Any]:
    return {k: ("<clock>" if k in CLOCK and v is not None else v) for k, v in row.items()}


def contents(path: Path) -> tuple[list[tuple[str, str, str, str]], dict[str, list[str]], Tables]:
    """(schema objects, trigger names per table in creation order, every row of every table, clock masked)."""
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    try:
        objects = [tuple(r) for r in db.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")]
        triggers: dict[str, list[str]] = {}
        for name, table in db.execute("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid"):
            triggers.setdefault(table, []).append(name)
        tables: Tables = {}
        for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
            rows = [dict(r) for r in db.execute(f'SELECT * FROM "{table}" ORDER BY rowid')]
            if table == "journal_change":  # the row images journalled: their clock columns too
                for r in rows:
                    for side in ("old", "new"):
                        if r[side] is not None:
                            r[side] = masked(json.loads(r[side]))
            tables[table] = [masked(r) for r in rows]
        tables["pragma"] = [{"user_version": db.execute("PRAGMA user_version").fetchone()[0],
                             "journal_mode": db.execute("PRAGMA journal_mode").fetchone()[0]}]
    finally:
        db.close()
    return objects, triggers, tables


def assert_same_files(fast: Path, ref: Path) -> Tables:
    fast_objects, fast_triggers, fast_rows = contents(fast)
    ref_objects, ref_triggers, ref_rows = contents(ref)
    assert fast_objects == ref_objects
    assert fast_triggers == ref_triggers
    assert fast_rows.keys() == ref_rows.keys()
    for table in ref_rows:
        assert fast_rows[table] == ref_rows[table], table
    return fast_rows


async def create(path: Path) -> None:
    store = await EventStore.create(path, name="Open d'été", start=1.0e9, stop=1.1e9)
    await store.close()


async def test_a_file_made_from_the_template_equals_one_made_by_the_migrations(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    await create(tmp_path / "fast.db")
    monkeypatch.setattr(EventStore, "template", False)
    await create(tmp_path / "reference.db")
    rows = assert_same_files(tmp_path / "fast.db", tmp_path / "reference.db")
    assert [r["what"] for r in rows["journal"]] == [jn.BASELINE, "event created"]
    assert rows["info"][0]["version"] == migrations.LATEST and rows["info"][0]["name"] == "Open d'été"
    assert rows["pragma"][0]["journal_mode"] == "wal"


async def test_the_template_is_made_from_the_migration_list_of_the_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    latest = await creation_script()
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:-1])
    older = await creation_script()
    assert older != latest
    monkeypatch.undo()
    left_out = migrations.sql_of(migrations.MIGRATIONS[-1][1])
    for table in re.findall(r"CREATE TABLE (\w+)", left_out):
        assert f"CREATE TABLE {table}" in latest and f"CREATE TABLE {table}" not in older
    assert await creation_script() is latest  # made once per migration list


async def test_a_dump_holds_rows_and_reads_back(tmp_path: Path) -> None:
    db = await aiosqlite.connect(":memory:", isolation_level=None)
    try:
        await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, x REAL, b BLOB)")
        await db.execute("INSERT INTO t (name, x, b) VALUES ('l''été', 0.1, x'00ff'), (NULL, 1e300, NULL)")
        await db.execute("CREATE TRIGGER t_no_delete BEFORE DELETE ON t BEGIN SELECT RAISE(ABORT, 'no'); END")
        script = await dump(db)
    finally:
        await db.close()
    copy = sqlite3.connect(tmp_path / "copy.db")
    try:
        copy.executescript(script)
        assert copy.execute("SELECT id, name, x, b FROM t").fetchall() == [(1, "l'été", 0.1, b"\x00\xff"),
                                                                          (2, None, 1e300, None)]
        assert copy.execute("SELECT seq FROM sqlite_sequence WHERE name = 't'").fetchall() == [(2,)]
        with pytest.raises(sqlite3.IntegrityError):
            copy.execute("DELETE FROM t")
    finally:
        copy.close()


async def import_file(folder: Path, name: str) -> Path:
    await import_trf(fixture_path(name).read_bytes(), Path(name).name, folder, "ev", None)
    return folder / "ev.db"


async def undo_import(folder: Path) -> None:
    """Undo the import's journal entry (the newest entry), as the arbiter's journal page does."""
    registry = EventRegistry(folder)
    try:
        store = await registry.get("ev")
        entry = (await store.journal_entries(limit=1))[0]
        assert entry.what in ("trf import", "team import")
        await store.undo(entry.id)
        assert await store.rebuilt_state() == await store.live_state()
    finally:
        await registry.close()


@pytest.mark.parametrize("name", ["open-600p-9r.trf", "teams/olympiad-10t-4b-6r.trf26",
                                  "trf-oddities/unfinished-round.trf"])
async def test_an_import_writes_the_same_event_file_by_both_paths(name: str, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    fast = await import_file(tmp_path / "fast", name)
    with monkeypatch.context() as m:
        m.setattr(EventStore, "template", False)
        m.setattr(EventStore, "bulk", False)
        ref = await import_file(tmp_path / "reference", name)
    rows = assert_same_files(fast, ref)
    imported = next(e for e in rows["journal"] if e["what"] in ("trf import", "team import"))
    journalled = [c for c in rows["journal_change"] if c["entry_id"] == imported["id"]]
    assert len([c for c in journalled if c["tbl"] == "player"]) == len(rows["player"]) > 0
    assert len([c for c in journalled if c["tbl"] == "pairing"]) == len(rows["pairing"]) > 0
    players, pairings = trf_rows(parse_trf(decode(fixture_path(name).read_bytes()))[0])
    assert (len(rows["player"]), len(rows["pairing"])) == (len(players), len(pairings))
    # the import is one journal entry that undoes the same way on both files
    await undo_import(tmp_path / "fast")
    with monkeypatch.context() as m:
        m.setattr(EventStore, "bulk", False)
        await undo_import(tmp_path / "reference")
    undone = assert_same_files(fast, ref)
    assert undone["player"] == [] and undone["pairing"] == []  # a team file's teams and games are one entry too


async def test_insert_many_gives_the_ids_in_order_and_rolls_back_as_a_whole(store: EventStore) -> None:
    tid = await store.add_tournament(uniq_id="t", name="T")
    rows: list[dict[str, Any]] = [{"tournament_id": tid, "pairing_number": n, "last_name": f"P{n}", "last_update": 0.0}
                                  for n in (3, 1, 2)]
    rows[1]["first_name"] = "Ann"  # another set of columns: a run of its own, order kept
    async with store.transaction() as tx:
        ids = await tx.insert_many("player", Player, rows)
        assert await tx.insert_many("player", Player, []) == []
    players = {p.id: p for p in await store.players(tid)}
    assert [players[i].pairing_number for i in ids] == [3, 1, 2] and ids == sorted(ids)
    assert players[ids[1]].first_name == "Ann" and players[ids[0]].first_name == ""
    before = await store.live_state()
    with pytest.raises(Invalid, match="Unknown player columns: colour"):
        async with store.transaction() as tx:
            await tx.insert_many("player", Player, [{**rows[0], "pairing_number": 9, "colour": "w"}])
    clash = [{**rows[0], "pairing_number": 7}, {**rows[0], "pairing_number": 1}]  # 1 is taken: the whole is refused
    with pytest.raises(sqlite3.IntegrityError):
        async with store.transaction() as tx:
            await tx.insert_many("player", Player, clash)
    assert await store.live_state() == before


def big_open_lines() -> list[str]:
    return decode(fixture_path("open-600p-9r.trf").read_bytes()).splitlines()


def test_blank_lines_throughout_a_big_file_are_counted_once_each() -> None:
    lines = big_open_lines()
    trf, errors = parse_trf("\n\n".join(lines) + "\n\n\n")  # a blank line after every record, three at the end
    assert not errors and len(trf.players) == 600
    [warning] = [w for w in trf.warnings if "blank lines" in w.reason]
    assert warning.params == (len(lines) - 1,) and warning.line_no == 2  # the ones at the end are not "between"


def test_a_declared_round_of_byes_for_every_player_counts_in_each_players_points() -> None:
    lines = big_open_lines()
    trf, _ = parse_trf(decode(fixture_path("open-600p-9r.trf").read_bytes()))
    column = 91 + 10 * trf.played_rounds  # the next round's block, in its columns
    declared = "\n".join(line.rstrip().ljust(column) + "0000 - H" if line.startswith("001") else line
                         for line in lines)
    with_byes, errors = parse_trf(declared + "\n")
    assert not errors and with_byes.declared_byes == {trf.played_rounds + 1: {p.number: "H" for p in trf.players}}
    assert not [w for w in with_byes.warnings if "columns" in w.reason]
    scoring = with_byes.scoring
    for before, after in zip(trf.players, with_byes.players, strict=True):
        assert result_points(with_byes, after, scoring) == result_points(trf, before, scoring) + Decimal("0.5")
