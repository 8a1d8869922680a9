"""Hall screens: input, boards, players, results, image; result entry and the input code login."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, Request, get, post
from litestar.params import FromPath, FromQuery, URLEncodedBody
from litestar.response import Redirect, Response, Template

from database.store import EventStore, GameKey
from tournament.errors import NotFound, Unauthorized
from tournament.models import Info
from tournament.results import TABLET_RESULTS, Result
from web.auth import has_input_access, input_cookie_name, input_token, verify_password
from web.i18n import translator
from web.render import language, render
from web.screen_context import load_spec, screen_context
from web.screen_views import ScreenSpec, set_view
from web.views import BoardRow, board_rows, results_view, tournament_state

TabletResult = Annotated[int, msgspec.Meta(ge=1, le=3)]
Id = Annotated[int, msgspec.Meta(ge=1)]


class ResultEntry(msgspec.Struct, kw_only=True):
    """A result sent by a tablet: the game's identity, never a board position."""

    tournament_id: Id
    round: Annotated[int, msgspec.Meta(ge=1, le=99)]
    white_player_id: Id
    black_player_id: Id
    result: TabletResult
    board: Annotated[int, msgspec.Meta(ge=0)] = 0  # as displayed, for messages and the log only

    @property
    def key(self) -> GameKey:
        return GameKey(tournament_id=self.tournament_id, round=self.round, white_player_id=self.white_player_id,
                       black_player_id=self.black_player_id)


class Login(msgspec.Struct, kw_only=True):
    password: Annotated[str, msgspec.Meta(max_length=200)] = ""


class NeedsInputCode(Unauthorized):
    def __init__(self) -> None:
        super().__init__("This screen needs the event's input code.")


async def load_screen(request: Request, event_id: str, screen_id: str) -> tuple[EventStore, Info, ScreenSpec]:
    """A plain or family-generated screen this client may see (web/screen_context.py)."""
    return await load_spec(request, event_id, screen_id)


class ScreenController(Controller):
    path = "/screen/{event_id:str}/{screen_id:str}"

    @get("/")
    async def page(self, request: Request, event_id: FromPath[str], screen_id: FromPath[str]) -> Template:
        store, info, screen = await load_screen(request, event_id, screen_id)
        if screen.type == "input" and not has_input_access(request, event_id, info.update_password):
            return render(request, "screen/login.html", status_code=401, event_id=event_id, info=info,
                          screen=screen, title=screen.name or screen.uniq_id, message=None)
        context = await screen_context(request, store, info, screen)
        return render(request, "screen/page.html", event_id=event_id, **context)

    @get("/sets/{set_id:int}")
    async def set_fragment(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], set_id: FromPath[int]
    ) -> Template:
        """One set, refreshed on live updates; `set_id` is the `screen_set` id (1 on generated screens)."""
        store, info, screen = await load_screen(request, event_id, screen_id)
        if screen.type == "input" and not has_input_access(request, event_id, info.update_password):
            raise NeedsInputCode()
        for s in screen.sets:
            if s.id == set_id:
                view = await set_view(store, screen, s, translator(language(request)))
                return render(request, "screen/_set.html", event_id=event_id, screen=screen, set=view)
        raise NotFound(f"No set {set_id} on screen {screen_id!r}.")

    @get("/results-list")
    async def results_fragment(self, request: Request, event_id: FromPath[str], screen_id: FromPath[str]) -> Template:
        store, _info, screen = await load_screen(request, event_id, screen_id)
        if screen.row is None or screen.type != "results":
            raise NotFound(f"Screen {screen_id!r} is not a results screen.")
        view = await results_view(store, screen.row)
        return render(request, "screen/_results.html", screen=screen, result_columns=view.columns,
                      several=len(view.tournament_ids) > 1)

    @post("/login")
    async def login(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], data: URLEncodedBody[Login]
    ) -> Response[str] | Template:
        _store, info, screen = await load_screen(request, event_id, screen_id)
        target = f"/screen/{event_id}/{screen_id}"
        if info.update_password is None:
            return Redirect(target, status_code=303)
        if not await verify_password(info.update_password, data.password):
            _ = translator(language(request))
            response = render(request, "screen/login.html", status_code=401, event_id=event_id, info=info,
                              screen=screen, title=screen.name or screen.uniq_id, message=_("Wrong code."))
            response.delete_cookie(input_cookie_name(event_id), path="/")
            return response
        redirect = Redirect(target, status_code=303)
        redirect.set_cookie(input_cookie_name(event_id), input_token(request.app.state.secret, event_id,
                                                                     info.update_password),
                            path="/", httponly=True, samesite="lax", max_age=60 * 60 * 24 * 30)
        return redirect

    @get("/dialog")
    async def dialog(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], tid: FromQuery[int],
        rnd: FromQuery[int], white: FromQuery[int],
    ) -> Template:
        store, _info, screen = await self._input_screen(request, event_id, screen_id)
        row = await self._row(store, tid, rnd, white)
        return render(request, "screen/_dialog.html", event_id=event_id, screen=screen, row=row,
                      choices=TABLET_RESULTS)

    @post("/result")
    async def enter_result(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], data: URLEncodedBody[ResultEntry]
    ) -> Response[str] | Template:
        store, _info, screen = await self._input_screen(request, event_id, screen_id)
        result = Result(data.result)
        await store.record_result(data.key, result, data.board)
        if request.headers.get("HX-Request") != "true":
            return Redirect(f"/screen/{event_id}/{screen_id}", status_code=303)
        row = await self._row(store, data.tournament_id, data.round, data.white_player_id)
        state = await tournament_state(store, data.tournament_id)
        _ = translator(language(request))
        return render(request, "screen/_entered.html", event_id=event_id, screen=screen, row=row,
                      missing=state.missing, message=_("Result %s stored on board %s.", result.label(), data.board))

    async def _input_screen(
        self, request: Request, event_id: str, screen_id: str
    ) -> tuple[EventStore, Info, ScreenSpec]:
        store, info, screen = await load_screen(request, event_id, screen_id)
        if screen.type != "input":
            raise NotFound(f"Screen {screen_id!r} is not an input screen.")
        if not has_input_access(request, event_id, info.update_password):
            raise NeedsInputCode()
        return store, info, screen

    async def _row(self, store: EventStore, tid: int, rnd: int, white: int) -> BoardRow:
        state = await tournament_state(store, tid)
        for row in board_rows(state):
            if row.round == rnd and row.white.id == white and row.black is not None:
                return row
        raise NotFound("This game is not on the boards of the current round any more.")
