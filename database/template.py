"""A new event file from a template: the schema every migration builds, made once per process.

Creating an event file by running the migrations (and generating the journal's triggers from the
schema they leave) is a few hundred statements, each a round trip to the connection's thread. The
template is made once per process the same way, in memory (`run_pending` + `journal.install`, the
very code that upgrades old files), and written down as one SQL script: its tables and indexes in the
order they were made, its rows, then its triggers (after the rows, so that they do not journal them).
A new file runs that script in one call, inside the transaction that also writes its first journal
entry and its `info` row (`EventStore.create`).

The script is keyed on the migration list: a new migration (`MIGRATIONS`) gives a new template.
tests/test_import_speed.py checks that a file made from it holds the same schema and rows as one made
by running the migrations.
"""

from __future__ import annotations

import math
from typing import Any

import aiosqlite

from database import journal_triggers as jt
from database import migrations

#: The creation script, by migration list (the list is read when a file is created, never frozen at import).
_SCRIPTS: dict[tuple[tuple[str, str], ...], str] = {}


async def creation_script() -> str:
    """Statements that bring an empty file to the latest schema with its journal triggers and baseline entry.

    The baseline entry is dated 0: the caller sets its date (see `EventStore.create`).
    """
    key = tuple(migrations.MIGRATIONS)
    script = _SCRIPTS.get(key)
    if script is None:
        script = _SCRIPTS[key] = await _build()
    return script


async def _build() -> str:
    conn = await aiosqlite.connect(":memory:", isolation_level=None)
    try:
        await conn.execute("BEGIN")
        await migrations.run_pending(conn, None)
        await jt.install(conn, now=0.0)
        await conn.execute("COMMIT")
        return await dump(conn)
    finally:
        await conn.close()


async def dump(conn: aiosqlite.Connection) -> str:
    """The schema and rows of a database as one script: tables and indexes (creation order), rows, triggers."""
    objects = list(await conn.execute_fetchall(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"))
    schema = [f"{sql};" for kind, name, sql in objects if kind != "trigger" and name != "sqlite_sequence"]
    triggers = [f"{sql};" for kind, _name, sql in objects if kind == "trigger"]
    tables = [name for kind, name, _sql in objects if kind == "table" and name != "sqlite_sequence"]
    if any(name == "sqlite_sequence" for _kind, name, _sql in objects):
        tables.append("sqlite_sequence")  # last, replacing the counters the inserts above moved
    rows: list[str] = []
    for name in tables:
        if name == "sqlite_sequence":
            rows.append("DELETE FROM sqlite_sequence;")
        for row in await conn.execute_fetchall(f'SELECT * FROM "{name}" ORDER BY rowid'):
            rows.append(f'INSERT INTO "{name}" VALUES ({", ".join(literal(v) for v in row)});')
    return "\n".join([*schema, *rows, *triggers]) + "\n"


def literal(value: Any) -> str:
    """A value as an SQL literal that reads back as the same value and type.

    >>> [literal(v) for v in (None, 3, 0.1, "l'ouverture", b"\\x01\\xff")]
    ['NULL', '3', '0.1', "'l''ouverture'", "X'01ff'"]
    """
    if value is None:
        return "NULL"
    if isinstance(value, bool | int):
        return str(int(value))
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"no SQL literal for {value!r}")
        return repr(value)
    if isinstance(value, bytes):
        return f"X'{value.hex()}'"
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    raise TypeError(f"no SQL literal for {type(value).__name__}")
