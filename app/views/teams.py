"""What the team pages and the team hall screens show, from the store: the matches of a round (one block per
match: teams, running score, boards with colours and results), the team standings with game points, the team
cross-table. Shared by web/controllers/teams.py (the team pages) and app/views/team_screens.py (screens of types
`team_boards`, `team_standings`, `team_crosstable`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec

from app.views.standings import fmt, standings_for
from database import teams as db
from database.store import EventStore
from tournament.errors import NotFound
from tournament.models import Tournament
from tournament.standings import Standings
from tournament.teams.core import Match, a_is_white, from_a, match_score, shown_board, side_choices
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


def match_views(ev: TeamEvent, rnd: int) -> list[MatchView]:
    """The matches of round `rnd`, by table."""
    teams = {t.number: t.name for t in ev.teams}
    names = {p.number: p.name for p in ev.players}
    out = []
    for m in ev.matches:
        if m.round != rnd:
            continue
        sc = match_score(m, ev.scoring, ev.team_size)
        boards = [{"board": g.board, "a": names.get(g.a_player or 0, "—"), "b": names.get(g.b_player or 0, "—"),
                   "a_white": (white := a_is_white(m, g.board)), "result": g.result,
                   # read from left (team A) to right (team B), as the names and the match score are
                   "label": from_a(g.result, white).label() if g.result else "", "choices": side_choices(white),
                   "shown": shown_board(m, g.board, ev.team_size)} for g in m.boards]
        out.append(MatchView(match=m, a_name=teams[m.team_a], b_name=teams.get(m.team_b or 0, ""),
                             score=sc.label, complete=sc.complete, a_match=fmt(sc.a_match),
                             b_match=fmt(sc.b_match), boards=boards))
    return out


def shown_round(ev: TeamEvent, wanted: int | None = None) -> int:
    """`wanted` if it has matches, else the last round paired (1 before any pairing)."""
    rounds = sorted({m.round for m in ev.matches})
    if wanted is not None and wanted in rounds:
        return wanted
    return rounds[-1] if rounds else 1


async def team_tournament(store: EventStore, uniq: str) -> tuple[Tournament, TeamEvent]:
    """A team tournament by its uniq id (NotFound for an individual one)."""
    tournament = await store.tournament_by_uniq_id(uniq)
    if not await db.is_team_tournament(store, tournament.id):
        raise NotFound("Tournament %s is not a team tournament.", uniq)
    return tournament, await db.load_team_event(store, tournament.id)


async def team_event(store: EventStore, tid: int) -> TeamEvent:
    if not await db.is_team_tournament(store, tid):
        raise NotFound("Tournament %s is not a team tournament.", tid)
    return await db.load_team_event(store, tid)


async def team_standings_view(store: EventStore, ev: TeamEvent, tid: int,
                              rounds: int | None = None) -> tuple[Standings, dict[int, Decimal]]:
    """The team standings (one row per team) and each team's game points over the rounds counted."""
    st = await standings_for(store, tid, rounds=rounds)
    gp = {n: sum((x.gp for x in rs), start=Decimal(0)) for n, rs in team_rounds(
        ev.teams, ev.matches, ev.scoring, ev.team_size, st.round).items()}
    return st, gp


async def crosstable_view(store: EventStore, ev: TeamEvent, tid: int
                          ) -> tuple[Standings, list[int], dict[int, dict[int, tuple[str, int]]]]:
    """Teams by rank; each cell the game points scored against that opponent, with the round."""
    st = await standings_for(store, tid)
    per = team_rounds(ev.teams, ev.matches, ev.scoring, ev.team_size, st.round)
    order = [r.start_rank for r in st.rows]
    cells = {n: {r.opponent: (fmt(r.gp), r.round) for r in per.get(n, ()) if r.opponent} for n in order}
    return st, order, cells


async def match_count(store: EventStore, tid: int) -> int:
    """Matches of the round a team boards screen shows (what a team boards family splits); 0 for an individual
    tournament."""
    if not await db.is_team_tournament(store, tid):
        return 0
    ev = await db.load_team_event(store, tid)
    rnd = shown_round(ev)
    return sum(1 for m in ev.matches if m.round == rnd)


async def team_tournament_ids(store: EventStore) -> set[int]:
    """The event's team tournaments (team screens show only those)."""
    return {t.id for t in await store.tournaments() if await db.is_team_tournament(store, t.id)}
