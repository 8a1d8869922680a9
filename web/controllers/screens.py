"""Hall screens: input, boards, players, results, image; result entry and the input code login."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import msgspec
from litestar import Controller, Request, get, post
from litestar.params import FromPath, FromQuery, URLEncodedBody
from litestar.response import Redirect, Response, Template

from database.journal import Submission, acting_as
from database.store import EventStore, GameKey
from tournament.errors import NotFound, Unauthorized
from tournament.models import Info
from tournament.results import Result
from web.auth import actor, check_password, input_cookie_name, input_token, may_use_input_screens, role_of
from web.entry import (
    ARBITER_ROLES,
    ResultDeletion,
    ResultEntry,
    answer_once,
    check_deletion,
    check_entry,
    choices_for,
    render_text,
    write_result,
)
from web.i18n import translator
from web.render import language, render, render_cached
from web.screen_context import load_spec, screen_context
from web.screen_views import ScreenSpec, SetSpec, set_view
from web.standings_screen import standings_set_view
from web.standings_view import fmt
from web.views import BoardRow, board_row, results_view, tournament_state


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
    async def page(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str]
    ) -> Template | Response[bytes]:
        store, info, screen = await load_screen(request, event_id, screen_id)
        if screen.type == "input" and not may_use_input_screens(request, event_id, info):
            return render(request, "screen/login.html", status_code=401, event_id=event_id, info=info,
                          screen=screen, title=screen.name or screen.uniq_id, message=None)
        async def build() -> dict[str, object]:
            return {"event_id": event_id, **await screen_context(request, store, info, screen)}

        return await render_cached(request, store, "screen/page.html", build, timed=screen.timer_id is not None)

    @get("/sets/{set_id:int}")
    async def set_fragment(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], set_id: FromPath[int]
    ) -> Response[bytes]:
        """One set, refreshed on live updates; `set_id` is the `screen_set` id (1 on generated screens)."""
        store, info, screen = await load_screen(request, event_id, screen_id)
        if screen.type == "input" and not may_use_input_screens(request, event_id, info):
            raise NeedsInputCode()
        for s in screen.sets:
            if s.id == set_id:
                async def build(s: SetSpec = s) -> dict[str, object]:
                    view = await set_view(store, screen, s, translator(language(request)))
                    return {"event_id": event_id, "screen": screen, "set": view}

                return await render_cached(request, store, "screen/_set.html", build)
        raise NotFound(f"No set {set_id} on screen {screen_id!r}.")

    @get("/standings/{set_id:int}")
    async def standings_fragment(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], set_id: FromPath[int]
    ) -> Response[bytes]:
        """One set of a standings screen, refreshed on live updates."""
        store, _info, screen = await load_screen(request, event_id, screen_id)
        if screen.type != "standings":
            raise NotFound(f"Screen {screen_id!r} is not a standings screen.")
        for s in screen.sets:
            if s.id == set_id:
                async def build(s: SetSpec = s) -> dict[str, object]:
                    view = await standings_set_view(store, screen, s, translator(language(request)))
                    return {"event_id": event_id, "screen": screen, "set": view, "fmt": fmt}

                return await render_cached(request, store, "screen/_standings_set.html", build)
        raise NotFound(f"No set {set_id} on screen {screen_id!r}.")

    @get("/results-list")
    async def results_fragment(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str]
    ) -> Response[bytes]:
        store, _info, screen = await load_screen(request, event_id, screen_id)
        if screen.row is None or screen.type != "results":
            raise NotFound(f"Screen {screen_id!r} is not a results screen.")
        row = screen.row

        async def build() -> dict[str, object]:
            view = await results_view(store, row)
            return {"screen": screen, "result_columns": view.columns, "several": len(view.tournament_ids) > 1}

        return await render_cached(request, store, "screen/_results.html", build)

    @post("/login")
    async def login(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], data: URLEncodedBody[Login]
    ) -> Response[str] | Template:
        _store, info, screen = await load_screen(request, event_id, screen_id)
        target = f"/screen/{event_id}/{screen_id}"
        if info.update_password is None:
            return Redirect(target, status_code=303)
        if not await check_password(request, info.update_password, data.password):
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
        store, info, screen = await self._input_screen(request, event_id, screen_id)
        row = await self._row(store, tid, rnd, white)
        role = role_of(request, event_id, info)
        base = f"/screen/{event_id}/{screen_id}"
        return render(request, "screen/_dialog.html", event_id=event_id, screen=screen, row=row,
                      choices=choices_for(role), arbiter=role in ARBITER_ROLES, post_url=f"{base}/result",
                      delete_url=f"{base}/delete", tournament_name=(await store.tournament(tid)).name,
                      can_delete=role in ARBITER_ROLES or bool(info.allow_results_deletion_on_input_screens))

    @post("/result")
    async def enter_result(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], data: URLEncodedBody[ResultEntry]
    ) -> Response[str] | Template:
        """Enter (players: 1-0, ½-½, 0-1 on an empty game) or correct (arbiters: `old` → `result`) a result."""
        store, info, screen = await self._input_screen(request, event_id, screen_id)
        role = role_of(request, event_id, info)
        _ = translator(language(request))
        check_entry(role, data, _)
        new = Result(data.result)

        async def act(make: Callable[[int, str], Submission | None]) -> tuple[int, str]:
            body = await self._answer(request, store, event_id, screen, data.game, new, data.board,
                                      _("Result %s stored on board %s.", new.label(), data.board))
            await write_result(store, data, make(*body))
            return body

        with acting_as(actor(request, role, f"screen {screen_id}")):
            return await answer_once(request, store, data.key, data.fingerprint("result"), act)

    @post("/delete")
    async def delete_result(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str],
        data: URLEncodedBody[ResultDeletion],
    ) -> Response[str] | Template:
        """Delete a result: arbiters, or players when the event allows it on input screens."""
        store, info, screen = await self._input_screen(request, event_id, screen_id)
        role = role_of(request, event_id, info)
        _ = translator(language(request))
        check_deletion(role, info, _)

        async def act(make: Callable[[int, str], Submission | None]) -> tuple[int, str]:
            body = await self._answer(request, store, event_id, screen, data.game, None, data.board,
                                      _("Result of board %s deleted.", data.board))
            await store.delete_result(data.game, expected=Result(data.old), shown_board=data.board,
                                      submission=make(*body))
            return body

        with acting_as(actor(request, role, f"screen {screen_id}")):
            return await answer_once(request, store, data.key, data.fingerprint("delete"), act)

    async def _answer(self, request: Request, store: EventStore, event_id: str, screen: ScreenSpec, game: GameKey,
                      new: Result | None, board: int, text: str) -> tuple[int, str]:
        """The answer to a write that succeeds, prepared before the write so it is kept with it."""
        if request.headers.get("HX-Request") != "true":
            return 303, f"/screen/{event_id}/{screen.uniq_id}"
        state = await tournament_state(store, game.tournament_id)
        rows = [board_row(state, p) for p in state.pairings if p.round == game.round
                and p.white_player_id == game.white_player_id and p.black_player_id == game.black_player_id]
        if not rows:
            return 200, render_text(request, "screen/_notice.html", message=text)
        before = rows[0].result
        missing = state.missing + (before is not None) - (new is not None)
        return 200, render_text(request, "screen/_entered.html", event_id=event_id, screen=screen,
                                row=msgspec.structs.replace(rows[0], result=new), missing=missing, message=text)

    async def _input_screen(
        self, request: Request, event_id: str, screen_id: str
    ) -> tuple[EventStore, Info, ScreenSpec]:
        store, info, screen = await load_screen(request, event_id, screen_id)
        if screen.type != "input":
            raise NotFound(f"Screen {screen_id!r} is not an input screen.")
        if not may_use_input_screens(request, event_id, info):
            raise NeedsInputCode()
        return store, info, screen

    async def _row(self, store: EventStore, tid: int, rnd: int, white: int) -> BoardRow:
        state = await tournament_state(store, tid)
        for p in state.pairings:
            if p.round == rnd and p.white_player_id == white and p.black_player_id is not None:
                return board_row(state, p)
        raise NotFound("This game is not on the boards of the current round any more.")
