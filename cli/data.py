"""`echiquier import-trf | export-trf | import-papi | import-chessevent | standings`: the commands
on an event file (their arguments: cli/main.py)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from app.imports import event_span, find_tournament, import_trf, open_or_create, sync_rows
from app.views.standings import standings_csv, standings_for, standings_json
from database.registry import EventRegistry
from tournament.errors import EchiquierError
from tournament.formats.chessevent import parse_chessevent
from tournament.formats.papi import papi_dates, papi_rows, read_papi


def run(args: argparse.Namespace) -> int:
    """Run one of these commands; errors are printed as one clear message (exit 1), never a traceback."""
    try:
        if args.command == "import-trf":
            data = args.file.read_bytes()
            out = asyncio.run(import_trf(data, args.file.name, Path(args.events), args.event, args.tournament))
        else:
            out = asyncio.run(_run_async(args))
    except (EchiquierError, OSError) as exc:
        print(f"echiquier: {exc}", file=sys.stderr)
        return 1
    if args.command == "export-trf" and args.output:
        args.output.write_text(out, encoding="utf-8")
        print(f"Wrote {args.output}.")
    else:
        sys.stdout.write(out if out.endswith("\n") else out + "\n")
    return 0


async def _run_async(args: argparse.Namespace) -> str:
    registry = EventRegistry(Path(args.events))
    try:
        if args.command == "import-papi":
            data = await asyncio.to_thread(args.file.read_bytes)
            papi = await asyncio.to_thread(read_papi, data)  # nothing is created before the file reads
            rows = await asyncio.to_thread(papi_rows, papi)
            store = await open_or_create(registry, args.event, create_name=papi.info.get("Nom") or args.file.stem,
                                 span=event_span(*papi_dates(papi.info)))
            return (await sync_rows(store, rows, args.tournament or papi.info.get("Nom") or "Papi")).text()
        if args.command == "import-chessevent":
            data = await asyncio.to_thread(args.file.read_bytes)
            parsed = parse_chessevent(data)
            store = await open_or_create(registry, args.event, create_name=parsed.name)
            tid = await store.imports.tournament_id_for(args.tournament or parsed.name, parsed.tournament)
            report = await store.imports.import_chessevent(tid, parsed.players, parsed.skipped, parsed.tournament,
                                                           parsed.md5)
            return report.text()
        store = await registry.get(args.event)
        tid = await find_tournament(store, args.tournament)
        if args.command == "export-trf":
            return await store.imports.export_tournament(tid, trf26=args.trf26)
        standings = await standings_for(store, tid, tie_breaks=args.tiebreaks, edition=args.edition,
                                        rounds=args.round)
        return standings_json(standings) if args.format == "json" else standings_csv(standings)
    finally:
        await registry.close()
