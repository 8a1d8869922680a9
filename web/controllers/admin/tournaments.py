"""Admin: tournaments of an event (settings, time control and handicap, upload of players and pairings)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Redirect, Template

from app.uploads import (
    UPLOAD_EXPIRED,
    Parsed,
    apply_upload,
    import_entry,
    parse_upload,
    replace_plan,
    take_held,
)
from app.views.import_notes import notes_view
from database.store import EventStore
from tournament.boards import current_round
from tournament.config_rules import (
    PAIRING_SYSTEMS,
    RATING_KINDS,
    REQUIRED,
    TOURNAMENT_TYPES,
    Form,
    tournament_rules,
)
from tournament.errors import NotFound
from tournament.teams.standings import INDIVIDUAL_ONLY
from tournament.teams.tie_breaks import TEAM_TIE_BREAKS, individual_only
from web.controllers.admin.common import back, page, read_form, upload_of, values_of
from web.controllers.admin.guard import admin_guard
from web.state import app_state

BASE = "/admin/events/{event_id:str}/tournaments"


def choices() -> dict[str, Any]:
    return {"tournament_types": [(t, t.replace("_", " ")) for t in TOURNAMENT_TYPES],
            "pairing_systems": [(p, p.replace("_", " ")) for p in PAIRING_SYSTEMS],
            "rating_kinds": [(k, k) for k in RATING_KINDS]}


async def summaries(store: EventStore) -> list[dict[str, Any]]:
    out = []
    for t in await store.tournaments():
        pairings = await store.pairings(t.id)
        out.append({"t": t, "players": len(await store.players(t.id)), "round": current_round(pairings)})
    return out


class TournamentsAdmin(Controller):
    path = BASE
    guards = [admin_guard]  # noqa: RUF012

    @get("/")
    async def index(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                    store: NamedDependency[EventStore]) -> Template:
        return await self._index(request, event_id, store, Form({}), {"rating_kind": "standard",
                                                                      "tournament_type": "swiss"})

    async def _index(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, form: Form,
                     values: dict[str, Any], **extra: Any) -> Template:
        return page(request, "admin/tournaments.html", form=form, event_id=event_id, info=await store.info(),
                    tournaments=await summaries(store), values=values, section="tournaments", **choices(), **extra)

    @post("/")
    async def create(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        data = await read_form(request)
        form = Form(data)
        values = tournament_rules(form, taken_ids={t.uniq_id for t in await store.tournaments()})
        upload = upload_of(data)
        parsed = await parse_upload(form, upload.filename, await upload.read()) if upload else None
        if not form.ok:
            return await self._index(request, event_id, store, form, {k: v for k, v in data.items() if k != "file"},
                                     failed_file=upload.filename if upload else None)
        tid = await store.admin.add_tournament(values)
        if parsed is not None:
            try:
                report = await apply_upload(store, tid, parsed, keep={k for k, v in values.items() if v is not None})
            except BaseException:
                await store.admin.delete_tournament(tid)
                raise
            return await self._show(request, event_id, store, tid, Form({}), values_of(await store.tournament(tid)),
                                    report=report, done="Imported.")
        return back(f"/admin/events/{event_id}/tournaments/{tid}", "created")

    @get("/{tid:int}")
    async def show(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                   store: NamedDependency[EventStore]) -> Template:
        return await self._show(request, event_id, store, tid, Form({}), values_of(await store.tournament(tid)))

    async def _show(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, tid: int, form: Form,
                    values: dict[str, Any], **extra: Any) -> Template:
        tournament = await store.tournament(tid)
        players = await store.players(tid)
        if await store.teams.is_team_tournament(tid):  # the lists offer team tie-breaks only
            extra.setdefault("tie_break_legend", TEAM_TIE_BREAKS)
        return page(request, "admin/tournament.html", form=form, event_id=event_id, info=await store.info(),
                    tournament=tournament, players=len(players), round=current_round(await store.pairings(tid)),
                    values=values, section="tournaments", notes=await notes_view(store, tid), **choices(), **extra)

    @post("/{tid:int}")
    async def update(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        tournament = await store.tournament(tid)
        data = await read_form(request)
        form = Form(data)
        taken = {t.uniq_id for t in await store.tournaments() if t.id != tid}
        paired = bool(await store.pairings(tid))
        values = tournament_rules(form, taken_ids=taken, paired_colour=tournament.initial_colour if paired else False)
        if await store.teams.is_team_tournament(tid):  # a team tournament takes team tie-breaks only
            wrong = [c for c in (values["tie_breaks"] or "").split(",") if individual_only(c)]
            if wrong:
                form.fail("tie_breaks", INDIVIDUAL_ONLY, wrong[0].strip().upper())
        if not form.ok:
            return await self._show(request, event_id, store, tid, form, data)
        await store.admin.update_tournament(tournament.id, values)
        return back(f"/admin/events/{event_id}/tournaments/{tid}")

    @post("/{tid:int}/upload")
    async def upload(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                     store: NamedDependency[EventStore]) -> Template | Redirect:
        """Load a file; a file that replaces players and results first shows what would be lost (nothing is
        written), and is applied when the arbiter confirms (`pending`); the notice then offers its undo."""
        tournament = await store.tournament(tid)
        data = await read_form(request)
        form = Form(data)
        token = str(data.get("pending") or "")
        held = app_state(request).confirmations  # any worker's (app/held_uploads.py)
        if token:
            pending = await take_held(held, form, token, event_id, tid)
            if pending is None:
                if form.ok:  # else the file, read again, failed: its problems are shown
                    form.fail("file", UPLOAD_EXPIRED)
                return await self._show(request, event_id, store, tid, form, values_of(tournament))
            return await self._apply(request, event_id, store, tid, pending)
        upload = upload_of(data)
        parsed = None
        content = b""
        if upload is None:
            form.fail("file", REQUIRED)
        else:
            content = await upload.read()
            parsed = await parse_upload(form, upload.filename, content)
        # a TRF over players re-syncs (results entered on screens kept); "replace" shows what would be lost first
        replaces = (parsed is not None and parsed.replaces and bool(await store.players(tid))
                    and form.flag("replace"))
        if not form.ok or parsed is None or upload is None:
            return await self._show(request, event_id, store, tid, form, values_of(tournament),
                                    failed_file=upload.filename if upload else None)
        if replaces:
            plan = await replace_plan(held, store, event_id, tid, upload.filename, content, parsed)
            return await self._show(request, event_id, store, tid, form, values_of(tournament), plan=plan)
        return await self._apply(request, event_id, store, tid, parsed, replace=False)

    async def _apply(self, request: Request[Any, Any, Any], event_id: str, store: EventStore, tid: int,
                     parsed: Parsed, replace: bool = True) -> Template:
        report = await apply_upload(store, tid, parsed, replace=replace)
        undo = await import_entry(store, tid) if parsed.replaces else None
        return await self._show(request, event_id, store, tid, Form({}), values_of(await store.tournament(tid)),
                                report=report, done="Imported.", undo_entry=undo)

    @post("/{tid:int}/undo/{entry_id:int}")
    async def undo(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                   entry_id: FromPath[int], store: NamedDependency[EventStore]) -> Redirect:
        """Undo an import of this tournament (the journal's undo of its entry) in one click."""
        entry = await store.journal_entry(entry_id)
        if entry.tournament_id != tid:
            raise NotFound("No journal entry %s for this tournament.", entry_id)
        await store.undo(entry_id)
        return back(f"/admin/events/{event_id}/tournaments/{tid}", "undone")

    @post("/{tid:int}/delete")
    async def delete(self, request: Request[Any, Any, Any], event_id: FromPath[str], tid: FromPath[int],
                     store: NamedDependency[EventStore]) -> Redirect:
        await store.tournament(tid)
        await store.admin.delete_tournament(tid)
        return back(f"/admin/events/{event_id}/tournaments", "deleted")
