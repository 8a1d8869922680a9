"""A4 print sheets for the hall walls: a round's pairings (by board, or alphabetical), the standings and the
cross-table. Same data as the screens (tournament/boards.py, app/views/standings.py); print CSS in
web/static/print.css. Public events: anyone; other events: arbiters.
"""

from __future__ import annotations

import time
from typing import Any, Literal

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery
from litestar.response import Template

from app.views.rating_changes import ratings_for
from app.views.standings import fmt, standings_for
from app.views.standings_filter import part_of, standings_of_part
from app.views.teams import team_grid
from app.views.tournament import alpha_key
from database.store import EventStore
from tournament.boards import current_round, half_points
from tournament.errors import Invalid, NotFound
from tournament.models import Info, Pairing, Player, Tournament
from tournament.results import ByeKind, format_points
from tournament.standings import crosstable
from web.auth import Role
from web.desk_access import Req, require_reader
from web.render import render

Order = Literal["board", "alpha"]
PlayerOrder = Literal["number", "alpha"]
#: Cross-tables with more rounds than this print in landscape.
PORTRAIT_ROUNDS = 9


class Seat(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    title: str | None
    rating: int
    points: str


class BoardLine(msgspec.Struct, frozen=True, kw_only=True):
    board: int | None
    white: Seat
    black: Seat | None
    result: str
    bye: str | None  # "U", "F", "H", "Z" for a bye


class AlphaLine(msgspec.Struct, frozen=True, kw_only=True):
    player: Seat
    board: int | None
    colour: str | None  # "white", "black" or None (bye)
    opponent: Seat | None
    bye: str | None


def _seat(p: Player, points: dict[int, int]) -> Seat:
    return Seat(name=p.shown_name, title=p.title, rating=p.rating, points=format_points(points.get(p.id, 0)))


def board_lines(pairings: list[Pairing], players: dict[int, Player], points: dict[int, int]) -> list[BoardLine]:
    """Games and the PAB in published order, then the other byes by name."""
    published = sorted((p for p in pairings if p.is_game or p.bye_kind == ByeKind.PAB),
                       key=lambda p: (p.board_order is None, p.board_order or 0, p.board or 0))
    others = sorted((p for p in pairings if not p.is_game and p.bye_kind != ByeKind.PAB),
                    key=lambda p: alpha_key(players[p.white_player_id]))
    out = []
    for numbered, p in [*((True, p) for p in published), *((False, p) for p in others)]:
        black = players[p.black_player_id] if p.black_player_id is not None else None
        out.append(BoardLine(board=p.board if numbered else None, white=_seat(players[p.white_player_id], points),
                             black=_seat(black, points) if black else None,
                             result=p.result.label() if p.result is not None else "",
                             bye=(p.bye_kind or ByeKind.ZERO).value if black is None else None))
    return out


def alpha_lines(pairings: list[Pairing], players: dict[int, Player], points: dict[int, int]) -> list[AlphaLine]:
    """Every player of the round A-Z, with board, colour and opponent (or the bye)."""
    seat: dict[int, tuple[Pairing, str | None]] = {}
    for p in pairings:
        seat[p.white_player_id] = (p, "white" if p.is_game else None)
        if p.black_player_id is not None:
            seat[p.black_player_id] = (p, "black")
    out = []
    for pid in sorted(seat, key=lambda i: alpha_key(players[i])):
        p, colour = seat[pid]
        other = p.black_player_id if colour == "white" else p.white_player_id if colour == "black" else None
        out.append(AlphaLine(player=_seat(players[pid], points), colour=colour,
                             board=p.board if p.is_game or p.bye_kind == ByeKind.PAB else None,
                             opponent=_seat(players[other], points) if other is not None else None,
                             bye=(p.bye_kind or ByeKind.ZERO).value if colour is None else None))
    return out


async def _tournament(store: EventStore, tid: int) -> Tournament:
    return await store.tournament(tid)


def _printed() -> float:
    """The time of printing, written in the reader's language by the page (`moment`)."""
    return time.time()


class PrintController(Controller):
    path = "/print/{event_id:str}/{tid:int}"

    @get("/pairings")
    async def pairings(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                       store: NamedDependency[EventStore], info: NamedDependency[Info], role: NamedDependency[Role],
                       round: FromQuery[int | None] = None, order: FromQuery[Order] = "board") -> Template:
        require_reader(role, info)
        tournament = await _tournament(store, tid)
        everything = await store.pairings(tid)
        rnd = round if round is not None else current_round(everything)
        if rnd is None:
            raise NotFound("No round of %s is paired yet.", tournament.name)
        if rnd < 1 or (tournament.rounds is not None and rnd > tournament.rounds):
            raise Invalid("Round %s does not exist: this tournament has %s rounds.", rnd, tournament.rounds or "?")
        this_round = [p for p in everything if p.round == rnd]
        if not this_round:
            raise NotFound("Round %s is not paired yet.", rnd)
        players = {p.id: p for p in await store.players(tid)}
        points = half_points(everything, before_round=rnd)
        context: dict[str, Any] = {"board_lines": board_lines(this_round, players, points)} if order == "board" \
            else {"alpha_lines": alpha_lines(this_round, players, points)}
        rounds = sorted({p.round for p in everything})
        return render(request, "print/pairings.html", event_id=event_id, info=info, tournament=tournament,
                      round=rnd, order=order, rounds=rounds, printed=_printed(), **context)

    @get("/players")
    async def players(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                      store: NamedDependency[EventStore], info: NamedDependency[Info], role: NamedDependency[Role],
                      order: FromQuery[PlayerOrder] = "number") -> Template:
        """The player list (FIDE events post one): by pairing number or alphabetical."""
        return await self._players(request, event_id, tid, store, info, role, "print/players.html", order)

    @get("/checkin")
    async def checkin(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                      store: NamedDependency[EventStore], info: NamedDependency[Info], role: NamedDependency[Role]
                      ) -> Template:
        """The check-in list: alphabetical, a box to tick and a column to sign for each player."""
        return await self._players(request, event_id, tid, store, info, role, "print/players_checkin.html", "alpha")

    async def _players(self, request: Req, event_id: str, tid: int, store: EventStore, info: Info, role: Role,
                       template: str, order: PlayerOrder) -> Template:
        require_reader(role, info)
        tournament = await _tournament(store, tid)
        players = await store.players(tid)
        ordered = sorted(players, key=alpha_key if order == "alpha" else lambda p: (p.pairing_number,))
        return render(request, template, event_id=event_id, info=info, tournament=tournament, players=ordered,
                      order=order, printed=_printed())

    @get("/standings")
    async def standings(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                        store: NamedDependency[EventStore], info: NamedDependency[Info], role: NamedDependency[Role],
                        round: FromQuery[int | None] = None, category: FromQuery[str | None] = None,
                        sex: FromQuery[str | None] = None, band: FromQuery[str | None] = None) -> Template:
        require_reader(role, info)
        tournament = await _tournament(store, tid)
        part = part_of(category, sex, band)
        standings = await standings_of_part(store, tid, await standings_for(store, tid, rounds=round), part)
        return render(request, "print/standings.html", event_id=event_id, info=info, tournament=tournament,
                      standings=standings, fmt=fmt, printed=_printed(), part=part)

    @get("/crosstable")
    async def crosstable(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                         store: NamedDependency[EventStore], info: NamedDependency[Info], role: NamedDependency[Role],
                         round: FromQuery[int | None] = None, ratings: FromQuery[bool] = False) -> Template:
        """`ratings`: each player's performance and rating change too (two more columns: a wide field's cells
        would no longer fit A4, so they are asked for, as on the screen's standings)."""
        require_reader(role, info)
        tournament = await _tournament(store, tid)
        standings = await standings_for(store, tid, rounds=round)
        cells = await team_grid(store, tid, standings) or crosstable(standings, await store.pairings(tid))
        report = await ratings_for(store, tournament, standings.round) if ratings and not standings.teams else None
        return render(request, "print/crosstable.html", event_id=event_id, info=info, tournament=tournament,
                      standings=standings, cells=cells, fmt=fmt, printed=_printed(), ratings=report,
                      landscape=standings.round > PORTRAIT_ROUNDS)
