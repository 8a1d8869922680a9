"""`echiquier pair --events DIR --event ID --tournament T`: pair the next round inside an event file and
publish it (the same engine, checks and transaction as the arbiter's desk); a team tournament's next round is
its matches (database/teams.py: the FIDE team Swiss or the Berger tables). Its arguments: cli/main.py.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from app.imports import find_tournament
from app.pairing.draft import make_draft, publish, status_of
from app.pairing.team_round import pair_team_round
from cli.printed import run_printed
from database.registry import EventRegistry, check_event_id
from database.store import EventStore
from tournament.errors import NotFound


async def pair_event(events_dir: Path, event_id: str, tournament: str | None, *, force: bool = False,
                     declared_lineups: bool = False) -> str:
    registry = EventRegistry(events_dir)
    try:
        if check_event_id(event_id) not in registry.ids():
            raise NotFound("No event %s in %s.", event_id, str(events_dir))
        store = await registry.get(event_id)
        tid = await find_tournament(store, tournament)
        if await store.teams.is_team_tournament(tid):
            return await pair_team_event(store, tid, force=force, declared_lineups=declared_lineups)
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


async def pair_team_event(store: EventStore, tid: int, *, force: bool, declared_lineups: bool) -> str:
    """A team tournament's next round (the FIDE team Swiss, or the Berger tables of a round robin), published."""
    last, _missing = await store.teams.team_round_status(tid)
    await pair_team_round(store, tid, last + 1, declared_lineups=declared_lineups, require_results=not force)
    ev = await store.teams.load_team_event(tid)
    names = {t.number: t.name for t in ev.teams}
    tournament = await store.tournament(tid)
    lines = [f"Round {last + 1} of {tournament.name} published:"]
    for m in ev.matches:
        if m.round == last + 1:
            other = names[m.team_b] if m.team_b is not None else "(bye)"
            games = sum(1 for g in m.boards if g.a_player and g.b_player)
            lines.append(f"{m.table:>4}  {names[m.team_a]} - {other}" + (f"  ({games} games)" if games else ""))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    return run_printed(pair_event(Path(args.events), args.event, args.tournament, force=args.force,
                                  declared_lineups=args.declared_lineups))
