"""`echiquier import-ratings FILE [--events DIR]`: FIDE's rating list (TXT or XML, zipped or not) into the events
folder, where the player forms look players up (app/ratings.py). A malformed list changes nothing."""

from __future__ import annotations

import argparse
from datetime import datetime

from app.ratings import import_list
from cli.printed import run_printed


async def import_ratings(args: argparse.Namespace) -> str:
    with args.file.open("rb") as stream:
        info = await import_list(args.events, stream, args.file.name, args.file.stat().st_size)
    listed = f", list of {info.list_date}" if info.list_date else ""
    return (f"{info.players} players imported from {info.source}{listed} "
            f"({datetime.fromtimestamp(info.imported):%Y-%m-%d %H:%M}) into {args.events}")


def run(args: argparse.Namespace) -> int:
    return run_printed(import_ratings(args))
