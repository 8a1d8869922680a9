"""Admin: the event's publication to an rclone remote (app/publication/publisher.py), on the event page."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Redirect, Template

from app.publication.address import check_address
from app.publication.publisher import read_state
from app.publication.remote import verify_remote
from database.store import EventStore
from web.controllers.admin.common import back, read_form
from web.controllers.admin.guard import admin_guard
from web.render import render
from web.state import app_state


class PublicationAdmin(Controller):
    path = "/admin/events/{event_id:str}/publication"
    guards = [admin_guard]  # noqa: RUF012

    @get("/")
    async def state(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                    store: NamedDependency[EventStore]) -> Template:
        """The publication's state (a fragment the event page refreshes every few seconds)."""
        info = await store.info()
        state = read_state(app_state(request).settings.events_dir, store.event_id)
        return render(request, "admin/_publication_state.html", event_id=event_id, info=info, state=state,
                      last_success=state.last_success, unpublished_at=state.unpublished_at)

    @post("/")
    async def update(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                     store: NamedDependency[EventStore]) -> Redirect:
        data = await read_form(request)
        # 422 with the reason, nothing changed: a configured rclone remote's name:path only (app/publication/remote.py)
        remote = await verify_remote(str(data.get("publish_remote", "")))
        address = check_address(str(data.get("public_address", "")))  # 422 with the reason, nothing changed
        info = await store.info()
        changes = {k: v for k, v in (("publish_remote", remote), ("public_address", address))
                   if v != getattr(info, k)}
        if changes:
            await store.admin.update_settings(changes)
        return back(f"/admin/events/{event_id}")
