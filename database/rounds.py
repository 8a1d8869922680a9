"""Publishing a round paired by Echiquier, and taking back a round that has no result yet.

Each is one transaction with its journal entry; the commit announces `("pairings", tid)`, so every hall
screen of the tournament refetches and shows the new round. Rows are written as database/imports.py
writes them: games and the pairing-allocated bye with a board number and position, other byes without.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import msgspec

from database.event_file import Area
from database.tx import Tx
from tournament.errors import Conflict, Invalid, NotFound
from tournament.results import ByeKind


class NewPairing(msgspec.Struct, frozen=True, kw_only=True):
    """One row of a round to publish (player row ids)."""

    white_player_id: int
    black_player_id: int | None = None
    board: int | None = None
    board_order: int | None = None
    bye_kind: ByeKind | None = None


INSERT = ("INSERT INTO pairing (tournament_id, round, white_player_id, black_player_id, board, board_order, bye_kind,"
          " last_update) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")


async def _unpaired_player(tx: Tx, tid: int, player_id: int, rnd: int) -> str:
    """The player's name, once sure that round `rnd` is not paired yet (a bye request is for a round to come)."""
    name = await _player_name(tx, tid, player_id)
    cursor = await tx.execute("SELECT 1 FROM pairing WHERE tournament_id = ? AND round = ? LIMIT 1", (tid, rnd))
    if await cursor.fetchone() is not None:
        raise Conflict("Round %s is already paired: unpair it first. Nothing was changed.", rnd)
    return name


async def _player_name(tx: Tx, tid: int, player_id: int) -> str:
    cursor = await tx.execute("SELECT last_name, first_name FROM player WHERE id = ? AND tournament_id = ?",
                                (player_id, tid))
    row = await cursor.fetchone()
    if row is None:
        raise NotFound("No player %s in this tournament.", player_id)
    return f"{str(row[0]).upper()} {row[1]}".strip()


def _points(score: float) -> str:
    """A bye's points as printed: 1, ½ or 0."""
    return {1.0: "1", 0.5: "½", 0.0: "0"}.get(float(score), str(score))


