"""Every player's own page, and the name search that leads there (public events; a phone in the hall is the
reader): `/player/<event>/<tournament>` searches, `/player/<event>/<tournament>/<number>` shows one player."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery
from litestar.response import Template

from app.views.player_page import player_page, search
from database.store import EventStore
from web.deps import public_event
from web.render import render

Req = Request[Any, Any, Any]


class PlayerPages(Controller):
    path = "/player/{event_id:str}/{uniq:str}"
    guards = [public_event]  # noqa: RUF012

    @get("/")
    async def find(self, request: Req, event_id: FromPath[str], uniq: FromPath[str],
                   store: NamedDependency[EventStore], q: FromQuery[str] = "") -> Template:
        """The search form, and the players whose name (or pairing number) holds `q`."""
        tournament = await store.tournament_by_uniq_id(uniq)
        query = q.strip()[:100]
        found = search(await store.players(tournament.id), query) if query else []
        return render(request, "player/search.html", event_id=event_id, tournament=tournament, query=query,
                      found=found, info=await store.info())

    @get("/{number:int}")
    async def show(self, request: Req, event_id: FromPath[str], uniq: FromPath[str], number: FromPath[int],
                   store: NamedDependency[EventStore]) -> Template:
        tournament = await store.tournament_by_uniq_id(uniq)
        return render(request, "player/page.html", event_id=event_id, page=await player_page(store, tournament, number),
                      tournament=tournament, info=await store.info())
