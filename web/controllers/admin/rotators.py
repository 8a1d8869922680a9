"""Admin: rotators (screens and families shown in turn), with their order and a preview link."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Redirect, Template

from database.store import EventStore
from tournament.config_rules import Form
from tournament.errors import NotFound
from tournament.hall.screen_rules import rotator_rules
from tournament.models import Rotator
from web.controllers.admin.common import back, id_list, page, read_form, values_of
from web.controllers.admin.guard import admin_guard


def rotator_values(r: Rotator) -> dict[str, Any]:
    return values_of(r, screen_ids=id_list(r.screen_ids), family_ids=id_list(r.family_ids))


class RotatorsAdmin(Controller):
    path = "/admin/events/{event_id:str}/rotators"
    guards = [admin_guard]  # noqa: RUF012

    @get("/")
    async def index(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                    store: NamedDependency[EventStore]) -> Template:
        return await self._page(request, event_id, store, None, Form({}), {"delay": 15})

    @get("/{rotator_id:int}")
    async def show(self, request: Request[Any, Any, Any], event_id: FromPath[str], rotator_id: FromPath[int],
                   store: NamedDependency[EventStore]) -> Template:
        rotator = await self._rotator(store, rotator_id)
        return await self._page(request, event_id, store, rotator, Form({}), rotator_values(rotator))

    async def _page(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, rotator: Rotator | None,
                    form: Form, values: dict[str, Any]) -> Template:
        screens = {s.id: s for s in await store.screens()}
        families = {f.id: f for f in await store.families()}
        order = []
        if rotator is not None:
            order += [("screen_ids", i, screens[i].uniq_id) for i in id_list(rotator.screen_ids) if i in screens]
            order += [("family_ids", i, families[i].uniq_id) for i in id_list(rotator.family_ids) if i in families]
        return page(request, "admin/rotators.html", form=form, event_id=event_id, info=await store.info(),
                    rotators=await store.rotators(), rotator=rotator, values=values, section="rotators", order=order,
                    screen_options=[(s.id, s.uniq_id, s.type) for s in screens.values() if s.type],
                    family_options=[(f.id, f.uniq_id, f.type) for f in families.values()])

    @post("/")
    async def create(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        return await self._save(request, store, event_id, None)

    @post("/{rotator_id:int}")
    async def update(self, request: Request[Any, Any, Any], event_id: FromPath[str], rotator_id: FromPath[int],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        return await self._save(request, store, event_id, rotator_id)

    async def _save(self, request: Request[Any, Any, Any], store: EventStore, event_id: str, rotator_id: int | None
                    ) -> Template | Redirect:
        rotator = await self._rotator(store, rotator_id) if rotator_id is not None else None
        data = await read_form(request)
        form = Form(data)
        values = rotator_rules(
            form, taken_ids={r.uniq_id for r in await store.rotators() if r.id != rotator_id},
            screens={s.id: (s.uniq_id, bool(s.public)) for s in await store.screens()},
            families={f.id: (f.uniq_id, bool(f.public)) for f in await store.families()},
            current=id_list(rotator.screen_ids) if rotator else (),
            current_families=id_list(rotator.family_ids) if rotator else ())
        if not form.ok:
            return await self._page(request, event_id, store, rotator, form, data)
        if rotator_id is None:
            rotator_id = await store.admin.add_rotator(values)
        else:
            await store.admin.update_rotator(rotator_id, values)
        if form.warnings:
            saved = await self._rotator(store, rotator_id)
            return await self._page(request, event_id, store, saved, form, rotator_values(saved))
        return back(f"/admin/events/{event_id}/rotators/{rotator_id}", "saved")

    @post("/{rotator_id:int}/move")
    async def move(self, request: Request[Any, Any, Any], event_id: FromPath[str], rotator_id: FromPath[int],
                   store: NamedDependency[EventStore]) -> Redirect:
        await self._rotator(store, rotator_id)
        form = Form(await read_form(request))
        column = form.choice("column", ("screen_ids", "family_ids"), required=True)
        item = form.integer("item", required=True)
        if column is None or item is None:
            raise NotFound("Nothing to move.")
        await store.admin.move_rotator_item(rotator_id, column, item, -1 if form.raw("direction") == "up" else 1)
        return back(f"/admin/events/{event_id}/rotators/{rotator_id}", "moved")

    @post("/{rotator_id:int}/delete")
    async def delete(self, request: Request[Any, Any, Any], event_id: FromPath[str], rotator_id: FromPath[int],
                     store: NamedDependency[EventStore]) -> Redirect:
        await self._rotator(store, rotator_id)
        await store.admin.delete_rotator(rotator_id)
        return back(f"/admin/events/{event_id}/rotators", "deleted")

    async def _rotator(self, store: EventStore, rotator_id: int) -> Rotator:
        for r in await store.rotators():
            if r.id == rotator_id:
                return r
        raise NotFound("No rotator %s in this event.", rotator_id)
