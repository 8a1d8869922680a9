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
from litestar.response import Response, Template

from app.pairing.team_round import pair_team_round
from app.views.standings import fmt
from app.views.teams import (
    MatchView,
    crosstable_view,
    match_views,
    paired_rounds,
    shown_round,
    team_standings_view,
    team_tournament,
)
from database.journal import Submission, acting_as
from database.store import EventStore
from tournament.errors import Forbidden, NotFound
from tournament.models import Info, Tournament
from tournament.results import TABLET_RESULTS, Result
from tournament.teams.core import Match
from tournament.teams.trf import TeamEvent
from web.auth import Role, actor
from web.deps import public_event
from web.entry import Key, answer_once, input_code_login, render_text
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
    key: Key = ""  # one per submission (web/entry.py): a resent entry gets the first answer

    def fingerprint(self) -> str:
        return f"team-result:{self.match_id}/{self.board}/{self.result}/{self.expected}/{self.correction}"


class Lineup(msgspec.Struct, kw_only=True):
    match_id: Id
    side: Literal["A", "B"]
    players: Annotated[str, msgspec.Meta(max_length=200)]  # pairing numbers by board, `-` = nobody
    override: Annotated[int, msgspec.Meta(ge=0, le=1)] = 0  # the arbiter changes it although a game is played


class TeamForfeit(msgspec.Struct, kw_only=True):
    match_id: Id
    forfeit: Literal["", "A", "B", "AB"]


class Login(msgspec.Struct, kw_only=True):
    password: Annotated[str, msgspec.Meta(max_length=200)] = ""


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
                         store: NamedDependency[EventStore], role: NamedDependency[Role], info: NamedDependency[Info],
                         round: FromQuery[int | None] = None) -> Template:
        """Per-board entry (a captain's tablet or the arbiter); arbiters also set line-ups and forfeits. Before
        login, the login form in place; live (templates/teams/input.html); `round` picks a round, else the last
        one paired."""
        tournament, ev = await team_tournament(store, uniq)
        if role not in ENTRY_ROLES:
            return self._login(request, event_id, info, tournament, None)
        rnd = shown_round(ev, round)
        template = "teams/_input_round.html" if is_htmx(request) else "teams/input.html"
        return render(request, template, event_id=event_id, tournament=tournament, round=rnd,
                      matches=match_views(ev, rnd), role=role, arbiter=role in ARBITERS, rounds=paired_rounds(ev),
                      fixed=round is not None and round == rnd)

    @post("/login")
    async def login(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                    data: URLEncodedBody[Login], store: NamedDependency[EventStore],
                    info: NamedDependency[Info]) -> Response[Any] | Template:
        """The event's input code typed on the entry page: back to it, logged in."""
        tournament, _ev = await team_tournament(store, uniq)
        return await input_code_login(request, info, event_id, data.password, f"/teams/{event_id}/{uniq}/input",
                                      lambda message: self._login(request, event_id, info, tournament, message))

    def _login(self, request: Request[Any, Any, Any], event_id: str, info: Info, tournament: Tournament,
               message: str | None) -> Template:
        return render(request, "teams/login.html", status_code=401, event_id=event_id, info=info,
                      tournament=tournament, title=tournament.name, message=message)

    @post("/result")
    async def result(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                     data: URLEncodedBody[BoardResult], store: NamedDependency[EventStore],
                     role: NamedDependency[Role]) -> Response[str]:
        """A board's result (captains: 1-0, ½-½, 0-1 on a board without one; arbiters: any, corrections). The
        answer (the match's block with the result in) is prepared before the write and kept with it, so an entry
        sent again from a tablet's offline queue gets the same answer and writes nothing."""
        if role not in ENTRY_ROLES:
            raise Forbidden("Log in to enter results.")
        if role not in ARBITERS:
            if data.correction or not data.result:
                raise Forbidden("Only an arbiter may correct a result.")
            if Result(data.result) not in TABLET_RESULTS:
                raise Forbidden("Forfeits (%s) are entered by an arbiter.", Result(data.result).label())
        tournament, ev = await team_tournament(store, uniq)
        new = Result(data.result) if data.result else None

        async def act(make: Callable[[int, str], Submission | None]) -> tuple[int, str]:
            body = render_text(request, "teams/_input_match.html", event_id=event_id, tournament=tournament,
                               mv=_view(with_board_result(ev, data.match_id, data.board, new), data.match_id),
                               arbiter=role in ARBITERS, role=role)
            await store.teams.set_board_result(tournament.id, data.match_id, data.board, new,
                                               expected=Result(data.expected) if data.expected else None,
                                               correction=bool(data.correction), submission=make(200, body))
            return 200, body

        with acting_as(actor(request, role, "team entry")):
            return await answer_once(request, store, data.key, data.fingerprint(), act)

    @post("/lineup")
    async def lineup(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                     data: URLEncodedBody[Lineup], store: NamedDependency[EventStore],
                     role: NamedDependency[Role]) -> Template:
        async def write(tid: int) -> None:
            players = [None if w in ("-", "0") else _number(w) for w in data.players.replace(",", " ").split()]
            await store.teams.set_lineup(tid, data.match_id, data.side, players, override=bool(data.override))

        return await self._entry(request, event_id, uniq, store, role, data.match_id, write,
                                 ARBITERS, Forbidden("Only an arbiter may enter line-ups."))

    @post("/forfeit")
    async def forfeit(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                      data: URLEncodedBody[TeamForfeit], store: NamedDependency[EventStore],
                      role: NamedDependency[Role]) -> Template:
        async def write(tid: int) -> None:
            await store.teams.set_team_forfeit(tid, data.match_id, data.forfeit or None)

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
        ev = await store.teams.load_team_event(tournament.id)
        return render(request, "teams/input.html", event_id=event_id, tournament=tournament, round=data.round,
                      matches=match_views(ev, data.round), role=role, arbiter=True)

    async def _entry(self, request: Request[Any, Any, Any], event_id: str, uniq: str, store: EventStore,
                     role: str, match_id: int, write: Callable[[int], Awaitable[None]], allowed: tuple[str, ...],
                     refusal: Forbidden) -> Template:
        """The one shape of every entry: who may, the tournament, the write, then the match's block again."""
        if role not in allowed:
            raise refusal
        tournament, _ev = await team_tournament(store, uniq)
        with acting_as(actor(request, role, "team entry")):
            await write(tournament.id)
        ev = await store.teams.load_team_event(tournament.id)
        return render(request, "teams/_input_match.html", event_id=event_id, tournament=tournament,
                      mv=_view(ev, match_id), arbiter=role in ARBITERS, role=role)


def _view(ev: TeamEvent, match_id: int) -> MatchView:
    m = next((x for x in ev.matches if x.id == match_id), None)
    if m is None:
        raise NotFound("No match %s in this tournament.", match_id)
    return next(v for v in match_views(ev, m.round) if v.match.id == match_id)


def with_board_result(ev: TeamEvent, match_id: int, board: int, result: Result | None) -> TeamEvent:
    """The event as it will be once a board's result is in (the answer is prepared before the write)."""
    def changed(m: Match) -> Match:
        if m.id != match_id:
            return m
        return msgspec.structs.replace(m, boards=tuple(msgspec.structs.replace(g, result=result)
                                                       if g.board == board else g for g in m.boards))

    return msgspec.structs.replace(ev, matches=tuple(changed(m) for m in ev.matches))


def _number(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise NotFound("No player %s in this tournament.", word) from None
