"""Hall screens: input, boards, players, results, image; result entry and the input code login."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, URLEncodedBody
from litestar.response import Response, Template

from app.results import enter_result
from app.views.screens import ScreenSpec, SetSpec, set_view
from app.views.standings import fmt
from app.views.standings_screen import standings_set_view
from app.views.team_screens import team_set_view
from app.views.tournament import BoardRow, board_row, results_view, tournament_state
from database.journal import Submission, acting_as
from database.store import EventStore, GameKey
from i18n import translator
from tournament.errors import NotFound
from tournament.hall.screen_rules import STANDINGS_TYPES, TEAM_SCREEN_TYPES
from tournament.models import Info
from tournament.results import Result
from web.auth import Role, actor
from web.deps import public_event
from web.entry import (
    ARBITER_ROLES,
    ResultDeletion,
    ResultEntry,
    answer_once,
    check_deletion,
    check_entry,
    choices_for,
    input_code_login,
    render_text,
)
from web.htmx import is_htmx
from web.render import language, render, render_cached
from web.screen_context import NeedsInputCode, input_spec, load_spec, row_renderer, screen_context


class Login(msgspec.Struct, kw_only=True):
    password: Annotated[str, msgspec.Meta(max_length=200)] = ""


class ScreenController(Controller):
    path = "/screen/{event_id:str}/{screen_id:str}"
    guards = [public_event]  # noqa: RUF012

    @get("/")
    async def page(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str],
        store: NamedDependency[EventStore], info: NamedDependency[Info], role: NamedDependency[Role],
    ) -> Template | Response[bytes]:
        screen = await load_spec(request, store, screen_id)
        if screen.type == "input" and role == "visitor":
            return render(request, "screen/login.html", status_code=401, event_id=event_id, info=info,
                          screen=screen, title=screen.name or screen.uniq_id, message=None)
        async def build() -> dict[str, object]:
            return {"event_id": event_id, **await screen_context(request, store, info, screen)}

        return await render_cached(request, store, "screen/page.html", build, timed=screen.timer_id is not None)

    @get("/sets/{set_id:int}")
    async def set_fragment(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], set_id: FromPath[int],
        store: NamedDependency[EventStore], role: NamedDependency[Role],
    ) -> Response[bytes]:
        """One set, refreshed on live updates; `set_id` is the `screen_set` id (1 on generated screens)."""
        screen = await load_spec(request, store, screen_id)
        if screen.type == "input" and role == "visitor":
            raise NeedsInputCode()
        for s in screen.sets:
            if s.id == set_id:
                async def build(s: SetSpec = s) -> dict[str, object]:
                    view = await set_view(store, screen, s, translator(language(request)))
                    return {"event_id": event_id, "screen": screen, "set": view,
                            "row_html": row_renderer(request, store, screen)}

                return await render_cached(request, store, "screen/_set.html", build)
        raise NotFound("No set %s on screen %r.", set_id, screen_id)

    @get("/standings/{set_id:int}")
    async def standings_fragment(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], set_id: FromPath[int],
        store: NamedDependency[EventStore],
    ) -> Response[bytes]:
        """One set of a standings screen, refreshed on live updates."""
        screen = await load_spec(request, store, screen_id)
        if screen.type not in STANDINGS_TYPES:
            raise NotFound("Screen %r is not a standings screen.", screen_id)
        return await _set_fragment(request, store, screen, set_id, "screen/_standings_set.html", standings_set_view)

    @get("/team/{set_id:int}")
    async def team_fragment(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], set_id: FromPath[int],
        store: NamedDependency[EventStore],
    ) -> Response[bytes]:
        """One set of a team screen (team boards, team standings, cross-table), refreshed on live updates."""
        screen = await load_spec(request, store, screen_id)
        if screen.type not in TEAM_SCREEN_TYPES:
            raise NotFound("Screen %r is not a team screen.", screen_id)
        return await _set_fragment(request, store, screen, set_id, "screen/_team_set.html", team_set_view)

    @get("/results-list")
    async def results_fragment(
        self, request: Request, screen_id: FromPath[str], store: NamedDependency[EventStore],
    ) -> Response[bytes]:
        screen = await load_spec(request, store, screen_id)
        if screen.row is None or screen.type != "results":
            raise NotFound("Screen %r is not a results screen.", screen_id)
        row = screen.row

        async def build() -> dict[str, object]:
            view = await results_view(store, row)
            return {"screen": screen, "result_columns": view.columns, "several": len(view.tournament_ids) > 1}

        return await render_cached(request, store, "screen/_results.html", build)

    @post("/login")
    async def login(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], data: URLEncodedBody[Login],
        store: NamedDependency[EventStore], info: NamedDependency[Info],
    ) -> Response[Any] | Template:
        screen = await load_spec(request, store, screen_id)

        def refused(message: str) -> Template:
            return render(request, "screen/login.html", status_code=401, event_id=event_id, info=info,
                          screen=screen, title=screen.name or screen.uniq_id, message=message)

        return await input_code_login(request, info, event_id, data.password, f"/screen/{event_id}/{screen_id}",
                                      refused)

    @get("/dialog")
    async def dialog(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], tid: FromQuery[int],
        rnd: FromQuery[int], white: FromQuery[int], store: NamedDependency[EventStore], info: NamedDependency[Info],
        role: NamedDependency[Role],
    ) -> Template:
        screen = await input_spec(request, store, role, screen_id)
        row = await self._row(store, tid, rnd, white)
        base = f"/screen/{event_id}/{screen_id}"
        return render(request, "screen/_dialog.html", event_id=event_id, screen=screen, row=row,
                      choices=choices_for(role), arbiter=role in ARBITER_ROLES, post_url=f"{base}/result",
                      delete_url=f"{base}/delete", tournament_name=(await store.tournament(tid)).name,
                      can_delete=role in ARBITER_ROLES or bool(info.allow_results_deletion_on_input_screens))

    @post("/result")
    async def enter_result(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str], data: URLEncodedBody[ResultEntry],
        store: NamedDependency[EventStore], role: NamedDependency[Role],
    ) -> Response[str] | Template:
        """Enter (players: 1-0, ½-½, 0-1 on an empty game) or correct (arbiters: `old` → `result`) a result."""
        screen = await input_spec(request, store, role, screen_id)
        _ = translator(language(request))
        check_entry(role, data)
        new = Result(data.result)

        async def act(make: Callable[[int, str], Submission | None]) -> tuple[int, str]:
            body = await self._answer(request, store, event_id, screen, data.game, new, data.board,
                                      _("Result %s stored on board %s.", new.label(), data.board))
            await enter_result(store, data.game, new, shown=Result(data.old) if data.old else None, board=data.board,
                               submission=make(*body))
            return body

        with acting_as(actor(request, role, f"screen {screen_id}")):
            return await answer_once(request, store, data.key, data.fingerprint("result"), act)

    @post("/delete")
    async def delete_result(
        self, request: Request, event_id: FromPath[str], screen_id: FromPath[str],
        data: URLEncodedBody[ResultDeletion], store: NamedDependency[EventStore], info: NamedDependency[Info],
        role: NamedDependency[Role],
    ) -> Response[str] | Template:
        """Delete a result: arbiters, or players when the event allows it on input screens."""
        screen = await input_spec(request, store, role, screen_id)
        _ = translator(language(request))
        check_deletion(role, info)

        async def act(make: Callable[[int, str], Submission | None]) -> tuple[int, str]:
            body = await self._answer(request, store, event_id, screen, data.game, None, data.board,
                                      _("Result of board %s deleted.", data.board))
            await enter_result(store, data.game, None, shown=Result(data.old), board=data.board, submission=make(*body))
            return body

        with acting_as(actor(request, role, f"screen {screen_id}")):
            return await answer_once(request, store, data.key, data.fingerprint("delete"), act)

    async def _answer(self, request: Request, store: EventStore, event_id: str, screen: ScreenSpec, game: GameKey,
                      new: Result | None, board: int, text: str) -> tuple[int, str]:
        """The answer to a write that succeeds, prepared before the write so it is kept with it."""
        if not is_htmx(request):
            return 303, f"/screen/{event_id}/{screen.uniq_id}"
        state = await tournament_state(store, game.tournament_id)
        rows = [board_row(state, p) for p in state.pairings if p.round == game.round
                and p.white_player_id == game.white_player_id and p.black_player_id == game.black_player_id]
        if not rows:
            return 200, render_text(request, "screen/_notice.html", message=text)
        entered = row_renderer(request, store, screen)(msgspec.structs.replace(rows[0], result=new))
        return 200, render_text(request, "screen/_entered.html", entered_row=entered, message=text)

    async def _row(self, store: EventStore, tid: int, rnd: int, white: int) -> BoardRow:
        state = await tournament_state(store, tid)
        for p in state.pairings:
            if p.round == rnd and p.white_player_id == white and p.black_player_id is not None:
                return board_row(state, p)
        raise NotFound("This game is not on the boards of the current round any more.")


async def _set_fragment(request: Request, store: EventStore, screen: ScreenSpec, set_id: int, template: str,
                        view_of: Callable[[EventStore, ScreenSpec, SetSpec, Callable[..., str]], Awaitable[object]],
                        ) -> Response[bytes]:
    """One set of a screen, rendered (and cached per commit) with the view `view_of` gives for it."""
    for s in screen.sets:
        if s.id == set_id:
            async def build(s: SetSpec = s) -> dict[str, object]:
                view = await view_of(store, screen, s, translator(language(request)))
                return {"event_id": store.event_id, "screen": screen, "set": view, "fmt": fmt}

            return await render_cached(request, store, template, build)
    raise NotFound("No set %s on screen %r.", set_id, screen.uniq_id)
