"""The players of a tournament: the list (search, numbering, a new entry), each player's whole record (edited at any
time, deleted before the first game), withdrawal from a round on. The same pages serve the admin
(`/admin/events/<event>/tournaments/<tid>/players`) and the arbiters of the event from their desk
(`/arbiter/<event>/players/<tid>`); every write is journalled and undone from the arbiter's journal."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any

from litestar import Controller, Request, get, post
from litestar.connection import ASGIConnection
from litestar.di import NamedDependency
from litestar.handlers.base import BaseRouteHandler
from litestar.params import FromPath, FromQuery
from litestar.response import Redirect, Template

from app.ratings import Suggestion, record_from_list, suggest
from database.journal import acting_as
from database.ratings import RatingList
from database.registry import check_event_id
from database.store import EventStore
from tournament.boards import current_round
from tournament.config_rules import RATING_TYPES, TITLES, Form, withdraw_rules
from tournament.errors import NotFound
from tournament.models import Player
from tournament.names import collate
from tournament.player_rules import (
    CATEGORIES,
    RATING_COLUMNS,
    missed_rounds_rule,
    new_player_rules,
    player_rules,
    rating_column,
    record_values,
)
from web.auth import actor, is_arbiter
from web.controllers.admin.common import back, page, read_form
from web.controllers.admin.guard import admin_guard
from web.deps import Reserved
from web.render import render
from web.state import app_state

SCORES = [("0", "0"), ("0.5", "½"), ("1", "1")]
Req = Request[Any, Any, Any]


def matches(player: Player, query: str) -> bool:
    wanted = collate(query)
    return (wanted in collate(player.shown_name) or wanted in collate(f"{player.first_name} {player.last_name}")
            or query == str(player.pairing_number))


async def rating_list(request: Req) -> RatingList | None:
    state = app_state(request)
    return await state.ratings.get(state.settings.events_dir)


async def looked_up(request: Req, typed: str, column: str) -> list[Suggestion]:
    """The rating list's players for what was typed (none without a list)."""
    lists = await rating_list(request) if typed.strip() else None
    return await suggest(lists, typed, column) if lists else []


async def filled(request: Req, values: dict[str, Any], fide_id: int | None, column: str) -> dict[str, Any]:
    """`values` with the fields of the list's player `fide_id` over them (unchanged without one)."""
    lists = await rating_list(request) if fide_id else None
    listed = await lists.by_id(fide_id) if lists and fide_id else None
    if listed is None:
        return values
    return {**values, **{k: v for k, v in record_from_list(listed, column).items() if v is not None}}


async def arbiter_guard(connection: ASGIConnection[Any, Any, Any, Any], _handler: BaseRouteHandler) -> None:
    """The event's arbiters and the admin; anyone else is refused (403) before anything is read or written."""
    event_id = check_event_id(connection.path_params["event_id"])
    store = await app_state(connection).registry.get(event_id)
    if not is_arbiter(connection, event_id, await store.info()):
        raise Reserved()


