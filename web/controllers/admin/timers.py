"""Admin: timers and their hours (ordered), colours and delays."""

from __future__ import annotations

import json
from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Redirect, Template

from database.store import EventStore
from tournament.config_rules import Form
from tournament.errors import NotFound
from tournament.hall.screen_rules import hour_rules, timer_rules
from tournament.models import Timer
from web.controllers.admin.common import back, page, read_form, values_of
from web.controllers.admin.guard import admin_guard


def timer_values(timer: Timer) -> dict[str, Any]:
    values = values_of(timer)
    for prefix, text in (("colour", timer.colors), ("delay", timer.delays)):
        try:
            found = json.loads(text or "{}")
        except ValueError:
            found = {}
        if isinstance(found, dict):
            values.update({f"{prefix}{k}": v for k, v in found.items() if k in ("1", "2", "3")})
    return values


class TimersAdmin(Controller):
    path = "/admin/events/{event_id:str}/timers"
    guards = [admin_guard]  # noqa: RUF012

    @get("/")
    async def index(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                    store: NamedDependency[EventStore]) -> Template:
        return await self._page(request, event_id, store, None, Form({}), {})

    @get("/{timer_id:int}")
    async def show(self, request: Request[Any, Any, Any], event_id: FromPath[str], timer_id: FromPath[int],
                   store: NamedDependency[EventStore]) -> Template:
        timer = await self._timer(store, timer_id)
        return await self._page(request, event_id, store, timer, Form({}), timer_values(timer))

    async def _page(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, timer: Timer | None,
                    form: Form, values: dict[str, Any], hour_form: Form | None = None,
                    hour_data: dict[str, Any] | None = None, error_hour: int | str | None = None) -> Template:
        hours = await store.timer_hours(timer.id) if timer else []
        forms: dict[Any, dict[str, Any]] = {h.id: values_of(h) for h in hours}
        forms["new"] = {}
        if hour_data is not None and error_hour is not None:
            forms[error_hour] = hour_data
        return page(request, "admin/timers.html", form=form, event_id=event_id, info=await store.info(),
                    timers=await store.timers(), timer=timer, hours=hours, hour_forms=forms, values=values,
                    set_errors=hour_form.errors if hour_form else {}, error_hour=error_hour,
                    status_code=422 if hour_form and not hour_form.ok else 200, section="timers")

    @post("/")
    async def create(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        return await self._save(request, store, event_id, None)

    @post("/{timer_id:int}")
    async def update(self, request: Request[Any, Any, Any], event_id: FromPath[str], timer_id: FromPath[int],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        return await self._save(request, store, event_id, timer_id)

    async def _save(self, request: Request[Any, Any, Any],
                    store: EventStore, event_id: str, timer_id: int | None) -> Template | Redirect:
        timer = await self._timer(store, timer_id) if timer_id is not None else None
        data = await read_form(request)
        form = Form(data)
        values = timer_rules(form, taken_ids={t.uniq_id for t in await store.timers() if t.id != timer_id})
        if not form.ok:
            return await self._page(request, event_id, store, timer, form, data)
        if timer_id is None:
            timer_id = await store.admin.add_timer(values)
            return back(f"/admin/events/{event_id}/timers/{timer_id}", "created")
        await store.admin.update_timer(timer_id, values)
        return back(f"/admin/events/{event_id}/timers/{timer_id}")

    @post("/{timer_id:int}/delete")
    async def delete(self, request: Request[Any, Any, Any], event_id: FromPath[str], timer_id: FromPath[int],
                     store: NamedDependency[EventStore]) -> Redirect:
        await self._timer(store, timer_id)
        await store.admin.delete_timer(timer_id)
        return back(f"/admin/events/{event_id}/timers", "deleted")

    # -- hours ---------------------------------------------------------------------------------

    @post("/{timer_id:int}/hours")
    async def add_hour(self, request: Request[Any, Any, Any], event_id: FromPath[str], timer_id: FromPath[int],
                       store: NamedDependency[EventStore]) -> Template | Redirect:
        return await self._save_hour(request, store, event_id, timer_id, None)

    @post("/{timer_id:int}/hours/{hour_id:int}")
    async def update_hour(self, request: Request[Any, Any, Any], event_id: FromPath[str], timer_id: FromPath[int],
                          hour_id: FromPath[int], store: NamedDependency[EventStore]) -> Template | Redirect:
        return await self._save_hour(request, store, event_id, timer_id, hour_id)

    async def _save_hour(self, request: Request[Any, Any, Any],
                         store: EventStore, event_id: str, timer_id: int, hour_id: int | None
                         ) -> Template | Redirect:
        timer = await self._timer(store, timer_id)
        hours = await store.timer_hours(timer_id)
        if hour_id is not None and hour_id not in {h.id for h in hours}:
            raise NotFound("No hour %s in this timer.", hour_id)
        data = await read_form(request)
        form = Form(data)
        values = hour_rules(form, hours=hours, hour_id=hour_id)
        if not form.ok:
            return await self._page(request, event_id, store, timer, Form({}), timer_values(timer), form, data,
                                    hour_id or "new")
        if hour_id is None:
            await store.admin.add_timer_hour(timer_id, values)
        else:
            await store.admin.update_timer_hour(hour_id, values)
        return back(f"/admin/events/{event_id}/timers/{timer_id}")

    @post("/{timer_id:int}/hours/{hour_id:int}/move")
    async def move_hour(self, request: Request[Any, Any, Any], event_id: FromPath[str], timer_id: FromPath[int],
                        hour_id: FromPath[int], store: NamedDependency[EventStore]) -> Redirect:
        await self._timer(store, timer_id)
        form = Form(await read_form(request))
        await store.admin.move_timer_hour(timer_id, hour_id, -1 if form.raw("direction") == "up" else 1)
        return back(f"/admin/events/{event_id}/timers/{timer_id}", "moved")

    @post("/{timer_id:int}/hours/{hour_id:int}/delete")
    async def delete_hour(self, request: Request[Any, Any, Any], event_id: FromPath[str], timer_id: FromPath[int],
                          hour_id: FromPath[int], store: NamedDependency[EventStore]) -> Redirect:
        if hour_id not in {h.id for h in await store.timer_hours(timer_id)}:
            raise NotFound("No hour %s in this timer.", hour_id)
        await store.admin.delete_timer_hour(hour_id)
        return back(f"/admin/events/{event_id}/timers/{timer_id}", "deleted")

    async def _timer(self, store: EventStore, timer_id: int) -> Timer:
        for t in await store.timers():
            if t.id == timer_id:
                return t
        raise NotFound("No timer %s in this event.", timer_id)
