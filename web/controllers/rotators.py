"""Rotators: a page that shows screens in turn (screens.md §6)."""

from __future__ import annotations

import json

from litestar import Controller, Request, get
from litestar.params import FromPath
from litestar.response import Template

from tournament.errors import NotFound
from web.access import check_public, open_event
from web.controllers.screens import screen_context
from web.render import render


class RotatorController(Controller):
    path = "/rotator/{event_id:str}/{rotator_id:str}"

    @get(["/", "/{index:int}"])
    async def rotate(
        self, request: Request, event_id: FromPath[str], rotator_id: FromPath[str], index: FromPath[int] = 0
    ) -> Template:
        store, info = await open_event(request, event_id)
        rotator = next((r for r in await store.rotators() if r.uniq_id == rotator_id), None)
        if rotator is None:
            raise NotFound(f"No rotator {rotator_id!r} in this event.")
        check_public(request, rotator.public)
        by_id = {s.id: s for s in await store.screens()}
        screens = [by_id[i] for i in dict.fromkeys(json.loads(rotator.screen_ids or "[]")) if i in by_id]
        if not screens:
            raise NotFound(f"Rotator {rotator_id!r} has no screen to show.")
        position = index % len(screens)
        screen = screens[position]
        context = await screen_context(request, store, screen)
        return render(request, "screen/page.html", event_id=event_id, info=info, rotator=rotator,
                      delay=max(rotator.delay or 15, 1), next_index=(position + 1) % len(screens),
                      hide_menus=not rotator.show_menus, **context)
