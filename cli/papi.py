"""`echiquier link-papi FILE --events DIR --event ID [--tournament T]`: link a tournament to its Papi file
(docs/papi-loop.md); the event and the tournament are created from the file when they do not exist yet. The
running server (`echiquier serve`) then re-syncs the tournament whenever Papi saves the file and writes results,
check-in and pairings back into it. `echiquier export-papi --events DIR --event ID [--tournament T] -o FILE`: a new
Papi file from any individual tournament (docs/papi-writing.md §5). Registered by cli/main.py."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.imports import event_span, find_tournament, open_or_create, sync_rows
from app.papi.export import papi_bytes
from app.papi.link import link_file, note_linked, parse
from app.papi.safe_write import read_file
from cli.printed import run_printed
from database.registry import EventRegistry
from tournament.errors import Invalid, NotFound
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


async def export_papi(events_dir: Path, event_id: str, tournament: str | None, output: Path) -> str:
    target = output.expanduser()
    if target.exists():
        raise Invalid("%s exists already: give the name of a new file.", str(target))
    registry = EventRegistry(events_dir)
    try:
        store = await registry.get(event_id)
        tid = await find_tournament(store, tournament)
        data = await papi_bytes(store, tid)
        name = (await store.tournament(tid)).name
    finally:
        await registry.close()
    temp = target.with_name(f".{target.name}.tmp")
    temp.write_bytes(data)
    temp.replace(target)
    return f"Wrote {target}: {name} as a Papi file ({len(data) // 1024} KB)."


def run_export(args: argparse.Namespace) -> int:
    return run_printed(export_papi(Path(args.events), args.event, args.tournament, args.output))
