"""Undoing a journal entry (the arbiter's and the admin's journal pages): every change of the entry reversed, in one
transaction, refused when a later write changed the same row since (database/journal.py has the entries)."""

from __future__ import annotations

import json
from typing import Any

from database.journal import BASELINE, TIMESTAMPS, Entry, Executor, changes, journalled_tables, row_json
from tournament.errors import Conflict


async def _current(conn: Executor, table: str, columns: list[str], row_id: int) -> dict[str, Any] | None:
    cursor = await conn.execute(f'SELECT {row_json("", columns)} FROM "{table}" WHERE rowid = ?', (row_id,))
    row = await cursor.fetchone()
    return json.loads(row[0]) if row else None


def _same(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    if a is None or b is None:
        return a is b
    return {k: v for k, v in a.items() if k not in TIMESTAMPS} == {k: v for k, v in b.items() if k not in TIMESTAMPS}


async def apply_undo(conn: Executor, target: Entry, now: float) -> None:
    """Write the inverse of `target`'s row changes, newest first; Conflict if a row moved on since."""
    if target.what == BASELINE:
        raise Conflict("A baseline (schema snapshot) cannot be undone.")
    if target.undone_by is not None:
        raise Conflict("Journal entry %s was already undone (entry %s).", target.id, target.undone_by)
    tables = await journalled_tables(conn)
    todo = await changes(conn, target.id)
    if not todo:
        raise Conflict("Journal entry %s changed no data; there is nothing to undo.", target.id)
    for c in reversed(todo):
        columns = tables.get(c.tbl)
        if columns is None:
            raise Conflict("Table %s no longer exists; entry %s cannot be undone.", c.tbl, target.id)
        old = json.loads(c.old) if c.old else None
        new = json.loads(c.new) if c.new else None
        current = await _current(conn, c.tbl, columns, c.row_id)
        if not _same(current, new):
            raise Conflict("Entry %s cannot be undone: the data it changed was changed again since."
                           " Undo the later entries first. Nothing was changed.", target.id)
        if old is None:
            await conn.execute(f'DELETE FROM "{c.tbl}" WHERE rowid = ?', (c.row_id,))
        elif new is None:
            values = {k: (now if k in TIMESTAMPS and k != "result_date" else v) for k, v in old.items() if k in columns}
            names = ", ".join(f'"{k}"' for k in values)
            marks = ", ".join("?" for _ in values)
            await conn.execute(f'INSERT INTO "{c.tbl}" ({names}) VALUES ({marks})', tuple(values.values()))
        else:
            values = {k: v for k, v in old.items() if k in columns and k not in TIMESTAMPS and new.get(k) != v}
            values.update({k: now for k in old if k in columns and k in TIMESTAMPS and old.get(k) != new.get(k)})
            if values:
                sets = ", ".join(f'"{k}" = ?' for k in values)
                await conn.execute(f'UPDATE "{c.tbl}" SET {sets} WHERE rowid = ?', (*values.values(), c.row_id))


async def mark_undone(conn: Executor, target_id: int, by_entry: int) -> None:
    await conn.execute("UPDATE journal SET undone_by = ? WHERE id = ?", (by_entry, target_id))


