"""Standings after a round: points, then the tournament's tie-breaks in order (C.07 Art. 2); shared places
when every criterion is equal. Also the cross-table. Pure: players and pairing rows in, rows out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

import msgspec

from tournament.entries import Context, Value
from tournament.models import Pairing, Player
from tournament.results import ByeKind, Result
from tournament.scoring import Scoring
from tournament.tiebreaks import TieBreak, as_number, parse_tiebreak, value

DEFAULT_TIE_BREAKS = ("BH/C1", "BH", "SB", "PS")


class StandingRow(msgspec.Struct, frozen=True, kw_only=True):
    player_id: int
    start_rank: int
    name: str
    title: str | None
    rating: int
    federation: str | None
    points: Decimal
    rank: int
    place: str  # "3" or "3–5" for a shared place
    values: list[Value]  # in the order of `Standings.tie_breaks`


class Standings(msgspec.Struct, frozen=True, kw_only=True):
    round: int  # rounds counted
    edition: str
    tie_breaks: list[str]  # as given
    rows: list[StandingRow]  # in rank order
    teams: bool = False  # rows are teams (start_rank: the team's number), not players

    def as_data(self) -> list[dict[str, object]]:
        """The published JSON/CSV shape: rank order, tie-breaks by code as given."""
        return [{"rank": r.rank, "start_rank": r.start_rank, "name": r.name, "points": float(r.points),
                 "tiebreaks": {code: as_number(v) for code, v in zip(self.tie_breaks, r.values, strict=True)}}
                for r in self.rows]


def completed_round(pairings: Iterable[Pairing]) -> int:
    """The last round such that it and every round before it have all their results."""
    rounds: dict[int, bool] = {}
    for p in pairings:
        rounds[p.round] = rounds.get(p.round, True) and not (p.is_game and p.result is None)
    done = 0
    for r in sorted(rounds):
        if not rounds[r] or r != done + 1:
            break
        done = r
    return done


def parse_list(text: str | Sequence[str] | None) -> list[TieBreak]:
    """`BH/C1,BH,SB` (TRF 202 syntax) or a list of codes; raises ValueError naming an unknown code."""
    codes = text.split(",") if isinstance(text, str) else list(text or ())
    return [parse_tiebreak(c) for c in codes if c.strip()]


def compute_standings(players: Sequence[Player], pairings: Iterable[Pairing], *, tie_breaks: Sequence[str],
                      rounds: int | None = None, total_rounds: int | None = None, edition: str = "2026-03",
                      round_robin: bool = False, scoring: Scoring | None = None,
                      adjustment: dict[int, Decimal] | None = None,
                      standing_only: dict[int, Decimal] | None = None) -> Standings:
    """`adjustment` / `standing_only`: TRF `299` points by player id (see `entries.Context`)."""
    pairings = list(pairings)
    counted = completed_round(pairings) if rounds is None else rounds
    ctx = Context.build(players, pairings, counted, total_rounds=total_rounds, scoring=scoring, edition=edition,
                        round_robin=round_robin, adjustment=adjustment, standing_only=standing_only)
    tbs = parse_list(tie_breaks)
    number = {p.id: p.pairing_number for p in players}
    rank = dict.fromkeys(number, 1)
    order = sorted(number, key=lambda pid: number[pid])
    columns: list[dict[int, Value]] = []
    every = [parse_tiebreak("PTS"), *tbs]
    if any(tb.name == "DE" for tb in every):  # a place within the groups tied so far: criterion by criterion
        for tb in every:
            values = direct_encounter(ctx, order, rank, tb) if tb.name == "DE" else value(ctx, tb)
            columns.append(values)
            order = rerank(order, rank, values, tb.ascending, number)
    else:
        columns = [value(ctx, tb) for tb in every]
        order = rank_once(order, rank, columns, [tb.ascending for tb in every], number)
    shared: dict[int, int] = {}
    for pid in order:
        shared[rank[pid]] = shared.get(rank[pid], 0) + 1
    rows = []
    for pid in order:
        p = ctx.players[pid]
        r = rank[pid]
        rows.append(StandingRow(
            player_id=pid, start_rank=p.pairing_number, name=p.shown_name, title=p.title, rating=p.rating,
            federation=p.federation, points=Decimal(columns[0][pid] or 0), rank=r,
            place=f"{r}–{r + shared[r] - 1}" if shared[r] > 1 else str(r),
            values=[col[pid] for col in columns[1:]]))
    return Standings(round=counted, edition=edition, tie_breaks=[tb.code for tb in tbs], rows=rows)


def rerank(order: list[int], rank: dict[int, int], values: dict[int, Value], ascending: bool,
            number: dict[int, int]) -> list[int]:
    """Order by current rank, then this value; players stay tied only if the value is equal too."""
    def key(pid: int) -> tuple[int, bool, Value | Decimal, int]:
        v = values[pid]
        if v is None:
            return (rank[pid], True, 0, number[pid])
        return (rank[pid], False, v if ascending else -v, number[pid])

    order = sorted(order, key=key)
    previous = values[order[0]] if order else None
    for i, pid in enumerate(order[1:], start=2):
        if rank[pid] == i or values[pid] != previous:
            rank[pid] = i
            previous = values[pid]
        else:
            rank[pid] = rank[order[i - 2]]
    return order


def rank_once(order: list[int], rank: dict[int, int], columns: list[dict[int, Value]], ascending: list[bool],
              number: dict[int, int]) -> list[int]:
    """`rerank` over every column at once, in one sort (the same order and ranks): players stay tied only if every
    value is equal."""
    sortable: list[list[Any]] = []  # Decimal, int, or (missing, value) when some are missing
    for values, up in zip(columns, ascending, strict=True):
        column = [values[pid] for pid in order]
        if None in column:  # missing values rank last
            sortable.append([(True, 0) if v is None else (False, v if up else -v) for v in column])
        else:
            sortable.append(column if up else [-v for v in column if v is not None])
    keys = dict(zip(order, zip(*sortable, strict=True), strict=True)) if sortable else dict.fromkeys(order, ())
    order = sorted(sorted(order, key=number.__getitem__), key=keys.__getitem__)  # stable: by number within a tie
    for i, pid in enumerate(order, start=1):
        rank[pid] = i if i == 1 or keys[pid] != keys[order[i - 2]] else rank[order[i - 2]]
    return order


# -- direct encounter (Art. 6) ---------------------------------------------------------------------


def direct_encounter(ctx: Context, order: list[int], rank: dict[int, int], tb: TieBreak) -> dict[int, Value]:
    """A place within each group still tied (1 = first; 0 when the group stays tied or is alone)."""
    encounters = {pid: [(e.opponent, e.points, e.played) for e in rows] for pid, rows in ctx.entries.items()}
    number = {pid: p.pairing_number for pid, p in ctx.players.items()}
    return direct_encounter_places(encounters, number, order, rank, win=ctx.scoring.win,
                                   round_robin=ctx.round_robin, as_played=tb.as_played or ctx.round_robin)


#: Per competitor, its rounds as (opponent or None, points scored, played over the board).
Encounters = dict[int, list[tuple[int | None, Decimal, bool]]]


def direct_encounter_places(encounters: Encounters, number: dict[int, int], order: list[int], rank: dict[int, int],
                            *, win: Decimal, round_robin: bool, as_played: bool) -> dict[int, Value]:
    """C.07 Art. 6 for players or teams (`win`: what a won game or match scores): a place within each group still
    tied after the criteria before it (`rank`), 1 = first, the group's places kept when it stays tied."""
    place: dict[int, int] = {pid: rank[pid] for pid in order}
    groups: dict[int, list[int]] = {}
    for pid in order:
        groups.setdefault(rank[pid], []).append(pid)
    for members in groups.values():
        if len(members) > 1:
            _de_group(encounters, number, members, place, win, round_robin, as_played)
    out: dict[int, Value] = {}
    for members in groups.values():
        members.sort(key=lambda pid: (place[pid], number[pid]))
        offset = place[members[0]] - (1 if place[members[0]] != place[members[-1]] else 0)
        for pid in members:
            out[pid] = place[pid] - offset
    return out


