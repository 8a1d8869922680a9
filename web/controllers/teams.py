"""Team tournaments in the hall and at the tables: the team boards screen (one block per match, running
score, board by board), team standings, the team cross-table, per-board result entry (captains' tablets and
the arbiter), line-ups and team forfeits (arbiters). Thin: the work is in database/teams.py and
tournament/teams/core.py. Pages follow the live hub (`tournament-<id>` and `result-<id>` SSE events)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

import msgspec
from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, URLEncodedBody
from litestar.response import Template

from app.pairing.team_round import pair_team_round
from app.views.standings import fmt
from app.views.teams import crosstable_view, match_views, shown_round, team_standings_view, team_tournament
from database import team_matches
from database import teams as db
from database.store import EventStore
from tournament.errors import Forbidden, NotFound
from tournament.results import Result
from web.auth import Role
from web.deps import public_event
from web.htmx import is_htmx
from web.render import render

Id = Annotated[int, msgspec.Meta(ge=1)]
ENTRY_ROLES = ("admin", "arbiter", "player")
ARBITERS = ("admin", "arbiter")


class BoardResult(msgspec.Struct, kw_only=True):
    match_id: Id
    board: Annotated[int, msgspec.Meta(ge=1, le=20)]
    result: Annotated[int, msgspec.Meta(ge=0, le=6)]  # 0 = clear (arbiters)
    expected: Annotated[int, msgspec.Meta(ge=0, le=6)] = 0
    correction: Annotated[int, msgspec.Meta(ge=0, le=1)] = 0


class Lineup(msgspec.Struct, kw_only=True):
    match_id: Id
    side: Literal["A", "B"]
    players: Annotated[str, msgspec.Meta(max_length=200)]  # pairing numbers by board, `-` = nobody


class TeamForfeit(msgspec.Struct, kw_only=True):
    match_id: Id
    forfeit: Literal["", "A", "B", "AB"]


class PairRound(msgspec.Struct, kw_only=True):
    round: Annotated[int, msgspec.Meta(ge=1, le=99)]
    system: Literal["", "berger", "fideteam"] = ""  # "": the tournament's own (tournament/teams/pairing.py)


class TeamController(Controller):
    path = "/teams/{event_id:str}/{uniq:str}"
    guards = [public_event]  # noqa: RUF012

    @get("/boards")
    async def boards(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                     store: NamedDependency[EventStore], round: FromQuery[int | None] = None) -> Template:
        """The team boards screen: each match a block (teams, running score, boards with colours and results)."""
        tournament, ev = await team_tournament(store, uniq)
        rnd = shown_round(ev, round)
        template = "teams/_boards.html" if is_htmx(request) else "teams/boards.html"
        return render(request, template, event_id=event_id, tournament=tournament, round=rnd,
                      matches=match_views(ev, rnd))

    @get("/standings")
    async def standings(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                        store: NamedDependency[EventStore], round: FromQuery[int | None] = None) -> Template:
        tournament, ev = await team_tournament(store, uniq)
        st, gp = await team_standings_view(store, ev, tournament.id, round)
        template = "teams/_standings.html" if is_htmx(request) else "teams/standings.html"
        return render(request, template, event_id=event_id, tournament=tournament, standings=st, gp=gp, fmt=fmt)

    @get("/crosstable")
    async def crosstable(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                         store: NamedDependency[EventStore]) -> Template:
        """Teams by rank; each cell the game points scored against that opponent (round in small)."""
        tournament, ev = await team_tournament(store, uniq)
        st, order, cells = await crosstable_view(store, ev, tournament.id)
        template = "teams/_crosstable.html" if is_htmx(request) else "teams/crosstable.html"
        return render(request, template, event_id=event_id, tournament=tournament, standings=st, order=order,
                      cells=cells, fmt=fmt)

    @get("/input")
    async def input_page(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                         store: NamedDependency[EventStore], role: NamedDependency[Role],
                         round: FromQuery[int | None] = None) -> Template:
        """Per-board entry (a captain's tablet or the arbiter); arbiters also set line-ups and forfeits."""
        if role not in ENTRY_ROLES:
            raise Forbidden("Log in to enter results.")
        tournament, ev = await team_tournament(store, uniq)
        rnd = shown_round(ev, round)
        return render(request, "teams/input.html", event_id=event_id, tournament=tournament, round=rnd,
                      matches=match_views(ev, rnd), role=role,
                      arbiter=role in ARBITERS)

    @post("/result")
    async def result(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                     data: URLEncodedBody[BoardResult], store: NamedDependency[EventStore],
                     role: NamedDependency[Role]) -> Template:
        if (data.correction or not data.result) and role in ENTRY_ROLES and role not in ARBITERS:
            raise Forbidden("Only an arbiter may correct a result.")

        async def write(tid: int) -> None:
            await team_matches.set_board_result(store, tid, data.match_id, data.board,
                                      Result(data.result) if data.result else None,
                                      expected=Result(data.expected) if data.expected else None,
                                      correction=bool(data.correction))

        return await self._entry(request, event_id, uniq, store, role, data.match_id, write,
                                 ENTRY_ROLES, Forbidden("Log in to enter results."))

    @post("/lineup")
    async def lineup(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                     data: URLEncodedBody[Lineup], store: NamedDependency[EventStore],
                     role: NamedDependency[Role]) -> Template:
        async def write(tid: int) -> None:
            players = [None if w in ("-", "0") else _number(w) for w in data.players.replace(",", " ").split()]
            await team_matches.set_lineup(store, tid, data.match_id, data.side, players)

        return await self._entry(request, event_id, uniq, store, role, data.match_id, write,
                                 ARBITERS, Forbidden("Only an arbiter may enter line-ups."))

    @post("/forfeit")
    async def forfeit(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                      data: URLEncodedBody[TeamForfeit], store: NamedDependency[EventStore],
                      role: NamedDependency[Role]) -> Template:
        async def write(tid: int) -> None:
            await team_matches.set_team_forfeit(store, tid, data.match_id, data.forfeit or None)

        return await self._entry(request, event_id, uniq, store, role, data.match_id, write,
                                 ARBITERS, Forbidden("Only an arbiter may declare a team forfeit."))

    @post("/pair")
    async def pair(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                   data: URLEncodedBody[PairRound], store: NamedDependency[EventStore],
                   role: NamedDependency[Role]) -> Template:
        """Pair a round (the tournament's own system, or the one named); answers the round's input page."""
        if role not in ARBITERS:
            raise Forbidden("Only an arbiter may pair a round.")
        tournament, _ev = await team_tournament(store, uniq)
        await pair_team_round(store, tournament.id, data.round, data.system or None)
        ev = await db.load_team_event(store, tournament.id)
        return render(request, "teams/input.html", event_id=event_id, tournament=tournament, round=data.round,
                      matches=match_views(ev, data.round), role=role, arbiter=True)

    async def _entry(self, request: Request[Any, Any, Any], event_id: str, uniq: str, store: EventStore,
                     role: str, match_id: int, write: Callable[[int], Awaitable[None]], allowed: tuple[str, ...],
                     refusal: Forbidden) -> Template:
        """The one shape of every entry: who may, the tournament, the write, then the match's block again."""
        if role not in allowed:
            raise refusal
        tournament, _ev = await team_tournament(store, uniq)
        await write(tournament.id)
        ev = await db.load_team_event(store, tournament.id)
        m = next((x for x in ev.matches if x.id == match_id), None)
        if m is None:
            raise NotFound("No match %s in this tournament.", match_id)
        view = next(v for v in match_views(ev, m.round) if v.match.id == match_id)
        return render(request, "teams/_input_match.html", event_id=event_id, tournament=tournament, mv=view,
                      arbiter=role in ARBITERS, role=role)


def _number(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise NotFound("No player %s in this tournament.", word) from None
