"""Reads of an event file: cached rows (database/cache.py), and the journal as the arbiter reads it."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from database import journal as jn
from database.base import StoreCore
from database.errors import NotAnEventFile
from database.journal import Entry, Submission
from tournament.errors import NotFound
from tournament.models import (
    Family,
    IllegalMove,
    Info,
    Pairing,
    Player,
    ResultLog,
    Rotator,
    Screen,
    ScreenSet,
    SkippedRound,
    Timer,
    TimerHour,
    Tournament,
)


def _reads(*tables: str) -> frozenset[str]:
    return frozenset(tables)


INFO, TOURNAMENT, PLAYER, PAIRING, RESULT = (_reads("info"), _reads("tournament"), _reads("player"),
                                             _reads("pairing"), _reads("result"))
SCREEN, SCREEN_SET, FAMILY, ROTATOR = _reads("screen"), _reads("screen_set"), _reads("family"), _reads("rotator")
TIMER, TIMER_HOUR, ILLEGAL, SKIPPED = (_reads("timer"), _reads("timer_hour"), _reads("illegal_move"),
                                       _reads("skipped_round"))


class Reads(StoreCore):
    async def info(self) -> Info:
        rows = await self._all(Info, INFO, "SELECT * FROM info")
        if not rows:
            raise NotAnEventFile(str(self.path))
        return rows[0]

    async def tournaments(self) -> list[Tournament]:
        return await self._all(Tournament, TOURNAMENT, "SELECT * FROM tournament ORDER BY id")

    async def tournament(self, tid: int) -> Tournament:
        for t in await self.tournaments():
            if t.id == tid:
                return t
        raise NotFound("No tournament %s in this event.", tid)

    async def tournament_by_uniq_id(self, uniq_id: str) -> Tournament:
        for t in await self.tournaments():
            if t.uniq_id == uniq_id:
                return t
        raise NotFound("No tournament %r in this event.", uniq_id)

    async def players(self, tid: int) -> list[Player]:
        return await self._all(Player, PLAYER, "SELECT * FROM player WHERE tournament_id = ? ORDER BY pairing_number",
                               (tid,))

    async def pairings(self, tid: int, rnd: int | None = None) -> list[Pairing]:
        if rnd is None:
            return await self._all(
                Pairing, PAIRING, "SELECT * FROM pairing WHERE tournament_id = ? ORDER BY round, board_order", (tid,)
            )
        return await self._all(
            Pairing, PAIRING,
            "SELECT * FROM pairing WHERE tournament_id = ? AND round = ? ORDER BY board_order IS NULL, board_order",
            (tid, rnd),
        )

    async def skipped_rounds(self, tid: int) -> list[SkippedRound]:
        return await self._all(SkippedRound, SKIPPED,
                               "SELECT * FROM skipped_round WHERE tournament_id = ? ORDER BY round, id", (tid,))

    async def results_log(self, tournament_ids: Iterable[int] | None = None, limit: int = 0) -> list[ResultLog]:
        ids = tuple(tournament_ids or ())
        where = f"WHERE tournament_id IN ({', '.join('?' for _ in ids)})" if ids else ""
        tail = " LIMIT ?" if limit > 0 else ""
        params = (*ids, limit) if limit > 0 else ids
        return await self._all(ResultLog, RESULT, f"SELECT * FROM result {where} ORDER BY date DESC, id DESC{tail}",
                               params)

    async def screens(self) -> list[Screen]:
        return await self._all(Screen, SCREEN, "SELECT * FROM screen ORDER BY uniq_id")

    async def screen(self, uniq_id: str) -> Screen:
        for s in await self.screens():
            if s.uniq_id == uniq_id:
                return s
        raise NotFound("No screen %r in this event.", uniq_id)

    async def screen_sets(self, screen_id: int | None = None) -> list[ScreenSet]:
        if screen_id is None:
            return await self._all(ScreenSet, SCREEN_SET, 'SELECT * FROM screen_set ORDER BY screen_id, "order", id')
        return await self._all(
            ScreenSet, SCREEN_SET, 'SELECT * FROM screen_set WHERE screen_id = ? ORDER BY "order", id', (screen_id,)
        )

    async def families(self) -> list[Family]:
        return await self._all(Family, FAMILY, "SELECT * FROM family ORDER BY uniq_id")

    async def rotators(self) -> list[Rotator]:
        return await self._all(Rotator, ROTATOR, "SELECT * FROM rotator ORDER BY uniq_id")

    async def timers(self) -> list[Timer]:
        return await self._all(Timer, TIMER, "SELECT * FROM timer ORDER BY uniq_id")

    async def timer_hours(self, timer_id: int) -> list[TimerHour]:
        return await self._all(
            TimerHour, TIMER_HOUR, 'SELECT * FROM timer_hour WHERE timer_id = ? ORDER BY "order", id', (timer_id,)
        )

    async def illegal_moves(self, tid: int, rnd: int) -> list[IllegalMove]:
        return await self._all(
            IllegalMove, ILLEGAL, "SELECT * FROM illegal_move WHERE tournament_id = ? AND round = ? ORDER BY id",
            (tid, rnd),
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

    async def journal_changes(self, entry_id: int) -> list[jn.Change]:
        """The row changes of one entry, in order."""
        return await jn.changes(self._reader, entry_id)

    async def rebuilt_state(self) -> jn.State:
        """The state of every journalled table as the journal describes it."""
        return jn.rebuild(await jn.changes(self._reader), await jn.baselines(self._reader))

    async def live_state(self) -> jn.State:
        return await jn.live_state(self._reader)

    async def recall(self, key: str) -> Submission | None:
        """The answer already given to a submission key, if any (survives a restart)."""
        return await jn.recall(self._reader, key)
