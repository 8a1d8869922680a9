"""The web layer's path: event-file rows (as the TRF import stores them) -> pairing input -> next round,
checked against the corpus (bbpPairings' rounds) like the TRF replay."""

from __future__ import annotations

import msgspec
import pytest

from tests.test_pairing_replay import CORPUS, corpus_file, cut_file, expected_round
from tournament.errors import Invalid
from tournament.importing import trf_pairings, trf_players, trf_skipped, trf_tournament_values
from tournament.models import Pairing, SkippedRound, Tournament
from tournament.pairing import pair_next_round
from tournament.pairing.from_rows import pairing_input_from_rows
from tournament.results import ByeKind
from tournament.trf import parse_trf


def rows(name: str, k: int) -> tuple[Tournament, list, list[Pairing], list[SkippedRound], object]:
    others, players = corpus_file(CORPUS / name)
    total = max(len(p.blocks) for p in players)
    trf, errors = parse_trf(cut_file(others, players, k, total))
    assert not errors
    values = trf_tournament_values(trf)
    tournament = Tournament(id=0, uniq_id="t", name="t", rounds=values["rounds"],
                            initial_colour=values["initial_colour"])
    roster = [msgspec.structs.replace(p, papi_ref=p.pairing_number) for p in trf_players(trf)]
    skipped = [SkippedRound(id=i, tournament_id=0, round=s["round"], papi_player_id=s["number"], score=s["score"])
               for i, s in enumerate(trf_skipped(trf), start=1)]
    return tournament, roster, trf_pairings(trf, roster), skipped, players


@pytest.mark.parametrize("name", ["dutch-016p-7r-s759.trf", "dutch-038p-9r-s521.trf", "dutch-106p-5r-s997.trf"])
def test_rows_pair_like_the_corpus(name: str) -> None:
    for k in range(1, 5):
        tournament, roster, pairings, skipped, players = rows(name, k)
        pairing = pair_next_round(pairing_input_from_rows(tournament, roster, pairings, skipped))
        got = ({(b.white, b.black) for b in pairing.boards}, {pairing.bye} if pairing.bye else set())
        assert got == expected_round(players, k + 1), (name, k + 1)
        declared = {s.papi_player_id for s in skipped if s.round == k + 1}
        assert declared <= set(pairing.unpaired)


def test_bye_rows_of_the_round_to_pair_are_requested_byes_and_withdrawals_are_honoured() -> None:
    tournament, roster, pairings, _, _ = rows("dutch-020p-7r-s895.trf", 2)
    ahead = Pairing(tournament_id=0, round=3, white_player_id=roster[0].id, bye_kind=ByeKind.HALF)
    data = pairing_input_from_rows(tournament, roster, [*pairings, ahead], withdrawn=[roster[1].id])
    assert data.round == 3
    assert data.players[0].requested_bye is not None and data.players[1].withdrawn
    pairing = pair_next_round(data)
    assert roster[0].id not in {p for b in pairing.boards for p in (b.white, b.black)}
    assert {roster[0].id, roster[1].id} <= set(pairing.unpaired)


def test_a_game_without_result_is_refused() -> None:
    tournament, roster, pairings, _, _ = rows("dutch-020p-7r-s895.trf", 2)
    game = next(p for p in pairings if p.black_player_id is not None and p.round == 2)
    broken = [msgspec.structs.replace(p, result=None) if p is game else p for p in pairings]
    with pytest.raises(Invalid, match="no result"):
        pairing_input_from_rows(tournament, roster, broken, rnd=3)
