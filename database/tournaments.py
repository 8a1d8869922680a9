"""Writes about tournaments: settings, players and pairings, check-in, illegal moves (docs/screens.md §10, §11)."""

from __future__ import annotations

import time
from typing import Any

from database.base import StoreCore, convert
from database.tx import Tx
from tournament.errors import Conflict, NotFound
from tournament.models import IllegalMove, Pairing, Player, Tournament
from tournament.seeding import renumbering

#: What a tournament's replacement empties, children first.
TOURNAMENT_ROWS = ("result", "illegal_move", "skipped_round", "pairing", "player")


def person(last_name: str, first_name: str) -> str:
    return f"{last_name} {first_name}".strip()


def presence(checked_in: bool) -> str:
    return "in" if checked_in else "out"


async def fill(tx: Tx, tid: int, players: list[dict[str, Any]], pairings: list[dict[str, Any]], now: float, *,
               replace: bool = True) -> dict[int, int]:
    """Players and pairings of a tournament inside `tx`; returns player ids by pairing number.

    `pairings` name players by pairing number in `white` / `black`. With `replace`, the tournament's
    players, pairings, result log, illegal moves and skipped rounds are removed first.
    """
    if replace:
        for table in TOURNAMENT_ROWS:
            await tx.execute(f"DELETE FROM {table} WHERE tournament_id = ?", (tid,))
    new_ids = await tx.insert_many("player", Player, [{"last_update": now, **p, "tournament_id": tid}
                                                      for p in players])
    ids = {int(p["pairing_number"]): pid for p, pid in zip(players, new_ids, strict=True)}
    rows: list[dict[str, Any]] = []
    for g in pairings:
        values = {k: v for k, v in g.items() if k not in ("white", "black")}
        values["white_player_id"] = ids[g["white"]]
        values["black_player_id"] = ids[g["black"]] if g.get("black") else None
        values.update(tournament_id=tid, last_update=now)
        rows.append(values)
    await tx.insert_many("pairing", Pairing, rows)
    await tx.execute("UPDATE tournament SET last_update = ?, last_result_update = ? WHERE id = ?", (now, now, tid))
    tx.changed("pairings", tid)
    return ids


async def round_one_paired(tx: Tx, tid: int) -> bool:
    return await tx.fetchone("SELECT 1 FROM pairing WHERE tournament_id = ? LIMIT 1", (tid,)) is not None


async def renumber(tx: Tx, tid: int) -> int:
    """Pairing numbers in initial order (tournament/seeding.py, FIDE C.04.2) inside `tx`; refused once round 1 is
    paired (numbers are then fixed). Returns how many players got another number."""
    if await round_one_paired(tx, tid):
        raise Conflict("Round 1 is paired: the pairing numbers are fixed now (a late entrant gets the next one).")
    players = convert(await tx.fetchall("SELECT * FROM player WHERE tournament_id = ?", (tid,)), Player)
    changes = renumbering(players)
    # in two steps, numbers being unique in a tournament: the new ones negative first, then turned positive
    for player_id, number in changes.items():
        await tx.execute("UPDATE player SET pairing_number = ? WHERE id = ?", (-number, player_id))
    await tx.execute("UPDATE player SET pairing_number = -pairing_number"
                     " WHERE tournament_id = ? AND pairing_number < 0", (tid,))
    if changes:
        tx.changed("players", tid)
    return len(changes)


