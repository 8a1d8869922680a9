"""Admin: a team tournament (team size, scoring, line-up rules) and its teams (names, club, federation, members
in board order, chosen among the tournament's players or added as new players). Validation in
tournament/teams/rules.py, writes in database/teams.py; a refused form changes nothing and says why per field."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Redirect, Template

from database.store import EventStore
from tournament.config_rules import Form
from tournament.errors import NotFound
from tournament.messages import N_
from tournament.models import Player
from tournament.teams.core import LineupRules, Team, TeamScoring
from tournament.teams.rules import (
    BOARD_FIELD,
    POINTS,
    settings_values,
    team_player_rules,
    team_rules,
    team_settings_rules,
)
from tournament.teams.tie_breaks import (
    ORDER_CHOICES,
    ORDERS,
    PICKS,
    TEAM_TIE_BREAKS,
    team_tie_break_rules,
    tie_break_values,
)
from tournament.teams.trf import TeamEvent
from web.controllers.admin.common import back, page, read_form
from web.controllers.admin.guard import admin_guard

BASE = "/admin/events/{event_id:str}/tournaments/{tid:int}/teams"
NEW_SETTINGS = settings_values(4, TeamScoring(), LineupRules())
SCORING_OPTIONS = [("fide", N_("FIDE (match 2 / 1 / 0)")),
                   ("ffe", N_("FFE interclubs (match 3 / 2 / 1, forfeit 0)")),
                   ("custom", N_("Custom points"))]
POINT_LABELS = {"match_win": N_("Match won"), "match_draw": N_("Match drawn"), "match_loss": N_("Match lost"),
                "match_forfeit_loss": N_("Match lost by forfeit"), "match_pab": N_("Match bye (no opponent)"),
                "game_win": N_("Game won"), "game_draw": N_("Game drawn"), "game_loss": N_("Game lost")}
MAX_SLOTS = 40


def slots_of(team: Team | None, size: int) -> int:
    """Board fields shown on a team's form: its members and the boards, with three free places for reserves."""
    return min(max(len(team.members) if team else 0, size) + 3, MAX_SLOTS)


def player_label(p: Player) -> str:
    rating = f" ({p.fide_rating})" if p.fide_rating else ""
    return f"{p.pairing_number}. {p.shown_name}{rating}"


