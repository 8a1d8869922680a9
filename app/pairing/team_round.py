"""A team tournament's next round (the desk, the team pages and `echiquier pair` call it): checked (the next round,
results of the rounds before, line-ups against the tournament's rules), paired by the engines (tournament/teams/
pairing.py: the FIDE Swiss team system or the Berger tables), then written by database/teams.py in one transaction."""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Mapping, Sequence

from database.store import EventStore
from tournament.errors import Conflict, Invalid
from tournament.teams.core import lineup_errors
from tournament.teams.pairing import declared_lineup, team_system, with_lineups
from tournament.teams.pairing import pair_team_round as pair_matches


async def pair_team_round(store: EventStore, tid: int, rnd: int, system: str | None = None, *,
                     declared_lineups: bool = False, lineups: Mapping[int, Sequence[int | None]] | None = None,
                     absent: Collection[int] = (), require_results: bool = False) -> int:
    """Pair round `rnd` and publish it: its matches (tournament/teams/pairing.py: the FIDE Swiss team system, or
    the Berger tables for a round robin; `system` names another) in one transaction; returns their count.

    Line-ups known now become the board games at once: `declared_lineups` fields every team's declared board
    order (its first members), `lineups` (team number -> player numbers by board, None = nobody) those given,
    checked against the tournament's line-up rules; a match whose two line-ups are known gets its games (a
    board with one player: a forfeit for the player present), the others get empty boards (line-ups to come).
    Refused when the round is not the next one or already has matches, and with `require_results` while boards
    of the rounds paired have no result (the desk and `echiquier pair` ask unless the arbiter confirmed);
    `absent` teams are not paired."""
    settings = await store.teams.team_settings(tid)
    if settings is None:
        raise Invalid("Tournament %s is not a team tournament.", tid)
    size, _scoring, rules = settings
    ev = await store.teams.load_team_event(tid)
    if any(m.round == rnd for m in ev.matches):
        raise Conflict("Round %s already has its matches.", rnd)
    last = max((m.round for m in ev.matches), default=0)
    if rnd != last + 1:
        raise Conflict("Round %s is not the next round to pair (that is round %s).", rnd, last + 1)
    missing = sorted({m.round for m in ev.matches if m.team_b is not None and not m.forfeit
                      for g in m.boards if g.result is None})
    if missing and require_results:
        count = sum(1 for m in ev.matches if m.team_b is not None and not m.forfeit for g in m.boards
                    if g.result is None)
        raise Conflict("%s games of round %s still have no result: enter them first, or confirm to pair anyway.",
                       count, ", ".join(map(str, missing)))
    chosen = team_system(ev, system)
    fielded: dict[int, Sequence[int | None]] = {}
    if declared_lineups:
        fielded = {t.number: declared_lineup(t, size) for t in ev.teams}
    teams = {t.number: t for t in ev.teams}
    for number, lineup in (lineups or {}).items():
        if number not in teams:
            raise Invalid("No team %s in this tournament.", number)
        problems = lineup_errors(teams[number], lineup, size, rules)
        if problems:
            text, args = problems[0]
            raise Invalid(text, *args)
        fielded[number] = lineup
    matches = await asyncio.to_thread(pair_matches, ev, rnd, chosen, absent=absent)
    matches = [with_lineups(m, fielded) for m in matches]
    return await store.teams.publish_team_round(tid, ev, rnd, chosen, matches)
