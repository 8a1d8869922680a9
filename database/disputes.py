"""Disputed results: a result refused because the game already had another one (a second tablet, or a player
entering the opposite result). The refusal is journalled (`result refused`: the stored result as `old`, the refused
one as `new`), and the game stays disputed, flagged on the arbiter's desk, until an arbiter settles it: keeps the
result (`dispute settled`), corrects it or deletes it. Journal entries only: no table of their own."""

from __future__ import annotations

import json

import msgspec

from database import journal as jn
from database.base import StoreCore
from database.events import GameKey
from database.results import GAME, journal_result
from database.tx import Tx
from tournament.errors import Conflict, NotFound
from tournament.results import Result

REFUSED = "result refused"
SETTLED = "dispute settled"
#: What ends a dispute: the arbiter's answer, or any later change of the game's result.
SETTLING = (SETTLED, "result corrected", "result deleted", "result")
LATEST_BY_GAME = (
    "SELECT * FROM journal j WHERE j.id IN (SELECT max(id) FROM journal WHERE tournament_id = ? AND what IN"
    f" ({', '.join('?' for _ in (REFUSED, *SETTLING))}) AND undone_by IS NULL GROUP BY round, player_ids)"
    " AND j.what = ? ORDER BY j.round, j.board"
)


class DisputeWrites(StoreCore):
    async def refuse_result(self, key: GameKey, result: Result, shown_board: int) -> None:
        """Journal a result refused because the game has another one; nothing else changes. The same refusal
        twice in a row (a retried request) is journalled once."""
        async with self.transaction() as tx:
            row = await tx.fetchone(f"SELECT result FROM pairing WHERE {GAME}", key.astuple())
            if row is None or row[0] is None or row[0] == int(result):
                return  # the game is gone, or it has no result, or the same one: nothing disputed
            latest = await self._latest(tx, key)
            if latest is not None and latest.what == REFUSED and latest.new == result.label():
                return
            journal_result(tx, REFUSED, key, shown_board, Result(row[0]), result)
            tx.changed("dispute", key.tournament_id)  # the desk flags the board

    async def _latest(self, tx: Tx, key: GameKey) -> jn.Entry | None:
        rows = await tx.fetchall(
            f"SELECT * FROM journal WHERE tournament_id = ? AND round = ? AND player_ids = ? AND what IN"
            f" ({', '.join('?' for _ in (REFUSED, *SETTLING))}) ORDER BY id DESC LIMIT 1",
            (key.tournament_id, key.round, _players(key), REFUSED, *SETTLING))
        return msgspec.convert(dict(rows[0]), jn.Entry, strict=False) if rows else None

    async def open_disputes(self, tid: int) -> list[jn.Entry]:
        """The `result refused` entries of games not settled since, by round and board."""
        rows = await self._reader.execute_fetchall(LATEST_BY_GAME, (tid, REFUSED, *SETTLING, REFUSED))
        return [msgspec.convert(dict(r), jn.Entry, strict=False) for r in rows]

    async def settle_dispute(self, tid: int, entry_id: int) -> None:
        """The arbiter keeps the game's result: the dispute of `entry_id` is settled (journalled)."""
        async with self.transaction(("dispute", tid)) as tx:
            rows = await tx.fetchall("SELECT * FROM journal WHERE id = ? AND tournament_id = ? AND what = ?",
                                     (entry_id, tid, REFUSED))
            if not rows:
                raise NotFound("No disputed result %s in this tournament.", entry_id)
            refused = msgspec.convert(dict(rows[0]), jn.Entry, strict=False)
            ids = json.loads(refused.player_ids or "[]")
            if len(ids) != 2 or refused.round is None:
                raise NotFound("No disputed result %s in this tournament.", entry_id)
            key = GameKey(tournament_id=tid, round=refused.round, white_player_id=ids[0], black_player_id=ids[1])
            latest = await self._latest(tx, key)
            if latest is None or latest.id != entry_id:
                raise Conflict("This dispute was settled meanwhile. Nothing was changed.")
            row = await tx.fetchone(f"SELECT result FROM pairing WHERE {GAME}", key.astuple())
            kept = Result(row[0]) if row is not None and row[0] is not None else None
            journal_result(tx, SETTLED, key, refused.board or 0, None, kept)


def _players(key: GameKey) -> str:
    """The journal's `player_ids` of a game (database/journal.py writes them as a JSON list)."""
    return json.dumps([key.white_player_id, key.black_player_id])