class Rounds(Area):
    """`store.rounds`: an individual round published or taken back, a bye requested or cancelled."""

    async def publish_round(self, tid: int, rnd: int, rows: Sequence[NewPairing], *,
                            note: str = "") -> None:
        """Write round `rnd` of a tournament in one transaction.

        Refused, changing nothing, unless `rnd` follows the last paired round and every row names a player of
        the tournament (at most once). `note` (the arbiter's manual changes) goes into the journal entry.
        """
        if not rows:
            raise Invalid("Round %s has no pairing to publish.", rnd)
        now = time.time()
        async with self._store.transaction(("pairings", tid)) as tx:
            cursor = await tx.execute("SELECT coalesce(max(round), 0) FROM pairing WHERE tournament_id = ?", (tid,))
            last = int((await cursor.fetchone() or (0,))[0])
            if rnd != last + 1:
                raise Conflict("Round %s cannot be published: the last paired round is %s (paired meanwhile?)."
                               " Nothing was changed.", rnd, last)
            cursor = await tx.execute("SELECT id FROM player WHERE tournament_id = ?", (tid,))
            known = {int(r[0]) for r in await cursor.fetchall()}
            seen: set[int] = set()
            for row in rows:
                for pid in (row.white_player_id, row.black_player_id):
                    if pid is None:
                        continue
                    if pid not in known:
                        raise Conflict("Player %s is no longer in this tournament. Nothing was changed.", pid)
                    if pid in seen:
                        raise Invalid("A player appears twice in round %s. Nothing was changed.", rnd)
                    seen.add(pid)
                if (row.black_player_id is None) != (row.bye_kind is not None):
                    raise Invalid("A bye needs its kind, a game none. Nothing was changed.")
                await tx.execute(INSERT, (tid, rnd, row.white_player_id, row.black_player_id, row.board,
                                            row.board_order, row.bye_kind.value if row.bye_kind else None, now))
            await tx.execute("UPDATE tournament SET last_update = ?, last_result_update = ? WHERE id = ?",
                               (now, now, tid))
            games = sum(1 for r in rows if r.black_player_id is not None)
            summary = f"{games} games, {len(rows) - games} byes" + (f" ({note})" if note else "")
            tx.journal("round published", f"round {rnd}", new=summary, tournament_id=tid, round=rnd)

    async def unpair_round(self, tid: int, rnd: int) -> int:
        """Delete the pairings of the last paired round, only while none of its games has a result; returns
        the number of rows removed. Its illegal moves go with it; requested byes (`skipped_round`) stay."""
        now = time.time()
        async with self._store.transaction(("pairings", tid)) as tx:
            cursor = await tx.execute("SELECT coalesce(max(round), 0) FROM pairing WHERE tournament_id = ?", (tid,))
            last = int((await cursor.fetchone() or (0,))[0])
            if last == 0:
                raise Conflict("No round is paired yet. Nothing was changed.")
            if rnd != last:
                raise Conflict("Only the last paired round (%s) can be unpaired. Nothing was changed.", last)
            cursor = await tx.execute(
                "SELECT count(*) FROM pairing WHERE tournament_id = ? AND round = ? AND result IS NOT NULL", (tid, rnd))
            with_result = int((await cursor.fetchone() or (0,))[0])
            if with_result:
                raise Conflict("Round %s already has %s results: delete them first to unpair it. Nothing was changed.",
                               rnd, with_result)
            await tx.execute("DELETE FROM illegal_move WHERE tournament_id = ? AND round = ?", (tid, rnd))
            cursor = await tx.execute("DELETE FROM pairing WHERE tournament_id = ? AND round = ?", (tid, rnd))
            removed = int(cursor.rowcount or 0)
            await tx.execute("UPDATE tournament SET last_update = ?, last_result_update = ? WHERE id = ?",
                               (now, now, tid))
            tx.journal("round unpaired", f"round {rnd}", old=f"{removed} pairings",
                                tournament_id=tid, round=rnd)
            return removed

    async def request_bye(self, tid: int, player_id: int, rnd: int, score: float) -> None:
        """A player asks not to be paired in round `rnd` (not paired yet) and gets `score` (1, ½ or 0): one
        `skipped_round` row, replacing an earlier request for that round."""
        if score not in (0.0, 0.5, 1.0):
            raise Invalid("A requested bye is worth 1, ½ or 0 points, not %s.", score)
        async with self._store.transaction(("players", tid)) as tx:
            name = await _unpaired_player(tx, tid, player_id, rnd)
            cursor = await tx.execute("SELECT score FROM skipped_round WHERE tournament_id = ? AND round = ?"
                                        " AND papi_player_id = ?", (tid, rnd, player_id))
            before = await cursor.fetchone()
            await tx.execute("DELETE FROM skipped_round WHERE tournament_id = ? AND round = ? AND papi_player_id = ?",
                               (tid, rnd, player_id))
            await tx.execute("INSERT INTO skipped_round (tournament_id, round, papi_player_id, score)"
                               " VALUES (?, ?, ?, ?)", (tid, rnd, player_id, score))
            tx.journal("requested bye", name, None if before is None else _points(before[0]), _points(score),
                                tournament_id=tid, round=rnd, players=(player_id,))

    async def cancel_bye(self, tid: int, player_id: int, rnd: int) -> None:
        """Withdraw a player's request not to be paired in round `rnd` (not paired yet)."""
        async with self._store.transaction(("players", tid)) as tx:
            name = await _unpaired_player(tx, tid, player_id, rnd)
            cursor = await tx.execute("DELETE FROM skipped_round WHERE tournament_id = ? AND round = ?"
                                        " AND papi_player_id = ? RETURNING score", (tid, rnd, player_id))
            removed = list(await cursor.fetchall())
            if not removed:
                raise Conflict("%s has no requested bye in round %s. Nothing was changed.", name, rnd)
            tx.journal("requested bye cancelled", name, _points(removed[0][0]), None, tournament_id=tid,
                                round=rnd, players=(player_id,))
