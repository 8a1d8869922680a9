"""One EventStore per event file: a writer and a reader connection over aiosqlite."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite
import msgspec

from database.errors import EventExists, NotAnEventFile, ResultConflict, StorageError
from database.migrations import LATEST, file_version, run_pending
from tournament.errors import NotFound
from tournament.models import (
    Family,
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


def convert(rows: Iterable[sqlite3.Row], kind: type[R]) -> list[R]:
    return msgspec.convert([dict(r) for r in rows], list[kind], strict=False)


def columns_of(kind: type[Row]) -> frozenset[str]:
    return frozenset(kind.__struct_fields__)


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
        self.generation = 0  # bumped after every commit; cached reads are keyed on it

    @property
    def event_id(self) -> str:
        return self.path.stem

    # -- life cycle ----------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: Path) -> EventStore:
        """Open an existing event file and bring its schema up to date."""
        if not path.is_file():
            raise NotFound(f"No event file {path.name}.")
        writer = await _connect(path, read_only=False)
        try:
            version = await file_version(writer, str(path))
            if version is None:
                raise NotAnEventFile(str(path))
            if version != LATEST:
                await writer.execute("BEGIN IMMEDIATE")
                try:
                    await run_pending(writer, version)
                    await writer.execute("COMMIT")
                except BaseException:
                    await writer.execute("ROLLBACK")
                    raise
            reader = await _connect(path, read_only=True)
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    @classmethod
    async def create(cls, path: Path, *, name: str, start: float, stop: float, public: bool = True) -> EventStore:
        """Create a new event file at the latest schema, with its `info` row, in one transaction."""
        if path.exists():
            raise EventExists(path.stem)
        writer = await _connect(path, read_only=False)
        try:
            await writer.execute("BEGIN IMMEDIATE")
            await run_pending(writer, None)
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
    async def transaction(self, *changes: tuple[str, int | None]) -> AsyncIterator[aiosqlite.Connection]:
        """One write: `BEGIN IMMEDIATE` … `COMMIT`, or `ROLLBACK` on any error.

        `changes` are announced to listeners after the commit; more can be appended to
        `self.pending_changes` inside the block.
        """
        async with self._lock:
            self.pending_changes: list[tuple[str, int | None]] = list(changes)
            try:
                await self._writer.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StorageError(f"The event file cannot be written: {exc}.") from exc
            try:
                yield self._writer
                await self._writer.execute("COMMIT")
            except BaseException as exc:
                try:
                    await self._writer.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                if isinstance(exc, sqlite3.OperationalError):
                    raise StorageError(f"The event file cannot be written: {exc}. Nothing was changed.") from exc
                raise
            finally:
                self.generation += 1
                self._cache.clear()
            announced = self.pending_changes
        await self._notify(announced)

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
        cursor = await self._reader.execute(sql, params)
        rows = convert(await cursor.fetchall(), kind)
        if generation == self.generation:
            self._cache[key] = rows
        return rows

    async def memo(self, key: Any, compute: Callable[[], Awaitable[Any]]) -> Any:
        """A derived value cached until the next commit (screens recompute nothing between results)."""
        key = ("memo", key)
        if key in self._cache:
            return self._cache[key]
        generation = self.generation
        value = await compute()
        if generation == self.generation:
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
        raise NotFound(f"No screen {uniq_id!r} in this event.")

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

    # -- writes: event -----------------------------------------------------------------------

    async def update_info(self, **values: Any) -> None:
        unknown = set(values) - columns_of(Info) - {"version"}
        if unknown or not values or "version" in values:
            raise ValueError(f"bad info columns: {sorted(unknown) or sorted(values)}")
        values["last_update"] = time.time()
        sets = ", ".join(f'"{k}" = ?' for k in values)
        async with self.transaction(("info", None)) as conn:
            await conn.execute(f"UPDATE info SET {sets}", tuple(values.values()))

    # -- writes: tournaments, players, pairings ------------------------------------------------

    async def add_tournament(self, **values: Any) -> int:
        values.setdefault("last_update", time.time())
        async with self.transaction(("tournament", None)) as conn:
            tid = await self._insert(conn, "tournament", Tournament, values)
            self.pending_changes.append(("tournament", tid))
            return tid

    async def update_tournament(self, tid: int, **values: Any) -> None:
        values.setdefault("last_update", time.time())
        async with self.transaction(("tournament", tid)) as conn:
            await self._update(conn, "tournament", Tournament, tid, values)

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

    # -- writes: results ---------------------------------------------------------------------

    async def record_result(self, key: GameKey, result: Result, shown_board: int, now: float | None = None) -> None:
        """Store a result on a game that has none (compare-and-set) and log it, in one transaction.

        Raises ResultConflict, changing nothing, if the game has a result or no longer exists.
        """
        now = time.time() if now is None else now
        async with self.transaction(("result", key.tournament_id)) as conn:
            cursor = await conn.execute(SET_IF_EMPTY, (int(result), now, now, *key.astuple()))
            if cursor.rowcount != 1:
                raise await self._conflict(conn, key, shown_board)
            await conn.execute(LOG_RESULT, (key.tournament_id, key.round, shown_board, key.white_player_id,
                                            key.black_player_id, now, int(result)))
            await conn.execute(TOUCH_RESULTS, (now, key.tournament_id))

    async def _conflict(self, conn: aiosqlite.Connection, key: GameKey, shown_board: int) -> ResultConflict:
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
        label = Result(row[0]).label() if row[0] else "?"
        return ResultConflict(f"Board {shown_board} already has a result ({label}). Nothing was stored.")

    async def delete_result(self, key: GameKey) -> Result:
        """Remove a game's result and its log row in one transaction; returns the removed result."""
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
            return Result(row[0])

    # -- writes: screens and friends -----------------------------------------------------------

    async def add_screen(self, sets: Iterable[dict[str, Any]] = (), **values: Any) -> int:
        now = time.time()
        values.setdefault("last_update", now)
        async with self.transaction(("config", None)) as conn:
            sid = await self._insert(conn, "screen", Screen, values)
            for order, s in enumerate(sets, start=1):
                await self._insert(conn, "screen_set", ScreenSet,
                                   {"order": order, "last_update": now, **s, "screen_id": sid})
            return sid

    async def add_family(self, **values: Any) -> int:
        values.setdefault("last_update", time.time())
        async with self.transaction(("config", None)) as conn:
            return await self._insert(conn, "family", Family, values)

    async def add_rotator(self, **values: Any) -> int:
        async with self.transaction(("config", None)) as conn:
            return await self._insert(conn, "rotator", Rotator, values)

    async def add_timer(self, hours: Iterable[dict[str, Any]] = (), **values: Any) -> int:
        async with self.transaction(("config", None)) as conn:
            timer_id = await self._insert(conn, "timer", Timer, values)
            for order, h in enumerate(hours, start=1):
                await self._insert(conn, "timer_hour", TimerHour, {"order": order, **h, "timer_id": timer_id})
            return timer_id