def _de_group(encounters: Encounters, number: dict[int, int], members: list[int], place: dict[int, int],
              win: Decimal, round_robin: bool, as_played: bool) -> None:
    inside = set(members)
    start = place[members[0]]
    others = len(members) - 1
    scores: dict[int, tuple[Decimal, Decimal]] = {}  # (score, best possible score)
    met_all = True
    for pid in members:
        against: dict[int, list[Decimal]] = {}
        for opponent, points, played in encounters[pid]:
            if opponent in inside and (as_played or played):
                against.setdefault(opponent, []).append(points)
        score = sum((sum(v, Decimal(0)) / len(v) for v in against.values()), Decimal(0))
        if not round_robin and len(against) < others:
            met_all = False
            scores[pid] = (score, score + (others - len(against)) * win)
        else:
            scores[pid] = (score, score)
    if met_all:
        ranked = sorted(members, key=lambda pid: (-scores[pid][0], number[pid]))
    else:
        ranked = sorted(members, key=lambda pid: (-scores[pid][0], -scores[pid][1], number[pid]))
    changes = 0
    current = start
    previous = scores[ranked[0]][0]
    unique = True
    for i, pid in enumerate(ranked[1:], start=1):
        if met_all:
            split = scores[pid][0] != previous
        else:
            split = unique and previous > max(scores[q][1] for q in ranked[i:])
            unique = unique and split
        if split:
            current = start + i
            changes += 1
        previous = scores[pid][0]
        place[pid] = current
    place[ranked[0]] = start
    if changes:
        sub: dict[int, list[int]] = {}
        for pid in ranked:
            sub.setdefault(place[pid], []).append(pid)
        for group in sub.values():
            if len(group) > 1:
                _de_group(encounters, number, group, place, win, round_robin, as_played)


