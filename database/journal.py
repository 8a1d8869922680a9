"""The journal: every change to an event file, who made it, how to undo it and how to rebuild from it.

How to use it (every engineer writing to the store)
----------------------------------------------------
Row data is journalled for you: SQLite triggers, generated from the live schema, copy every row
inserted, updated or deleted in any table of the event file (except the journal's own tables and
`submission`) into `journal_change`, under the journal entry that `EventStore.transaction()` opens.
Raw `tx.execute("UPDATE …")` inside a transaction is journalled too. What you add is the summary a
person reads on the arbiter's journal page, and (from the web layer) who acted:

    async with store.transaction(("checkin", tid), who=actor) as tx:
        await tx.execute("UPDATE player SET checked_in = 1 WHERE id = ?", (pid,))
        tx.journal("check-in", "DUPONT Jean", old="out", new="in", tournament_id=tid, players=(pid,))

- `who`: an `Actor(role, client)`. Left out, it is the actor of the current request (the web layer
  calls `acting_as(actor)` once it knows who the client is), else `SYSTEM`.
- `tx.journal(what, target, old, new, tournament_id=, round=, board=, players=)`: the summary
  columns, all optional but `what`; the last call in a transaction wins. Without it the entry is still
  written, with `what` = "change" and the names of the tables touched as target.
- A transaction that changes no row and has no summary writes no entry.
- `await store.undo(entry_id)` applies the inverse of an entry as a new, journalled entry; it is
  refused (Conflict, nothing changed) when a row it touched has changed since.
- `rebuild(changes)` is the state the journal describes; `store.live_state()` the state of the
  tables. They are equal (tests/test_journal.py).
- Schema changes: the triggers are re-generated after every migration, followed by a `baseline`
  entry (a snapshot of every row); a rebuild starts from the last baseline.

Who may undo (`undo_role`)
--------------------------
Every entry carries the role its undo needs: `admin` when it changed anything but the arbiter's data
(ADMIN_CHANGE: input codes, visibility, event settings, screens, tournaments, teams…, or when the write
said so with `tx.needs("admin")`, as every admin page write does), else `arbiter` (results, corrections,
pairings, players, illegal moves). `may_undo(role, entry)` is the rule; `EventStore.undo` refuses below it.

Writes by other programs
------------------------
Echiquier's transaction puts its entry's id in the one-row table `journal_open` after BEGIN and removes it
before COMMIT: no other connection ever sees that row. A trigger that finds no row there is a write by
another program (the sqlite3 shell, an older Papi-web): it attaches the change to an "outside Echiquier"
entry (role `outside`, undone by an admin only), the latest entry if it is one started less than
OUTSIDE_WINDOW seconds ago, else a new one. So such writes succeed, even on an empty journal, and are
never attached to one of Echiquier's entries. Plain SQL: it works from any program, no custom function.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

import aiosqlite
import msgspec

from tournament.errors import NotFound


class Executor(Protocol):
    """What the journal needs of a connection: the store's reader, writer or transaction (database/tx.py)."""

    async def execute(self, sql: str, parameters: Any = ..., /) -> aiosqlite.Cursor: ...

    async def execute_fetchall(self, sql: str, parameters: Any = ..., /) -> Iterable[sqlite3.Row]: ...


#: Tables never journalled: the journal itself, remembered submissions, SQLite's own.
UNJOURNALLED = frozenset({"journal", "journal_change", "journal_open", "submission", "sqlite_sequence"})
#: Columns an undo does not restore: they are set to the time of the undo instead.
TIMESTAMPS = frozenset({"last_update", "last_result_update", "last_illegal_move_update", "last_check_in_update",
                        "result_date"})
BASELINE = "baseline"
ROLES = ("visitor", "player", "board", "arbiter", "admin", "system")
#: The `what` and `role` of the entries of writes made by other programs.
OUTSIDE = "outside Echiquier"
OUTSIDE_ROLE = "outside"
#: Outside writes closer than this (seconds) to the start of the latest outside entry join it.
OUTSIDE_WINDOW = 5.0
#: Tables whose rows an arbiter changes (results, corrections, pairings, players, illegal moves, line-ups).
ARBITER_TABLES = ("pairing", "result", "illegal_move", "player", "skipped_round", "team_member", "team_match",
                  "team_board")