class PlayersAdmin(Controller):
    path = "/admin/events/{event_id:str}/tournaments/{tid:int}/players"
    guards = [admin_guard]  # noqa: RUF012
    desk = False  # the arbiter's desk variant (DeskPlayers) leaves the admin's navigation out

    def base(self, event_id: str, tid: int) -> str:
        return f"/admin/events/{event_id}/tournaments/{tid}/players"

    def acting(self, request: Req) -> AbstractContextManager[Any]:
        """Who the journal names (the admin pages' default: the admin, from the request)."""
        return nullcontext()

    @get("/")
    async def index(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                    store: NamedDependency[EventStore], q: FromQuery[str] = "", lookup: FromQuery[str] = "",
                    fill: FromQuery[int | None] = None) -> Template:
        """The list and the entry form; `lookup` proposes players of the rating list, `fill` (a FIDE id) fills
        the form from it (the same as the htmx look-up, without script)."""
        kind = (await store.tournament(tid)).rating_kind
        values = await filled(request, {}, fill, rating_column(kind))
        return await self._index(request, event_id, store, tid, Form({}), values, q,
                                 found=await looked_up(request, lookup, rating_column(kind)), lookup=lookup)

    @get("/lookup")
    async def lookup(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                     store: NamedDependency[EventStore], lookup: FromQuery[str] = "", fide_id: FromQuery[str] = "",
                     last_name: FromQuery[str] = "", first_name: FromQuery[str] = "",
                     target: FromQuery[str] = "") -> Template:
        """The rating list's players for what is typed (the look-up field, the FIDE id or the name): a fragment."""
        column = rating_column((await store.tournament(tid)).rating_kind)
        typed = lookup or fide_id or f"{last_name} {first_name}".strip()
        base = self.base(event_id, tid) + (f"/{target}" if target.isdigit() else "")
        return render(request, "admin/_rating_suggestions.html", found=await looked_up(request, typed, column),
                      fill_base=base, players_base=self.base(event_id, tid), typed=typed,
                      has_list=await rating_list(request) is not None)

    @get("/fill/{fide_id:int}")
    async def fill(self, request: Req, event_id: FromPath[str], tid: FromPath[int], fide_id: FromPath[int],
                   store: NamedDependency[EventStore]) -> Template:
        """The record's fields as typed (the form's values in the query) with those of the list's player."""
        tournament = await store.tournament(tid)
        typed = {k: v for k, v in request.query_params.items() if k != "csrf_token"}
        values = await filled(request, typed, fide_id, rating_column(tournament.rating_kind))
        return self._page(request, "admin/_record.html", event_id, store, tid, form=Form({}), tournament=tournament,
                          values=values, has_list=await rating_list(request) is not None)

    async def _index(self, request: Req, event_id: str, store: EventStore, tid: int, form: Form,
                     values: dict[str, Any], query: str = "", **extra: Any) -> Template:
        tournament = await store.tournament(tid)
        players = await store.players(tid)
        shown = [p for p in players if matches(p, query.strip())] if query.strip() else players
        skipped: dict[int, list[int]] = {}
        for s in await store.skipped_rounds(tid):
            skipped.setdefault(s.papi_player_id, []).append(s.round)
        return self._page(request, "admin/players.html", event_id, store, tid, form=form, tournament=tournament,
                          players=shown, total=len(players), query=query, skipped=skipped, values=values,
                          round_one_paired=bool(await store.pairings(tid)), info=await store.info(),
                          has_list=await rating_list(request) is not None, **extra)

    def _page(self, request: Req, template: str, event_id: str, store: EventStore, tid: int, *, form: Form,
              **context: Any) -> Template:
        tournament = context["tournament"]
        return page(request, template, form=form, event_id=event_id, base=self.base(event_id, tid), desk=self.desk,
                    titles=[(t, t) for t in TITLES], rating_types=[(t, t) for t in RATING_TYPES],
                    categories=[(c, c) for c in CATEGORIES], rating_used=rating_column(tournament.rating_kind),
                    rating_columns=RATING_COLUMNS, section="tournaments",
                    lookup_url=self.base(event_id, tid) + "/lookup", players_base=self.base(event_id, tid), **context)

    @post("/")
    async def add(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                  store: NamedDependency[EventStore]) -> Template | Redirect:
        tournament = await store.tournament(tid)
        data = await read_form(request)
        form = Form(data)
        values = new_player_rules(form, await store.players(tid), tournament.rating_kind)
        missed = missed_rounds_rule(form)
        if not form.ok:
            return await self._index(request, event_id, store, tid, form, data)
        with self.acting(request):
            await store.roster.add_player(tid, values, missed)
        return back(self.base(event_id, tid), "created")  # the list again, ready for the next entry

    @post("/renumber")
    async def renumber(self, event_id: FromPath[str], tid: FromPath[int],
                       store: NamedDependency[EventStore]) -> Redirect:
        """Pairing numbers by the initial ranking (FIDE C.04.2); refused once round 1 is paired."""
        await store.tournament(tid)
        await store.renumber_players(tid)
        return back(self.base(event_id, tid), "saved")

    @get("/{player_id:int}")
    async def show(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                   player_id: FromPath[int], store: NamedDependency[EventStore], lookup: FromQuery[str] = "",
                   fill: FromQuery[int | None] = None) -> Template:
        player = await self._player(store, tid, player_id)
        kind = (await store.tournament(tid)).rating_kind
        values = await filled(request, record_values(player, kind), fill, rating_column(kind))
        return await self._show(request, event_id, store, player, Form({}), values,
                                found=await looked_up(request, lookup, rating_column(kind)), lookup=lookup)

    async def _show(self, request: Req, event_id: str, store: EventStore, player: Player,
                    form: Form, values: dict[str, Any], withdraw: dict[str, Any] | None = None,
                    **extra: Any) -> Template:
        tid = player.tournament_id
        skipped = [s for s in await store.skipped_rounds(tid) if s.papi_player_id == player.id]
        played = any(player.id in (p.white_player_id, p.black_player_id) for p in await store.pairings(tid))
        return self._page(request, "admin/player.html", event_id, store, tid, form=form, info=await store.info(),
                          tournament=await store.tournament(tid), player=player, skipped=skipped, values=values,
                          withdraw=withdraw or {"score": "0"}, scores=SCORES, played=played,
                          has_list=await rating_list(request) is not None, **extra)

    @post("/{player_id:int}")
    async def update(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                     player_id: FromPath[int], store: NamedDependency[EventStore]) -> Template | Redirect:
        player = await self._player(store, tid, player_id)
        data = await read_form(request)
        form = Form(data)
        values = player_rules(form, player, await store.players(tid), current_round(await store.pairings(tid)),
                              (await store.tournament(tid)).rating_kind)
        if not form.ok:
            return await self._show(request, event_id, store, player, form, data)
        with self.acting(request):
            await store.roster.edit_player(tid, player_id, values)
        return back(self.base(event_id, tid))

    @post("/{player_id:int}/delete")
    async def delete(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                     player_id: FromPath[int], store: NamedDependency[EventStore]) -> Redirect:
        """Refused (409, nothing changed) once the player is in a round's pairings: withdraw them then."""
        await self._player(store, tid, player_id)
        with self.acting(request):
            await store.roster.delete_player(tid, player_id)
        return back(self.base(event_id, tid), "deleted")

    @post("/{player_id:int}/withdraw")
    async def withdraw(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                       player_id: FromPath[int], store: NamedDependency[EventStore]) -> Template | Redirect:
        player = await self._player(store, tid, player_id)
        data = await read_form(request)
        form = Form(data)
        paired = {p.round for p in await store.pairings(tid)}
        rounds, score = withdraw_rules(form, await store.tournament(tid), paired)
        if not form.ok:
            kind = (await store.tournament(tid)).rating_kind
            return await self._show(request, event_id, store, player, form, record_values(player, kind), data)
        with self.acting(request):
            await store.roster.withdraw_player(tid, player_id, rounds, score)
        return back(f"{self.base(event_id, tid)}/{player_id}", "withdrawn")

    @post("/{player_id:int}/return")
    async def cancel_withdrawal(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                                player_id: FromPath[int], store: NamedDependency[EventStore]) -> Redirect:
        await self._player(store, tid, player_id)
        with self.acting(request):
            await store.roster.cancel_withdrawal(tid, player_id)
        return back(f"{self.base(event_id, tid)}/{player_id}")

    async def _player(self, store: EventStore, tid: int, player_id: int) -> Player:
        for p in await store.players(tid):
            if p.id == player_id:
                return p
        raise NotFound("No player %s in this tournament.", player_id)


class DeskPlayers(PlayersAdmin):
    """The same pages for the event's arbiters, reached from the desk; the journal names the arbiter."""

    path = "/arbiter/{event_id:str}/players/{tid:int}"
    guards = [arbiter_guard]  # noqa: RUF012
    desk = True

    def base(self, event_id: str, tid: int) -> str:
        return f"/arbiter/{event_id}/players/{tid}"

    def acting(self, request: Req) -> AbstractContextManager[Any]:
        return acting_as(actor(request, "arbiter", "arbiter desk"))
