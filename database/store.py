"""One EventStore per event file: a writer and a reader connection over aiosqlite."""

from __future__ import annotations

import asyncio
import functools
import os
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite
import msgspec

from database import journal as jn
from database.errors import EventExists, NotAnEventFile, ResultConflict, StorageError
from database.journal import Actor, Entry, Submission, Summary
from database.migrations import LATEST, file_version, run_pending
from tournament.errors import Conflict, NotFound
from tournament.families import clashes
from tournament.models import (
    Family,
    IllegalMove,
    Info,
    Pairing,
    Player,
    ResultLog,
    Rotator,
    Row,
    Screen,
    ScreenSet,
    Timer,
    TimerHour,
    Tournament,
)
from tournament.results import Result

R = TypeVar("R", bound=Row)

PRAGMAS = ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=5000")

#: A change notification: (what changed, tournament id or None for event-wide changes).
Listener = Callable[[str, int | None], Awaitable[None] | None]

SET_IF_EMPTY = (
    "UPDATE pairing SET result = ?, result_date = ?, last_update = ? WHERE tournament_id = ? AND round = ?"
    " AND white_player_id = ? AND black_player_id = ? AND result IS NULL AND bye_kind IS NULL"
)
LOG_RESULT = (
    "INSERT INTO result (tournament_id, round, board_id, white_player_id, black_player_id, date, value)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
TOUCH_RESULTS = "UPDATE tournament SET last_result_update = ? WHERE id = ?"


class GameKey(msgspec.Struct, frozen=True, kw_only=True):
    """The identity of a game: never a board position."""

    tournament_id: int
    round: int
    white_player_id: int
    black_player_id: int

    def astuple(self) -> tuple[int, int, int, int]:
        return (self.tournament_id, self.round, self.white_player_id, self.black_player_id)


@functools.lru_cache(maxsize=256)
def tables_read(sql: str) -> frozenset[str]:
    """The tables a cached SELECT reads.

    >>> sorted(tables_read("SELECT * FROM pairing p JOIN player q ON p.id = q.id WHERE 1"))
    ['pairing', 'player']
    """
    return frozenset(m.group(1) for m in re.finditer(r"\b(?:FROM|JOIN)\s+(\w+)", sql, re.IGNORECASE))


def _patched(p: Pairing, changed: dict[tuple[int, int, int, int], tuple[GameKey, Result | None, float]]) -> Pairing:
    if p.black_player_id is None:
        return p
    found = changed.get((p.tournament_id, p.round, p.white_player_id, p.black_player_id))
    if found is None:
        return p
    _key, result, now = found
    return msgspec.structs.replace(p, result=result, result_date=now, last_update=now)


def convert(rows: Iterable[sqlite3.Row], kind: type[R]) -> list[R]:
    return msgspec.convert([dict(r) for r in rows], list[kind], strict=False)


def columns_of(kind: type[Row]) -> frozenset[str]:
    return frozenset(kind.__struct_fields__)


def storage_error(exc: sqlite3.Error) -> StorageError:
    """A write the file refused, in words an arbiter can act on.

    >>> str(storage_error(sqlite3.OperationalError("database or disk is full")))
    'Not saved: the disk is full. Nothing was changed.'
    """
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text:
        reason = "the event file is read-only"
    elif "full" in text:
        reason = "the disk is full"
    elif "locked" in text or "busy" in text:
        reason = "the event file is busy (another program is writing it)"
    else:
        reason = f"the event file could not be written ({exc})"
    return StorageError(f"Not saved: {reason}. Nothing was changed.")


async def _connect(path: Path, *, read_only: bool) -> aiosqlite.Connection:
    if read_only:
        conn = await aiosqlite.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        pragmas: tuple[str, ...] = ("foreign_keys=ON", "busy_timeout=5000", "query_only=ON")
    else:
        conn = await aiosqlite.connect(path, isolation_level=None)
        pragmas = PRAGMAS
    conn.row_factory = sqlite3.Row
    for pragma in pragmas:
        await conn.execute(f"PRAGMA {pragma}")
    return conn


class EventStore:
    """All reads and writes of one event file. Every write is one `BEGIN IMMEDIATE` transaction."""

    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._lock = asyncio.Lock()
        self._listeners: list[Listener] = []
        self._cache: dict[Any, Any] = {}
        self.read_only = False  # opened read-only: every write is refused with a StorageError
        self.caching = True  # False: every read goes to the file (the benchmarks' naive baseline)
        self.generation = 0  # bumped after every commit; cached reads are keyed on it

    @property
    def event_id(self) -> str:
        return self.path.stem

    # -- life cycle ----------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: Path, *, read_only: bool | None = None) -> EventStore:
        """Open an existing event file and bring its schema up to date.

        A file (or folder) that may not be written is opened read-only: screens work, and every write
        is refused with a StorageError. `read_only=None` decides from the permissions.
        """
        if not path.is_file():
            raise NotFound(f"No event file {path.name}.")
        if read_only is None:
            read_only = not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))
        writer = await _connect(path, read_only=read_only)
        try:
            version = await file_version(writer, str(path))
            if version is None:
                raise NotAnEventFile(str(path))
            if read_only and version != LATEST:
                raise StorageError(f"{path.name} is read-only and was written by an older Echiquier "
                                   f"(schema {version}): make it writable once so it can be upgraded.")
            if not read_only and (version != LATEST or not await jn.triggers_complete(writer)):
                await writer.execute("BEGIN IMMEDIATE")
                try:
                    await jn.drop_triggers(writer)
                    await run_pending(writer, version)
                    await jn.install(writer)  # journal triggers from the new schema, then a baseline
                    await writer.execute("COMMIT")
                except BaseException:
                    await writer.execute("ROLLBACK")
                    raise
            reader = await _connect(path, read_only=True)
        except BaseException:
            await writer.close()
            raise
        store = cls(path, writer, reader)
        store.read_only = read_only
        return store

    @classmethod
    async def create(cls, path: Path, *, name: str, start: float, stop: float, public: bool = True) -> EventStore:
        """Create a new event file at the latest schema, with its `info` row, in one transaction."""
        if path.exists():
            raise EventExists(path.stem)
        writer = await _connect(path, read_only=False)
        try:
            await writer.execute("BEGIN IMMEDIATE")
            await run_pending(writer, None)
            await jn.install(writer)
            await jn.close_entry(writer, await jn.open_entry(writer, jn.current_actor(), time.time()),
                                 Summary(what="event created", target=name, given=True))
            await writer.execute(
                "INSERT INTO info (version, name, start, stop, public, last_update) VALUES (?, ?, ?, ?, ?, ?)",
                (LATEST, name, start, stop, int(public), time.time()),
            )
            await writer.execute("COMMIT")
        except BaseException:
            await writer.close()
            path.unlink(missing_ok=True)
            raise
        await writer.close()
        return await cls.open(path)

    async def close(self) -> None:
        await self._reader.close()
        await self._writer.close()

    # -- change notification ---------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(kind, tournament_id)` after every committed change."""
        self._listeners.append(listener)

    async def _notify(self, changes: Iterable[tuple[str, int | None]]) -> None:
        for kind, tid in dict.fromkeys(changes):
            for listener in self._listeners:
                outcome = listener(kind, tid)
                if outcome is not None:
                    await outcome

    # -- transactions --------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(
        self, *changes: tuple[str, int | None], who: Actor | None = None
    ) -> AsyncIterator[aiosqlite.Connection]:
        """One write: `BEGIN IMMEDIATE` … `COMMIT`, or `ROLLBACK` on any error; journalled (database/journal.py).

        `changes` are announced to listeners after the commit; more can be appended to
        `self.pending_changes` inside the block. `who` defaults to the actor of the current request.
        """
        async with self._lock:
            self.pending_changes: list[tuple[str, int | None]] = list(changes)
            self._patches: list[tuple[GameKey, Result | None, float]] = []
            committed = False
            try:
                await self._writer.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise storage_error(exc) from exc
            try:
                self.entry_id = await jn.open_entry(self._writer, jn.current_actor(who), time.time())
                self._summary = Summary()
                yield self._writer
                if not await jn.close_entry(self._writer, self.entry_id, self._summary):
                    self.entry_id = 0
                await self._writer.execute("COMMIT")
                committed = True
            except BaseException as exc:
                try:
                    await self._writer.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                if isinstance(exc, sqlite3.OperationalError):
                    raise storage_error(exc) from exc
                raise
            finally:
                self.generation += 1
                if committed and self._patches:
                    self._patch_cache(self._patches)
                else:
                    self._cache.clear()
            announced = self.pending_changes
        await self._notify(announced)

    def _patch_cache(self, patches: list[tuple[GameKey, Result | None, float]]) -> None:
        """After a commit that only changed results: keep the cached pairing lists, with those results
        replaced, and drop everything else that may depend on results (logs, tournaments, memos)."""
        changed = {p[0].astuple(): p for p in patches}
        kept: dict[Any, Any] = {}
        for key, rows in self._cache.items():
            if key[0] == "memo":
                continue
            tables = tables_read(key[0])
            if tables == {"pairing"}:
                kept[key] = [_patched(p, changed) for p in rows]
            elif not tables & {"pairing", "result", "tournament"}:
                kept[key] = rows
        self._cache = kept

    async def journal(
        self, conn: aiosqlite.Connection, what: str, target: str | None = None, old: str | None = None,
        new: str | None = None, *, tournament_id: int | None = None, round: int | None = None,
        board: int | None = None, players: Iterable[int | None] = (),
    ) -> None:
        """Describe the current transaction's journal entry (the rows are journalled by triggers)."""
        if conn is not self._writer:
            raise RuntimeError("store.journal() belongs inside store.transaction()")
        self._summary = Summary(what=what, target=target, old=old, new=new, tournament_id=tournament_id,
                                round=round, board=board, players=tuple(p for p in players if p),
                                undoes=self._summary.undoes, given=True)

    async def _insert(self, conn: aiosqlite.Connection, table: str, kind: type[Row], values: dict[str, Any]) -> int:
        unknown = set(values) - columns_of(kind)
        if unknown:
            raise ValueError(f"unknown {table} columns: {sorted(unknown)}")
        names = ", ".join(f'"{k}"' for k in values)
        marks = ", ".join("?" for _ in values)
        cursor = await conn.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", tuple(values.values()))
        return int(cursor.lastrowid or 0)

    async def _update(
        self, conn: aiosqlite.Connection, table: str, kind: type[Row], row_id: int, values: dict[str, Any]
    ) -> None:
        unknown = set(values) - columns_of(kind)
        if unknown or not values:
            raise ValueError(f"bad {table} columns: {sorted(unknown) or 'none'}")
        sets = ", ".join(f'"{k}" = ?' for k in values)
        cursor = await conn.execute(f"UPDATE {table} SET {sets} WHERE id = ?", (*values.values(), row_id))
        if cursor.rowcount != 1:
            raise NotFound(f"No {table} {row_id}.")

    # -- reads -------------------------------------------------------------------------------

    async def _all(self, kind: type[R], sql: str, params: tuple[Any, ...] = ()) -> list[R]:
        key = (sql, params)
        cached = self._cache.get(key)
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        generation = self.generation
        # one call on the reader's thread: a statement left open between execute() and fetchall() would
        # pin an old snapshot for every other read interleaved on this connection, even after a commit
        rows = convert(await self._reader.execute_fetchall(sql, params), kind)
        if generation == self.generation and self.caching:
            self._cache[key] = rows
        return rows

    async def memo(self, key: Any, compute: Callable[[], Awaitable[Any]]) -> Any:
        """A derived value cached until the next commit (screens recompute nothing between results)."""
        key = ("memo", key)
        if key in self._cache:
            return self._cache[key]
        generation = self.generation
        value = await compute()
        if generation == self.generation and self.caching:
            self._cache[key] = value
        return value

    async def info(self) -> Info:
        rows = await self._all(Info, "SELECT * FROM info")
        if not rows:
            raise NotAnEventFile(str(self.path))
        return rows[0]

    async def tournaments(self) -> list[Tournament]:
        return await self._all(Tournament, "SELECT * FROM tournament ORDER BY id")

    async def tournament(self, tid: int) -> Tournament:
        for t in await self.tournaments():
            if t.id == tid:
                return t
        raise NotFound(f"No tournament {tid} in this event.")

    async def tournament_by_uniq_id(self, uniq_id: str) -> Tournament:
        for t in await self.tournaments():
            if t.uniq_id == uniq_id:
                return t
        raise NotFound(f"No tournament {uniq_id!r} in this event.")

    async def players(self, tid: int) -> list[Player]:
        return await self._all(Player, "SELECT * FROM player WHERE tournament_id = ? ORDER BY pairing_number", (tid,))

    async def pairings(self, tid: int, rnd: int | None = None) -> list[Pairing]:
        if rnd is None:
            return await self._all(
                Pairing, "SELECT * FROM pairing WHERE tournament_id = ? ORDER BY round, board_order", (tid,)
            )
        return await self._all(
            Pairing,
            "SELECT * FROM pairing WHERE tournament_id = ? AND round = ? ORDER BY board_order IS NULL, board_order",
            (tid, rnd),
        )

    async def results_log(self, tournament_ids: Iterable[int] | None = None, limit: int = 0) -> list[ResultLog]:
        ids = tuple(tournament_ids or ())
        where = f"WHERE tournament_id IN ({', '.join('?' for _ in ids)})" if ids else ""
        tail = " LIMIT ?" if limit > 0 else ""
        params = (*ids, limit) if limit > 0 else ids
        return await self._all(ResultLog, f"SELECT * FROM result {where} ORDER BY date DESC, id DESC{tail}", params)

    async def screens(self) -> list[Screen]:
        return await self._all(Screen, "SELECT * FROM screen ORDER BY uniq_id")

    async def screen(self, uniq_id: str) -> Screen:
        for s in await self.screens():
            if s.uniq_id == uniq_id:
                return s
        raise NotFound("No screen %r in this event.", uniq_id)

    async def screen_sets(self, screen_id: int | None = None) -> list[ScreenSet]:
        if screen_id is None:
            return await self._all(ScreenSet, 'SELECT * FROM screen_set ORDER BY screen_id, "order", id')
        return await self._all(
            ScreenSet, 'SELECT * FROM screen_set WHERE screen_id = ? ORDER BY "order", id', (screen_id,)
        )

    async def families(self) -> list[Family]:
        return await self._all(Family, "SELECT * FROM family ORDER BY uniq_id")

    async def rotators(self) -> list[Rotator]:
        return await self._all(Rotator, "SELECT * FROM rotator ORDER BY uniq_id")

    async def timers(self) -> list[Timer]:
        return await self._all(Timer, "SELECT * FROM timer ORDER BY uniq_id")

    async def timer_hours(self, timer_id: int) -> list[TimerHour]:
        return await self._all(
            TimerHour, 'SELECT * FROM timer_hour WHERE timer_id = ? ORDER BY "order", id', (timer_id,)
        )

    # -- journal -------------------------------------------------------------------------------

    async def journal_entries(self, *, tournament_id: int | None = None, rnd: int | None = None,
                              board: int | None = None, player: int | None = None, limit: int = 500) -> list[Entry]:
        """Newest first; each filter is optional (player: a player id, White or Black)."""
        return await jn.entries(self._reader, tournament_id=tournament_id, rnd=rnd, board=board, player=player,
                                limit=limit)

    async def journal_players(self, ids: Iterable[int]) -> dict[int, Player]:
        """Players as the journal last saw them, those deleted since (a re-import) included."""
        rows = await jn.last_rows(self._reader, "player", ids)
        return {pid: msgspec.convert(row, Player, strict=False) for pid, row in rows.items()}

    async def journal_entry(self, entry_id: int) -> Entry:
        return await jn.entry(self._reader, entry_id)

    async def rebuilt_state(self) -> jn.State:
        """The state of every journalled table as the journal describes it."""
        return jn.rebuild(await jn.changes(self._reader), await jn.baselines(self._reader))

    async def live_state(self) -> jn.State:
        return await jn.live_state(self._reader)

    async def undo(self, entry_id: int, who: Actor | None = None) -> int:
        """Apply the inverse of a journal entry as a new entry (returned); Conflict if its rows moved on."""
        async with self.transaction(who=who) as conn:
            target = await jn.entry(conn, entry_id)
            await jn.apply_undo(conn, target, time.time())
            await self.journal(conn, f"undo: {target.what}", target.target, old=target.new, new=target.old,
                               tournament_id=target.tournament_id, round=target.round, board=target.board,
                               players=msgspec.json.decode(target.player_ids or "[]", type=list[int]))
            self._summary.undoes = entry_id
            await jn.mark_undone(conn, entry_id, self.entry_id)
            # an undo may touch more than a result: screens refetch (kind "tournament"), no row push
            self.pending_changes.append(("tournament", target.tournament_id) if target.tournament_id
                                        else ("config", None))
            return self.entry_id

    async def recall(self, key: str) -> Submission | None:
        """The answer already given to a submission key, if any (survives a restart)."""
        return await jn.recall(self._reader, key)

    async def remember(self, submission: Submission) -> None:
        """Keep the answer to a refused submission (accepted ones are kept by the write itself)."""
        async with self.transaction() as conn:
            await jn.remember(conn, submission, time.time())

    # -- writes: event -----------------------------------------------------------------------

    async def update_info(self, **values: Any) -> None:
        unknown = set(values) - columns_of(Info) - {"version"}
        if unknown or not values or "version" in values:
            raise ValueError(f"bad info columns: {sorted(unknown) or sorted(values)}")
        values["last_update"] = time.time()
        sets = ", ".join(f'"{k}" = ?' for k in values)
        async with self.transaction(("info", None)) as conn:
            await conn.execute(f"UPDATE info SET {sets}", tuple(values.values()))
            await self.journal(conn, "event settings", ", ".join(k for k in values if k != "last_update"))

    # -- writes: tournaments, players, pairings ------------------------------------------------

    async def add_tournament(self, **values: Any) -> int:
        values.setdefault("last_update", time.time())
        async with self.transaction(("tournament", None)) as conn:
            tid = await self._insert(conn, "tournament", Tournament, values)
            self.pending_changes.append(("tournament", tid))
            await self.journal(conn, "tournament added", str(values.get("uniq_id")), tournament_id=tid)
            return tid

    async def update_tournament(self, tid: int, **values: Any) -> None:
        values.setdefault("last_update", time.time())
        async with self.transaction(("tournament", tid)) as conn:
            await self._update(conn, "tournament", Tournament, tid, values)
            await self.journal(conn, "tournament settings", ", ".join(k for k in values if k != "last_update"),
                               tournament_id=tid)

    async def fill_tournament(
        self, tid: int, players: list[dict[str, Any]], pairings: list[dict[str, Any]], *, replace: bool = True
    ) -> None:
        """Load players and pairings in one transaction.

        `players` are `player` column dicts; `pairings` name players by pairing number in
        `white` / `black` instead of row ids. With `replace`, existing players, pairings and the
        result log of the tournament are removed first.
        """
        now = time.time()
        async with self.transaction(("pairings", tid)) as conn:
            if replace:
                for table in ("result", "illegal_move", "skipped_round", "pairing", "player"):
                    await conn.execute(f"DELETE FROM {table} WHERE tournament_id = ?", (tid,))
            ids: dict[int, int] = {}
            for p in players:
                values = {"last_update": now, **p, "tournament_id": tid}
                ids[int(p["pairing_number"])] = await self._insert(conn, "player", Player, values)
            for g in pairings:
                values = {k: v for k, v in g.items() if k not in ("white", "black")}
                values["white_player_id"] = ids[g["white"]]
                values["black_player_id"] = ids[g["black"]] if g.get("black") else None
                values.update(tournament_id=tid, last_update=now)
                await self._insert(conn, "pairing", Pairing, values)
            await conn.execute("UPDATE tournament SET last_update = ?, last_result_update = ? WHERE id = ?",
                               (now, now, tid))
            await self.journal(conn, "pairings", f"{len(players)} players, {len(pairings)} pairings",
                               tournament_id=tid)

    # -- writes: results ---------------------------------------------------------------------

    async def record_result(self, key: GameKey, result: Result, shown_board: int, now: float | None = None, *,
                            submission: Submission | None = None) -> None:
        """Store a result on a game that has none (compare-and-set) and log it, in one transaction.

        Raises ResultConflict, changing nothing, if the game has a result or no longer exists.
        `submission` (the answer to a client key) is kept in the same transaction.
        """
        now = time.time() if now is None else now
        async with self.transaction(("result", key.tournament_id)) as conn:
            cursor = await conn.execute(SET_IF_EMPTY, (int(result), now, now, *key.astuple()))
            if cursor.rowcount != 1:
                raise await self._conflict(conn, key, shown_board)
            await conn.execute(LOG_RESULT, (key.tournament_id, key.round, shown_board, key.white_player_id,
                                            key.black_player_id, now, int(result)))
            await conn.execute(TOUCH_RESULTS, (now, key.tournament_id))
            await self._journal_result(conn, "result", key, shown_board, None, result)
            self._patches.append((key, result, now))
            if submission is not None:
                await jn.remember(conn, submission, now)

    async def correct_result(self, key: GameKey, old: Result, new: Result, shown_board: int, *,
                             submission: Submission | None = None) -> None:
        """Replace a game's result, only if it still is `old` (compare-and-set); arbiters only."""
        now = time.time()
        async with self.transaction(("result", key.tournament_id)) as conn:
            cursor = await conn.execute(
                "UPDATE pairing SET result = ?, result_date = ?, last_update = ? WHERE tournament_id = ?"
                " AND round = ? AND white_player_id = ? AND black_player_id = ? AND result = ?",
                (int(new), now, now, *key.astuple(), int(old)),
            )
            if cursor.rowcount != 1:
                raise await self._conflict(conn, key, shown_board, expected=old)
            cursor = await conn.execute(
                "UPDATE result SET value = ?, date = ?, board_id = ? WHERE tournament_id = ? AND round = ?"
                " AND white_player_id = ? AND black_player_id = ?", (int(new), now, shown_board, *key.astuple()))
            if cursor.rowcount == 0:
                await conn.execute(LOG_RESULT, (key.tournament_id, key.round, shown_board, key.white_player_id,
                                                key.black_player_id, now, int(new)))
            await conn.execute(TOUCH_RESULTS, (now, key.tournament_id))
            await self._journal_result(conn, "result corrected", key, shown_board, old, new)
            self._patches.append((key, new, now))
            if submission is not None:
                await jn.remember(conn, submission, now)

    async def _journal_result(self, conn: aiosqlite.Connection, what: str, key: GameKey, board: int,
                              old: Result | None, new: Result | None) -> None:
        await self.journal(conn, what, f"round {key.round}, board {board}", old.label() if old else None,
                           new.label() if new else None, tournament_id=key.tournament_id, round=key.round,
                           board=board, players=(key.white_player_id, key.black_player_id))

    async def _conflict(self, conn: aiosqlite.Connection, key: GameKey, shown_board: int,
                        expected: Result | None = None) -> ResultConflict:
        cursor = await conn.execute(
            "SELECT result FROM pairing WHERE tournament_id = ? AND round = ? AND white_player_id = ?"
            " AND black_player_id = ?",
            key.astuple(),
        )
        row = await cursor.fetchone()
        if row is None:
            return ResultConflict(
                f"Board {shown_board}: this game is no longer in round {key.round} (re-paired?). Nothing was stored."
            )
        label = Result(row[0]).label() if row[0] else ""
        if expected is not None:
            return ResultConflict(f"Board {shown_board}: the result is now {label or 'empty'}, not"
                                  f" {expected.label()} (changed meanwhile?). Nothing was stored.")
        return ResultConflict(f"Board {shown_board} already has a result ({label or '?'}). Nothing was stored.")

    async def delete_result(self, key: GameKey, *, expected: Result | None = None, shown_board: int = 0,
                            submission: Submission | None = None) -> Result:
        """Remove a game's result and its log row in one transaction; returns the removed result.

        With `expected`, only if the result still is that one (compare-and-set).
        """
        now = time.time()
        async with self.transaction(("result", key.tournament_id)) as conn:
            cursor = await conn.execute(
                "SELECT result FROM pairing WHERE tournament_id = ? AND round = ? AND white_player_id = ?"
                " AND black_player_id = ? AND result IS NOT NULL",
                key.astuple(),
            )
            row = await cursor.fetchone()
            if row is None:
                raise ResultConflict("This game has no result to delete.")
            if expected is not None and row[0] != int(expected):
                raise await self._conflict(conn, key, shown_board, expected=expected)
            await conn.execute(
                "UPDATE pairing SET result = NULL, result_date = ?, last_update = ? WHERE tournament_id = ?"
                " AND round = ? AND white_player_id = ? AND black_player_id = ?",
                (now, now, *key.astuple()),
            )
            await conn.execute(
                "DELETE FROM result WHERE tournament_id = ? AND round = ? AND white_player_id = ?"
                " AND black_player_id = ?",
                key.astuple(),
            )
            await conn.execute(TOUCH_RESULTS, (now, key.tournament_id))
            await self._journal_result(conn, "result deleted", key, shown_board, Result(row[0]), None)
            self._patches.append((key, None, now))
            if submission is not None:
                await jn.remember(conn, submission, now)
            return Result(row[0])

    # -- writes: screens and friends -----------------------------------------------------------

    async def add_screen(self, sets: Iterable[dict[str, Any]] = (), **values: Any) -> int:
        now = time.time()
        values.setdefault("last_update", now)
        async with self.transaction(("config", None)) as conn:
            await self._check_generated_ids(conn, screen_id=values.get("uniq_id"))
            sid = await self._insert(conn, "screen", Screen, values)
            await self.journal(conn, "screen added", str(values.get("uniq_id")))
            for order, s in enumerate(sets, start=1):
                await self._insert(conn, "screen_set", ScreenSet,
                                   {"order": order, "last_update": now, **s, "screen_id": sid})
            return sid

    async def add_family(self, **values: Any) -> int:
        values.setdefault("last_update", time.time())
        async with self.transaction(("config", None)) as conn:
            await self._check_generated_ids(conn, family_id=values.get("uniq_id"))
            await self.journal(conn, "family added", str(values.get("uniq_id")))
            return await self._insert(conn, "family", Family, values)

    async def add_rotator(self, **values: Any) -> int:
        async with self.transaction(("config", None)) as conn:
            await self.journal(conn, "rotator added", str(values.get("uniq_id")))
            return await self._insert(conn, "rotator", Rotator, values)

    async def add_timer(self, hours: Iterable[dict[str, Any]] = (), **values: Any) -> int:
        async with self.transaction(("config", None)) as conn:
            timer_id = await self._insert(conn, "timer", Timer, values)
            await self.journal(conn, "timer added", str(values.get("uniq_id")))
            for order, h in enumerate(hours, start=1):
                await self._insert(conn, "timer_hour", TimerHour, {"order": order, **h, "timer_id": timer_id})
            return timer_id

    async def _check_generated_ids(
        self, conn: aiosqlite.Connection, screen_id: str | None = None, family_id: str | None = None
    ) -> None:
        """Refuse a plain screen id that looks generated by a family, and the reverse (tournament/families.py)."""
        screens = [r[0] for r in await (await conn.execute("SELECT uniq_id FROM screen")).fetchall()]
        families = [r[0] for r in await (await conn.execute("SELECT uniq_id FROM family")).fetchall()]
        if screen_id is not None and clashes([screen_id], families):
            raise Conflict(f"The screen id {screen_id!r} is reserved for a screen generated by a family.")
        if family_id is not None and (found := clashes(screens, [family_id])):
            raise Conflict(f"The family {family_id!r} would generate the id of the screen {found[0]!r}.")

    # -- check-in and illegal moves (docs/screens.md §10, §11) --------------------------------------

    async def illegal_moves(self, tid: int, rnd: int) -> list[IllegalMove]:
        return await self._all(
            IllegalMove, "SELECT * FROM illegal_move WHERE tournament_id = ? AND round = ? ORDER BY id", (tid, rnd)
        )

    async def set_checked_in(self, tid: int, player_id: int, checked_in: bool) -> None:
        """Check a player in or out; refused once the tournament has a paired round."""
        now = time.time()
        async with self.transaction(("checkin", tid)) as conn:
            cursor = await conn.execute("SELECT 1 FROM pairing WHERE tournament_id = ? LIMIT 1", (tid,))
            if await cursor.fetchone() is not None:
                raise Conflict("Check-in is closed: round 1 is paired. Nothing was changed.")
            cursor = await conn.execute(
                "SELECT checked_in, last_name, first_name FROM player WHERE id = ? AND tournament_id = ?",
                (player_id, tid),
            )
            before = await cursor.fetchone()
            if before is None:
                raise NotFound(f"No player {player_id} in this tournament.")
            await conn.execute(
                "UPDATE player SET checked_in = ?, last_update = ? WHERE id = ? AND tournament_id = ?",
                (int(checked_in), now, player_id, tid),
            )
            await conn.execute("UPDATE tournament SET last_check_in_update = ? WHERE id = ?", (now, tid))
            await self.journal(conn, "check-in", _person(before[1], before[2]), _presence(bool(before[0])),
                               _presence(checked_in), tournament_id=tid, players=(player_id,))

    async def _game_in_progress(self, conn: aiosqlite.Connection, tid: int, rnd: int, player_id: int) -> int | None:
        """The board of the player's game in `rnd`, refused unless it is a game without result."""
        cursor = await conn.execute(
            "SELECT result, board FROM pairing WHERE tournament_id = ? AND round = ? AND black_player_id IS NOT NULL"
            " AND (white_player_id = ? OR black_player_id = ?)",
            (tid, rnd, player_id, player_id),
        )
        row = await cursor.fetchone()
        if row is None:
            raise Conflict(f"This player has no game in round {rnd}. Nothing was changed.")
        if row[0] is not None:
            raise Conflict("This game has a result: its illegal moves can no longer change. Nothing was changed.")
        return None if row[1] is None else int(row[1])

    async def _journal_illegal(self, conn: aiosqlite.Connection, what: str, tid: int, rnd: int, player_id: int,
                               board: int | None, old: int, new: int) -> None:
        cursor = await conn.execute("SELECT last_name, first_name FROM player WHERE id = ?", (player_id,))
        name = await cursor.fetchone()
        await self.journal(conn, what, _person(*name) if name else f"player {player_id}", str(old), str(new),
                           tournament_id=tid, round=rnd, board=board, players=(player_id,))

    async def add_illegal_move(self, tid: int, rnd: int, player_id: int, limit: int) -> int:
        """Record one illegal move of a player in a game without result; returns the new count."""
        now = time.time()
        async with self.transaction(("illegal_move", tid)) as conn:
            board = await self._game_in_progress(conn, tid, rnd, player_id)
            cursor = await conn.execute(
                "SELECT count(*) FROM illegal_move WHERE tournament_id = ? AND round = ? AND player_id = ?",
                (tid, rnd, player_id),
            )
            count = int((await cursor.fetchone() or (0,))[0])
            if count >= limit:
                raise Conflict(f"This player already has {count} illegal moves recorded (limit {limit}).")
            await self._insert(conn, "illegal_move", IllegalMove,
                               {"tournament_id": tid, "round": rnd, "player_id": player_id, "date": now})
            await conn.execute("UPDATE tournament SET last_illegal_move_update = ? WHERE id = ?", (now, tid))
            await self._journal_illegal(conn, "illegal move added", tid, rnd, player_id, board, count, count + 1)
            return count + 1

    async def remove_illegal_move(self, tid: int, rnd: int, player_id: int) -> int:
        """Remove the latest illegal move of a player in a game without result; returns the new count."""
        now = time.time()
        async with self.transaction(("illegal_move", tid)) as conn:
            board = await self._game_in_progress(conn, tid, rnd, player_id)
            cursor = await conn.execute(
                "SELECT id FROM illegal_move WHERE tournament_id = ? AND round = ? AND player_id = ?"
                " ORDER BY id DESC", (tid, rnd, player_id),
            )
            rows = list(await cursor.fetchall())
            if not rows:
                raise Conflict("This player has no illegal move to remove.")
            await conn.execute("DELETE FROM illegal_move WHERE id = ?", (rows[0][0],))
            await conn.execute("UPDATE tournament SET last_illegal_move_update = ? WHERE id = ?", (now, tid))
            await self._journal_illegal(conn, "illegal move removed", tid, rnd, player_id, board, len(rows),
                                        len(rows) - 1)
            return len(rows) - 1


def _person(last_name: str, first_name: str) -> str:
    return f"{last_name} {first_name}".strip()


def _presence(checked_in: bool) -> str:
    return "in" if checked_in else "out"