#: Columns of `tournament` that the arbiter's writes stamp (the others are the admin's settings).
ARBITER_TOURNAMENT_COLUMNS = ("last_update", "last_result_update", "last_illegal_move_update",
                              "last_check_in_update")


def _sql_list(names: Iterable[str]) -> str:
    return ", ".join(f"'{n}'" for n in names)


#: A row change (`c`, of journal_change) whose undo needs the admin: any table but the arbiter's, and every
#: change of a tournament but the stamps of the arbiter's writes. Copied in migration 0008 (tested equal).
ADMIN_CHANGE = (
    f"c.tbl NOT IN ({_sql_list(ARBITER_TABLES)})"
    " AND NOT (c.tbl = 'tournament' AND c.old IS NOT NULL AND c.new IS NOT NULL AND NOT EXISTS"
    " (SELECT 1 FROM json_each(c.new) n"
    f" WHERE n.key NOT IN ({_sql_list(ARBITER_TOURNAMENT_COLUMNS)})"
    " AND n.value IS NOT json_extract(c.old, '$.\"' || n.key || '\"')))"
)


class Actor(msgspec.Struct, frozen=True, kw_only=True):
    """Who made a change: a role and a label for the client (screen, board card, address…)."""

    role: str
    client: str = ""


SYSTEM = Actor(role="system", client="server")
CURRENT_ACTOR: ContextVar[Actor | None] = ContextVar("echiquier_actor", default=None)


def current_actor(who: Actor | None = None) -> Actor:
    return who or CURRENT_ACTOR.get() or SYSTEM


@contextmanager
def acting_as(actor: Actor) -> Iterator[None]:
    """Writes made inside the block are journalled as made by `actor`."""
    token = CURRENT_ACTOR.set(actor)
    try:
        yield
    finally:
        CURRENT_ACTOR.reset(token)


class Summary(msgspec.Struct, kw_only=True):
    """What a person reads of an entry; filled by `EventStore.journal()`."""

    what: str = "change"
    target: str | None = None
    old: str | None = None
    new: str | None = None
    tournament_id: int | None = None
    round: int | None = None
    board: int | None = None
    players: tuple[int, ...] = ()
    undoes: int | None = None
    given: bool = False
    undo_role: str = "arbiter"  # at least; raised to admin by the rows changed (ADMIN_CHANGE)


