"""Team tournaments in the event file (migration 0006_teams.sql): settings, teams and their members, matches
and their boards. The individual games of the boards are `pairing` rows (their results go through the
store's result writes, announced as ResultChanged); a board with a missing player keeps its forfeit result in
`team_board`. Every write is one transaction, journalled."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Collection, Iterable, Mapping, Sequence

from database.store import EventStore, GameKey, Tx
from tournament.errors import Conflict, Invalid, NotFound
from tournament.results import Result
from tournament.standings import StandingRow, Standings
from tournament.teams.core import (
    BoardGame,
    LineupRules,
    Match,
    Team,
    TeamScoring,
    a_is_white,
    board_game_with_forfeit,
    completed_matches,
    lineup_errors,
    team_scoring,
    team_standings,
)
from tournament.teams.pairing import declared_lineup, pair_team_round, team_system, with_lineups
from tournament.teams.trf import TeamEvent, TeamPlayer

TEAMS = "teams"  # the change announced for a tournament's team rows


async def _journal(store: EventStore, tx: Tx, what: str, target: str | None = None, *, tid: int,
                   rnd: int | None = None, board: int | None = None, old: str | None = None,
                   new: str | None = None) -> None:
    """The transaction's journal entry."""
    tx.journal(what, target, old, new, tournament_id=tid, round=rnd, board=board)


def _scoring_json(s: TeamScoring) -> str:
    return json.dumps(s.to_data(), sort_keys=True)


def _scoring_from(text: str) -> TeamScoring:
    if not text.startswith("{"):
        return team_scoring(text)
    data = json.loads(text)
    variant = str(data.pop("variant", "fide"))
    return team_scoring(variant, **data)


# -- reads ------------------------------------------------------------------------------------------


async def team_settings(store: EventStore, tid: int) -> tuple[int, TeamScoring, LineupRules] | None:
    """(team size, scoring, line-up rules) of a team tournament; None for an individual tournament."""
    rows = await store.rows("SELECT team_size, scoring, keep_order, allow_empty_boards FROM team_settings"
                              " WHERE tournament_id = ?", (tid,))
    if not rows:
        return None
    r = rows[0]
    return int(r[0]), _scoring_from(str(r[1])), LineupRules(keep_order=bool(r[2]), allow_empty_boards=bool(r[3]))


async def is_team_tournament(store: EventStore, tid: int) -> bool:
    return await team_settings(store, tid) is not None


