"""Data in and out: TRF lint upload, TRF export download, Papi/ChessEvent/TRF import, standings and cross-table."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

from litestar import Controller, MediaType, Request, Response, get, post
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromPath, FromQuery
from litestar.response import Template

from app.imports import import_papi
from app.lint import lint_in_child
from app.offload import off_loop
from app.views.rating_changes import performance_data, ratings_for
from app.views.standings import fmt, standings_for
from app.views.standings_filter import part_of, parts_present, round_in_progress, standings_of_part
from app.views.teams import team_grid
from database.store import EventStore
from tournament.errors import Invalid
from tournament.formats.chessevent import parse_chessevent
from tournament.formats.importing import trf_rows, trf_skipped, trf_tournament_values
from tournament.formats.trf import decode, parse_trf
from tournament.formats.trf_model import TrfError, TrfTournament
from tournament.formats.trf_source import source_of
from tournament.models import Tournament
from tournament.standings import crosstable
from tournament.teams.trf_import import team_layer
from web.controllers.admin.guard import admin_guard
from web.deps import public_event
from web.htmx import is_htmx
from web.render import render, render_cached

MAX_UPLOAD = 20 * 1024 * 1024
CHUNK = 256 * 1024
Upload = Annotated[dict[str, Any], Body(media_type=RequestEncodingType.MULTI_PART)]


class UploadError(Invalid):
    pass


def _upload(data: dict[str, Any]) -> UploadFile:
    upload = data.get("file")
    if not isinstance(upload, UploadFile) or not upload.filename:
        raise UploadError("Choose a file first.")
    return upload


async def _read(data: dict[str, Any]) -> tuple[str, bytes]:
    upload = _upload(data)
    content = await upload.read(MAX_UPLOAD + 1)
    if len(content) > MAX_UPLOAD:
        raise UploadError("%s: the file is larger than 20 MB. Nothing was imported.", upload.filename)
    return upload.filename, content


async def _chunks(upload: UploadFile) -> AsyncIterator[bytes]:
    """The uploaded file a chunk at a time (the multipart parser spooled it to disk), never more than 20 MB."""
    sent = 0
    while chunk := await upload.read(CHUNK):
        sent += len(chunk)
        if sent > MAX_UPLOAD:
            raise UploadError("%s: the file is larger than 20 MB. Nothing was imported.", upload.filename)
        yield chunk


class DataController(Controller):
    """Public standings and lint; exports and imports are reserved to the server's administrator."""

    response_headers = {"Vary": "HX-Request"}  # noqa: RUF012

    @get("/trf-lint")
    async def lint_form(self, request: Request[Any, Any, Any]) -> Template:
        return render(request, "data/lint.html", report=None, filename=None)

    @post("/trf-lint")
    async def lint_upload(self, request: Request[Any, Any, Any], data: Upload) -> Template:
        """Checked in a child process, one per device and two in all (web/limits.py): app/lint.py says why."""
        upload = _upload(data)
        summary = await lint_in_child(_chunks(upload))
        return render(request, "data/lint.html", summary=summary, report=summary.report, filename=upload.filename)

    @get("/standings/{event_id:str}/{uniq:str}", guards=[public_event])
    async def standings_page(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                             store: NamedDependency[EventStore], round: FromQuery[int | None] = None,
                             tiebreaks: FromQuery[str | None] = None, edition: FromQuery[str | None] = None,
                             category: FromQuery[str | None] = None, sex: FromQuery[str | None] = None,
                             band: FromQuery[str | None] = None, provisional: FromQuery[bool] = False,
                             ratings: FromQuery[bool] = False) -> Response[bytes]:
        """`ratings`: the optional columns of each player's rating change and performance."""
        tournament = await store.tournament_by_uniq_id(uniq)
        part = part_of(category, sex, band)

        async def build() -> dict[str, Any]:
            playing = await round_in_progress(store, tournament.id) if provisional and round is None else None
            standings = await standings_for(store, tournament.id, tie_breaks=tiebreaks, edition=edition,
                                            rounds=playing or round)
            return {"event_id": event_id, "tournament": tournament, "fmt": fmt, "part": part, "playing": playing,
                    "provisional": provisional, "player_links": True,
                    "standings": await standings_of_part(store, tournament.id, standings, part),
                    "categories": [] if standings.teams else await parts_present(store, tournament.id),
                    "ratings": await ratings_for(store, tournament, standings.round)
                    if ratings and not standings.teams else None}

        # 600 rows: rendered (and gzipped) on a thread once per commit, not on the loop for every visitor
        template = "data/_standings.html" if is_htmx(request) else "data/standings.html"
        return await render_cached(request, store, template, build)

    @get("/api/standings/{event_id:str}/{uniq:str}", guards=[public_event])
    async def standings_json(self, uniq: FromPath[str], store: NamedDependency[EventStore],
                             round: FromQuery[int | None] = None, tiebreaks: FromQuery[str | None] = None,
                             edition: FromQuery[str | None] = None, category: FromQuery[str | None] = None,
                             sex: FromQuery[str | None] = None, band: FromQuery[str | None] = None,
                             ratings: FromQuery[bool] = False) -> Response[list[dict[str, object]]]:
        """`ratings`: each row's performance and rating change too (docs/ratings.md)."""
        tournament = await store.tournament_by_uniq_id(uniq)
        part = part_of(category, sex, band)
        standings = await standings_for(store, tournament.id, tie_breaks=tiebreaks, edition=edition, rounds=round)
        standings = await standings_of_part(store, tournament.id, standings, part)
        data = standings.as_data()
        if ratings and not standings.teams:
            report = await ratings_for(store, tournament, standings.round)
            for row, out in zip(standings.rows, data, strict=True):
                out["performance"] = performance_data(report.get(row.player_id))
        return Response(data, headers={"X-Round": str(standings.round), "X-Tie-Break-Edition": standings.edition})

    @get("/crosstable/{event_id:str}/{uniq:str}", guards=[public_event])
    async def crosstable_page(self, request: Request[Any, Any, Any], event_id: FromPath[str], uniq: FromPath[str],
                              store: NamedDependency[EventStore], round: FromQuery[int | None] = None
                              ) -> Response[bytes]:
        tournament = await store.tournament_by_uniq_id(uniq)

        async def build() -> dict[str, Any]:
            standings = await standings_for(store, tournament.id, rounds=round)
            cells = await team_grid(store, tournament.id, standings) or await off_loop(
                crosstable, standings, await store.pairings(tournament.id))
            return {"event_id": event_id, "tournament": tournament, "standings": standings, "cells": cells, "fmt": fmt,
                    "ratings": None if standings.teams else await ratings_for(store, tournament, standings.round)}

        return await render_cached(request, store, "data/crosstable.html", build)

    @get("/export/{event_id:str}/{uniq:str}", guards=[admin_guard])
    async def export(self, uniq: FromPath[str], store: NamedDependency[EventStore],
                     trf26: FromQuery[bool] = True) -> Response[bytes]:
        tournament = await store.tournament_by_uniq_id(uniq)
        text = await store.imports.export_tournament(tournament.id, trf26=trf26)
        name = f"{tournament.uniq_id}{'-trf26' if trf26 else ''}.trf"
        return Response(text.encode("utf-8"), media_type=MediaType.TEXT,
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @get("/data/{event_id:str}/import", guards=[admin_guard])
    async def import_form(self, request: Request[Any, Any, Any], event_id: FromPath[str],
                          store: NamedDependency[EventStore]) -> Template:
        return render(request, "data/import.html", event_id=event_id, report=None, problems=None)

    @post("/data/{event_id:str}/import", guards=[admin_guard])
    async def import_upload(self, request: Request[Any, Any, Any], event_id: FromPath[str], data: Upload,
                            store: NamedDependency[EventStore]) -> Template:
        filename, content = await _read(data)
        name = str(data.get("tournament") or "").strip() or None
        lower = filename.lower()
        if lower.endswith(".papi"):
            report = (await import_papi(store, content, name)).text()
        elif lower.endswith(".json"):
            parsed = await asyncio.to_thread(parse_chessevent, content)
            tid = await store.imports.tournament_id_for(name or parsed.name, parsed.tournament)
            report = (await store.imports.import_chessevent(tid, parsed.players, parsed.skipped, parsed.tournament,
                                                            parsed.md5)).text()
        else:
            text, (trf, errors) = await asyncio.to_thread(_read_text, content)
            if errors:
                problems = [str(e) for e in errors[:50]]
                return render(request, "data/import.html", status_code=422, event_id=event_id, report=None,
                              problems=problems, filename=filename, tournament_name=name)
            players, pairings = trf_rows(trf)
            values = trf_tournament_values(trf)
            source = source_of(trf, text, filename)
            existing = await _tournament_named(store, name or trf.name)
            if existing is not None and await store.players(existing.id) and data.get("replace"):
                # replacing players and results goes through the tournament's page, which shows what would be
                # lost and asks first (web/controllers/admin/tournaments.py)
                return render(request, "data/import.html", status_code=409, event_id=event_id, report=None,
                              problems=None, filename=filename, replace_url=admin_url(event_id, existing.id),
                              replace_name=existing.name)
            if existing is not None and await store.players(existing.id):
                # the same tournament again: re-sync, the results entered on screens are kept
                report = (await store.imports.sync_trf(existing.id, values, players, pairings, trf_skipped(trf),
                                                       source=source)).text()
                name = existing.name
            else:
                tid = await store.imports.tournament_id_for(name or trf.name, values)
                await store.imports.replace_tournament(tid, values, players, pairings, trf_skipped(trf), "trf import",
                                                       source=source, team=team_layer(trf))
                report = f"Imported {len(players)} players and {trf.played_rounds} rounds."
        tournament = await _tournament_named(store, name or "") if name else None
        return render(request, "data/import.html", event_id=event_id, report=report, problems=None,
                      next_url=admin_url(event_id, tournament.id) if tournament else f"/admin/events/{event_id}"
                      "/tournaments")


def _read_text(content: bytes) -> tuple[str, tuple[TrfTournament, list[TrfError]]]:
    text = decode(content)
    return text, parse_trf(text)


def admin_url(event_id: str, tid: int) -> str:
    return f"/admin/events/{event_id}/tournaments/{tid}"


async def _tournament_named(store: EventStore, name: str) -> Tournament | None:
    return next((t for t in await store.tournaments() if t.name == name), None)
