"""Admin: families, one definition that generates several screens (preview: the first generated screen)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Redirect, Template

from app.views.labels import named
from app.views.legibility import family_previews
from app.views.teams import match_count, team_tournament_ids
from database.store import EventStore
from i18n import translator
from tournament.boards import current_round
from tournament.config_rules import Form
from tournament.errors import NotFound
from tournament.hall.families import generated_id, plan
from tournament.hall.screen_rules import (
    FAMILY_TYPES,
    TEAM_SCREEN_TYPES,
    family_clash_rule,
    family_rules,
    team_screen_rule,
)
from tournament.models import Family
from web.controllers.admin.common import back, page, read_form, values_of
from web.controllers.admin.guard import admin_guard
from web.render import language


async def item_counts(store: EventStore, family_type: str | None = None) -> dict[int, tuple[int | None, int]]:
    """Per tournament: boards of the current round (None before round 1) and players; for a team boards
    family, the matches of the round shown (never a check-in list)."""
    out: dict[int, tuple[int | None, int]] = {}
    for t in await store.tournaments():
        if family_type == "team_boards":
            n = await match_count(store, t.id)
            out[t.id] = (n, n)
            continue
        pairings = await store.pairings(t.id)
        rnd = current_round(pairings)
        boards = None if rnd is None else sum(1 for p in pairings if p.round == rnd and p.board_order is not None)
        out[t.id] = (boards, len(await store.players(t.id)))
    return out


def generated(family: Family, counts: dict[int, tuple[int | None, int]]) -> list[tuple[str, int, int]]:
    """(generated screen id, first item, last item) of each screen the family makes now."""
    boards, players = counts.get(family.tournament_id, (None, 0))
    items = players if boards is None or family.type == "players" else boards
    parts, _notices = plan(items, first=family.first, last=family.last, parts=family.parts, number=family.number,
                           columns=family.columns, checkin=boards is None, range_str=family.range)
    return [(generated_id(family.uniq_id, p.index), p.first, p.last) for p in parts]


class FamiliesAdmin(Controller):
    path = "/admin/events/{event_id:str}/families"
    guards = [admin_guard]  # noqa: RUF012

    @get("/")
    async def index(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                    store: NamedDependency[EventStore]) -> Template:
        return await self._page(request, event_id, store, None, Form({}), {"type": "boards", "menu_link": True})

    @get("/{family_id:int}")
    async def show(self, request: Request[Any, Any, Any], event_id: FromPath[str], family_id: FromPath[int],
                   store: NamedDependency[EventStore]) -> Template:
        family = await self._family(store, family_id)
        return await self._page(request, event_id, store, family, Form({}), values_of(family))

    async def _page(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, family: Family | None,
                    form: Form, values: dict[str, Any]) -> Template:
        counts = await item_counts(store)
        team_counts = await item_counts(store, "team_boards")
        families = [(f, generated(f, team_counts if f.type == "team_boards" else counts))
                    for f in await store.families()]
        _ = translator(language(request))
        previews = {f.id: await family_previews(store, f, _) for f, _parts in families}
        teams = await team_tournament_ids(store)
        return page(request, "admin/families.html", form=form, event_id=event_id, info=await store.info(),
                    families=families, family=family, values=values, section="families", previews=previews,
                    tournament_options=[(t.id, t.name) for t in await store.tournaments()],
                    timer_options=[(t.id, t.uniq_id) for t in await store.timers()],
                    family_types=[(t, named("family_type", t)) for t in FAMILY_TYPES
                                  if teams or t not in TEAM_SCREEN_TYPES], team_menu=bool(teams),
                    current=generated(family, team_counts if family.type == "team_boards" else counts)
                    if family else [])

    @post("/")
    async def create(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        return await self._save(request, store, event_id, None)

    @post("/{family_id:int}")
    async def update(self, request: Request[Any, Any, Any], event_id: FromPath[str], family_id: FromPath[int],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        return await self._save(request, store, event_id, family_id)

    async def _save(self, request: Request[Any, Any, Any], store: EventStore, event_id: str, family_id: int | None
                    ) -> Template | Redirect:
        family = await self._family(store, family_id) if family_id is not None else None
        data = await read_form(request)
        form = Form(data)
        values = family_rules(form, taken_ids={f.uniq_id for f in await store.families() if f.id != family_id},
                              tournament_ids={t.id for t in await store.tournaments()},
                              timer_ids={t.id for t in await store.timers()},
                              item_counts=await item_counts(store, form.raw("type")))
        family_clash_rule(form, values["uniq_id"], {s.uniq_id for s in await store.screens()})
        team_screen_rule(form, values["type"], values["tournament_id"], await team_tournament_ids(store))
        if not form.ok:
            return await self._page(request, event_id, store, family, form, data)
        if family_id is None:
            family_id = await store.admin.add_family(values)
            return back(f"/admin/events/{event_id}/families/{family_id}", "created")
        await store.admin.update_family(family_id, values)
        return back(f"/admin/events/{event_id}/families/{family_id}")

    @post("/{family_id:int}/delete")
    async def delete(self, request: Request[Any, Any, Any], event_id: FromPath[str], family_id: FromPath[int],
                     store: NamedDependency[EventStore]) -> Redirect:
        await self._family(store, family_id)
        await store.admin.delete_family(family_id)
        return back(f"/admin/events/{event_id}/families", "deleted")

    async def _family(self, store: EventStore, family_id: int) -> Family:
        for f in await store.families():
            if f.id == family_id:
                return f
        raise NotFound("No family %s in this event.", family_id)
