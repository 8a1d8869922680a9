"""Rotators: a page that shows screens in turn (docs/screens.md §6)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Response

from app.views.screens import ScreenSpec, family_specs, plain_specs, rotator_ids, translate_notices
from database.store import EventStore
from i18n import translator
from tournament.errors import NotFound
from tournament.models import Info, Rotator
from tournament.notices import Notice
from web.auth import is_admin
from web.deps import check_public, public_event
from web.render import language, render_cached
from web.screen_context import screen_context

DEFAULT_DELAY = 15


async def rotator_screens(store: EventStore, rotator: Rotator) -> tuple[list[ScreenSpec], list[Notice]]:
    """`screen_ids` in order, then each family's generated screens (recomputed at every turn)."""
    notices: list[Notice] = []
    plain = {s.row.id: s for s in await plain_specs(store) if s.row is not None}
    out: dict[str, ScreenSpec] = {}
    for sid in rotator_ids(rotator.screen_ids):
        if sid in plain:
            out.setdefault(plain[sid].uniq_id, plain[sid])
        else:
            notices.append(Notice("Rotator %s: no screen %s; skipped.", (rotator.uniq_id, sid)))
    families = {f.id: f for f in await store.families()}
    for fid in rotator_ids(rotator.family_ids):
        if fid not in families:
            notices.append(Notice("Rotator %s: no family %s; skipped.", (rotator.uniq_id, fid)))
            continue
        generated, family_notices = await family_specs(store, families[fid])
        notices += family_notices
        for spec in generated:
            out.setdefault(spec.uniq_id, spec)
    screens = list(out.values())
    if rotator.public and any(not s.public for s in screens):
        notices.append(Notice("This public rotator shows screens that are not public: %s.",
                              (", ".join(s.uniq_id for s in screens if not s.public),)))
    return screens, notices


class RotatorController(Controller):
    path = "/rotator/{event_id:str}/{rotator_id:str}"
    guards = [public_event]  # noqa: RUF012

    @get(["/", "/{index:int}"])
    async def rotate(
        self, request: Request, event_id: FromPath[str], rotator_id: FromPath[str],
        store: NamedDependency[EventStore], info: NamedDependency[Info], index: FromPath[int] = 0,
    ) -> Response[bytes]:
        rotator = next((r for r in await store.rotators() if r.uniq_id == rotator_id), None)
        if rotator is None:
            raise NotFound("No rotator %r in this event.", rotator_id)
        check_public(request, rotator.public)
        screens, notices = await rotator_screens(store, rotator)
        if not screens:
            raise NotFound("Rotator %r has no screen to show.", rotator_id)
        position = index % len(screens)
        show_menus = bool(rotator.show_menus)
        delay = max(rotator.delay if rotator.delay is not None else DEFAULT_DELAY, 1)

        async def build() -> dict[str, Any]:
            context = await screen_context(request, store, info, screens[position], show_menu=show_menus)
            if is_admin(request):
                context["notices"] = context["notices"] + translate_notices(notices, translator(language(request)))
            return {"event_id": event_id, "rotator": rotator, "delay": delay, "position": position,
                    "count": len(screens), "next_index": (position + 1) % len(screens), "hide_menus": not show_menus,
                    **context}

        return await render_cached(request, store, "screen/page.html", build,
                                   timed=screens[position].timer_id is not None)
