"""Team tournaments in the event file (migration 0006_teams.sql): settings, teams and their members, matches
and their boards. The individual games of the boards are `pairing` rows (their results go through the
store's result writes, announced as ResultChanged); a board with a missing player keeps its forfeit result in
`team_board`. Every write is one transaction, journalled."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence

from database.event_file import Area, Tx
from tournament.errors import Conflict, Invalid, NotFound
from tournament.results import Result
from tournament.teams.core import (
    BoardGame,
    LineupRules,
    Match,
    Team,
    TeamScoring,
    a_is_white,
    shown_board,
    team_scoring,
)
from tournament.teams.trf import TeamEvent, TeamPlayer

TEAMS = "teams"  # the change announced for a tournament's team rows


def journal(tx: Tx, what: str, target: str | None = None, *, tid: int, rnd: int | None = None,
            board: int | None = None, old: str | None = None, new: str | None = None) -> None:
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


# -- writes -----------------------------------------------------------------------------------------


async def write_members(tx: Tx, tid: int, team_id: int, members: list[int]) -> None:
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
        mid = await insert_match(tx, tid, m, team_id, now)
        for g in m.boards:
            if new_games is not None:
                await insert_board(tx, tid, m, mid, g, pid, ev.team_size, now)
            else:
                await _link_board(tx, tid, m, mid, g, pid, now)


async def insert_match(tx: Tx, tid: int, m: Match, team_id: dict[int, int], now: float) -> int:
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
        found = list(await tx.execute_fetchall(  # the game may have other colours than the board's (see above)
            "SELECT id FROM pairing WHERE tournament_id = ? AND round = ? AND ((white_player_id = ?"
            " AND black_player_id = ?) OR (white_player_id = ? AND black_player_id = ?))"
            " ORDER BY white_player_id = ? DESC", (tid, m.round, white, black, black, white, white)))
        pairing_id = int(found[0][0]) if found else None
    own = int(g.result) if g.result is not None and pairing_id is None and not (a and b) else None
    await tx.execute("INSERT INTO team_board (match_id, board, a_player_id, b_player_id, pairing_id, result,"
                     " last_update) VALUES (?, ?, ?, ?, ?, ?, ?)", (mid, g.board, a, b, pairing_id, own, now))


async def insert_board(tx: Tx, tid: int, m: Match, mid: int, g: BoardGame, pid: dict[int, int], size: int,
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


class TeamLayer(Area):
    """The team layer of a tournament: its settings, teams and members, and the whole as the pure model (read
    uncached). Part of `store.teams` (database/team_area.py)."""

    async def team_settings(self, tid: int) -> tuple[int, TeamScoring, LineupRules] | None:
        """(team size, scoring, line-up rules) of a team tournament; None for an individual tournament."""
        rows = await self._store.rows("SELECT team_size, scoring, keep_order, allow_empty_boards FROM team_settings"
                                        " WHERE tournament_id = ?", (tid,))
        if not rows:
            return None
        r = rows[0]
        return int(r[0]), _scoring_from(str(r[1])), LineupRules(keep_order=bool(r[2]), allow_empty_boards=bool(r[3]))

    async def is_team_tournament(self, tid: int) -> bool:
        return await self.team_settings(tid) is not None

    async def load_team_event(self, tid: int) -> TeamEvent:
        """The whole team tournament as the pure model (player and team numbers, not row ids)."""
        settings = await self.team_settings(tid)
        if settings is None:
            raise NotFound("Tournament %s is not a team tournament.", tid)
        size, scoring, _rules = settings
        t = (await self._store.rows("SELECT name, rounds, tournament_type, tie_breaks FROM tournament WHERE id = ?",
                                    (tid,)))[0]
        prow = await self._store.rows("SELECT id, pairing_number, last_name, first_name, fide_rating, federation, sex,"
                                      " fide_id, title FROM player WHERE tournament_id = ? ORDER BY pairing_number",
                                      (tid,))
        number = {int(r[0]): int(r[1]) for r in prow}
        players = tuple(TeamPlayer(number=int(r[1]), name=f"{r[2]}, {r[3]}" if r[3] else str(r[2]),
                                   rating=int(r[4] or 0), federation=str(r[5] or ""), sex=str(r[6] or ""),
                                   fide_id=r[7], title=str(r[8] or "")) for r in prow)
        trows = await self._store.rows("SELECT id, number, name, short_name, club, federation FROM team"
                                         " WHERE tournament_id = ? ORDER BY number", (tid,))
        members: dict[int, list[int]] = {int(r[0]): [] for r in trows}
        for r in await self._store.rows("SELECT m.team_id, m.player_id FROM team_member m JOIN team t"
                                        " ON t.id = m.team_id WHERE t.tournament_id = ? ORDER BY m.team_id,"
                                        " m.board_order", (tid,)):
            members[int(r[0])].append(number[int(r[1])])
        team_no = {int(r[0]): int(r[1]) for r in trows}
        teams = tuple(Team(id=int(r[0]), number=int(r[1]), name=str(r[2]), short_name=str(r[3]), club=str(r[4]),
                           federation=str(r[5]), members=tuple(members[int(r[0])])) for r in trows)
        boards: dict[int, list[BoardGame]] = {}
        for r in await self._store.rows("SELECT b.match_id, b.board, b.a_player_id, b.b_player_id, b.result, p.result,"
                                          " p.white_player_id, m.a_white_first FROM team_board b JOIN team_match m"
                                          " ON m.id = b.match_id LEFT JOIN pairing p ON p.id = b.pairing_id"
                                          " WHERE m.tournament_id = ? ORDER BY b.match_id, b.board", (tid,)):
            res = r[5] if r[5] is not None else r[4]
            # a game imported with other colours than the board's (tournament/teams/trf_import.py): its result
            # read from the board's White, as the model counts it
            if res and r[5] is not None and (r[6] == r[2]) != (bool(r[7]) == (int(r[1]) % 2 == 1)):
                res = int(Result(res).opposite())
            boards.setdefault(int(r[0]), []).append(BoardGame(
                board=int(r[1]), a_player=number.get(r[2]) if r[2] else None,
                b_player=number.get(r[3]) if r[3] else None, result=Result(res) if res else None))
        matches = tuple(Match(id=int(r[0]), round=int(r[1]), table=int(r[2]), team_a=team_no[int(r[3])],
                              team_b=team_no[int(r[4])] if r[4] else None, a_white_first=bool(r[5]), forfeit=r[6],
                              boards=tuple(boards.get(int(r[0]), ())))
                        for r in await self._store.rows(
                            "SELECT id, round, table_number, team_a_id, team_b_id, a_white_first, forfeit"
                            " FROM team_match WHERE tournament_id = ? ORDER BY round, table_number", (tid,)))
        return TeamEvent(name=str(t[0]), rounds=int(t[1] or 0) or max((m.round for m in matches), default=0),
                         team_size=size, players=players, teams=teams, matches=matches, scoring=scoring,
                         round_robin=t[2] == "round_robin", tie_breaks=str(t[3] or "MPVGP,BH/C1,BH,SB,PS"))

    async def board_teams(self, tid: int, rnd: int) -> dict[int, tuple[int, int, str, str]]:
        """The games of a team tournament's round, by White's player id: (table, board in the match, White's team,
        Black's team), for the hall's rows ("Table 3, board 1 — Ivry vs Saint-Maur"); empty for an individual one."""
        out: dict[int, tuple[int, int, str, str]] = {}
        for r in await self._store.rows(
                "SELECT p.white_player_id, m.table_number, b.board, ta.name, tb.name, m.a_white_first"
                " FROM team_board b JOIN team_match m ON m.id = b.match_id"
                " JOIN pairing p ON p.id = b.pairing_id JOIN team ta ON ta.id = m.team_a_id"
                " JOIN team tb ON tb.id = m.team_b_id WHERE m.tournament_id = ? AND m.round = ?", (tid, rnd)):
            a_white = bool(r[5]) == (int(r[2]) % 2 == 1)
            out[int(r[0])] = (int(r[1]), int(r[2]), *((str(r[3]), str(r[4])) if a_white else (str(r[4]), str(r[3]))))
        return out

    async def make_team_tournament(self, tid: int, team_size: int, scoring: TeamScoring | None = None,
                                   rules: LineupRules | None = None, *, tie_breaks: str | None = None) -> None:
        """Turn a tournament into a team tournament (or change its team settings); `tie_breaks`: its team tie-break
        list too (checked by tournament/teams/tie_breaks.py), in the same transaction."""
        if not 1 <= team_size <= 20:
            raise Invalid("A team has 1 to 20 boards, not %s.", team_size)
        s, r = scoring or TeamScoring(), rules or LineupRules()
        now = time.time()
        async with self._store.transaction((TEAMS, tid), ("tournament", tid)) as tx:
            await tx.execute("INSERT INTO team_settings (tournament_id, team_size, scoring, keep_order,"
                             " allow_empty_boards, last_update) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id)"
                             " DO UPDATE SET team_size = excluded.team_size, scoring = excluded.scoring,"
                             " keep_order = excluded.keep_order, allow_empty_boards = excluded.allow_empty_boards,"
                             " last_update = excluded.last_update",
                             (tid, team_size, _scoring_json(s), int(r.keep_order), int(r.allow_empty_boards), now))
            if tie_breaks is not None:
                await tx.execute("UPDATE tournament SET tie_breaks = ?, last_update = ? WHERE id = ?",
                                 (tie_breaks, now, tid))
            journal(tx, "team settings", f"{team_size} boards, {s.variant}" + (f", {tie_breaks}" if tie_breaks else ""),
                    tid=tid)

    async def add_team(self, tid: int, name: str, *, short_name: str = "", club: str = "",
                       federation: str = "", members: Iterable[int] = ()) -> int:
        """A new team numbered after the others; `members` are player pairing numbers in board order."""
        name = name.strip()
        if not name:
            raise Invalid("A team needs a name.")
        if await self.team_settings(tid) is None:
            raise Invalid("Tournament %s is not a team tournament.", tid)
        now = time.time()
        async with self._store.transaction((TEAMS, tid)) as tx:
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
            await write_members(tx, tid, team_id, list(members))
            journal(tx, "team added", name, tid=tid)
        return team_id

    async def set_members(self, tid: int, team_id: int, members: Sequence[int]) -> None:
        """The declared board order of a team (player pairing numbers), replaced."""
        async with self._store.transaction((TEAMS, tid)) as tx:
            await write_members(tx, tid, team_id, list(members))
            journal(tx, "team members", " ".join(str(m) for m in members), tid=tid)

    async def import_team_event(self, tid: int, ev: TeamEvent, *, what: str = "team import",
                                keep_games: bool = False) -> None:
        """Replace a tournament's players, games, teams and matches by a team event (a TRF team file read).

        With `keep_games`, the players and games are those already stored (the TRF import's individual rows, byes
        included): only the team layer is replaced, its boards linked to the stored games."""
        now = time.time()
        async with self._store.transaction((TEAMS, tid), ("pairings", tid), ("tournament", tid)) as tx:
            if keep_games:
                await write_team_layer(tx, tid, ev, now)
            else:
                for table in ("result", "illegal_move", "skipped_round"):
                    await tx.execute(f"DELETE FROM {table} WHERE tournament_id = ?", (tid,))
                await tx.execute("DELETE FROM team_match WHERE tournament_id = ?", (tid,))
                await tx.execute("DELETE FROM team WHERE tournament_id = ?", (tid,))
                await tx.execute("DELETE FROM pairing WHERE tournament_id = ?", (tid,))
                await tx.execute("DELETE FROM player WHERE tournament_id = ?", (tid,))
                await tx.execute("UPDATE tournament SET rounds = ?, tournament_type = ?, tie_breaks = ?,"
                                 " last_update = ? WHERE id = ?",
                                 (ev.rounds or None, "round_robin" if ev.round_robin else "swiss", ev.tie_breaks,
                                  now, tid))
                pid: dict[int, int] = {}
                for p in ev.players:
                    last, _, first = p.name.partition(", ")
                    cursor = await tx.execute(
                        "INSERT INTO player (tournament_id, pairing_number, last_name, first_name, fide_rating,"
                        " federation, sex, fide_id, title, last_update) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (tid, p.number, last, first, p.rating or None, p.federation or None, p.sex or None, p.fide_id,
                         p.title or None, now))
                    pid[p.number] = int(cursor.lastrowid or 0)
                await write_team_layer(tx, tid, ev, now, new_games=pid)
            journal_team_import(tx, tid, ev, what)
