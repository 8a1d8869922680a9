"""The admin pages' writes on teams (web/controllers/admin/teams.py): edit and delete a team, a new player straight
into a team, a team tournament made individual again. Each one transaction, journalled."""

from __future__ import annotations

import time
from collections.abc import Sequence

from database.event_file import Tx
from database.teams import TEAMS, TeamLayer, journal, write_members
from tournament.errors import Conflict, Invalid, NotFound


async def _team_row(tx: Tx, tid: int, team_id: int) -> tuple[str, int]:
    row = list(await tx.execute_fetchall("SELECT name, number FROM team WHERE id = ? AND tournament_id = ?",
                                         (team_id, tid)))
    if not row:
        raise NotFound("No team %s in this tournament.", team_id)
    return str(row[0][0]), int(row[0][1])


class TeamAdmin(TeamLayer):
    """A team edited or deleted, a player added to a team, the team tournament ended. Part of `store.teams`."""

    async def update_team(self, tid: int, team_id: int, name: str, *, short_name: str = "", club: str = "",
                          federation: str = "", members: Sequence[int] = ()) -> None:
        """A team's names, club, federation and declared board order (player pairing numbers), in one write."""
        name = name.strip()
        if not name:
            raise Invalid("A team needs a name.")
        async with self._store.transaction((TEAMS, tid)) as tx:
            old, _number = await _team_row(tx, tid, team_id)
            taken = list(await tx.execute_fetchall(
                "SELECT 1 FROM team WHERE tournament_id = ? AND name = ? AND id <> ?", (tid, name, team_id)))
            if taken:
                raise Conflict("There is already a team %s.", name)
            await tx.execute("UPDATE team SET name = ?, short_name = ?, club = ?, federation = ?, last_update = ?"
                             " WHERE id = ?", (name, short_name.strip(), club.strip(), federation.strip(), time.time(),
                                               team_id))
            await write_members(tx, tid, team_id, list(members))
            journal(tx, "edit", name, old=old if old != name else None,
                           new=" ".join(str(m) for m in members), tid=tid)

    async def delete_team(self, tid: int, team_id: int) -> None:
        """Delete a team that has no match yet (its members stay players of the tournament)."""
        async with self._store.transaction((TEAMS, tid)) as tx:
            name, _number = await _team_row(tx, tid, team_id)
            played = list(await tx.execute_fetchall("SELECT 1 FROM team_match WHERE team_a_id = ? OR team_b_id = ?"
                                                    " LIMIT 1", (team_id, team_id)))
            if played:
                raise Conflict("Team %s already has matches: it cannot be deleted.", name)
            await tx.execute("DELETE FROM team WHERE id = ?", (team_id,))
            # the later teams move up one number (in two steps: `number` is unique at every row)
            await tx.execute("UPDATE team SET number = number + 100000 WHERE tournament_id = ? AND number > ?",
                             (tid, _number))
            await tx.execute("UPDATE team SET number = number - 100001, last_update = ? WHERE tournament_id = ?"
                             " AND number > 100000", (time.time(), tid))
            journal(tx, "delete", name, tid=tid)

    async def add_team_player(self, tid: int, team_id: int, last_name: str, first_name: str = "", *,
                              rating: int | None = None, federation: str = "") -> int:
        """A new player of the tournament (next pairing number), last in the team's board order; returns the number."""
        last_name = last_name.strip()
        if not last_name:
            raise Invalid("A player needs a last name.")
        now = time.time()
        async with self._store.transaction((TEAMS, tid), ("players", tid)) as tx:
            name, _number = await _team_row(tx, tid, team_id)
            row = list(await tx.execute_fetchall("SELECT COALESCE(MAX(pairing_number), 0) + 1 FROM player"
                                                 " WHERE tournament_id = ?", (tid,)))
            number = int(row[0][0])
            cursor = await tx.execute(
                "INSERT INTO player (tournament_id, pairing_number, last_name, first_name, fide_rating, federation,"
                " last_update) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (tid, number, last_name, first_name.strip(), rating, federation.strip() or None, now))
            order = list(await tx.execute_fetchall("SELECT COALESCE(MAX(board_order), 0) + 1 FROM team_member"
                                                   " WHERE team_id = ?", (team_id,)))
            await tx.execute("INSERT INTO team_member (team_id, player_id, board_order) VALUES (?, ?, ?)",
                             (team_id, int(cursor.lastrowid or 0), int(order[0][0])))
            journal(tx, "late entrant", f"{last_name} {first_name}".strip(), new=name, tid=tid)
        return number

    async def end_team_tournament(self, tid: int) -> None:
        """Make a team tournament individual again; refused while it has teams."""
        async with self._store.transaction((TEAMS, tid), ("tournament", tid)) as tx:
            if list(await tx.execute_fetchall("SELECT 1 FROM team WHERE tournament_id = ? LIMIT 1", (tid,))):
                raise Conflict("Delete the teams first: the tournament still has teams.")
            await tx.execute("DELETE FROM team_settings WHERE tournament_id = ?", (tid,))
            journal(tx, "team settings", None, old="team", new="individual", tid=tid)
