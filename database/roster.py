"""`store.roster`: a tournament's players as the arbiter edits them (the admin pages' player forms, the desk's
late entrants): added, edited, deleted, withdrawn. Each write is one transaction journalled `admin: …` by
database/admin.py's `write`, announcing `("players", tid)`; before round 1 the pairing numbers follow the
initial ranking (database/tournaments.py renumbers them in the same transaction).
"""

from __future__ import annotations

import time
from typing import Any

from database.admin import label, row_of, stamped, write
from database.base import convert
from database.event_file import Area
from database.tournaments import renumber, round_one_paired
from database.tx import Tx
from tournament.errors import Conflict, NotFound
from tournament.models import Pairing, Player, SkippedRound
from tournament.player_rules import ranking_changed
from tournament.results import ByeKind


async def _player(tx: Tx, tid: int, player_id: int) -> Player:
    rows = await tx.fetchall("SELECT * FROM player WHERE id = ? AND tournament_id = ?", (player_id, tid))
    if not rows:
        raise NotFound("No player %s in this tournament.", player_id)
    return convert(rows, Player)[0]


class Roster(Area):
    """`store.roster`: a tournament's players as the arbiter edits them; each write announces `("players", tid)` and
    is undone by an arbiter (database/journal.py)."""

    async def add_player(self, tid: int, values: dict[str, Any], missed: ByeKind = ByeKind.ZERO) -> int:
        """A new player; before round 1 everyone is renumbered by the initial ranking, after it the entrant gets the
        next number and a `missed` bye (zero or half a point) in every round already paired."""
        async with write(self._store, ("players", tid), what="late entrant", target=label("player", values),
                         tournament_id=tid, undo_role="arbiter") as tx:
            cursor = await tx.execute("SELECT coalesce(max(pairing_number), 0) FROM player WHERE tournament_id = ?",
                                        (tid,))
            row = await cursor.fetchone()
            number = (row[0] if row else 0) + 1
            values = {**values, "tournament_id": tid, "pairing_number": number}
            player_id = await tx.insert("player", Player, stamped(Player, values))
            if not await round_one_paired(tx, tid):  # before round 1 the numbers follow the initial ranking (C.04.2)
                await renumber(tx, tid)
                return player_id
            rounds = await tx.fetchall("SELECT DISTINCT round FROM pairing WHERE tournament_id = ?", (tid,))
            await tx.insert_many("pairing", Pairing, [
                {"tournament_id": tid, "round": r[0], "white_player_id": player_id, "bye_kind": missed.value,
                 "last_update": values.get("last_update", time.time())} for r in rounds])
            tx.changed("pairings", tid)
            return player_id

    async def edit_player(self, tid: int, player_id: int, values: dict[str, Any]) -> None:
        """A player's record changed (any field, at any time); before round 1, an edit that moves the player in the
        initial ranking (rating, title, name) renumbers the tournament in the same transaction."""
        async with write(self._store, ("players", tid), what="player record", target=label("player", values, player_id),
                         tournament_id=tid, undo_role="arbiter") as tx:
            before = await _player(tx, tid, player_id)
            await tx.update("player", Player, player_id, stamped(Player, values))
            tx.journal("admin: player record", label("player", values, player_id), tournament_id=tid,
                       players=(player_id,))
            if ranking_changed(before, await _player(tx, tid, player_id)) and not await round_one_paired(tx, tid):
                await renumber(tx, tid)

    async def delete_player(self, tid: int, player_id: int) -> None:
        """Remove a player who has no pairing yet (no game, no bye); with a pairing the player stays (withdraw)."""
        async with write(self._store, ("players", tid), what="delete", tournament_id=tid, undo_role="arbiter") as tx:
            player = await _player(tx, tid, player_id)
            tx.journal("admin: delete", label("player", {"last_name": player.shown_name}), tournament_id=tid,
                       players=(player_id,))
            if await tx.fetchone("SELECT 1 FROM pairing WHERE tournament_id = ? AND (white_player_id = ?"
                                 " OR black_player_id = ?) LIMIT 1", (tid, player_id, player_id)) is not None:
                raise Conflict("%s is in the pairings already: withdraw the player instead. Nothing was changed.",
                               player.shown_name)
            for table in ("skipped_round", "illegal_move"):
                column = "papi_player_id" if table == "skipped_round" else "player_id"
                await tx.execute(f"DELETE FROM {table} WHERE tournament_id = ? AND {column} = ?", (tid, player_id))
            await tx.execute("DELETE FROM player WHERE id = ?", (player_id,))
            if not await round_one_paired(tx, tid):
                await renumber(tx, tid)

    async def withdraw_player(self, tid: int, player_id: int, rounds: list[int], score: float) -> None:
        """Skip `rounds` (not yet paired) for a player: one `skipped_round` row each, replacing older ones."""
        async with write(self._store, ("players", tid), what="withdraw", target=f"player {player_id} rounds {rounds}",
                         tournament_id=tid) as tx:
            player = await row_of(tx, "player", player_id)
            if player["tournament_id"] != tid:
                raise NotFound("No player %s in this tournament.", player_id)
            for rnd in rounds:
                cursor = await tx.execute("SELECT 1 FROM pairing WHERE tournament_id = ? AND round = ? LIMIT 1",
                                            (tid, rnd))
                if await cursor.fetchone() is not None:
                    raise Conflict("Round %s was paired meanwhile; nothing was changed.", rnd)
                await tx.execute("DELETE FROM skipped_round WHERE tournament_id = ? AND round = ?"
                                 " AND papi_player_id = ?", (tid, rnd, player_id))
                await tx.insert("skipped_round", SkippedRound,
                                    {"tournament_id": tid, "round": rnd, "papi_player_id": player_id, "score": score})

    async def cancel_withdrawal(self, tid: int, player_id: int) -> None:
        """Remove the player's skipped rounds that are not paired yet."""
        async with write(self._store, ("players", tid), what="cancel withdrawal", target=f"player {player_id}",
                         tournament_id=tid) as tx:
            await tx.execute(
                "DELETE FROM skipped_round WHERE tournament_id = ? AND papi_player_id = ? AND round NOT IN"
                " (SELECT DISTINCT round FROM pairing WHERE tournament_id = ?)", (tid, player_id, tid))
