"""A team tournament's matches in the event file: a match added by hand, line-ups, team forfeits, board results
that are not games (a board with one player), a round's matches published or taken back. Each one transaction,
journalled; the team layer's rows and reads are database/teams.py's."""

from __future__ import annotations

import time
from collections.abc import Sequence

from database.event_file import EventFile, GameKey
from database.teams import TEAMS, insert_board, insert_match, journal, load_team_event, team_settings
from tournament.errors import Conflict, Invalid, NotFound
from tournament.results import Result
from tournament.teams.core import BoardGame, Match, a_is_white, board_game_with_forfeit, lineup_errors, shown_board
from tournament.teams.trf import TeamEvent


async def add_match(store: EventFile, tid: int, rnd: int, team_a: int, team_b: int | None, *,
                    table: int | None = None, a_white_first: bool = True) -> int:
    """A match (team numbers) with empty boards; the line-ups come later."""
    settings = await team_settings(store, tid)
    if settings is None:
        raise Invalid("Tournament %s is not a team tournament.", tid)
    size = settings[0]
    now = time.time()
    async with store.transaction((TEAMS, tid)) as tx:
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



async def _match(store: EventFile, tid: int, match_id: int) -> tuple[Match, TeamEvent]:
    ev = await load_team_event(store, tid)
    for m in ev.matches:
        if m.id == match_id:
            return m, ev
    raise NotFound("No match %s in this tournament.", match_id)



async def set_lineup(store: EventFile, tid: int, match_id: int, side: str, lineup: Sequence[int | None]) -> None:
    """One team's players for a match, board by board (pairing numbers, None = nobody: a board forfeit).

    Checked against the team's declared board order under the tournament's rules; refused once a board of
    the match has a result. When both sides are in, the games are created (a missing player: the board is
    won by forfeit by the player present)."""
    if side not in ("A", "B"):
        raise Invalid("A side is A or B, not %s.", side)
    settings = await team_settings(store, tid)
    if settings is None:
        raise Invalid("Tournament %s is not a team tournament.", tid)
    size, _scoring, rules = settings
    m, ev = await _match(store, tid, match_id)
    team_no = m.team_a if side == "A" else m.team_b
    if team_no is None:
        raise Invalid("This team has no opponent in round %s.", m.round)
    team = next(t for t in ev.teams if t.number == team_no)
    problems = lineup_errors(team, lineup, size, rules)
    if problems:
        text, args = problems[0]
        raise Invalid(text, *args)
    if any(g.result is not None for g in m.boards) or m.forfeit:
        raise Conflict("Match %s already has results: correct the boards instead.", m.table)
    other_round = {g.a_player for x in ev.matches if x.round == m.round and x.id != m.id for g in x.boards} | {
        g.b_player for x in ev.matches if x.round == m.round and x.id != m.id for g in x.boards}
    for n in lineup:
        if n is not None and n in other_round:
            raise Conflict("Player %s already plays in round %s.", n, m.round)
    now = time.time()
    async with store.transaction((TEAMS, tid), ("pairings", tid)) as tx:
        pid = {int(r[0]): int(r[1]) for r in await tx.execute_fetchall(
            "SELECT pairing_number, id FROM player WHERE tournament_id = ?", (tid,))}
        old_pairings = [r[0] for r in await tx.execute_fetchall(
            "SELECT pairing_id FROM team_board WHERE match_id = ? AND pairing_id IS NOT NULL", (match_id,))]
        await tx.execute("DELETE FROM team_board WHERE match_id = ?", (match_id,))
        for p in old_pairings:
            await tx.execute("DELETE FROM pairing WHERE id = ?", (p,))
        for k in range(1, size + 1):
            old = next((g for g in m.boards if g.board == k), BoardGame(board=k, a_player=None, b_player=None))
            mine = lineup[k - 1]
            a, b = (mine, old.b_player) if side == "A" else (old.a_player, mine)
            game = BoardGame(board=k, a_player=a, b_player=b)
            other_in = (b if side == "A" else a) is not None or _side_entered(m, "B" if side == "A" else "A")
            if other_in and (a is None or b is None):
                game = board_game_with_forfeit(k, a, b, a_is_white(m, k))
            await insert_board(tx, tid, m, match_id, game, pid, size, now)
        journal(tx, "line-up", f"round {m.round}, table {m.table}, team {team.name}",
                       new=" ".join(str(n or "-") for n in lineup), tid=tid, rnd=m.round)



def _side_entered(m: Match, side: str) -> bool:
    return any((g.a_player if side == "A" else g.b_player) is not None for g in m.boards)