async def load_team_event(store: EventStore, tid: int) -> TeamEvent:
    """The whole team tournament as the pure model (player and team numbers, not row ids)."""
    settings = await team_settings(store, tid)
    if settings is None:
        raise NotFound("Tournament %s is not a team tournament.", tid)
    size, scoring, _rules = settings
    t = (await store.rows("SELECT name, rounds, tournament_type, tie_breaks FROM tournament WHERE id = ?",
                     (tid,)))[0]
    prow = await store.rows("SELECT id, pairing_number, last_name, first_name, fide_rating, federation, sex,"
                              " fide_id FROM player WHERE tournament_id = ? ORDER BY pairing_number", (tid,))
    number = {int(r[0]): int(r[1]) for r in prow}
    players = tuple(TeamPlayer(number=int(r[1]), name=f"{r[2]}, {r[3]}" if r[3] else str(r[2]),
                               rating=int(r[4] or 0), federation=str(r[5] or ""), sex=str(r[6] or ""),
                               fide_id=r[7]) for r in prow)
    trows = await store.rows("SELECT id, number, name, short_name, club, federation FROM team"
                               " WHERE tournament_id = ? ORDER BY number", (tid,))
    members: dict[int, list[int]] = {int(r[0]): [] for r in trows}
    for r in await store.rows("SELECT m.team_id, m.player_id FROM team_member m JOIN team t ON t.id = m.team_id"
                                " WHERE t.tournament_id = ? ORDER BY m.team_id, m.board_order", (tid,)):
        members[int(r[0])].append(number[int(r[1])])
    team_no = {int(r[0]): int(r[1]) for r in trows}
    teams = tuple(Team(id=int(r[0]), number=int(r[1]), name=str(r[2]), short_name=str(r[3]), club=str(r[4]),
                       federation=str(r[5]), members=tuple(members[int(r[0])])) for r in trows)
    boards: dict[int, list[BoardGame]] = {}
    for r in await store.rows("SELECT b.match_id, b.board, b.a_player_id, b.b_player_id, b.result, p.result"
                                " FROM team_board b JOIN team_match m ON m.id = b.match_id"
                                " LEFT JOIN pairing p ON p.id = b.pairing_id WHERE m.tournament_id = ?"
                                " ORDER BY b.match_id, b.board", (tid,)):
        res = r[5] if r[5] is not None else r[4]
        boards.setdefault(int(r[0]), []).append(BoardGame(
            board=int(r[1]), a_player=number.get(r[2]) if r[2] else None,
            b_player=number.get(r[3]) if r[3] else None, result=Result(res) if res else None))
    matches = tuple(Match(id=int(r[0]), round=int(r[1]), table=int(r[2]), team_a=team_no[int(r[3])],
                          team_b=team_no[int(r[4])] if r[4] else None, a_white_first=bool(r[5]), forfeit=r[6],
                          boards=tuple(boards.get(int(r[0]), ())))
                    for r in await store.rows("SELECT id, round, table_number, team_a_id, team_b_id,"
                                                " a_white_first, forfeit FROM team_match WHERE tournament_id = ?"
                                                " ORDER BY round, table_number", (tid,)))
    return TeamEvent(name=str(t[0]), rounds=int(t[1] or 0) or max((m.round for m in matches), default=0),
                     team_size=size, players=players, teams=teams, matches=matches, scoring=scoring,
                     round_robin=t[2] == "round_robin", tie_breaks=str(t[3] or "MPVGP,BH/C1,BH,SB,PS"))


# -- writes -----------------------------------------------------------------------------------------


async def make_team_tournament(store: EventStore, tid: int, team_size: int, scoring: TeamScoring | None = None,
                               rules: LineupRules | None = None) -> None:
    """Turn a tournament into a team tournament (or change its team settings)."""
    if not 1 <= team_size <= 20:
        raise Invalid("A team has 1 to 20 boards, not %s.", team_size)
    s, r = scoring or TeamScoring(), rules or LineupRules()
    now = time.time()
    async with store.transaction((TEAMS, tid), ("tournament", tid)) as tx:
        await tx.execute("INSERT INTO team_settings (tournament_id, team_size, scoring, keep_order,"
                         " allow_empty_boards, last_update) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id)"
                         " DO UPDATE SET team_size = excluded.team_size, scoring = excluded.scoring,"
                         " keep_order = excluded.keep_order, allow_empty_boards = excluded.allow_empty_boards,"
                         " last_update = excluded.last_update",
                         (tid, team_size, _scoring_json(s), int(r.keep_order), int(r.allow_empty_boards), now))
        await _journal(store, tx, "team settings", f"{team_size} boards, {s.variant}", tid=tid)


async def add_team(store: EventStore, tid: int, name: str, *, short_name: str = "", club: str = "",
                   federation: str = "", members: Iterable[int] = ()) -> int:
    """A new team numbered after the others; `members` are player pairing numbers in board order."""
    name = name.strip()
    if not name:
        raise Invalid("A team needs a name.")
    if await team_settings(store, tid) is None:
        raise Invalid("Tournament %s is not a team tournament.", tid)
    now = time.time()
    async with store.transaction((TEAMS, tid)) as tx:
        row = list(await tx.execute_fetchall("SELECT COALESCE(MAX(number), 0) + 1 FROM team WHERE tournament_id = ?"
                                             " UNION ALL SELECT count(*) FROM team WHERE tournament_id = ?"
                                             " AND name = ?", (tid, tid, name)))
        if int(row[1][0]):
            raise Conflict("There is already a team %s.", name)
        cursor = await tx.execute("INSERT INTO team (tournament_id, number, name, short_name, club, federation,"
                                  " last_update) VALUES (?, ?, ?, ?, ?, ?, ?)",
                                  (tid, int(row[0][0]), name, short_name.strip(), club.strip(), federation.strip(),
                                   now))
        team_id = int(cursor.lastrowid or 0)
        await _set_members(tx, tid, team_id, list(members))
        await _journal(store, tx, "team added", name, tid=tid)
    return team_id