class TeamsAdmin(Controller):
    path = BASE
    guards = [admin_guard]  # noqa: RUF012

    # -- the tournament's team settings and its list of teams -------------------------------------------

    @get("/")
    async def index(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                    store: NamedDependency[EventStore]) -> Template:
        return await self._index(request, event_id, store, tid, Form({}), None, Form({}), {})

    async def _index(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, tid: int,
                     form: Form, values: dict[str, Any] | None, team_form: Form, team_values: dict[str, Any]
                     ) -> Template:
        tournament = await store.tournament(tid)
        settings = await store.teams.team_settings(tid)
        ev = await store.teams.load_team_event(tid) if settings else None
        if values is None:
            values = settings_values(*settings) if settings else dict(NEW_SETTINGS)
            values |= tie_break_values((tournament.tie_breaks if settings else "") or ORDERS["fide"])
        names = {p.pairing_number: p.shown_name for p in await store.players(tid)}
        return page(request, "admin/teams.html", form=form, event_id=event_id, info=await store.info(),
                    tournament=tournament, team=settings is not None, ev=ev, names=names, values=values,
                    team_values=team_values, team_errors=team_form.errors, set_errors=team_form.errors,
                    scoring_options=SCORING_OPTIONS, order_options=ORDER_CHOICES, picks=PICKS,
                    team_tie_breaks=TEAM_TIE_BREAKS,
                    points=[(p, POINT_LABELS[p]) for p in POINTS], paired=bool(ev and ev.matches),
                    status_code=422 if not team_form.ok else 200, section="tournaments")

    @post("/settings")
    async def settings(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                       store: NamedDependency[EventStore]) -> Template | Redirect:
        """Make the tournament a team tournament, or change its team settings."""
        await store.tournament(tid)
        data = await read_form(request)
        form = Form(data)
        current = await store.teams.team_settings(tid)
        paired = current is not None and bool((await store.teams.load_team_event(tid)).matches)
        chosen = team_settings_rules(form, paired_size=current[0] if current and paired else None)
        codes = team_tie_break_rules(form)
        if chosen is None or codes is None:
            return await self._index(request, event_id, store, tid, form, data, Form({}), {})
        size, scoring, rules = chosen
        await store.teams.make_team_tournament(tid, size, scoring, rules, tie_breaks=codes or None)
        return back(f"/admin/events/{event_id}/tournaments/{tid}/teams", "saved" if current else "created")

    @post("/individual")
    async def individual(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                         store: NamedDependency[EventStore]) -> Redirect:
        """Back to an individual tournament (refused while it has teams)."""
        await store.tournament(tid)
        await store.teams.end_team_tournament(tid)
        return back(f"/admin/events/{event_id}/tournaments/{tid}/teams")

    @post("/")
    async def create(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        ev = await self._team_event(store, tid)
        data = await read_form(request)
        form = Form(data)
        values = team_rules(form, taken_names={t.name for t in ev.teams}, players=(), other_teams={}, slots=0)
        if not form.ok:
            return await self._index(request, event_id, store, tid, Form({}), None, form, data)
        team_id = await store.teams.add_team(tid, str(values["name"]), short_name=str(values["short_name"]),
                                             club=str(values["club"]), federation=str(values["federation"]))
        return back(f"/admin/events/{event_id}/tournaments/{tid}/teams/{team_id}", "created")

    # -- one team ----------------------------------------------------------------------------------------

    @get("/{team_id:int}")
    async def show(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                   team_id: FromPath[int], store: NamedDependency[EventStore]) -> Template:
        ev = await self._team_event(store, tid)
        team = self._team(ev, team_id)
        return await self._show(request, event_id, store, tid, ev, team, Form({}), self._values(team), Form({}), {})

    @staticmethod
    def _values(team: Team) -> dict[str, Any]:
        values: dict[str, Any] = {"name": team.name, "short_name": team.short_name, "club": team.club,
                                  "federation": team.federation}
        values.update({BOARD_FIELD % k: n for k, n in enumerate(team.members, start=1)})
        return values

    async def _show(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, tid: int,
                    ev: TeamEvent, team: Team, form: Form, values: dict[str, Any], player_form: Form,
                    player_values: dict[str, Any]) -> Template:
        players = await store.players(tid)
        elsewhere = {n: t.name for t in ev.teams if t.id != team.id for n in t.members}
        options = [(p.pairing_number, player_label(p)) for p in players if p.pairing_number not in elsewhere]
        names = {p.pairing_number: p.shown_name for p in players}
        status = 422 if not (form.ok and player_form.ok) else 200
        return page(request, "admin/team.html", form=form, event_id=event_id, info=await store.info(),
                    tournament=await store.tournament(tid), ev=ev, team_row=team, values=values,
                    slots=slots_of(team, ev.team_size), board_field=BOARD_FIELD, player_options=options,
                    names=names, player_values=player_values, player_errors=player_form.errors,
                    set_errors=player_form.errors,
                    played=any(team.number in (m.team_a, m.team_b) for m in ev.matches), status_code=status,
                    section="tournaments")

    @post("/{team_id:int}")
    async def update(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                     team_id: FromPath[int], store: NamedDependency[EventStore]) -> Template | Redirect:
        ev = await self._team_event(store, tid)
        team = self._team(ev, team_id)
        data = await read_form(request)
        form = Form(data)
        values = team_rules(form, taken_names={t.name for t in ev.teams if t.id != team_id},
                            players={p.pairing_number for p in await store.players(tid)},
                            other_teams={n: t.name for t in ev.teams if t.id != team_id for n in t.members},
                            slots=MAX_SLOTS)
        if not form.ok:
            return await self._show(request, event_id, store, tid, ev, team, form, data, Form({}), {})
        members = values["members"]
        assert isinstance(members, list)
        await store.teams.update_team(tid, team_id, str(values["name"]), short_name=str(values["short_name"]),
                                      club=str(values["club"]), federation=str(values["federation"]), members=members)
        return back(f"/admin/events/{event_id}/tournaments/{tid}/teams/{team_id}")

    @post("/{team_id:int}/player")
    async def add_player(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                         team_id: FromPath[int], store: NamedDependency[EventStore]) -> Template | Redirect:
        """A new player of the tournament, last in this team's board order."""
        ev = await self._team_event(store, tid)
        team = self._team(ev, team_id)
        data = await read_form(request)
        form = Form(data)
        values = team_player_rules(form)
        if not form.ok:
            return await self._show(request, event_id, store, tid, ev, team, Form({}), self._values(team), form,
                                    data)
        rating = values["rating"]
        await store.teams.add_team_player(tid, team_id, str(values["last_name"]), str(values["first_name"]),
                                          rating=rating if isinstance(rating, int) else None,
                                          federation=str(values["federation"]))
        return back(f"/admin/events/{event_id}/tournaments/{tid}/teams/{team_id}", "created")

    @post("/{team_id:int}/delete")
    async def delete(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                     team_id: FromPath[int], store: NamedDependency[EventStore]) -> Redirect:
        self._team(await self._team_event(store, tid), team_id)
        await store.teams.delete_team(tid, team_id)
        return back(f"/admin/events/{event_id}/tournaments/{tid}/teams", "deleted")

    async def _team_event(self, store: EventStore, tid: int) -> TeamEvent:
        tournament = await store.tournament(tid)
        if not await store.teams.is_team_tournament(tid):
            raise NotFound("Tournament %s is not a team tournament.", tournament.uniq_id)
        return await store.teams.load_team_event(tid)

    @staticmethod
    def _team(ev: TeamEvent, team_id: int) -> Team:
        for t in ev.teams:
            if t.id == team_id:
                return t
        raise NotFound("No team %s in this tournament.", team_id)