# -- cross-table ------------------------------------------------------------------------------------


class Cell(msgspec.Struct, frozen=True, kw_only=True):
    opponent_rank: int | None
    colour: str  # "w", "b" or ""
    result: str  # "1", "½", "0", "+", "-", "U", "F", "H", "Z", "" (not played yet)


def crosstable(standings: Standings, pairings: Iterable[Pairing]) -> dict[int, list[Cell]]:
    """Per player id, one cell per counted round; opponents named by their place in the standings."""
    place = {r.player_id: r.rank for r in standings.rows}
    position = {r.player_id: i for i, r in enumerate(standings.rows, start=1)}
    cells = {pid: [Cell(opponent_rank=None, colour="", result="Z")] * standings.round for pid in place}
    for g in pairings:
        if g.round > standings.round or g.white_player_id not in cells:
            continue
        if g.black_player_id is None:
            kind = g.bye_kind or ByeKind.ZERO
            cells[g.white_player_id][g.round - 1] = Cell(opponent_rank=None, colour="", result=kind.value)
            continue
        white, black = _codes(g.result)
        cells[g.white_player_id][g.round - 1] = Cell(opponent_rank=position.get(g.black_player_id), colour="w",
                                                     result=white)
        if g.black_player_id in cells:
            cells[g.black_player_id][g.round - 1] = Cell(opponent_rank=position.get(g.white_player_id),
                                                         colour="b", result=black)
    return cells


def _codes(result: Result | None) -> tuple[str, str]:
    return {None: ("", ""), Result.WHITE_WIN: ("1", "0"), Result.DRAW: ("½", "½"), Result.BLACK_WIN: ("0", "1"),
            Result.WHITE_FORFEIT_WIN: ("+", "-"), Result.BLACK_FORFEIT_WIN: ("-", "+"),
            Result.DOUBLE_FORFEIT: ("-", "-")}[result]
