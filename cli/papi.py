"""`echiquier link-papi FILE --events DIR --event ID [--tournament T]`: link a tournament to its Papi file
(docs/papi-loop.md); the event and the tournament are created from the file when they do not exist yet. The
running server (`echiquier serve`) then re-syncs the tournament whenever Papi saves the file and writes results,
check-in and pairings back into it. Registered by cli/main.py."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.imports import event_span, open_or_create, sync_rows
from app.papi.link import link_file, note_linked, parse
from app.papi.safe_write import read_file
from cli.printed import run_printed
from database.registry import EventRegistry
from tournament.errors import NotFound
from tournament.formats.papi import papi_dates, papi_rows


async def link_papi(file: Path, events_dir: Path, event_id: str, tournament: str | None) -> str:
    path = file.expanduser().resolve()
    if not path.is_file():
        raise NotFound("No file %s on the server machine.", str(path))
    data, _stamp = read_file(path)
    papi, _rows = parse(data)  # nothing is created before the file reads
    registry = EventRegistry(events_dir)
    try:
        name = tournament or papi.info.get("Nom") or path.stem
        store = await open_or_create(registry, event_id, create_name=papi.info.get("Nom") or path.stem,
                                     span=event_span(*papi_dates(papi.info)))
        existing = {key: t.id for t in await store.tournaments() for key in (t.name, t.uniq_id)}
        if name not in existing:
            await sync_rows(store, papi_rows(papi), name)
            existing = {t.name: t.id for t in await store.tournaments()}
        report = await link_file(store, existing[name], path)
        note_linked(events_dir, event_id, True)
        return (f"{event_id}/{name} is linked to {path}: `echiquier serve` re-syncs it when Papi saves the file "
                f"and writes results back.\n{report.text()}")
    finally:
        await registry.close()


def run(args: argparse.Namespace) -> int:
    return run_printed(link_papi(args.file, Path(args.events), args.event, args.tournament))
