"""A team tournament's matches in the event file: a match added by hand, line-ups, team forfeits, board results
that are not games (a board with one player), a round's matches published or taken back. Each one transaction,
journalled; the team layer's rows and reads are database/teams.py's."""

from __future__ import annotations

import time
from collections.abc import Sequence

from database.event_file import GameKey
from database.journal import Submission, remember
from database.results import GAME, LOG_RESULT
from database.teams import TEAMS, TeamLayer, insert_board, insert_match, journal
from tournament.errors import Conflict, Invalid, NotFound
from tournament.results import Result
from tournament.teams.core import BoardGame, Match, a_is_white, absence_result, lineup_errors, played, shown_board
from tournament.teams.trf import TeamEvent


def _side_entered(m: Match, side: str) -> bool:
    return any((g.a_player if side == "A" else g.b_player) is not None for g in m.boards)


class TeamMatches(TeamLayer):
    """A team round's matches, line-ups, forfeits and board results. Part of `store.teams`."""

    async def add_match(self, tid: int, rnd: int, team_a: int, team_b: int | None, *,
                        table: int | None = None, a_white_first: bool = True) -> int:
        """A match (team numbers) with empty boards; the line-ups come later."""
        settings = await self.team_settings(tid)
        if settings is None:
            raise Invalid("Tournament %s is not a team tournament.", tid)
        size = settings[0]
        now = time.time()
        async with self._store.transaction((TEAMS, tid)) as tx:
            ids = {int(r[0]): int(r[1]) for r in await tx.execute_fetchall(
                "SELECT number, id FROM team WHERE tournament_id = ?", (tid,))}
            for n in (team_a, team_b):
                if n is not None and n not in ids:
                    raise Invalid("No team %s in this tournament.", n)
            busy = list(await tx.execute_fetchall(
                "SELECT t.number FROM team_match m JOIN team t ON t.id IN (m.team_a_id, m.team_b_id)"
                " WHERE m.tournament_id = ? AND m.round = ?", (tid, rnd)))
            for r in busy:
                if int(r[0]) in (team_a, team_b):
                    raise Conflict("Team %s already has a match in round %s.", r[0], rnd)
            if table is None:
                row = list(await tx.execute_fetchall("SELECT COALESCE(MAX(table_number), 0) + 1 FROM team_match"
                                                     " WHERE tournament_id = ? AND round = ?", (tid, rnd)))
                table = int(row[0][0])
            mid = await insert_match(tx, tid, Match(round=rnd, table=table, team_a=team_a, team_b=team_b,
                                                     a_white_first=a_white_first), ids, now)
            if team_b is not None:
                for k in range(1, size + 1):
                    await tx.execute("INSERT INTO team_board (match_id, board, last_update) VALUES (?, ?, ?)",
                                     (mid, k, now))
            journal(tx, "match added", f"round {rnd}, table {table}", tid=tid, rnd=rnd)
        return mid

    async def _match(self, tid: int, match_id: int) -> tuple[Match, TeamEvent]:
        ev = await self.load_team_event(tid)
        for m in ev.matches:
            if m.id == match_id:
                return m, ev
        raise NotFound("No match %s in this tournament.", match_id)

    async def set_lineup(self, tid: int, match_id: int, side: str, lineup: Sequence[int | None], *,
                         override: bool = False) -> None:
        """One team's players for a match, board by board (pairing numbers, None = nobody: a board forfeit).

        Checked against the team's declared board order under the tournament's rules. It may change until a game
        of the match is played (board forfeits do not count); after that only with the arbiter's `override`,
        journalled as such. When both sides are in, the games are created (a missing player: the board is won by
        forfeit by the player present); boards whose two players stay keep their game and result."""
        if side not in ("A", "B"):
            raise Invalid("A side is A or B, not %s.", side)
        settings = await self.team_settings(tid)
        if settings is None:
            raise Invalid("Tournament %s is not a team tournament.", tid)
        size, _scoring, rules = settings
        m, ev = await self._match(tid, match_id)
        team_no = m.team_a if side == "A" else m.team_b
        if team_no is None:
            raise Invalid("This team has no opponent in round %s.", m.round)
        team = next(t for t in ev.teams if t.number == team_no)
        problems = lineup_errors(team, lineup, size, rules)
        if problems:
            text, args = problems[0]
            raise Invalid(text, *args)
        if all(n is None for n in lineup):
            raise Invalid("A line-up without any player: if %s did not come, declare a team forfeit instead."
                          " Nothing was changed.", team.name)
        if m.forfeit:
            raise Conflict("Table %s has a team forfeit: lift it before entering a line-up. Nothing was changed.",
                           m.table)
        done = [g.board for g in m.boards if played(g)]
        if done and not override:
            raise Conflict("Board %s is played: the line-ups of table %s can only be changed with the arbiter's"
                           " override now. Nothing was changed.", shown_board(m, done[0], size), m.table)
        other_round = {p for x in ev.matches if x.round == m.round and x.id != m.id for g in x.boards
                       for p in (g.a_player, g.b_player)}
        for n in lineup:
            if n is not None and n in other_round:
                raise Conflict("Player %s already plays in round %s.", n, m.round)
        other_in = _side_entered(m, "B" if side == "A" else "A")
        now = time.time()
        async with self._store.transaction((TEAMS, tid), ("pairings", tid)) as tx:
            pid = {int(r[0]): int(r[1]) for r in await tx.execute_fetchall(
                "SELECT pairing_number, id FROM player WHERE tournament_id = ?", (tid,))}
            for k in range(1, size + 1):
                old = next((g for g in m.boards if g.board == k), None)
                mine = lineup[k - 1]
                was = (old.a_player, old.b_player) if old else (None, None)
                a, b = (mine, was[1]) if side == "A" else (was[0], mine)
                result = absence_result(a is not None, b is not None, a_is_white(m, k)) if other_in else None
                if old is not None and (a, b) == was and (None not in (a, b) or old.result == result):
                    continue  # the same two players: the game (and its result) stays
                await tx.execute("DELETE FROM pairing WHERE id IN (SELECT pairing_id FROM team_board WHERE match_id = ?"
                                 " AND board = ?)", (match_id, k))
                await tx.execute("DELETE FROM team_board WHERE match_id = ? AND board = ?", (match_id, k))
                await insert_board(tx, tid, m, match_id, BoardGame(board=k, a_player=a, b_player=b, result=result),
                                   pid, size, now)
            journal(tx, "line-up changed by the arbiter's override" if done else "line-up",
                    f"round {m.round}, table {m.table}, team {team.name}",
                    old=" ".join(str((g.a_player if side == "A" else g.b_player) or "-") for g in m.boards) or None,
                    new=" ".join(str(n or "-") for n in lineup), tid=tid, rnd=m.round)

    async def set_team_forfeit(self, tid: int, match_id: int, forfeit: str | None) -> None:
        """A whole team (A, B or both) did not come, or None to lift it. Refused once a game of the match is played.

        The boards whose line-ups are in are closed at once (the present team's players win by forfeit, the absent
        team's lose), so the round is complete for the screens and tablets; lifting the forfeit reopens those
        games (and keeps the board forfeits of the line-ups)."""
        if forfeit not in (None, "A", "B", "AB"):
            raise Invalid("A forfeit is A, B or AB, not %s.", forfeit)
        settings = await self.team_settings(tid)
        if settings is None:
            raise Invalid("Tournament %s is not a team tournament.", tid)
        size = settings[0]
        m, _ev = await self._match(tid, match_id)
        if m.team_b is None:
            raise Invalid("This team has no opponent in round %s.", m.round)
        done = [g.board for g in m.boards if played(g)]
        if forfeit and done:
            raise Conflict("Board %s is played: table %s cannot be a team forfeit. Correct the boards instead."
                           " Nothing was changed.", shown_board(m, done[0], size), m.table)
        if forfeit == m.forfeit:
            return
        gone = forfeit or ""
        now = time.time()
        async with self._store.transaction((TEAMS, tid), ("pairings", tid)) as tx:
            await tx.execute("UPDATE team_match SET forfeit = ?, last_update = ? WHERE id = ?",
                             (forfeit, now, match_id))
            rows = {int(r[0]): r for r in await tx.execute_fetchall(
                "SELECT b.board, b.pairing_id, p.white_player_id, p.black_player_id FROM team_board b"
                " LEFT JOIN pairing p ON p.id = b.pairing_id WHERE b.match_id = ?", (match_id,))}
            for g in m.boards:
                if g.a_player is None and g.b_player is None:
                    continue  # no line-up on either side: the match's forfeit scores it
                white = a_is_white(m, g.board)
                a_in = g.a_player is not None and "A" not in gone
                b_in = g.b_player is not None and "B" not in gone
                result = absence_result(a_in, b_in, white)
                if rows[g.board][1] is None:  # a board forfeit of the line-ups
                    await tx.execute("UPDATE team_board SET result = ?, last_update = ? WHERE match_id = ?"
                                     " AND board = ?", (int(result) if result else None, now, match_id, g.board))
                    continue
                if result is None and g.result is None:
                    continue
                game = (tid, m.round, rows[g.board][2], rows[g.board][3])
                await tx.execute("UPDATE pairing SET result = ?, result_date = ?, last_update = ? WHERE id = ?",
                                 (int(result) if result else None, now, now, rows[g.board][1]))
                await tx.execute(f"DELETE FROM result WHERE {GAME}", game)
                if result is not None:
                    await tx.execute(LOG_RESULT, (*game[:2], shown_board(m, g.board, size), *game[2:], now,
                                                  int(result)))
            journal(tx, "team forfeit", f"round {m.round}, table {m.table}", old=m.forfeit, new=forfeit, tid=tid,
                    rnd=m.round)

    async def set_board_result(self, tid: int, match_id: int, board: int, result: Result | None, *,
                               expected: Result | None = None, correction: bool = False,
                               submission: Submission | None = None) -> None:
        """Enter (or, with `correction`, change) a board's result. A game with both players goes through the
        store's result writes (compare-and-set, ResultChanged to the live hub). A board without a game (a player
        missing) has no result to enter: it follows the line-ups (a forfeit win of the player present) and is
        corrected by correcting the line-up; a result against nobody is refused."""
        settings = await self.team_settings(tid)
        if settings is None:
            raise Invalid("Tournament %s is not a team tournament.", tid)
        size = settings[0]
        m, _ev = await self._match(tid, match_id)
        row = await self._store.rows(
            "SELECT b.pairing_id, b.result, p.white_player_id, p.black_player_id, p.result FROM team_board b"
            " LEFT JOIN pairing p ON p.id = b.pairing_id WHERE b.match_id = ? AND b.board = ?", (match_id, board))
        if not row:
            raise NotFound("No board %s in this match.", board)
        r = row[0]
        shown = shown_board(m, board, size)
        if m.forfeit:
            raise Conflict("Table %s has a team forfeit: its boards follow it (lift the forfeit to enter results)."
                           " Nothing was stored.", m.table)
        if r[0] is None:
            await self._set_board_forfeit(tid, m, next(g for g in m.boards if g.board == board), shown, result,
                                     expected=expected, correction=correction, submission=submission)
            return
        key = GameKey(tournament_id=tid, round=m.round, white_player_id=int(r[2]), black_player_id=int(r[3]))
        current = Result(r[4]) if r[4] else None
        if result is None:
            if current is None:
                return
            await self._store.delete_result(key, expected=expected or current, shown_board=shown, submission=submission)
        elif current is None:
            await self._store.record_result(key, result, shown, submission=submission)
        elif not correction:
            raise Conflict("Board %s already has a result (%s). Nothing was stored.", shown, current.label())
        else:
            await self._store.correct_result(key, expected or current, result, shown, submission=submission)

    async def _set_board_forfeit(self, tid: int, m: Match, game: BoardGame, shown: int,
                                 result: Result | None, *, expected: Result | None, correction: bool,
                                 submission: Submission | None = None) -> None:
        """A board without a game (a player missing): its result is the forfeit win of the player present, which an
        arbiter may correct to a double forfeit (and back); nothing else, and never a result against nobody."""
        if game.a_player is None and game.b_player is None and game.result is None:
            raise Invalid("Board %s has no players yet: enter both line-ups first. Nothing was stored.", shown)
        own = absence_result(game.a_player is not None, game.b_player is not None, a_is_white(m, game.board))
        if result not in (own, Result.DOUBLE_FORFEIT):
            raise Invalid("Board %s has a player missing: no result can be entered against nobody (only %s or %s;"
                          " correct the line-up to put a player in). Nothing was stored.", shown,
                          (own or Result.DOUBLE_FORFEIT).label(), Result.DOUBLE_FORFEIT.label())
        current = game.result
        if current is not None and not correction:
            raise Conflict("Board %s already has a result (%s). Nothing was stored.", shown, current.label())
        if expected is not None and current != expected:
            raise Conflict("Board %s: the result is now %s, not %s (changed meanwhile?). Nothing was stored.", shown,
                           current.label() if current else "empty", expected.label())
        if result == current:
            return
        async with self._store.transaction((TEAMS, tid), ("result", tid)) as tx:
            cursor = await tx.execute("UPDATE team_board SET result = ?, last_update = ? WHERE match_id = ?"
                                      " AND board = ? AND pairing_id IS NULL AND result IS ?",
                                      (int(result) if result else None, time.time(), m.id, game.board,
                                       int(current) if current else None))
            if cursor.rowcount != 1:  # changed since it was read: compare-and-set, nothing stored
                raise Conflict("Board %s: the result is now %s, not %s (changed meanwhile?). Nothing was stored.",
                               shown, "?", current.label() if current else "empty")
            if submission is not None:
                await remember(tx, submission, time.time())
            journal(tx, "board forfeit" if current is None else "board forfeit corrected",
                    f"round {m.round}, board {shown}", old=current.label() if current else None,
                    new=result.label() if result else None, tid=tid, rnd=m.round, board=shown)

    async def unpair_team_round(self, tid: int, rnd: int) -> int:
        """Remove the last round's matches (and their games) while none of its boards has a result and no team
        forfeit is declared; returns how many matches were removed."""
        ev = await self.load_team_event(tid)
        last = max((m.round for m in ev.matches), default=0)
        if not last:
            raise Conflict("No round is paired yet. Nothing was changed.")
        if rnd != last:
            raise Conflict("Only the last paired round (%s) can be unpaired. Nothing was changed.", last)
        mine = [m for m in ev.matches if m.round == rnd]
        with_result = sum(1 for m in mine for g in m.boards if g.result is not None and g.a_player and g.b_player)
        with_result += sum(1 for m in mine if m.forfeit)
        if with_result:
            raise Conflict("Round %s already has %s results: delete them first to unpair it. Nothing was changed.",
                           rnd, with_result)
        async with self._store.transaction((TEAMS, tid), ("pairings", tid)) as tx:
            await tx.execute("DELETE FROM pairing WHERE id IN (SELECT b.pairing_id FROM team_board b JOIN team_match m"
                             " ON m.id = b.match_id WHERE m.tournament_id = ? AND m.round = ?)", (tid, rnd))
            await tx.execute("DELETE FROM team_match WHERE tournament_id = ? AND round = ?", (tid, rnd))
            journal(tx, "round unpaired", f"round {rnd}", tid=tid, rnd=rnd)
        return len(mine)

    async def team_round_status(self, tid: int) -> tuple[int, int]:
        """(last paired round, boards without a result in the paired rounds) of a team tournament."""
        ev = await self.load_team_event(tid)
        last = max((m.round for m in ev.matches), default=0)
        missing = sum(1 for m in ev.matches if m.team_b is not None and not m.forfeit
                      for g in m.boards if g.result is None)
        return last, missing

    async def publish_team_round(self, tid: int, ev: TeamEvent, rnd: int, chosen: str,
                                 matches: Sequence[Match]) -> int:
        """Write the matches of round `rnd` (paired with `chosen`) and their board games in one transaction
        (app/pairing/team_round.py pairs and checks them); returns their count."""
        size = ev.team_size
        now = time.time()
        async with self._store.transaction((TEAMS, tid), ("pairings", tid)) as tx:
            team_id = {t.number: t.id for t in ev.teams}
            pid = {int(r[0]): int(r[1]) for r in await tx.execute_fetchall(
                "SELECT pairing_number, id FROM player WHERE tournament_id = ?", (tid,))}
            for m in matches:
                mid = await insert_match(tx, tid, m, team_id, now)
                for g in m.boards:
                    await insert_board(tx, tid, m, mid, g, pid, size, now)
            journal(tx, "round paired", f"round {rnd}, {chosen}, {len(matches)} matches", tid=tid,
                           rnd=rnd)
        return len(matches)
