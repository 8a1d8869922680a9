"""Result writes: record, correct, delete; each one compare-and-set transaction announced as ResultChanged."""

from __future__ import annotations

import time

from database import journal as jn
from database.base import StoreCore
from database.errors import ResultConflict
from database.events import GameKey
from database.journal import Submission
from database.tx import Tx
from tournament.results import Result

GAME = "tournament_id = ? AND round = ? AND white_player_id = ? AND black_player_id = ?"
SET_IF_EMPTY = (f"UPDATE pairing SET result = ?, result_date = ?, last_update = ? WHERE {GAME}"
                " AND result IS NULL AND bye_kind IS NULL")
SET_IF = f"UPDATE pairing SET result = ?, result_date = ?, last_update = ? WHERE {GAME} AND result = ?"
CLEAR = f"UPDATE pairing SET result = NULL, result_date = ?, last_update = ? WHERE {GAME}"
LOG_RESULT = (
    "INSERT INTO result (tournament_id, round, board_id, white_player_id, black_player_id, date, value)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
RELOG = f"UPDATE result SET value = ?, date = ?, board_id = ? WHERE {GAME}"
UNLOG = f"DELETE FROM result WHERE {GAME}"
TOUCH_RESULTS = "UPDATE tournament SET last_result_update = ? WHERE id = ?"


async def conflict(tx: Tx, key: GameKey, shown_board: int, expected: Result | None = None) -> ResultConflict:
    """Why a compare-and-set on a game's result found nothing to change."""
    row = await tx.fetchone(f"SELECT result FROM pairing WHERE {GAME}", key.astuple())
    if row is None:
        return ResultConflict("Board %s: this game is no longer in round %s (re-paired?). Nothing was stored.",
                              shown_board, key.round)
    label = Result(row[0]).label() if row[0] else ""
    if expected is not None:
        return ResultConflict("Board %s: the result is now %s, not %s (changed meanwhile?). Nothing was stored.",
                              shown_board, label or "empty", expected.label())
    return ResultConflict("Board %s already has a result (%s). Nothing was stored.", shown_board, label or "?")


def journal_result(tx: Tx, what: str, key: GameKey, board: int, old: Result | None, new: Result | None) -> None:
    tx.journal(what, f"round {key.round}, board {board}", old.label() if old else None,
               new.label() if new else None, tournament_id=key.tournament_id, round=key.round, board=board,
               players=(key.white_player_id, key.black_player_id))


async def finish(tx: Tx, what: str, key: GameKey, board: int, old: Result | None, new: Result | None, now: float,
                 submission: Submission | None) -> None:
    await tx.execute(TOUCH_RESULTS, (now, key.tournament_id))
    journal_result(tx, what, key, board, old, new)
    tx.result(key, board, old, new, now)
    if submission is not None:
        await jn.remember(tx, submission, now)


class ResultWrites(StoreCore):
    async def record_result(self, key: GameKey, result: Result, shown_board: int, now: float | None = None, *,
                            submission: Submission | None = None) -> None:
        """Store a result on a game that has none (compare-and-set) and log it, in one transaction.

        Raises ResultConflict, changing nothing, if the game has a result or no longer exists.
        `submission` (the answer to a client key) is kept in the same transaction.
        """
        at = time.time() if now is None else now

        async def body(tx: Tx) -> None:
            cursor = await tx.execute(SET_IF_EMPTY, (int(result), at, at, *key.astuple()))
            if cursor.rowcount != 1:
                raise await conflict(tx, key, shown_board)
            await tx.execute(LOG_RESULT, (key.tournament_id, key.round, shown_board, key.white_player_id,
                                          key.black_player_id, at, int(result)))
            await finish(tx, "result", key, shown_board, None, result, at, submission)

        await self.write(body)

    async def correct_result(self, key: GameKey, old: Result, new: Result, shown_board: int, *,
                             submission: Submission | None = None) -> None:
        """Replace a game's result, only if it still is `old` (compare-and-set); arbiters only."""
        now = time.time()

        async def body(tx: Tx) -> None:
            cursor = await tx.execute(SET_IF, (int(new), now, now, *key.astuple(), int(old)))
            if cursor.rowcount != 1:
                raise await conflict(tx, key, shown_board, expected=old)
            cursor = await tx.execute(RELOG, (int(new), now, shown_board, *key.astuple()))
            if cursor.rowcount == 0:
                await tx.execute(LOG_RESULT, (key.tournament_id, key.round, shown_board, key.white_player_id,
                                              key.black_player_id, now, int(new)))
            await finish(tx, "result corrected", key, shown_board, old, new, now, submission)

        await self.write(body)

    async def delete_result(self, key: GameKey, *, expected: Result | None = None, shown_board: int = 0,
                            submission: Submission | None = None) -> Result:
        """Remove a game's result and its log row in one transaction; returns the removed result.

        With `expected`, only if the result still is that one (compare-and-set).
        """
        now = time.time()

        async def body(tx: Tx) -> Result:
            row = await tx.fetchone(f"SELECT result FROM pairing WHERE {GAME} AND result IS NOT NULL", key.astuple())
            if row is None:
                raise ResultConflict("This game has no result to delete.")
            if expected is not None and row[0] != int(expected):
                raise await conflict(tx, key, shown_board, expected=expected)
            removed = Result(row[0])
            await tx.execute(CLEAR, (now, now, *key.astuple()))
            await tx.execute(UNLOG, key.astuple())
            await finish(tx, "result deleted", key, shown_board, removed, None, now, submission)
            return removed

        return await self.write(body)
