"""What the team pages and the team hall screens show, from the store: the matches of a round (one block per
match: teams, running score, boards with colours and results), the team standings with game points, the team
cross-table. Shared by web/controllers/teams.py (the team pages) and app/views/team_screens.py (screens of types
`team_boards`, `team_standings`, `team_crosstable`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec

from app.views.standings import fmt, standings_for
from database.store import EventStore
from tournament.errors import NotFound
from tournament.models import Tournament
from tournament.results import Result
from tournament.standings import Cell, Standings
from tournament.teams.core import (
    SIDE_RESULTS,
    Match,
    a_is_white,
    from_a,
    match_score,
    played,
    shown_board,
    side_choices,
)
from tournament.teams.core import _fmt as halves  # game points as a score sheet writes them: 2½
from tournament.teams.standings import team_rounds
from tournament.teams.trf import TeamEvent


class MatchView(msgspec.Struct, kw_only=True):
    match: Match
    a_name: str
    b_name: str
    score: str
    complete: bool
    a_match: str
    b_match: str
    boards: list[dict[str, Any]]
    forfeit: str | None = None  # declared, or a team short of players (tournament.teams.core.match_forfeit)
    played: bool = False  # a game is played: line-ups change only with the arbiter's override
    lineups: dict[str, str] = {}  # "A"/"B" -> the players by board as typed ("3 4 - 5"), "" before entry


def _choices(a_white: bool, a: tuple[str, str], b: tuple[str, str]) -> list[dict[str, Any]]:
    """A board's buttons, read from left (team A's player) to right: the value sent (from White's side), the label
    shown and what it means in words (`kind`: win, draw, forfeit, double; who wins: name and team)."""
    kinds = {Result.WHITE_WIN: ("win", a), Result.DRAW: ("draw", ("", "")), Result.BLACK_WIN: ("win", b),
             Result.WHITE_FORFEIT_WIN: ("forfeit", a), Result.BLACK_FORFEIT_WIN: ("forfeit", b),
             Result.DOUBLE_FORFEIT: ("double", ("", ""))}
    return [{"value": value, "label": label, "kind": kinds[r][0], "name": kinds[r][1][0], "team": kinds[r][1][1],
             "tablet": r in SIDE_RESULTS[:3]}
            for r, (value, label) in zip(SIDE_RESULTS, side_choices(a_white), strict=True)]


def match_views(ev: TeamEvent, rnd: int) -> list[MatchView]:
    """The matches of round `rnd`, by table."""
    teams = {t.number: t.name for t in ev.teams}
    names = {p.number: p.name for p in ev.players}
    out = []
    for m in ev.matches:
        if m.round != rnd:
            continue
        sc = match_score(m, ev.scoring, ev.team_size)
        a_team, b_team = teams[m.team_a], teams.get(m.team_b or 0, "")
        boards = []
        for g in m.boards:
            white = a_is_white(m, g.board)
            a, b = names.get(g.a_player or 0, "—"), names.get(g.b_player or 0, "—")
            boards.append({"board": g.board, "a": a, "b": b, "a_white": white, "result": g.result,
                           # read from left (team A) to right (team B), as the names and the match score are
                           "label": from_a(g.result, white).label() if g.result else "",
                           "current": from_a(g.result, white) if g.result else None,
                           "choices": _choices(white, (a, a_team), (b, b_team)),
                           "game": g.a_player is not None and g.b_player is not None,
                           "shown": shown_board(m, g.board, ev.team_size)})
        entered = {side: any((g.a_player if side == "A" else g.b_player) is not None for g in m.boards)
                   for side in "AB"}
        lineups = {side: " ".join(str((g.a_player if side == "A" else g.b_player) or "-") for g in m.boards)
                   if entered[side] else "" for side in "AB"}
        out.append(MatchView(match=m, a_name=a_team, b_name=b_team,
                             score=sc.label, complete=sc.complete, a_match=fmt(sc.a_match),
                             b_match=fmt(sc.b_match), boards=boards, forfeit=sc.forfeit,
                             played=any(played(g) for g in m.boards), lineups=lineups))
    return out


def paired_rounds(ev: TeamEvent) -> list[int]:
    """The rounds that have matches (the entry page's round picker)."""
    return sorted({m.round for m in ev.matches})


def shown_round(ev: TeamEvent, wanted: int | None = None) -> int:
    """`wanted` if it has matches, else the last round paired (1 before any pairing)."""
    rounds = sorted({m.round for m in ev.matches})
    if wanted is not None and wanted in rounds:
        return wanted
    return rounds[-1] if rounds else 1


async def team_tournament(store: EventStore, uniq: str) -> tuple[Tournament, TeamEvent]:
    """A team tournament by its uniq id (NotFound for an individual one)."""
    tournament = await store.tournament_by_uniq_id(uniq)
    if not await store.teams.is_team_tournament(tournament.id):
        raise NotFound("Tournament %s is not a team tournament.", uniq)
    return tournament, await store.teams.load_team_event(tournament.id)


async def team_event(store: EventStore, tid: int) -> TeamEvent:
    if not await store.teams.is_team_tournament(tid):
        raise NotFound("Tournament %s is not a team tournament.", tid)
    return await store.teams.load_team_event(tid)


async def team_standings_view(store: EventStore, ev: TeamEvent, tid: int,
                              rounds: int | None = None) -> tuple[Standings, dict[int, Decimal]]:
    """The team standings (one row per team) and each team's game points over the rounds counted."""
    st = await standings_for(store, tid, rounds=rounds)
    gp = {n: sum((x.gp for x in rs), start=Decimal(0)) for n, rs in team_rounds(
        ev.teams, ev.matches, ev.scoring, ev.team_size, st.round).items()}
    return st, gp


async def crosstable_view(store: EventStore, ev: TeamEvent, tid: int
                          ) -> tuple[Standings, list[int], dict[int, dict[int, list[tuple[str, int]]]]]:
    """Teams by rank; each cell the game points scored against that opponent in every meeting (a double round
    robin meets twice), with the round."""
    st = await standings_for(store, tid)
    per = team_rounds(ev.teams, ev.matches, ev.scoring, ev.team_size, st.round)
    order = [r.start_rank for r in st.rows]
    cells: dict[int, dict[int, list[tuple[str, int]]]] = {n: {} for n in order}
    for n in order:
        for r in per.get(n, ()):
            if r.opponent:
                cells[n].setdefault(r.opponent, []).append((halves(r.gp), r.round))
    return st, order, cells


async def team_grid(store: EventStore, tid: int, standings: Standings) -> dict[int, list[Cell]] | None:
    """The "grille américaine" of a team tournament: per team row (keyed as the standings rows are, by the team's
    row id), one cell per round: the opponent's place in the standings and the game points scored (`+` / `-` a
    match won or lost by forfeit, `U` a bye, `Z` no match). None for an individual tournament."""
    if not standings.teams:
        return None
    ev = await store.teams.load_team_event(tid)
    position = {r.start_rank: k for k, r in enumerate(standings.rows, start=1)}
    ids = {t.number: t.id for t in ev.teams}
    out: dict[int, list[Cell]] = {}
    for n, rounds in team_rounds(ev.teams, ev.matches, ev.scoring, ev.team_size, standings.round).items():
        row = []
        for r in rounds:
            if r.opponent is None:
                row.append(Cell(opponent_rank=None, colour="", result="U" if r.mp else "Z"))
            else:
                shown = halves(r.gp) if r.played else ("+" if r.won else "-")
                row.append(Cell(opponent_rank=position.get(r.opponent), colour="", result=shown))
        out[ids[n]] = row
    return out


async def match_count(store: EventStore, tid: int) -> int:
    """Matches of the round a team boards screen shows (what a team boards family splits); 0 for an individual
    tournament."""
    if not await store.teams.is_team_tournament(tid):
        return 0
    ev = await store.teams.load_team_event(tid)
    rnd = shown_round(ev)
    return sum(1 for m in ev.matches if m.round == rnd)


async def team_tournament_ids(store: EventStore) -> set[int]:
    """The event's team tournaments (team screens show only those)."""
    return {t.id for t in await store.tournaments() if await store.teams.is_team_tournament(t.id)}
