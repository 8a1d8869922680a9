"""`echiquier pair --events DIR --event ID --tournament T`: pair the next round inside an event file and
publish it (the same engine, checks and transaction as the arbiter's desk). Registered by web/cli.py.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from database.registry import EventRegistry, check_event_id
from tournament.errors import NotFound
from web.data_commands import find_tournament, run_printed
from web.pairing_draft import make_draft, publish, status_of


def add_pair_command(sub: argparse._SubParsersAction[argparse.ArgumentParser], events_default: str) -> None:
    p = sub.add_parser("pair", help="pair the next round of a tournament in an event file and publish it")
    p.add_argument("--events", default=events_default, help="events folder")
    p.add_argument("--event", required=True, help="event id (file name without .db)")
    p.add_argument("--tournament", help="tournament uniq id or name (default: the only one)")
    p.add_argument("--force", action="store_true", help="pair although earlier games have no result")


async def pair_event(events_dir: Path, event_id: str, tournament: str | None, *, force: bool = False) -> str:
    registry = EventRegistry(events_dir)
    try:
        if check_event_id(event_id) not in registry.ids():
            raise NotFound("No event %s in %s.", event_id, str(events_dir))
        store = await registry.get(event_id)
        tid = await find_tournament(store, tournament)
        status = status_of(await store.tournament(tid), await store.pairings(tid))
        draft = await make_draft(store, tid, status.next_round, confirm=force)
        await publish(store, draft)
        rows = await store.pairings(tid, draft.round)
        names = {p.id: p.shown_name for p in await store.players(tid)}
        lines = [f"Round {draft.round} of {status.tournament.name} published:"]
        for p in rows:
            if p.black_player_id is not None:
                lines.append(f"{p.board:>4}  {names[p.white_player_id]} - {names[p.black_player_id]}")
            else:
                lines.append(f"{p.board or '':>4}  {names[p.white_player_id]} ({p.bye_kind})")
        return "\n".join(lines)
    finally:
        await registry.close()


def run_pair(args: argparse.Namespace) -> int:
    return run_printed(pair_event(Path(args.events), args.event, args.tournament, force=args.force))
