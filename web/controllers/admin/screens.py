"""Admin: screens and their sets (order, tournament, first/last, fixed boards), with a preview link."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Redirect, Template

from app.views.labels import named
from app.views.legibility import Preview, preview
from app.views.screens import find_spec
from app.views.teams import team_tournament_ids
from database.store import EventStore
from i18n import translator
from tournament.config_rules import Form
from tournament.errors import NotFound
from tournament.hall.legibility import MAX_METRES, MIN_METRES
from tournament.hall.screen_rules import (
    AUTOFIT_TYPES,
    MAX_COLUMNS,
    SCREEN_TYPES,
    TEAM_SCREEN_TYPES,
    clash_rule,
    first_set_rules,
    screen_rules,
    set_rules,
    team_screen_rule,
)
from tournament.models import Screen, ScreenSet
from web.controllers.admin.common import back, id_list, page, read_form, values_of
from web.controllers.admin.guard import admin_guard
from web.render import language


async def options(store: EventStore, screen_type: str | None = None) -> dict[str, Any]:
    """Choices of the screen forms: team screen types only when the event has a team tournament, and only team
    tournaments in the sets of a team screen."""
    teams = await team_tournament_ids(store)
    tournaments = [(t.id, t.name) for t in await store.tournaments()
                   if screen_type not in TEAM_SCREEN_TYPES or t.id in teams]
    return {"tournament_options": tournaments,
            "timer_options": [(t.id, t.uniq_id) for t in await store.timers()],
            "screen_types": [(t, named("screen_type", t)) for t in SCREEN_TYPES
                             if teams or t not in TEAM_SCREEN_TYPES],
            "team_menu": bool(teams)}  # the menu builder offers @team_boards, @team_standings, @team_crosstable


def set_values(s: ScreenSet) -> dict[str, Any]:
    return values_of(s, use_fixed_boards=s.fixed_boards_str is not None)


class ScreensAdmin(Controller):
    path = "/admin/events/{event_id:str}/screens"
    guards = [admin_guard]  # noqa: RUF012

    @get("/")
    async def index(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                    store: NamedDependency[EventStore]) -> Template:
        return await self._index(request, event_id, store, Form({}), {"type": "boards", "menu_link": True})

    async def _index(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, form: Form,
                     values: dict[str, Any]) -> Template:
        sets = await store.screen_sets()
        counts = {s.id: sum(1 for x in sets if x.screen_id == s.id) for s in await store.screens()}
        return page(request, "admin/screens.html", form=form, event_id=event_id, info=await store.info(),
                    screens=await store.screens(), counts=counts, values=values, section="screens",
                    **await options(store))

    @post("/")
    async def create(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        data = await read_form(request)
        form = Form(data)
        tids = {t.id for t in await store.tournaments()}
        values = screen_rules(form, taken_ids={s.uniq_id for s in await store.screens()}, tournament_ids=tids,
                              timer_ids={t.id for t in await store.timers()})
        clash_rule(form, values["uniq_id"], {f.uniq_id for f in await store.families()})
        first_set = first_set_rules(form, screen_type=values.get("type"), tournament_ids=tids)
        team_screen_rule(form, values.get("type"), first_set["tournament_id"] if first_set else None,
                         await team_tournament_ids(store))
        if not form.ok:
            return await self._index(request, event_id, store, form, data)
        screen_id = await store.admin.add_screen(values, first_set)
        return back(f"/admin/events/{event_id}/screens/{screen_id}", "created")

    @get("/{screen_id:int}")
    async def show(self, request: Request[Any, Any, Any], event_id: FromPath[str], screen_id: FromPath[int],
                   store: NamedDependency[EventStore]) -> Template:
        screen = await self._screen(store, screen_id)
        return await self._show(request, event_id, store, screen, Form({}), self._values(screen))

    def _values(self, screen: Screen) -> dict[str, Any]:
        return values_of(screen, results_tournament_ids=id_list(screen.results_tournament_ids))

    async def _show(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, screen: Screen,
                    form: Form, values: dict[str, Any], set_forms: dict[int, dict[str, Any]] | None = None,
                    new_set: dict[str, Any] | None = None, set_form: Form | None = None,
                    error_set: int | str | None = None) -> Template:
        """The screen page; a set sent with errors (`set_form`) shows them next to that set only."""
        sets = await store.screen_sets(screen.id)
        figures = await self._preview(request, store, screen) if screen.type in AUTOFIT_TYPES else None
        forms = {s.id: set_values(s) for s in sets}
        forms.update(set_forms or {})
        return page(request, "admin/screen.html", form=form, event_id=event_id, info=await store.info(),
                    screen=screen, sets=sets, set_forms=forms, new_set=new_set or {}, values=values,
                    set_errors=set_form.errors if set_form else {}, error_set=error_set,
                    status_code=422 if set_form and not set_form.ok else 200, section="screens",
                    preview=figures, **await options(store, screen.type))

    @post("/{screen_id:int}")
    async def update(self, request: Request[Any, Any, Any], event_id: FromPath[str], screen_id: FromPath[int],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        screen = await self._screen(store, screen_id)
        data = await read_form(request)
        form = Form(data)
        values = screen_rules(form, taken_ids={s.uniq_id for s in await store.screens() if s.id != screen_id},
                              tournament_ids={t.id for t in await store.tournaments()},
                              timer_ids={t.id for t in await store.timers()}, screen_type=screen.type)
        clash_rule(form, values["uniq_id"], {f.uniq_id for f in await store.families()})
        if not form.ok:
            return await self._show(request, event_id, store, screen, form, data)
        await store.admin.update_screen(screen_id, values)
        if form.warnings:
            return await self._show(request, event_id, store, await self._screen(store, screen_id), form,
                                    self._values(await self._screen(store, screen_id)))
        return back(f"/admin/events/{event_id}/screens/{screen_id}")

    @get("/{screen_id:int}/legibility")
    async def legibility(self, request: Request[Any, Any, Any], event_id: FromPath[str], screen_id: FromPath[int],
                         store: NamedDependency[EventStore]) -> Template:
        """The preview of the screen's size while the form is filled (htmx): the distance and columns typed."""
        screen = await self._screen(store, screen_id)
        form = Form(dict(request.query_params))
        metres = form.integer("readable_m", minimum=MIN_METRES, maximum=MAX_METRES)
        columns = form.integer("columns", minimum=1, maximum=MAX_COLUMNS)
        figures = await self._preview(request, store, screen, metres, columns) if form.ok else None
        # a wrong figure is said in place of the preview (a 200: htmx swaps it in), the form is not saved
        return page(request, "admin/_legibility.html", lerrors=form.errors, preview=figures)

    async def _preview(self, request: Request[Any, Any, Any], store: EventStore, screen: Screen,
                       metres: int | None = None, columns: int | None = None) -> Preview | None:
        if screen.type not in AUTOFIT_TYPES:
            return None
        spec = await find_spec(store, screen.uniq_id)
        return await preview(store, spec, translator(language(request)), metres, columns)

    @post("/{screen_id:int}/delete")
    async def delete(self, request: Request[Any, Any, Any], event_id: FromPath[str], screen_id: FromPath[int],
                     store: NamedDependency[EventStore]) -> Redirect:
        await self._screen(store, screen_id)
        await store.admin.delete_screen(screen_id)
        return back(f"/admin/events/{event_id}/screens", "deleted")

    # -- sets ----------------------------------------------------------------------------------

    @post("/{screen_id:int}/sets")
    async def add_set(self, request: Request[Any, Any, Any], event_id: FromPath[str], screen_id: FromPath[int],
                      store: NamedDependency[EventStore]) -> Template | Redirect:
        return await self._save_set(request, store, event_id, screen_id, None)

    @post("/{screen_id:int}/sets/{set_id:int}")
    async def update_set(self, request: Request[Any, Any, Any], event_id: FromPath[str], screen_id: FromPath[int],
                         set_id: FromPath[int], store: NamedDependency[EventStore]) -> Template | Redirect:
        return await self._save_set(request, store, event_id, screen_id, set_id)

    async def _save_set(self, request: Request[Any, Any, Any],
                        store: EventStore, event_id: str, screen_id: int, set_id: int | None
                        ) -> Template | Redirect:
        screen = await self._screen(store, screen_id)
        sets = await store.screen_sets(screen_id)
        if set_id is not None and set_id not in {s.id for s in sets}:
            raise NotFound("No set %s on this screen.", set_id)
        data = await read_form(request)
        form = Form(data)
        values = set_rules(form, tournament_ids={t.id for t in await store.tournaments()},
                           siblings=[s for s in sets if s.id != set_id])
        team_screen_rule(form, screen.type, values["tournament_id"], await team_tournament_ids(store))
        if not form.ok:
            return await self._show(request, event_id, store, screen, Form({}), self._values(screen),
                                    set_forms={set_id: data} if set_id is not None else None,
                                    new_set=data if set_id is None else None, set_form=form,
                                    error_set=set_id or "new")
        if set_id is None:
            await store.admin.add_screen_set(screen_id, values)
        else:
            await store.admin.update_screen_set(set_id, values)
        return back(f"/admin/events/{event_id}/screens/{screen_id}")

    @post("/{screen_id:int}/sets/{set_id:int}/move")
    async def move_set(self, request: Request[Any, Any, Any], event_id: FromPath[str], screen_id: FromPath[int],
                       set_id: FromPath[int], store: NamedDependency[EventStore]) -> Redirect:
        await self._screen(store, screen_id)
        form = Form(await read_form(request))
        await store.admin.move_screen_set(screen_id, set_id, -1 if form.raw("direction") == "up" else 1)
        return back(f"/admin/events/{event_id}/screens/{screen_id}", "moved")

    @post("/{screen_id:int}/sets/{set_id:int}/delete")
    async def delete_set(self, request: Request[Any, Any, Any], event_id: FromPath[str], screen_id: FromPath[int],
                         set_id: FromPath[int], store: NamedDependency[EventStore]) -> Redirect:
        if set_id not in {s.id for s in await store.screen_sets(screen_id)}:
            raise NotFound("No set %s on this screen.", set_id)
        await store.admin.delete_screen_set(set_id)
        return back(f"/admin/events/{event_id}/screens/{screen_id}", "deleted")

    async def _screen(self, store: EventStore, screen_id: int) -> Screen:
        for s in await store.screens():
            if s.id == screen_id:
                return s
        raise NotFound("No screen %s in this event.", screen_id)