async def set_members(store: EventStore, tid: int, team_id: int, members: Sequence[int]) -> None:
    """The declared board order of a team (player pairing numbers), replaced."""
    async with store.transaction((TEAMS, tid)) as tx:
        await _set_members(tx, tid, team_id, list(members))
        await _journal(store, tx, "team members", " ".join(str(m) for m in members), tid=tid)


async def _set_members(tx: Tx, tid: int, team_id: int, members: list[int]) -> None:
    if len(set(members)) != len(members):
        raise Invalid("A player is listed twice in the team.")
    ids = {int(r[0]): int(r[1]) for r in await tx.execute_fetchall(
        "SELECT pairing_number, id FROM player WHERE tournament_id = ?", (tid,))}
    await tx.execute("DELETE FROM team_member WHERE team_id = ?", (team_id,))
    for order, n in enumerate(members, start=1):
        if n not in ids:
            raise Invalid("No player %s in this tournament.", n)
        taken = list(await tx.execute_fetchall(
            "SELECT t.name FROM team_member m JOIN team t ON t.id = m.team_id WHERE m.player_id = ?", (ids[n],)))
        if taken:
            raise Conflict("Player %s is already in team %s.", n, taken[0][0])
        await tx.execute("INSERT INTO team_member (team_id, player_id, board_order) VALUES (?, ?, ?)",
                         (team_id, ids[n], order))


async def import_team_event(store: EventStore, tid: int, ev: TeamEvent, *, what: str = "team import",
                            keep_games: bool = False) -> None:
    """Replace a tournament's players, games, teams and matches by a team event (a TRF team file read).

    With `keep_games`, the players and games are those already stored (the TRF import's individual rows, byes
    included): only the team layer is replaced, its boards linked to the stored games."""
    now = time.time()
    async with store.transaction((TEAMS, tid), ("pairings", tid), ("tournament", tid)) as tx:
        if keep_games:
            await write_team_layer(tx, tid, ev, now)
        else:
            for table in ("result", "illegal_move", "skipped_round"):
                await tx.execute(f"DELETE FROM {table} WHERE tournament_id = ?", (tid,))
            await tx.execute("DELETE FROM team_match WHERE tournament_id = ?", (tid,))
            await tx.execute("DELETE FROM team WHERE tournament_id = ?", (tid,))
            await tx.execute("DELETE FROM pairing WHERE tournament_id = ?", (tid,))
            await tx.execute("DELETE FROM player WHERE tournament_id = ?", (tid,))
            await tx.execute("UPDATE tournament SET rounds = ?, tournament_type = ?, tie_breaks = ?, last_update = ?"
                             " WHERE id = ?", (ev.rounds or None, "round_robin" if ev.round_robin else "swiss",
                                               ev.tie_breaks, now, tid))
            pid: dict[int, int] = {}
            for p in ev.players:
                last, _, first = p.name.partition(", ")
                cursor = await tx.execute(
                    "INSERT INTO player (tournament_id, pairing_number, last_name, first_name, fide_rating,"
                    " federation, sex, fide_id, last_update) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (tid, p.number, last, first, p.rating or None, p.federation or None, p.sex or None, p.fide_id,
                     now))
                pid[p.number] = int(cursor.lastrowid or 0)
            await write_team_layer(tx, tid, ev, now, new_games=pid)
        journal_team_import(tx, tid, ev, what)


def journal_team_import(tx: Tx, tid: int, ev: TeamEvent, what: str = "team import") -> None:
    tx.journal(what, f"{len(ev.teams)} teams, {len(ev.matches)} matches", tournament_id=tid)


