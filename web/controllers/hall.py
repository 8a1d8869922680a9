"""Input-screen actions that are not results: check-in before round 1 and illegal-move marks."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from litestar import Controller, Request, post
from litestar.di import NamedDependency
from litestar.params import FromPath, URLEncodedBody
from litestar.response import Template

from app.views.screens import ScreenSpec
from app.views.tournament import cached_alpha_rows, cached_board_rows, tournament_state
from database.store import EventStore
from tournament.checkin import is_open
from tournament.errors import Conflict, NotFound
from web.auth import Role
from web.deps import public_event
from web.render import render
from web.screen_context import input_spec

Id = Annotated[int, msgspec.Meta(ge=1)]


class CheckIn(msgspec.Struct, kw_only=True):
    tournament_id: Id
    player_id: Id
    checked_in: Annotated[int, msgspec.Meta(ge=0, le=1)]


class IllegalMark(msgspec.Struct, kw_only=True):
    tournament_id: Id
    round: Annotated[int, msgspec.Meta(ge=1, le=99)]
    player_id: Id
    action: Literal["add", "remove"]


async def input_screen(request: Request, store: EventStore, role: Role, screen_id: str) -> ScreenSpec:
    spec = await input_spec(request, store, role, screen_id)
    if not any(s.tournament_id for s in spec.sets):
        raise NotFound("Screen %r shows no tournament.", screen_id)
    return spec


def _shows(spec: ScreenSpec, tid: int) -> None:
    if tid not in {s.tournament_id for s in spec.sets}:
        raise NotFound("This screen does not show that tournament.")


class HallController(Controller):
    path = "/screen/{event_id:str}/{screen_id:str}"
    guards = [public_event]  # noqa: RUF012

    @post("/checkin")
    async def check_in(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], data: URLEncodedBody[CheckIn],
        store: NamedDependency[EventStore], role: NamedDependency[Role],
    ) -> Template:
        """Check a player in or out (docs/screens.md §10); answers the player's updated entry."""
        spec = await input_screen(request, store, role, screen_id)
        _shows(spec, data.tournament_id)
        if not is_open((await tournament_state(store, data.tournament_id)).round):
            raise Conflict("Check-in is closed: round 1 is paired. Nothing was changed.")
        await store.set_checked_in(data.tournament_id, data.player_id, bool(data.checked_in))
        for row in await cached_alpha_rows(store, data.tournament_id, True):
            if row.player.id == data.player_id:
                return render(request, "screen/_checkin_item.html", event_id=event_id, screen=spec, row=row,
                              tid=data.tournament_id, editable=True)
        raise NotFound("No player %s in this tournament.", data.player_id)

    @post("/illegal")
    async def illegal(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], data: URLEncodedBody[IllegalMark],
        store: NamedDependency[EventStore], role: NamedDependency[Role],
    ) -> Template:
        """Add or remove one illegal-move mark of a player in a game in progress (docs/screens.md §11)."""
        spec = await input_screen(request, store, role, screen_id)
        _shows(spec, data.tournament_id)
        state = await tournament_state(store, data.tournament_id)
        if state.illegal_limit <= 0:
            raise Conflict("Illegal moves are not recorded in this tournament.")
        if state.round != data.round:
            raise Conflict("Round %s is not the current round any more. Nothing was changed.", data.round)
        if data.action == "add":
            await store.add_illegal_move(data.tournament_id, data.round, data.player_id, state.illegal_limit)
        else:
            await store.remove_illegal_move(data.tournament_id, data.round, data.player_id)
        for row in await cached_board_rows(store, data.tournament_id):
            if data.player_id in (row.white.id, row.black.id if row.black else None):
                state = await tournament_state(store, data.tournament_id)
                return render(request, "screen/_row.html", event_id=event_id, screen=spec, row=row,
                              set=state, illegal_limit=state.illegal_limit, handicap=state.handicap,
                              virtual=state.virtual)
        raise NotFound("This game is not on the boards of the current round any more.")
