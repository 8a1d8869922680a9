"""A new Papi file from any individual tournament of an event (`echiquier export-papi`, the desk's download):
Papi's empty template, shipped beside this module, filled by tournament/formats/papi_export.py."""

from __future__ import annotations

import asyncio
import re
from datetime import date, datetime
from pathlib import Path

from database.store import EventStore
from tournament.formats.papi import PapiError
from tournament.formats.papi_export import EventFacts, export_papi
from tournament.formats.trf_source import read_source

TEMPLATE = Path(__file__).with_name("template-3.3.7.papi")
"""Papi 3.3.7's empty tournament (INFO's defaults, the EXEMPT row, JOUEUR's 32 indexes)."""


def template() -> bytes:
    return TEMPLATE.read_bytes()


def _day(timestamp: float) -> date | None:
    try:
        return datetime.fromtimestamp(timestamp).date() if timestamp else None
    except (OverflowError, OSError, ValueError):
        return None


async def event_facts(store: EventStore, tid: int) -> EventFacts:
    """The event's dates, and the TRF file's city, arbiter and time control when the tournament came from one."""
    info = await store.info()
    kept = await store.imports.stored_source(tid)
    source = read_source(kept.text) if kept is not None else None
    headers = source.headers if source is not None else {}

    def header(code: str) -> str | None:
        return headers.get(code, "").strip() or None

    return EventFacts(start=_day(info.start), end=_day(info.stop), city=header("022"), arbiter=header("102"),
                      time_control=header("122"))


async def papi_bytes(store: EventStore, tid: int) -> bytes:
    """The tournament as a new .papi file's bytes; PapiError with a clear message when it cannot be one."""
    tournament = await store.tournament(tid)
    if await store.teams.is_team_tournament(tid):
        raise PapiError("%s is a team tournament: Papi files hold individual tournaments only.", tournament.name)
    players = await store.players(tid)
    pairings = await store.pairings(tid)
    skipped = await store.skipped_rounds(tid)
    facts = await event_facts(store, tid)
    data = await asyncio.to_thread(template)
    return await asyncio.to_thread(export_papi, data, tournament, players, pairings, skipped, facts)


def file_name(name: str) -> str:
    """A file name for the download: the tournament's name, letters, digits, spaces, apostrophes, dots and hyphens
    only."""
    safe = re.sub(r"[^\w '.-]+", "", name, flags=re.UNICODE).strip(" .") or "tournoi"
    return f"{safe[:80]}.papi"