async def write_team_layer(tx: Tx, tid: int, ev: TeamEvent, now: float, *,
                           new_games: dict[int, int] | None = None) -> None:
    """A team event's settings, teams, members and matches, replacing the tournament's, inside the caller's
    transaction (database/imports.py writes a team TRF's games and this layer in one).

    `new_games` (player number -> row id of the players just written): each board's game is a new `pairing`
    row. Without it, the players and games are those stored (a TRF import's): boards are linked to them."""
    await tx.execute("DELETE FROM team_match WHERE tournament_id = ?", (tid,))
    await tx.execute("DELETE FROM team WHERE tournament_id = ?", (tid,))
    await tx.execute("INSERT INTO team_settings (tournament_id, team_size, scoring, last_update)"
                     " VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id) DO UPDATE SET team_size ="
                     " excluded.team_size, scoring = excluded.scoring, last_update = excluded.last_update",
                     (tid, ev.team_size, _scoring_json(ev.scoring), now))
    pid = new_games if new_games is not None else {int(r[0]): int(r[1]) for r in await tx.execute_fetchall(
        "SELECT pairing_number, id FROM player WHERE tournament_id = ?", (tid,))}
    team_id: dict[int, int] = {}
    for t in ev.teams:
        cursor = await tx.execute("INSERT INTO team (tournament_id, number, name, short_name, club, federation,"
                                  " last_update) VALUES (?, ?, ?, ?, ?, ?, ?)",
                                  (tid, t.number, t.name, t.short_name, t.club, t.federation, now))
        team_id[t.number] = int(cursor.lastrowid or 0)
        for order, n in enumerate(t.members, start=1):
            if n in pid:
                await tx.execute("INSERT INTO team_member (team_id, player_id, board_order) VALUES (?, ?, ?)",
                                 (team_id[t.number], pid[n], order))
    for m in ev.matches:
        mid = await _insert_match(tx, tid, m, team_id, now)
        for g in m.boards:
            if new_games is not None:
                await _insert_board(tx, tid, m, mid, g, pid, ev.team_size, now)
            else:
                await _link_board(tx, tid, m, mid, g, pid, now)


async def _insert_match(tx: Tx, tid: int, m: Match, team_id: dict[int, int], now: float) -> int:
    """One `team_match` row (team numbers -> row ids), its whole-team forfeit included; returns its id."""
    cursor = await tx.execute(
        "INSERT INTO team_match (tournament_id, round, table_number, team_a_id, team_b_id, a_white_first,"
        " forfeit, last_update) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (tid, m.round, m.table, team_id[m.team_a], team_id[m.team_b] if m.team_b else None, int(m.a_white_first),
         m.forfeit, now))
    return int(cursor.lastrowid or 0)


async def _link_board(tx: Tx, tid: int, m: Match, mid: int, g: BoardGame, pid: dict[int, int], now: float) -> None:
    """A board over a stored game (found by round and colours); a board forfeit keeps its result on the board."""
    a = pid.get(g.a_player or 0)
    b = pid.get(g.b_player or 0)
    pairing_id = None
    if a and b:
        white, black = (a, b) if a_is_white(m, g.board) else (b, a)
        found = list(await tx.execute_fetchall(
            "SELECT id FROM pairing WHERE tournament_id = ? AND round = ? AND white_player_id = ?"
            " AND black_player_id = ?", (tid, m.round, white, black)))
        pairing_id = int(found[0][0]) if found else None
    own = int(g.result) if g.result is not None and pairing_id is None and not (a and b) else None
    await tx.execute("INSERT INTO team_board (match_id, board, a_player_id, b_player_id, pairing_id, result,"
                     " last_update) VALUES (?, ?, ?, ?, ?, ?, ?)", (mid, g.board, a, b, pairing_id, own, now))


def shown_board(m: Match, board: int, team_size: int) -> int:
    """The board number printed in the hall: tables one after the other (table 2, board 1 = size + 1)."""
    return (m.table - 1) * team_size + board


