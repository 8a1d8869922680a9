"""Admin: the list of events; create, edit, clone, archive, restore and delete an event."""

from __future__ import annotations

import json
import time
from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Redirect, Template

from app.views.tournament import event_period
from database.registry import EventRegistry
from database.store import EventStore
from tournament.config_rules import Form, event_rules
from tournament.messages import N_
from tournament.models import Info
from web.auth import hash_password, new_code
from web.controllers.admin.common import back, day, page, read_form, values_of
from web.controllers.admin.guard import admin_guard

TYPE_TO_CONFIRM = N_("Type the event id (%s) to confirm.")
INFO_FIELDS = ("name", "start", "stop", "public", "record_illegal_moves", "allow_results_deletion_on_input_screens",
               "background_image", "background_color", "timer_colors", "timer_delays", "language")


def info_values(info: Info) -> dict[str, Any]:
    values = values_of(info, start=day(info.start), stop=day(info.stop))
    for prefix, text in (("colour", info.timer_colors), ("delay", info.timer_delays)):
        try:
            found = json.loads(text or "{}")
        except ValueError:
            found = {}
        values.update({f"{prefix}{k}": v for k, v in found.items() if k in ("1", "2", "3")})
    return values


async def info_columns(values: dict[str, Any]) -> dict[str, Any]:
    """Rule output → `info` columns; the input and arbiter codes are stored as argon2 hashes, never in clear."""
    out = {k: values[k] for k in INFO_FIELDS if k in values}
    for field, column in (("input_code", "update_password"), ("arbiter_code", "arbiter_password")):
        if values.get(field):
            out[column] = await hash_password(values[field])
        elif values.get(f"clear_{field}"):
            out[column] = None
    return out


class EventsAdmin(Controller):
    path = "/admin"
    guards = [admin_guard]  # noqa: RUF012

    @get("/")
    async def index(self, request: Request[Any, Any, Any], registry: NamedDependency[EventRegistry]) -> Template:
        return await self._index(request, registry, Form({}))

    async def _index(self, request: Request[Any, Any, Any], registry: EventRegistry, form: Form,
                     values: dict[str, Any] | None = None
                     ) -> Template:
        now = time.time()
        events: list[dict[str, Any]] = []
        for info in await registry.summaries():  # from the folder's index (database/index.py)
            events.append({"id": info.id, "info": info,
                           "period": event_period(info.start, info.stop, now)})
        events.sort(key=lambda e: (-e["info"].stop, -e["info"].start, e["info"].name))
        return page(request, "admin/index.html", form=form, events=events, archived=registry.archived_ids(),
                    values=values or {}, suggested_code=new_code())

    @post("/events")
    async def create(self, request: Request[Any, Any, Any], registry: NamedDependency[EventRegistry]
                     ) -> Template | Redirect:
        data = await read_form(request)
        form = Form(data)
        values = event_rules(form, taken_ids={*registry.ids(), *registry.archived_ids()}, new=True)
        if not form.ok:
            return await self._index(request, registry, form, data)
        event_id = values["event_id"]
        columns = await info_columns(values)
        store = await registry.create(event_id, name=columns["name"], start=columns["start"], stop=columns["stop"],
                                      public=columns["public"])
        try:
            await store.admin.update_settings(columns)
        except BaseException:
            await registry.delete(event_id)
            raise
        return back(f"/admin/events/{event_id}", "created")

    @get("/events/{event_id:str}")
    async def settings(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                       store: NamedDependency[EventStore]) -> Template:
        info = await store.info()
        return self._settings(request, event_id, info, Form({}), info_values(info))

    def _settings(self, request: Request[Any, Any, Any], event_id: str, info: Info, form: Form,
                  values: dict[str, Any], clone_values: dict[str, Any] | None = None) -> Template:
        clone = clone_values or {"new_id": f"{event_id}-copy"[:64], "new_name": info.name}
        return page(request, "admin/event.html", form=form, event_id=event_id, info=info, values=values,
                    clone=clone, section="settings", suggested_code=new_code())

    @post("/events/{event_id:str}")
    async def update(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        data = await read_form(request)
        form = Form(data)
        values = event_rules(form)
        if not form.ok:
            return self._settings(request, event_id, await store.info(), form, data)
        await store.admin.update_settings(await info_columns(values))
        return back(f"/admin/events/{event_id}")

    @post("/events/{event_id:str}/clone")
    async def clone(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                    store: NamedDependency[EventStore], registry: NamedDependency[EventRegistry]
                    ) -> Template | Redirect:
        info = await store.info()
        data = await read_form(request)
        form = Form(data)
        new_id = form.ident("new_id", {*registry.ids(), *registry.archived_ids()})
        name = form.text("new_name", required=True)
        if not form.ok or new_id is None or name is None:
            return self._settings(request, event_id, info, form, info_values(info), data)
        await registry.clone(event_id, new_id, name=name, start=info.start, stop=info.stop, public=False)
        return back(f"/admin/events/{new_id}", "cloned")

    @post("/events/{event_id:str}/archive")
    async def archive(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                      store: NamedDependency[EventStore], registry: NamedDependency[EventRegistry]) -> Redirect:
        await registry.archive(event_id)
        return back(f"/admin/archives/{event_id}", "archived")

    @post("/events/{event_id:str}/delete")
    async def delete(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                     store: NamedDependency[EventStore], registry: NamedDependency[EventRegistry]
                     ) -> Template | Redirect:
        form = Form(await read_form(request))
        if form.raw("confirm") != event_id:
            form.fail("confirm", TYPE_TO_CONFIRM, event_id)
            info = await store.info()
            return self._settings(request, event_id, info, form, info_values(info))
        await registry.delete(event_id)
        return back("/admin", "deleted")

    @get("/archives/{event_id:str}")
    async def archived(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                       registry: NamedDependency[EventRegistry]
                       ) -> Template:
        return await self._archived(request, registry, event_id, Form({}))

    async def _archived(self, request: Request[Any, Any, Any], registry: EventRegistry, event_id: str, form: Form
                        ) -> Template:
        async with registry.open_archived(event_id) as store:
            info = await store.info()
            tournaments = [(t, len(await store.players(t.id))) for t in await store.tournaments()]
            screens = await store.screens()
        return page(request, "admin/archived.html", form=form, event_id=event_id, info=info, archived=True,
                    tournaments=tournaments, screens=screens,
                    values={})

    @post("/archives/{event_id:str}/restore")
    async def restore(self, event_id: FromPath[str], registry: NamedDependency[EventRegistry]) -> Redirect:
        await registry.restore(event_id)
        return back(f"/admin/events/{event_id}", "restored")

    @post("/archives/{event_id:str}/delete")
    async def delete_archived(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                              registry: NamedDependency[EventRegistry]
                              ) -> Template | Redirect:
        form = Form(await read_form(request))
        if form.raw("confirm") != event_id:
            form.fail("confirm", TYPE_TO_CONFIRM, event_id)
            return await self._archived(request, registry, event_id, form)
        await registry.delete(event_id, archived=True)
        return back("/admin", "deleted")

