"""Imports, whatever asks for them (the command line, the admin pages): a TRF, a Papi or a ChessEvent file into an
event's tournament, created or re-synced (results entered on screens kept). The SQL is database/imports.py's; the
reading is tournament/formats/'s."""

from __future__ import annotations

import asyncio
from datetime import date, datetime, time, timedelta
from pathlib import Path

from database.imports import SyncReport
from database.registry import EventRegistry
from database.store import EventStore
from tournament.errors import EchiquierError, NotFound
from tournament.formats.importing import trf_rows, trf_skipped, trf_tournament_values
from tournament.formats.papi import PapiRows, papi_rows, read_papi
from tournament.formats.trf import decode, parse_trf
from tournament.formats.trf_source import source_of
from tournament.teams.trf_import import team_event_from_trf


async def import_trf(data: bytes, filename: str, events_dir: Path, event_id: str, name: str | None) -> str:
    """Import a TRF file's bytes into a tournament (created, or refilled if it exists). Returns a summary."""
    text = decode(data)
    trf, errors = parse_trf(text)
    if errors:
        raise EchiquierError("%s\nNothing was imported.", "\n".join(f"{filename}: {e}" for e in errors))
    players, pairings = trf_rows(trf)
    team = team_event_from_trf(trf) if trf.is_team_file else None
    if team is not None:  # names longer than the `001` field, kept by Echiquier's own `XXM` records
        full = {p.number: p.name.partition(", ") for p in team.players}
        for row in players:
            last, _, first = full.get(row["pairing_number"], (row["last_name"], "", row["first_name"]))
            row["last_name"], row["first_name"] = last, first
    values = trf_tournament_values(trf)
    if team is not None:  # a round robin for the tie-breaks as gacrux decides (tournament/teams/trf_import.py)
        values["tournament_type"] = "round_robin" if team.round_robin else "swiss"
    source = source_of(trf, text, filename)
    registry = EventRegistry(events_dir)
    try:
        if event_id in registry.ids():
            store = await registry.get(event_id)
        else:
            start, stop = trf_dates(trf.headers)
            store = await registry.create(event_id, name=trf.name, start=start, stop=stop)
        title = name or trf.name
        tournaments = await store.tournaments()
        existing = {t.name: t for t in tournaments} | {t.uniq_id: t for t in tournaments}
        if title in existing and await store.players(existing[title].id):
            # the same tournament again: re-sync, keeping the results entered on screens
            report = await store.imports.sync_trf(existing[title].id, values, players, pairings, trf_skipped(trf),
                                                  source=source)
            return f"Re-synced {event_id}/{existing[title].name} with {filename}: {report.text()}"
        if title in existing:
            tid = existing[title].id
        else:
            uniq = uniq_id(title, {t.uniq_id for t in tournaments})
            tid = await store.add_tournament(uniq_id=uniq, name=title, **values)
        # a team file: its teams and matches over the games, in the same transaction (database/teams.py)
        await store.imports.replace_tournament(tid, values, players, pairings, trf_skipped(trf), "trf import",
                                               source=source, team=team)
    finally:
        await registry.close()
    notes = "".join(f"\n{filename}: warning: {w}" for w in trf.warnings[:20])
    more = f"\n… {len(trf.warnings) - 20} more: see `echiquier check-trf`." if len(trf.warnings) > 20 else ""
    return (f"Imported {len(players)} players and {trf.played_rounds} rounds ({len(pairings)} pairing rows) "
            f"into {event_id}/{title}.{notes}{more}")


async def import_papi(store: EventStore, data: bytes, name: str | None) -> SyncReport:
    """Read (in a thread: access-parser is CPU-bound) and create or re-sync the tournament."""
    papi = await asyncio.to_thread(read_papi, data)
    rows = await asyncio.to_thread(papi_rows, papi)
    return await sync_rows(store, rows, name or papi.info.get("Nom") or "Papi")


async def sync_rows(store: EventStore, rows: PapiRows, name: str) -> SyncReport:
    tid = await store.imports.tournament_id_for(name, rows.tournament, uniq_id=None)
    return await store.imports.sync_papi(tid, rows)


async def open_or_create(registry: EventRegistry, event_id: str, create_name: str,
                 span: tuple[float, float] = (0.0, 0.0)) -> EventStore:
    """The event, or a new one named `create_name` from `span` = (start, stop) timestamps."""
    if event_id in registry.ids():
        return await registry.get(event_id)
    return await registry.create(event_id, name=create_name, start=span[0], stop=span[1])


def event_span(first: date | None, last: date | None) -> tuple[float, float]:
    """Start (midnight of the first day) and stop (end of the last day) of an event, local time; a file
    without dates gives today, like a TRF without 042/052 (cli/main.py)."""
    start = first or date.today()
    stop = last or start
    midnight = datetime.combine(start, time())
    return midnight.timestamp(), (datetime.combine(stop, time()) + timedelta(days=1)).timestamp() - 1


async def find_tournament(store: EventStore, wanted: str | None) -> int:
    tournaments = await store.tournaments()
    if wanted is None:
        if len(tournaments) == 1:
            return tournaments[0].id
        raise NotFound("Choose a tournament with --tournament: %s.", ', '.join(t.uniq_id for t in tournaments))
    for t in tournaments:
        if wanted in (t.uniq_id, t.name) or wanted == str(t.id):
            return t.id
    raise NotFound("No tournament %r in this event.", wanted)


def trf_dates(headers: dict[str, str]) -> tuple[float, float]:
    """Event start and end from TRF 042/052 (`YYYY/MM/DD`), else today (the span of `event_span`)."""
    return event_span(_trf_date(headers.get("042", "")), _trf_date(headers.get("052", "")))


def _trf_date(text: str) -> date | None:
    try:
        return datetime.strptime(text.strip()[:10].replace("-", "/"), "%Y/%m/%d").date()
    except ValueError:
        return None


def uniq_id(name: str, taken: set[str]) -> str:
    base = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")[:40] or "tournament"
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate
