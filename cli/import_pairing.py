"""`echiquier import-pairing FILE --events DIR --event ID [--tournament T] [--confirm]`: a pairing program's `-p`
output (JaVaFo, bbpPairings) published as the tournament's next round (app/pairing/program_import.py). A module of
its own: it loads the pairing checks and engines, which the other data commands do not need."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from app.imports import find_tournament
from app.pairing.program_import import import_engine_round
from cli.printed import run_printed
from database.registry import EventRegistry


def run(args: argparse.Namespace) -> int:
    return run_printed(_import(args))


async def _import(args: argparse.Namespace) -> str:
    registry = EventRegistry(Path(args.events))
    try:
        store = await registry.get(args.event)
        tid = await find_tournament(store, args.tournament)
        text = (await asyncio.to_thread(args.file.read_bytes)).decode("utf-8", errors="replace")
        return (await import_engine_round(store, tid, text, confirm=args.confirm)).text()
    finally:
        await registry.close()
