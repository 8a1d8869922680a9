"""Input-screen actions that are not results: check-in before round 1 and illegal-move marks."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from litestar import Controller, Request, post
from litestar.params import FromPath, URLEncodedBody
from litestar.response import Template

from database.store import EventStore
from tournament.checkin import is_open
from tournament.errors import Conflict, NotFound
from tournament.models import Info
from web.auth import may_use_input_screens
from web.controllers.screens import NeedsInputCode
from web.i18n import translator
from web.render import language, render
from web.screen_context import load_spec
from web.screen_views import ScreenSpec
from web.views import cached_alpha_rows, cached_board_rows, tournament_state

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


async def input_screen(request: Request, event_id: str, screen_id: str) -> tuple[EventStore, Info, ScreenSpec]:
    store, info, spec = await load_spec(request, event_id, screen_id)
    if spec.type != "input":
        raise NotFound(f"Screen {screen_id!r} is not an input screen.")
    if not may_use_input_screens(request, event_id, info):
        raise NeedsInputCode()
    if not any(s.tournament_id for s in spec.sets):
        raise NotFound(f"Screen {screen_id!r} shows no tournament.")
    return store, info, spec


def _shows(spec: ScreenSpec, tid: int) -> None:
    if tid not in {s.tournament_id for s in spec.sets}:
        raise NotFound("This screen does not show that tournament.")


class HallController(Controller):
    path = "/screen/{event_id:str}/{screen_id:str}"

    @post("/checkin")
    async def check_in(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], data: URLEncodedBody[CheckIn]
    ) -> Template:
        """Check a player in or out (screens.md §10); answers the player's updated entry."""
        store, _info, spec = await input_screen(request, event_id, screen_id)
        _shows(spec, data.tournament_id)
        _ = translator(language(request))
        if not is_open((await tournament_state(store, data.tournament_id)).round):
            raise Conflict(_("Check-in is closed: round 1 is paired. Nothing was changed."))
        await store.set_checked_in(data.tournament_id, data.player_id, bool(data.checked_in))
        for row in await cached_alpha_rows(store, data.tournament_id, True):
            if row.player.id == data.player_id:
                return render(request, "screen/_checkin_item.html", event_id=event_id, screen=spec, row=row,
                              tid=data.tournament_id, editable=True)
        raise NotFound(f"No player {data.player_id} in this tournament.")

    @post("/illegal")
    async def illegal(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], data: URLEncodedBody[IllegalMark]
    ) -> Template:
        """Add or remove one illegal-move mark of a player in a game in progress (screens.md §11)."""
        store, _info, spec = await input_screen(request, event_id, screen_id)
        _shows(spec, data.tournament_id)
        _ = translator(language(request))
        state = await tournament_state(store, data.tournament_id)
        if state.illegal_limit <= 0:
            raise Conflict(_("Illegal moves are not recorded in this tournament."))
        if state.round != data.round:
            raise Conflict(_("Round %s is not the current round any more. Nothing was changed.", data.round))
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
