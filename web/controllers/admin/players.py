"""Admin: the players of a tournament (search, edit, late entrant, withdrawal from a round on)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery
from litestar.response import Redirect, Template

from database import admin
from database.store import EventStore
from tournament.boards import current_round
from tournament.config_rules import (
    RATING_TYPES,
    TITLES,
    Form,
    new_player_rules,
    player_rules,
    withdraw_rules,
)
from tournament.errors import NotFound
from tournament.models import Player
from tournament.names import collate
from web.controllers.admin.common import back, page, read_form, values_of
from web.controllers.admin.guard import admin_guard

SCORES = [("0", "0"), ("0.5", "½"), ("1", "1")]


def matches(player: Player, query: str) -> bool:
    wanted = collate(query)
    return (wanted in collate(player.shown_name) or wanted in collate(f"{player.first_name} {player.last_name}")
            or query == str(player.pairing_number))


class PlayersAdmin(Controller):
    path = "/admin/events/{event_id:str}/tournaments/{tid:int}/players"
    guards = [admin_guard]  # noqa: RUF012

    @get("/")
    async def index(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                    store: NamedDependency[EventStore], q: FromQuery[str] = "") -> Template:
        return await self._index(request, event_id, store, tid, Form({}), {}, q)

    async def _index(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, tid: int, form: Form,
                     values: dict[str, Any], query: str = "") -> Template:
        tournament = await store.tournament(tid)
        players = await store.players(tid)
        shown = [p for p in players if matches(p, query.strip())] if query.strip() else players
        skipped: dict[int, list[int]] = {}
        for s in await admin.skipped_rounds(store, tid):
            skipped.setdefault(s.papi_player_id, []).append(s.round)
        return page(request, "admin/players.html", form=form, event_id=event_id, info=await store.info(),
                    tournament=tournament, players=shown, total=len(players), query=query, skipped=skipped,
                    values=values, titles=[(t, t) for t in TITLES], rating_types=[(t, t) for t in RATING_TYPES],
                    round_one_paired=bool(await store.pairings(tid)), section="tournaments")

    @post("/")
    async def add(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                  store: NamedDependency[EventStore]) -> Template | Redirect:
        await store.tournament(tid)
        data = await read_form(request)
        form = Form(data)
        values = new_player_rules(form, await store.players(tid))
        if not form.ok:
            return await self._index(request, event_id, store, tid, form, data)
        values.pop("pairing_number")
        player_id = await admin.add_player(store, tid, values)
        return back(f"/admin/events/{event_id}/tournaments/{tid}/players/{player_id}", "created")

    @post("/renumber")
    async def renumber(self, event_id: FromPath[str], tid: FromPath[int],
                       store: NamedDependency[EventStore]) -> Redirect:
        """Pairing numbers by the initial ranking (FIDE C.04.2); refused once round 1 is paired."""
        await store.tournament(tid)
        await store.renumber_players(tid)
        return back(f"/admin/events/{event_id}/tournaments/{tid}/players", "saved")

    @get("/{player_id:int}")
    async def show(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                   player_id: FromPath[int], store: NamedDependency[EventStore]) -> Template:
        player = await self._player(store, tid, player_id)
        return await self._show(request, event_id, store, player, Form({}), values_of(player))

    async def _show(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, player: Player,
                    form: Form, values: dict[str, Any], withdraw: dict[str, Any] | None = None) -> Template:
        tid = player.tournament_id
        skipped = [s for s in await admin.skipped_rounds(store, tid) if s.papi_player_id == player.id]
        return page(request, "admin/player.html", form=form, event_id=event_id, info=await store.info(),
                    tournament=await store.tournament(tid), player=player, skipped=skipped, values=values,
                    withdraw=withdraw or {"score": "0"}, scores=SCORES, section="tournaments")

    @post("/{player_id:int}")
    async def update(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                     player_id: FromPath[int], store: NamedDependency[EventStore]) -> Template | Redirect:
        player = await self._player(store, tid, player_id)
        data = await read_form(request)
        form = Form(data)
        values = player_rules(form, player, await store.players(tid), current_round(await store.pairings(tid)))
        if not form.ok:
            return await self._show(request, event_id, store, player, form, data)
        await admin.update(store, "player", player_id, values, ("players", tid))
        return back(f"/admin/events/{event_id}/tournaments/{tid}/players/{player_id}")

    @post("/{player_id:int}/withdraw")
    async def withdraw(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                       player_id: FromPath[int], store: NamedDependency[EventStore]) -> Template | Redirect:
        player = await self._player(store, tid, player_id)
        data = await read_form(request)
        form = Form(data)
        paired = {p.round for p in await store.pairings(tid)}
        rounds, score = withdraw_rules(form, await store.tournament(tid), paired)
        if not form.ok:
            return await self._show(request, event_id, store, player, form, values_of(player), data)
        await admin.withdraw_player(store, tid, player_id, rounds, score)
        return back(f"/admin/events/{event_id}/tournaments/{tid}/players/{player_id}", "withdrawn")

    @post("/{player_id:int}/return")
    async def cancel_withdrawal(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                                player_id: FromPath[int], store: NamedDependency[EventStore]) -> Redirect:
        await self._player(store, tid, player_id)
        await admin.cancel_withdrawal(store, tid, player_id)
        return back(f"/admin/events/{event_id}/tournaments/{tid}/players/{player_id}")

    async def _player(self, store: EventStore, tid: int, player_id: int) -> Player:
        for p in await store.players(tid):
            if p.id == player_id:
                return p
        raise NotFound("No player %s in this tournament.", player_id)