class Entry(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    date: float
    role: str
    client: str | None = None
    what: str
    target: str | None = None
    old: str | None = None
    new: str | None = None
    tournament_id: int | None = None
    round: int | None = None
    board: int | None = None
    player_ids: str | None = None
    undoes: int | None = None
    undone_by: int | None = None
    undo_role: str = "admin"

    @property
    def outside(self) -> bool:
        """Written by another program (database/journal.py, "Writes by other programs")."""
        return self.role == OUTSIDE_ROLE


def rank(role: str) -> int:
    """The order of roles (unknown ones rank lowest).

    >>> rank("admin") > rank("arbiter") > rank("player") > rank("client")
    True
    """
    return ROLES.index(role) if role in ROLES else -1


def higher(a: str, b: str) -> str:
    return a if rank(a) >= rank(b) else b


def may_undo(role: str, target: Entry) -> bool:
    """Whether `role` may undo `target` (its undo_role or above)."""
    return rank(role) >= rank(target.undo_role)


class Change(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    entry_id: int
    tbl: str
    row_id: int
    old: str | None = None
    new: str | None = None


#: table -> row id -> row as a JSON object (column -> value)
State = dict[str, dict[int, dict[str, Any]]]


# -- the journalled tables ------------------------------------------------------------------------

async def journalled_tables(conn: Executor) -> dict[str, list[str]]:
    """Every journalled table and its columns, from the live schema."""
    cursor = await conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    tables = [r[0] for r in await cursor.fetchall() if r[0] not in UNJOURNALLED and not r[0].startswith("sqlite_")]
    out: dict[str, list[str]] = {}
    for table in tables:
        cursor = await conn.execute(f'PRAGMA table_info("{table}")')
        out[table] = [r[1] for r in await cursor.fetchall()]
    return out


def row_json(prefix: str, columns: list[str]) -> str:
    """SQL making a row's columns one JSON object (`prefix`: "OLD." or "NEW." in a trigger, "" in a query)."""
    pairs = ", ".join(f"'{c}', {prefix}\"{c}\"" for c in columns)
    return f"json_object({pairs})"


# -- entries, written by EventStore.transaction() -----------------------------------------------

async def open_entry(conn: Executor, actor: Actor, now: float) -> int:
    """A new entry for this transaction, marked open (journal_open) so that the triggers attach to it."""
    cursor = await conn.execute("INSERT INTO journal (date, role, client) VALUES (?, ?, ?)",
                                (now, actor.role, actor.client))
    entry_id = int(cursor.lastrowid or 0)
    await conn.execute("INSERT OR REPLACE INTO journal_open (entry_id) VALUES (?)", (entry_id,))
    return entry_id


async def clear_open(conn: Executor) -> None:
    """Forget an open entry left behind (never committed by Echiquier; a file edited by hand)."""
    await conn.execute("DELETE FROM journal_open")


async def left_open(conn: Executor) -> bool:
    """An open entry was committed (a file edited by hand): outside writes would attach to it."""
    cursor = await conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'journal_open'")
    if await cursor.fetchone() is None:
        return False  # older than 2.11.0: the migration creates it
    cursor = await conn.execute("SELECT count(*) FROM journal_open")
    row = await cursor.fetchone()
    return bool(row and row[0])


def undo_role_sql(least: str) -> str:
    """SQL of the role the undo of entry `journal.id` needs: `least` (its one parameter), or admin when a row
    it changed needs it (ADMIN_CHANGE)."""
    if rank(least) >= rank("admin"):
        return "?"
    return f"CASE WHEN EXISTS (SELECT 1 FROM journal_change c WHERE c.entry_id = journal.id AND {ADMIN_CHANGE})" \
           " THEN 'admin' ELSE ? END"


async def touched_tables(conn: Executor, entry_id: int) -> frozenset[str]:
    """The tables whose rows an entry changed, as the triggers recorded them."""
    rows = await conn.execute_fetchall("SELECT DISTINCT tbl FROM journal_change WHERE entry_id = ?", (entry_id,))
    return frozenset(str(r[0]) for r in rows)


async def close_entry(conn: Executor, entry_id: int, summary: Summary) -> tuple[bool, frozenset[str]]:
    """Fill the summary of an entry, or remove it if nothing changed.

    Returns (kept, the tables it changed): what the transaction wrote, from the file itself.
    """
    await clear_open(conn)
    touched = await touched_tables(conn, entry_id)
    tables = ",".join(sorted(touched)) if touched else None
    if tables is None and not summary.given:
        await conn.execute("DELETE FROM journal WHERE id = ?", (entry_id,))
        return False, touched
    await conn.execute(
        "UPDATE journal SET what = ?, target = ?, old = ?, new = ?, tournament_id = ?, round = ?, board = ?,"
        f" player_ids = ?, undoes = ?, undo_role = {undo_role_sql(summary.undo_role)} WHERE id = ?",
        (summary.what, summary.target if summary.given else tables, summary.old, summary.new,
         summary.tournament_id, summary.round, summary.board,
         json.dumps(list(summary.players)) if summary.players else None, summary.undoes, summary.undo_role,
         entry_id),
    )
    return True, touched


# -- reads -------------------------------------------------------------------------------------

ENTRY_FILTER = (
    " WHERE (:tid IS NULL OR tournament_id = :tid) AND (:rnd IS NULL OR round = :rnd)"
    " AND (:board IS NULL OR board = :board)"
    " AND (:player IS NULL OR EXISTS (SELECT 1 FROM json_each(journal.player_ids) WHERE value = :player))"
)


#: An outside entry's target is the tables it changed, read when shown (its triggers cannot keep it up to date).
ENTRY_COLUMNS = (
    "*, CASE WHEN role = :outside AND target IS NULL THEN (SELECT group_concat(tbl, ',') FROM"
    " (SELECT DISTINCT tbl FROM journal_change WHERE entry_id = journal.id ORDER BY tbl)) ELSE target END AS shown"
)


async def entries(conn: Executor, *, tournament_id: int | None = None, rnd: int | None = None,
                  board: int | None = None, player: int | None = None, limit: int = 500) -> list[Entry]:
    params = {"tid": tournament_id, "rnd": rnd, "board": board, "player": player, "limit": limit,
              "outside": OUTSIDE_ROLE}
    cursor = await conn.execute(f"SELECT {ENTRY_COLUMNS} FROM journal{ENTRY_FILTER} ORDER BY id DESC LIMIT :limit",
                                params)
    rows = [{**dict(r), "target": r["shown"]} for r in await cursor.fetchall()]
    return msgspec.convert(rows, list[Entry], strict=False)


async def last_rows(conn: Executor, table: str, row_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The last journalled values of rows of `table`, deleted ones included (ids are never reused)."""
    wanted = sorted(set(row_ids))
    found: dict[int, dict[str, Any]] = {}
    for start in range(0, len(wanted), 500):  # SQLite's host parameter limit
        chunk = wanted[start:start + 500]
        marks = ", ".join("?" for _ in chunk)
        rows = await conn.execute_fetchall(
            f"SELECT row_id, old, new FROM journal_change WHERE tbl = ? AND row_id IN ({marks}) ORDER BY id",
            (table, *chunk))
        for row_id, old, new in rows:
            found[row_id] = json.loads(new if new is not None else old)
    return found


async def entry(conn: Executor, entry_id: int) -> Entry:
    rows = list(await conn.execute_fetchall("SELECT * FROM journal WHERE id = ?", (entry_id,)))  # none left open
    row = rows[0] if rows else None
    if row is None:
        raise NotFound("No journal entry %s.", entry_id)
    return msgspec.convert(dict(row), Entry, strict=False)


async def changes(conn: Executor, entry_id: int | None = None) -> list[Change]:
    if entry_id is None:
        cursor = await conn.execute("SELECT * FROM journal_change ORDER BY id")
    else:
        cursor = await conn.execute("SELECT * FROM journal_change WHERE entry_id = ? ORDER BY id", (entry_id,))
    return msgspec.convert([dict(r) for r in await cursor.fetchall()], list[Change], strict=False)


async def baselines(conn: Executor) -> set[int]:
    cursor = await conn.execute("SELECT id FROM journal WHERE what = ?", (BASELINE,))
    return {r[0] for r in await cursor.fetchall()}


def rebuild(all_changes: Iterable[Change], baseline_ids: set[int]) -> State:
    """The state the journal describes: from the last baseline, every row change applied in order."""
    start = max(baseline_ids, default=0)
    state: State = {}
    for c in all_changes:
        if c.entry_id < start:
            continue
        rows = state.setdefault(c.tbl, {})
        if c.new is None:
            rows.pop(c.row_id, None)
        else:
            rows[c.row_id] = json.loads(c.new)
    return {table: rows for table, rows in state.items() if rows}


async def live_state(conn: Executor) -> State:
    """Every row of every journalled table, as the triggers would have written it."""
    state: State = {}
    for table, columns in (await journalled_tables(conn)).items():
        cursor = await conn.execute(f'SELECT rowid, {row_json("", columns)} FROM "{table}"')
        rows = {r[0]: json.loads(r[1]) for r in await cursor.fetchall()}
        if rows:
            state[table] = rows
    return state


# -- remembered submissions (idempotent writes) --------------------------------------------------

class Submission(msgspec.Struct, frozen=True, kw_only=True):
    """The answer given to one client-generated key; a retry gets it again."""

    key: str
    fingerprint: str  # what was asked: the same key with another request is refused
    status: int
    body: str
    date: float = 0.0


#: Refused submissions kept (the newest): a retry of a refusal gets it again for a while, but fresh keys cannot grow
#: the file without bound. Accepted ones are kept with the write they made.
MAX_REFUSED = 1000


async def remember(conn: Executor, sub: Submission, now: float) -> None:
    """Keep the answer to `sub`; a refusal drops the oldest refusals beyond `MAX_REFUSED` (same transaction)."""
    await conn.execute(
        "INSERT OR IGNORE INTO submission (key, fingerprint, date, status, body) VALUES (?, ?, ?, ?, ?)",
        (sub.key, sub.fingerprint, now, sub.status, sub.body),
    )
    if sub.status >= 400:
        await conn.execute(
            "DELETE FROM submission WHERE rowid IN (SELECT rowid FROM submission WHERE status >= 400 "
            "ORDER BY date DESC, rowid DESC LIMIT -1 OFFSET ?)", (MAX_REFUSED,))


async def recall(conn: Executor, key: str) -> Submission | None:
    rows = list(await conn.execute_fetchall("SELECT * FROM submission WHERE key = ?", (key,)))  # none left open
    return msgspec.convert(dict(rows[0]), Submission, strict=False) if rows else None
