"""The standings ranked in one sort over every criterion (the fast path, without direct encounter) give the same
order and the same shared places as ranking criterion by criterion; a result entered mid-round moves the table."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from tests.support.files import FIXTURES
from tournament.entries import Context
from tournament.formats.importing import trf_pairings, trf_players
from tournament.formats.trf import decode, parse_trf
from tournament.results import Result
from tournament.standings import compute_standings, parse_list, rank_once, rerank
from tournament.tiebreaks import parse_tiebreak, value

FILES = [FIXTURES / "small-20p-5r.trf", FIXTURES / "club-64p-7r.trf", *sorted((FIXTURES / "generated").glob("*.trf"))]
LISTS = ["WIN", "BPG,WIN", "BH/C1,BH,SB,PS", "PS,WIN,BPG", "ARO,TPN,KS", "TPN/R", "WON,REP,RTNG,APRO", "SB/C1,FB,AOB"]


@pytest.mark.parametrize("codes", LISTS)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_one_sort_ranks_as_criterion_by_criterion(path: Path, codes: str) -> None:
    trf, _ = parse_trf(decode(path.read_bytes()))
    players = trf_players(trf)
    ctx = Context.build(players, trf_pairings(trf, players), trf.played_rounds, total_rounds=trf.rounds)
    every = [parse_tiebreak("PTS"), *parse_list(codes)]
    columns = [value(ctx, tb) for tb in every]
    number = {p.id: p.pairing_number for p in players}
    start = sorted(number, key=number.__getitem__)
    one_rank, by_rank = dict.fromkeys(number, 1), dict.fromkeys(number, 1)
    one = rank_once(start, one_rank, columns, [tb.ascending for tb in every], number)
    step = start
    for tb, column in zip(every, columns, strict=True):
        step = rerank(step, by_rank, column, tb.ascending, number)
    assert one == step
    assert one_rank == by_rank
    if codes == "WIN":
        assert len(set(one_rank.values())) < len(one_rank)  # shared places, as they must be with so few criteria


def test_a_result_entered_mid_round_moves_the_provisional_table() -> None:
    """The small open's last round counted with one game's result only: its winner climbs above the players still
    playing that were level with them before the round."""
    trf, _ = parse_trf(decode((FIXTURES / "small-20p-5r.trf").read_bytes()))
    players = trf_players(trf)
    pairings, last = trf_pairings(trf, players), trf.played_rounds
    playing = [msgspec.structs.replace(p, result=None) if p.round == last and p.is_game else p for p in pairings]
    before = compute_standings(players, playing, tie_breaks=["BH"], rounds=last)
    game = next(p for p in playing if p.round == last and p.is_game)
    entered = [msgspec.structs.replace(p, result=Result.WHITE_WIN) if p is game else p for p in playing]
    after = compute_standings(players, entered, tie_breaks=["BH"], rounds=last)
    points = {r.player_id: r.points for r in before.rows}
    assert {r.player_id: r.points for r in after.rows}[game.white_player_id] == points[game.white_player_id] + 1
    level = [r.player_id for r in before.rows if r.points == points[game.white_player_id]
             and r.player_id != game.white_player_id]
    rank_after = {r.player_id: r.rank for r in after.rows}
    assert level and all(rank_after[game.white_player_id] < rank_after[pid] for pid in level)