class TournamentWrites(StoreCore):
    async def renumber_players(self, tid: int) -> int:
        """The "renumber" action of the players page: pairing numbers in initial order (refused after round 1)."""
        async with self.transaction(("players", tid)) as tx:
            count = await renumber(tx, tid)
            tx.journal("players renumbered", f"{count} numbers changed", tournament_id=tid)
            return count

    async def add_tournament(self, **values: Any) -> int:
        values.setdefault("last_update", time.time())
        async with self.transaction(("tournament", None)) as tx:
            tid = await tx.insert("tournament", Tournament, values)
            tx.changed("tournament", tid)
            tx.journal("tournament added", str(values.get("uniq_id")), tournament_id=tid)
            return tid

    async def update_tournament(self, tid: int, **values: Any) -> None:
        values.setdefault("last_update", time.time())
        async with self.transaction(("tournament", tid)) as tx:
            await tx.update("tournament", Tournament, tid, values)
            tx.journal("tournament settings", ", ".join(k for k in values if k != "last_update"), tournament_id=tid)

    async def fill_tournament(
        self, tid: int, players: list[dict[str, Any]], pairings: list[dict[str, Any]], *, replace: bool = True
    ) -> None:
        """Load players and pairings in one transaction (see `fill`)."""
        async with self.transaction() as tx:
            await fill(tx, tid, players, pairings, time.time(), replace=replace)
            tx.journal("pairings", f"{len(players)} players, {len(pairings)} pairings", tournament_id=tid)

    # -- check-in and illegal moves --------------------------------------------------------------

    async def set_checked_in(self, tid: int, player_id: int, checked_in: bool) -> None:
        """Check a player in or out; refused once the tournament has a paired round."""
        now = time.time()
        async with self.transaction(("checkin", tid)) as tx:
            if await tx.fetchone("SELECT 1 FROM pairing WHERE tournament_id = ? LIMIT 1", (tid,)) is not None:
                raise Conflict("Check-in is closed: round 1 is paired. Nothing was changed.")
            before = await tx.fetchone(
                "SELECT checked_in, last_name, first_name FROM player WHERE id = ? AND tournament_id = ?",
                (player_id, tid),
            )
            if before is None:
                raise NotFound("No player %s in this tournament.", player_id)
            await tx.execute("UPDATE player SET checked_in = ?, last_update = ? WHERE id = ? AND tournament_id = ?",
                             (int(checked_in), now, player_id, tid))
            await tx.execute("UPDATE tournament SET last_check_in_update = ? WHERE id = ?", (now, tid))
            tx.journal("check-in", person(before[1], before[2]), presence(bool(before[0])), presence(checked_in),
                       tournament_id=tid, players=(player_id,))

    async def _game_in_progress(self, tx: Tx, tid: int, rnd: int, player_id: int) -> int | None:
        """The board of the player's game in `rnd`, refused unless it is a game without result."""
        row = await tx.fetchone(
            "SELECT result, board FROM pairing WHERE tournament_id = ? AND round = ? AND black_player_id IS NOT NULL"
            " AND (white_player_id = ? OR black_player_id = ?)",
            (tid, rnd, player_id, player_id),
        )
        if row is None:
            raise Conflict("This player has no game in round %s. Nothing was changed.", rnd)
        if row[0] is not None:
            raise Conflict("This game has a result: its illegal moves can no longer change. Nothing was changed.")
        return None if row[1] is None else int(row[1])

    async def _journal_illegal(self, tx: Tx, what: str, tid: int, rnd: int, player_id: int, board: int | None,
                               old: int, new: int) -> None:
        name = await tx.fetchone("SELECT last_name, first_name FROM player WHERE id = ?", (player_id,))
        tx.journal(what, person(name[0], name[1]) if name else f"player {player_id}", str(old), str(new),
                   tournament_id=tid, round=rnd, board=board, players=(player_id,))

    async def add_illegal_move(self, tid: int, rnd: int, player_id: int, limit: int) -> int:
        """Record one illegal move of a player in a game without result; returns the new count."""
        now = time.time()
        async with self.transaction(("illegal_move", tid)) as tx:
            board = await self._game_in_progress(tx, tid, rnd, player_id)
            row = await tx.fetchone(
                "SELECT count(*) FROM illegal_move WHERE tournament_id = ? AND round = ? AND player_id = ?",
                (tid, rnd, player_id),
            )
            count = int(row[0]) if row else 0
            if count >= limit:
                raise Conflict("This player already has %s illegal moves recorded (limit %s).", count, limit)
            await tx.insert("illegal_move", IllegalMove,
                            {"tournament_id": tid, "round": rnd, "player_id": player_id, "date": now})
            await tx.execute("UPDATE tournament SET last_illegal_move_update = ? WHERE id = ?", (now, tid))
            await self._journal_illegal(tx, "illegal move added", tid, rnd, player_id, board, count, count + 1)
            return count + 1

    async def remove_illegal_move(self, tid: int, rnd: int, player_id: int) -> int:
        """Remove the latest illegal move of a player in a game without result; returns the new count."""
        now = time.time()
        async with self.transaction(("illegal_move", tid)) as tx:
            board = await self._game_in_progress(tx, tid, rnd, player_id)
            rows = await tx.fetchall(
                "SELECT id FROM illegal_move WHERE tournament_id = ? AND round = ? AND player_id = ?"
                " ORDER BY id DESC", (tid, rnd, player_id),
            )
            if not rows:
                raise Conflict("This player has no illegal move to remove.")
            await tx.execute("DELETE FROM illegal_move WHERE id = ?", (rows[0][0],))
            await tx.execute("UPDATE tournament SET last_illegal_move_update = ? WHERE id = ?", (now, tid))
            await self._journal_illegal(tx, "illegal move removed", tid, rnd, player_id, board, len(rows),
                                        len(rows) - 1)
            return len(rows) - 1