async def _insert_board(tx: Tx, tid: int, m: Match, mid: int, g: BoardGame, pid: dict[int, int], size: int,
                        now: float) -> None:
    pairing_id = None
    own_result = None
    a = pid[g.a_player] if g.a_player else None
    b = pid[g.b_player] if g.b_player else None
    if a and b:
        white, black = (a, b) if a_is_white(m, g.board) else (b, a)
        cursor = await tx.execute(
            "INSERT INTO pairing (tournament_id, round, white_player_id, black_player_id, board, board_order,"
            " result, result_date, last_update) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (tid, m.round, white, black, shown_board(m, g.board, size), shown_board(m, g.board, size),
             int(g.result) if g.result else None, now if g.result else None, now))
        pairing_id = int(cursor.lastrowid or 0)
    elif g.result is not None:
        own_result = int(g.result)
    await tx.execute("INSERT INTO team_board (match_id, board, a_player_id, b_player_id, pairing_id, result,"
                     " last_update) VALUES (?, ?, ?, ?, ?, ?, ?)", (mid, g.board, a, b, pairing_id, own_result, now))


async def add_match(store: EventStore, tid: int, rnd: int, team_a: int, team_b: int | None, *,
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
        mid = await _insert_match(tx, tid, Match(round=rnd, table=table, team_a=team_a, team_b=team_b,
                                                 a_white_first=a_white_first), ids, now)
        if team_b is not None:
            for k in range(1, size + 1):
                await tx.execute("INSERT INTO team_board (match_id, board, last_update) VALUES (?, ?, ?)",
                                 (mid, k, now))
        await _journal(store, tx, "match added", f"round {rnd}, table {table}", tid=tid, rnd=rnd)
    return mid


async def _match(store: EventStore, tid: int, match_id: int) -> tuple[Match, TeamEvent]:
    ev = await load_team_event(store, tid)
    for m in ev.matches:
        if m.id == match_id:
            return m, ev
    raise NotFound("No match %s in this tournament.", match_id)


async def set_lineup(store: EventStore, tid: int, match_id: int, side: str, lineup: Sequence[int | None]) -> None:
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
            await _insert_board(tx, tid, m, match_id, game, pid, size, now)
        await _journal(store, tx, "line-up", f"round {m.round}, table {m.table}, team {team.name}",
                       new=" ".join(str(n or "-") for n in lineup), tid=tid, rnd=m.round)


def _side_entered(m: Match, side: str) -> bool:
    return any((g.a_player if side == "A" else g.b_player) is not None for g in m.boards)


async def set_team_forfeit(store: EventStore, tid: int, match_id: int, forfeit: str | None) -> None:
    """A whole team (A, B or both) did not come, or None to lift it; boards entered are kept."""
    if forfeit not in (None, "A", "B", "AB"):
        raise Invalid("A forfeit is A, B or AB, not %s.", forfeit)
    m, _ev = await _match(store, tid, match_id)
    if forfeit and any(g.result is not None for g in m.boards):
        raise Conflict("Match %s already has results: correct the boards instead.", m.table)
    async with store.transaction((TEAMS, tid)) as tx:
        await tx.execute("UPDATE team_match SET forfeit = ?, last_update = ? WHERE id = ?",
                         (forfeit, time.time(), match_id))
        await _journal(store, tx, "team forfeit", f"round {m.round}, table {m.table}", old=m.forfeit,
                       new=forfeit, tid=tid, rnd=m.round)


async def set_board_result(store: EventStore, tid: int, match_id: int, board: int, result: Result | None, *,
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
        await _journal(store, tx, "board forfeit" if current is None else "board forfeit corrected",
                       f"round {m.round}, board {shown}", old=current.label() if current else None,
                       new=result.label() if result else None, tid=tid, rnd=m.round, board=shown)


async def standings_if_team(store: EventStore, tid: int, tie_breaks: str | None, rounds: int | None,
                            edition: str) -> Standings | None:
    """A team tournament's standings in the shape of individual standings (one row per team: `start_rank` the
    team number, `name` the team's, `points` its match points); None for an individual tournament."""
    if await team_settings(store, tid) is None:
        return None
    ev = await load_team_event(store, tid)
    counted = completed_matches(ev.matches, ev.scoring, ev.team_size) if rounds is None else max(0, rounds)
    st = team_standings(ev.teams, ev.matches, tie_breaks=tie_breaks or ev.tie_breaks, scoring=ev.scoring,
                        team_size=ev.team_size, rounds=counted, round_robin=ev.round_robin,
                        total_rounds=ev.rounds or counted)
    ids = {t.number: t for t in ev.teams}
    rows = []
    for r in st.rows:
        shared = [x.rank for x in st.rows if x.rank == r.rank]
        place = str(r.rank) if len(shared) == 1 else f"{r.rank}\u2013{r.rank + len(shared) - 1}"
        rows.append(StandingRow(player_id=ids[r.team_number].id, start_rank=r.team_number, name=r.name, title=None,
                                rating=0, federation=ids[r.team_number].federation or None, points=r.points,
                                rank=r.rank, place=place, values=list(r.values)))
    return Standings(round=st.round, edition=edition, tie_breaks=st.tie_breaks, rows=rows)


async def pair_round(store: EventStore, tid: int, rnd: int, system: str | None = None, *,
                     declared_lineups: bool = False, lineups: Mapping[int, Sequence[int | None]] | None = None,
                     absent: Collection[int] = (), require_results: bool = False) -> int:
    """Pair round `rnd` and publish it: its matches (tournament/teams/pairing.py: the FIDE Swiss team system, or
    the Berger tables for a round robin; `system` names another) in one transaction; returns their count.

    Line-ups known now become the board games at once: `declared_lineups` fields every team's declared board
    order (its first members), `lineups` (team number -> player numbers by board, None = nobody) those given,
    checked against the tournament's line-up rules; a match whose two line-ups are known gets its games (a
    board with one player: a forfeit for the player present), the others get empty boards (line-ups to come).
    Refused when the round is not the next one or already has matches, and with `require_results` while boards
    of the rounds paired have no result (the desk and `echiquier pair` ask unless the arbiter confirmed);
    `absent` teams are not paired."""
    settings = await team_settings(store, tid)
    if settings is None:
        raise Invalid("Tournament %s is not a team tournament.", tid)
    size, _scoring, rules = settings
    ev = await load_team_event(store, tid)
    if any(m.round == rnd for m in ev.matches):
        raise Conflict("Round %s already has its matches.", rnd)
    last = max((m.round for m in ev.matches), default=0)
    if rnd != last + 1:
        raise Conflict("Round %s is not the next round to pair (that is round %s).", rnd, last + 1)
    missing = sorted({m.round for m in ev.matches if m.team_b is not None and not m.forfeit
                      for g in m.boards if g.result is None})
    if missing and require_results:
        count = sum(1 for m in ev.matches if m.team_b is not None and not m.forfeit for g in m.boards
                    if g.result is None)
        raise Conflict("%s games of round %s still have no result: enter them first, or confirm to pair anyway.",
                       count, ", ".join(map(str, missing)))
    chosen = team_system(ev, system)
    fielded: dict[int, Sequence[int | None]] = {}
    if declared_lineups:
        fielded = {t.number: declared_lineup(t, size) for t in ev.teams}
    teams = {t.number: t for t in ev.teams}
    for number, lineup in (lineups or {}).items():
        if number not in teams:
            raise Invalid("No team %s in this tournament.", number)
        problems = lineup_errors(teams[number], lineup, size, rules)
        if problems:
            text, args = problems[0]
            raise Invalid(text, *args)
        fielded[number] = lineup
    matches = await asyncio.to_thread(pair_team_round, ev, rnd, chosen, absent=absent)
    matches = [with_lineups(m, fielded) for m in matches]
    now = time.time()
    async with store.transaction((TEAMS, tid), ("pairings", tid)) as tx:
        team_id = {t.number: t.id for t in ev.teams}
        pid = {int(r[0]): int(r[1]) for r in await tx.execute_fetchall(
            "SELECT pairing_number, id FROM player WHERE tournament_id = ?", (tid,))}
        for m in matches:
            mid = await _insert_match(tx, tid, m, team_id, now)
            for g in m.boards:
                await _insert_board(tx, tid, m, mid, g, pid, size, now)
        await _journal(store, tx, "round paired", f"round {rnd}, {chosen}, {len(matches)} matches", tid=tid,
                       rnd=rnd)
    return len(matches)


# -- admin pages: edit and delete a team, a new player straight into a team (web/controllers/admin/teams.py) ----


async def _team_row(tx: Tx, tid: int, team_id: int) -> tuple[str, int]:
    row = list(await tx.execute_fetchall("SELECT name, number FROM team WHERE id = ? AND tournament_id = ?",
                                         (team_id, tid)))
    if not row:
        raise NotFound("No team %s in this tournament.", team_id)
    return str(row[0][0]), int(row[0][1])


async def update_team(store: EventStore, tid: int, team_id: int, name: str, *, short_name: str = "", club: str = "",
                      federation: str = "", members: Sequence[int] = ()) -> None:
    """A team's names, club, federation and declared board order (player pairing numbers), in one write."""
    name = name.strip()
    if not name:
        raise Invalid("A team needs a name.")
    async with store.transaction((TEAMS, tid)) as tx:
        old, _number = await _team_row(tx, tid, team_id)
        taken = list(await tx.execute_fetchall("SELECT 1 FROM team WHERE tournament_id = ? AND name = ? AND id <> ?",
                                               (tid, name, team_id)))
        if taken:
            raise Conflict("There is already a team %s.", name)
        await tx.execute("UPDATE team SET name = ?, short_name = ?, club = ?, federation = ?, last_update = ?"
                         " WHERE id = ?", (name, short_name.strip(), club.strip(), federation.strip(), time.time(),
                                           team_id))
        await _set_members(tx, tid, team_id, list(members))
        await _journal(store, tx, "edit", name, old=old if old != name else None,
                       new=" ".join(str(m) for m in members), tid=tid)


async def delete_team(store: EventStore, tid: int, team_id: int) -> None:
    """Delete a team that has no match yet (its members stay players of the tournament)."""
    async with store.transaction((TEAMS, tid)) as tx:
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
        await _journal(store, tx, "delete", name, tid=tid)


async def add_team_player(store: EventStore, tid: int, team_id: int, last_name: str, first_name: str = "", *,
                          rating: int | None = None, federation: str = "") -> int:
    """A new player of the tournament (next pairing number), last in the team's board order; returns the number."""
    last_name = last_name.strip()
    if not last_name:
        raise Invalid("A player needs a last name.")
    now = time.time()
    async with store.transaction((TEAMS, tid), ("players", tid)) as tx:
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
        await _journal(store, tx, "late entrant", f"{last_name} {first_name}".strip(), new=name, tid=tid)
    return number


async def end_team_tournament(store: EventStore, tid: int) -> None:
    """Make a team tournament individual again; refused while it has teams."""
    async with store.transaction((TEAMS, tid), ("tournament", tid)) as tx:
        if list(await tx.execute_fetchall("SELECT 1 FROM team WHERE tournament_id = ? LIMIT 1", (tid,))):
            raise Conflict("Delete the teams first: the tournament still has teams.")
        await tx.execute("DELETE FROM team_settings WHERE tournament_id = ?", (tid,))
        await _journal(store, tx, "team settings", None, old="team", new="individual", tid=tid)


async def unpair_team_round(store: EventStore, tid: int, rnd: int) -> int:
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
        await _journal(store, tx, "round unpaired", f"round {rnd}", tid=tid, rnd=rnd)
    return len(mine)


async def team_round_status(store: EventStore, tid: int) -> tuple[int, int]:
    """(last paired round, boards without a result in the paired rounds) of a team tournament."""
    ev = await load_team_event(store, tid)
    last = max((m.round for m in ev.matches), default=0)
    missing = sum(1 for m in ev.matches if m.team_b is not None and not m.forfeit
                  for g in m.boards if g.result is None)
    return last, missing
