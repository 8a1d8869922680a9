"""`echiquier check-trf | export-trf | import-papi | import-chessevent | import-pairing | standings` (registered by
cli/main.py)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from app.imports import event_span, find_tournament, open_or_create, sync_rows
from app.pairing.program_import import import_engine_round
from app.views.standings import standings_csv, standings_for, standings_json
from database.imports import export_tournament, import_chessevent, tournament_id_for
from database.registry import EventRegistry
from tournament.errors import EchiquierError
from tournament.formats.chessevent import parse_chessevent
from tournament.formats.papi import papi_dates, papi_rows, read_papi
from tournament.formats.trf_lint import lint_bytes

COMMANDS = ("check-trf", "export-trf", "import-papi", "import-chessevent", "import-pairing", "standings")


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser], events_default: str) -> None:
    p = sub.add_parser("check-trf", help="list the problems of a TRF file (line, column, explanation)")
    p.add_argument("file", type=Path)
    p = sub.add_parser("export-trf", help="write a tournament as a TRF file (results entered on screens included)")
    _event_args(p, events_default)
    p.add_argument("--tournament", required=True, help="tournament uniq id or name")
    p.add_argument("--trf26", action="store_true", help="TRF-2026 (142, 152, 192, 202, 240 records)")
    p.add_argument("--output", "-o", type=Path, help="file to write (default: standard output)")
    p = sub.add_parser("import-papi", help="create or re-sync a tournament from a Papi (.papi) file")
    p.add_argument("file", type=Path)
    _event_args(p, events_default)
    p.add_argument("--tournament", help="tournament name or uniq id (default: the Papi name)")
    p = sub.add_parser("import-chessevent", help="import players from a saved ChessEvent JSON file")
    p.add_argument("file", type=Path)
    _event_args(p, events_default)
    p.add_argument("--tournament", help="tournament name or uniq id (default: the ChessEvent name)")
    p = sub.add_parser("import-pairing", help="publish the next round from a pairing program's -p output file "
                       "(JaVaFo, bbpPairings)")
    p.add_argument("file", type=Path)
    _event_args(p, events_default)
    p.add_argument("--tournament", help="tournament uniq id or name (default: the only one)")
    p.add_argument("--confirm", action="store_true", help="publish although results of earlier rounds are missing")
    p = sub.add_parser("standings", help="standings with FIDE tie-breaks, as JSON or CSV")
    _event_args(p, events_default)
    p.add_argument("--tournament", help="tournament uniq id or name (default: the only one)")
    p.add_argument("--tiebreaks", help='e.g. "BH/C1,BH,SB,PS" (default: the tournament\'s list)')
    p.add_argument("--edition", choices=("2024-08", "2026-03"), help="C.07 edition (default: the tournament's)")
    p.add_argument("--round", type=int, help="after this round (default: the last complete one)")
    p.add_argument("--format", choices=("json", "csv"), default="json")


def _event_args(p: argparse.ArgumentParser, events_default: str) -> None:
    p.add_argument("--events", default=events_default, help="events folder")
    p.add_argument("--event", required=True, help="event id (file name without .db)")


def run_printed(work: Coroutine[Any, Any, str]) -> int:
    """Run a command's coroutine and print what it returns; errors are one clear message (exit 1), Ctrl-C exits 0."""
    try:
        print(asyncio.run(work))
    except (EchiquierError, OSError) as exc:
        print(f"echiquier: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0


def run(args: argparse.Namespace) -> int:
    """Run one of COMMANDS; errors are printed as one clear message (exit 1), never a traceback."""
    try:
        if args.command == "check-trf":
            return check_trf(args.file.read_bytes(), str(args.file))
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


def check_trf(data: bytes, name: str) -> int:
    report = lint_bytes(data)
    for item in report.items:
        print(f"{name}: {item.text()}")
    verdict = "can be imported" if report.ok else "cannot be imported"
    teams = f", {report.teams} teams (the games are imported as individual games)" if report.teams else ""
    print(f"{name}: {report.version}, {report.players} players{teams}, {report.rounds} rounds played; "
          f"{len(report.errors)} errors, {len(report.warnings)} warnings: {verdict}.")
    return 0 if report.ok else 1


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
            tid = await tournament_id_for(store, args.tournament or parsed.name, parsed.tournament)
            report = await import_chessevent(store, tid, parsed.players, parsed.skipped, parsed.tournament,
                                             parsed.md5)
            return report.text()
        store = await registry.get(args.event)
        tid = await find_tournament(store, args.tournament)
        if args.command == "export-trf":
            return await export_tournament(store, tid, trf26=args.trf26)
        if args.command == "import-pairing":
            text = (await asyncio.to_thread(args.file.read_bytes)).decode("utf-8", errors="replace")
            return (await import_engine_round(store, tid, text, confirm=args.confirm)).text()
        standings = await standings_for(store, tid, tie_breaks=args.tiebreaks, edition=args.edition,
                                        rounds=args.round)
        return standings_json(standings) if args.format == "json" else standings_csv(standings)
    finally:
        await registry.close()