async def set_team_forfeit(store: EventFile, tid: int, match_id: int, forfeit: str | None) -> None:
    """A whole team (A, B or both) did not come, or None to lift it; boards entered are kept."""
    if forfeit not in (None, "A", "B", "AB"):
        raise Invalid("A forfeit is A, B or AB, not %s.", forfeit)
    m, _ev = await _match(store, tid, match_id)
    if forfeit and any(g.result is not None for g in m.boards):
        raise Conflict("Match %s already has results: correct the boards instead.", m.table)
    async with store.transaction((TEAMS, tid)) as tx:
        await tx.execute("UPDATE team_match SET forfeit = ?, last_update = ? WHERE id = ?",
                         (forfeit, time.time(), match_id))
        journal(tx, "team forfeit", f"round {m.round}, table {m.table}", old=m.forfeit,
                       new=forfeit, tid=tid, rnd=m.round)



async def set_board_result(store: EventFile, tid: int, match_id: int, board: int, result: Result | None, *,
                           expected: Result | None = None, correction: bool = False) -> None:
    """Enter (or, with `correction`, change) a board's result. A game with both players goes through the
    store's result writes (compare-and-set, ResultChanged to the live hub); a board with a missing player
    keeps its forfeit result on the board row."""
    settings = await team_settings(store, tid)
    if settings is None:
        raise Invalid("Tournament %s is not a team tournament.", tid)
    size = settings[0]
    m, _ev = await _match(store, tid, match_id)
    row = await store.rows(
        "SELECT b.pairing_id, b.result, p.white_player_id, p.black_player_id, p.result FROM team_board b"
        " LEFT JOIN pairing p ON p.id = b.pairing_id WHERE b.match_id = ? AND b.board = ?", (match_id, board))
    if not row:
        raise NotFound("No board %s in this match.", board)
    r = row[0]
    shown = shown_board(m, board, size)
    if r[0] is not None:
        key = GameKey(tournament_id=tid, round=m.round, white_player_id=int(r[2]), black_player_id=int(r[3]))
        current = Result(r[4]) if r[4] else None
        if result is None:
            if current is None:
                return
            await store.delete_result(key, expected=expected or current, shown_board=shown)
        elif current is None:
            await store.record_result(key, result, shown)
        elif not correction:
            raise Conflict("Board %s already has a result (%s). Nothing was stored.", shown, current.label())
        else:
            await store.correct_result(key, expected or current, result, shown)
        return
    current = Result(r[1]) if r[1] else None
    if current is not None and not correction:
        raise Conflict("Board %s already has a result (%s). Nothing was stored.", shown, current.label())
    if expected is not None and current != expected:
        raise Conflict("Board %s: the result is now %s, not %s (changed meanwhile?). Nothing was stored.", shown,
                       current.label() if current else "empty", expected.label())
    async with store.transaction((TEAMS, tid), ("result", tid)) as tx:
        cursor = await tx.execute("UPDATE team_board SET result = ?, last_update = ? WHERE match_id = ? AND board = ?"
                                  " AND pairing_id IS NULL AND result IS ?",
                                  (int(result) if result else None, time.time(), match_id, board,
                                   int(current) if current else None))
        if cursor.rowcount != 1:  # changed since it was read: compare-and-set, nothing stored
            raise Conflict("Board %s: the result is now %s, not %s (changed meanwhile?). Nothing was stored.",
                           shown, "?", current.label() if current else "empty")
        journal(tx, "board forfeit" if current is None else "board forfeit corrected",
                       f"round {m.round}, board {shown}", old=current.label() if current else None,
                       new=result.label() if result else None, tid=tid, rnd=m.round, board=shown)



async def unpair_team_round(store: EventFile, tid: int, rnd: int) -> int:
    """Remove the last round's matches (and their games) while none of its boards has a result and no team
    forfeit is declared; returns how many matches were removed."""
    ev = await load_team_event(store, tid)
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
    async with store.transaction((TEAMS, tid), ("pairings", tid)) as tx:
        await tx.execute("DELETE FROM pairing WHERE id IN (SELECT b.pairing_id FROM team_board b JOIN team_match m"
                         " ON m.id = b.match_id WHERE m.tournament_id = ? AND m.round = ?)", (tid, rnd))
        await tx.execute("DELETE FROM team_match WHERE tournament_id = ? AND round = ?", (tid, rnd))
        journal(tx, "round unpaired", f"round {rnd}", tid=tid, rnd=rnd)
    return len(mine)



async def team_round_status(store: EventFile, tid: int) -> tuple[int, int]:
    """(last paired round, boards without a result in the paired rounds) of a team tournament."""
    ev = await load_team_event(store, tid)
    last = max((m.round for m in ev.matches), default=0)
    missing = sum(1 for m in ev.matches if m.team_b is not None and not m.forfeit
                  for g in m.boards if g.result is None)
    return last, missing



async def publish_team_round(store: EventFile, tid: int, ev: TeamEvent, rnd: int, chosen: str,
                             matches: Sequence[Match]) -> int:
    """Write the matches of round `rnd` (paired with `chosen`) and their board games in one transaction
    (app/pairing/team_round.py pairs and checks them); returns their count."""
    size = ev.team_size
    now = time.time()
    async with store.transaction((TEAMS, tid), ("pairings", tid)) as tx:
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
