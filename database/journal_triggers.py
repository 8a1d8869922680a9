"""The journal's triggers (docs/event-database.md): one AFTER INSERT/UPDATE/DELETE trigger per journalled table
records every change as JSON in `journal_change`, for Echiquier's transactions (their open entry) and for any other
program's (an "outside Echiquier" entry the trigger makes); `install` (re)creates them from the live schema and
writes a baseline entry of every row."""

from __future__ import annotations

import time

from database.journal import (
    BASELINE,
    OUTSIDE,
    OUTSIDE_ROLE,
    OUTSIDE_WINDOW,
    SYSTEM,
    Executor,
    journalled_tables,
    row_json,
)

#: The time in SQL (seconds since 1970, with milliseconds), for any program: no custom function.
NOW_SQL = "((julianday('now') - 2440587.5) * 86400.0)"
#: First statement of every trigger: outside Echiquier's transactions, make sure the latest entry is an outside
#: one (Echiquier's own writes stop at the first test: one look in a table of at most one row).
OUTSIDE_ENTRY_SQL = (
    f"INSERT INTO journal (date, role, what, undo_role) SELECT {NOW_SQL}, '{OUTSIDE_ROLE}', '{OUTSIDE}', 'admin'"
    " WHERE NOT EXISTS (SELECT 1 FROM journal_open) AND NOT EXISTS (SELECT 1 FROM journal"
    f" WHERE id = (SELECT max(id) FROM journal) AND role = '{OUTSIDE_ROLE}' AND date > {NOW_SQL} - {OUTSIDE_WINDOW});"
)
#: The entry a change belongs to: Echiquier's open one, else the outside entry the first statement ensured.
ENTRY_SQL = "coalesce((SELECT entry_id FROM journal_open), (SELECT max(id) FROM journal))"


def trigger_statements(table: str, columns: list[str]) -> list[str]:
    old, new = row_json("OLD.", columns), row_json("NEW.", columns)
    insert = f"INSERT INTO journal_change (entry_id, tbl, row_id, old, new) VALUES ({ENTRY_SQL}, '{table}'"
    return [
        f'CREATE TRIGGER "journal_{table}_insert" AFTER INSERT ON "{table}" BEGIN {OUTSIDE_ENTRY_SQL} '
        f"{insert}, NEW.rowid, NULL, {new}); END",
        f'CREATE TRIGGER "journal_{table}_update" AFTER UPDATE ON "{table}" WHEN {old} IS NOT {new} BEGIN '
        f"{OUTSIDE_ENTRY_SQL} {insert}, NEW.rowid, {old}, {new}); END",
        f'CREATE TRIGGER "journal_{table}_delete" AFTER DELETE ON "{table}" BEGIN {OUTSIDE_ENTRY_SQL} '
        f"{insert}, OLD.rowid, {old}, NULL); END",
    ]


async def drop_triggers(conn: Executor) -> None:
    cursor = await conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'journal_%'")
    for (name,) in await cursor.fetchall():
        await conn.execute(f'DROP TRIGGER "{name}"')


async def triggers_complete(conn: Executor) -> bool:
    cursor = await conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'journal'")
    row = await cursor.fetchone()
    if row is None or not row[0]:
        return True  # a file older than 2.6.0: the migration will install them
    cursor = await conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'journal_%'")
    row = await cursor.fetchone()
    return row is not None and row[0] == 3 * len(await journalled_tables(conn))


async def install(conn: Executor, now: float | None = None) -> None:
    """(Re)create the triggers from the live schema and write a baseline entry; inside a transaction."""
    await drop_triggers(conn)
    tables = await journalled_tables(conn)
    for table, columns in tables.items():
        for statement in trigger_statements(table, columns):
            await conn.execute(statement)
    cursor = await conn.execute(
        "INSERT INTO journal (date, role, client, what, target) VALUES (?, ?, ?, ?, ?)",
        (time.time() if now is None else now, SYSTEM.role, SYSTEM.client, BASELINE, "schema"),
    )
    entry_id = cursor.lastrowid
    for table, columns in tables.items():
        await conn.execute(
            f"INSERT INTO journal_change (entry_id, tbl, row_id, old, new)"
            f" SELECT ?, '{table}', rowid, NULL, {row_json('', columns)} FROM \"{table}\" ORDER BY rowid",
            (entry_id,),
        )


