"""Standings of a tournament from the store, cached until the next commit (shared by pages, JSON and CLI)."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from decimal import Decimal

from app.cache import memo
from app.offload import off_loop
from app.params import check_round, check_tie_breaks
from database.store import EventStore
from tournament.errors import EchiquierError
from tournament.formats.trf import parse_date
from tournament.formats.trf_source import points_299
from tournament.models import Player
from tournament.standings import DEFAULT_TIE_BREAKS, StandingRow, Standings, completed_round, compute_standings
from tournament.teams.standings import completed_matches, team_standings
from tournament.tiebreaks import EDITIONS, as_number, edition_for


class BadRequest(EchiquierError):
    """A malformed query (answered 400)."""


async def standings_for(store: EventStore, tid: int, *, tie_breaks: str | None = None, edition: str | None = None,
                        rounds: int | None = None) -> Standings:
    """Standings after `rounds` (default: the last round with every result), with the tournament's tie-break
    list and edition unless others are given. Bad codes raise a 400 naming them."""
    if edition is not None and edition not in EDITIONS:
        raise BadRequest("Unknown tie-break edition %r (use %s).", edition, " or ".join(EDITIONS))
    check_tie_breaks(tie_breaks)
    if rounds is not None:  # within the tournament: its loops and lists are sized by the round
        tournament, pairings = await store.tournament(tid), await store.pairings(tid)
        check_round(rounds, max([tournament.rounds or 0, *(p.round for p in pairings)]))

    async def compute() -> Standings:
        tournament = await store.tournament(tid)
        info = await store.info()
        pairings = await store.pairings(tid)
        codes = tie_breaks or tournament.tie_breaks or ",".join(DEFAULT_TIE_BREAKS)
        start = parse_date(_iso_day(info.start))
        chosen = edition_for(edition or tournament.tie_break_edition, start)
        counted = completed_round(pairings) if rounds is None else max(0, rounds)
        players = await store.players(tid)
        adjustment, standing_only = await points_299_by_id(store, tid, counted, players)
        try:  # off the event loop (app/offload.py): a large tournament's tie-breaks take tens of milliseconds
            if (teams := await standings_if_team(store, tid, tie_breaks, rounds, chosen)) is not None:
                return teams
            return await off_loop(
                compute_standings, players, pairings, tie_breaks=codes.split(","), rounds=counted,
                total_rounds=tournament.rounds, edition=chosen, round_robin=tournament.tournament_type == "round_robin",
                adjustment=adjustment, standing_only=standing_only)
        except EchiquierError as exc:  # an unknown tie-break code or modifier
            raise BadRequest(exc.key, *exc.params) from None

    result: Standings = await memo(store, ("standings", tid, tie_breaks, edition, rounds), compute)
    return result


async def points_299_by_id(store: EventStore, tid: int, rounds: int, players: list[Player]
                           ) -> tuple[dict[int, Decimal], dict[int, Decimal]]:
    """Bonus or penalty points of the TRF file the tournament was imported from (`299` records, kept with it in
    `trf_source`) by player id: counted in the score from their round on, or in the final score only (round
    999), as FIDE's tie-break reference counts them."""
    source = await store.imports.stored_source(tid)
    if source is None:
        return {}, {}
    scored, final = points_299(source.text, rounds)
    number = {p.pairing_number: p.id for p in players}
    return ({number[n]: v for n, v in scored.items() if n in number},
            {number[n]: v for n, v in final.items() if n in number})


def _iso_day(timestamp: float) -> str:
    try:
        return datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d")
    except (OverflowError, OSError, ValueError):
        return ""


def standings_json(standings: Standings) -> str:
    return json.dumps(standings.as_data(), ensure_ascii=False, indent=1)


def standings_csv(standings: Standings) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "start_rank", "name", "points", *standings.tie_breaks])
    for row in standings.rows:
        writer.writerow([row.rank, row.start_rank, row.name, float(row.points),
                         *("" if v is None else as_number(v) for v in row.values)])
    return out.getvalue()


def fmt(value: object) -> str:
    """A tie-break or points value as shown: `2.5`, `3`, `12.25`, empty for None."""
    if value is None:
        return ""
    if isinstance(value, Decimal):
        text = f"{value.normalize():f}"
        return text
    return str(value)


async def standings_if_team(store: EventStore, tid: int, tie_breaks: str | None, rounds: int | None,
                            edition: str) -> Standings | None:
    """A team tournament's standings in the shape of individual standings (one row per team: `start_rank` the
    team number, `name` the team's, `points` its match points); None for an individual tournament."""
    if await store.teams.team_settings(tid) is None:
        return None
    ev = await store.teams.load_team_event(tid)
    counted = completed_matches(ev.matches, ev.scoring, ev.team_size) if rounds is None else max(0, rounds)
    st = team_standings(ev.teams, ev.matches, tie_breaks=tie_breaks or ev.tie_breaks, scoring=ev.scoring,
                        team_size=ev.team_size, rounds=counted, round_robin=ev.round_robin,
                        total_rounds=ev.rounds or counted, edition=edition)
    ids = {t.number: t for t in ev.teams}
    rows = []
    for r in st.rows:
        shared = [x.rank for x in st.rows if x.rank == r.rank]
        place = str(r.rank) if len(shared) == 1 else f"{r.rank}\u2013{r.rank + len(shared) - 1}"
        rows.append(StandingRow(player_id=ids[r.team_number].id, start_rank=r.team_number, name=r.name, title=None,
                                rating=0, federation=ids[r.team_number].federation or None, points=r.points,
                                rank=r.rank, place=place, values=list(r.values)))
    return Standings(round=st.round, edition=edition, tie_breaks=st.tie_breaks, rows=rows, teams=True)
