"""Home page (events as tiles) and event page."""

from __future__ import annotations

import json
import time

import msgspec
from litestar import Controller, Request, get
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Template

from app.views.screens import family_specs
from app.views.teams import team_tournament_ids
from app.views.tournament import event_period, tournament_state
from database.index import EventSummary
from database.registry import EventRegistry
from database.store import EventStore
from tournament.models import Info
from web.auth import is_admin, is_arbiter
from web.deps import public_event
from web.render import render


class EventTile(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    start: float
    stop: float
    public: bool
    period: str


def _tile(event: EventSummary, now: float) -> EventTile:
    return EventTile(id=event.id, name=event.name, start=event.start, stop=event.stop, public=event.public,
                     period=event_period(event.start, event.stop, now))


class HomeController(Controller):
    @get("/")
    async def home(self, request: Request, registry: NamedDependency[EventRegistry]) -> Template:
        admin = is_admin(request)
        now = time.time()
        # from the folder's index: no event file is opened for the home page (database/index.py)
        tiles = [_tile(event, now) for event in await registry.summaries() if event.public or admin]
        tiles.sort(key=lambda t: (-t.stop, -t.start, t.name))
        groups = {period: [t for t in tiles if t.period == period] for period in ("current", "coming", "past")}
        archived = registry.archived_ids() if admin else []
        return render(request, "home.html", groups=groups, archived=archived)

    @get("/event/{event_id:str}", guards=[public_event])
    async def event(self, request: Request, event_id: FromPath[str], store: NamedDependency[EventStore],
                    info: NamedDependency[Info]) -> Template:
        admin = is_admin(request)
        tournaments = [await tournament_state(store, t.id) for t in await store.tournaments()]
        screens = [s for s in await store.screens() if s.public or admin]
        rotators = [r for r in await store.rotators() if r.public or admin]
        families = [f for f in await store.families() if f.public or admin]
        family_screens = [(f, (await family_specs(store, f))[0]) for f in families]
        return render(request, "event.html", event_id=event_id, info=info, tournaments=tournaments,
                      screens=screens, rotators=rotators, families=families, family_screens=family_screens,
                      json=json, arbiter=is_arbiter(request, event_id, info),
                      team_ids=await team_tournament_ids(store))
