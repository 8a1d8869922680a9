"""The desk's engine input from the event file's rows equals the engine input read from the same TRF file."""

from __future__ import annotations

import msgspec
import pytest

from tests.support.files import FIXTURES
from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf
from tournament.models import Pairing, Player, Tournament
from tournament.pairing.rows import pairing_input
from tournament.pairing.trf_input import pairing_input as from_trf


@pytest.mark.parametrize("name", ["open-600p-9r.trf", "pairing/dutch-058p-5r-s861.trf",
                                  "pairing/dutch-134p-9r-s793.trf"])
def test_rows_give_the_same_input_as_the_trf(name: str) -> None:
    trf, errors = parse_trf(decode((FIXTURES / name).read_bytes()))
    assert not errors
    players, pairings = trf_rows(trf)
    rows = [Player(id=p["pairing_number"] + 1000, tournament_id=1, **p) for p in players]
    games = [msgspec.convert({**{k: v for k, v in g.items() if k not in ("white", "black")}, "tournament_id": 1,
                              "white_player_id": g["white"] + 1000,
                              "black_player_id": g["black"] + 1000 if g.get("black") else None}, Pairing)
             for g in pairings]
    expected = from_trf(trf, rounds=trf.rounds or 11)
    if expected.round_to_pair > (trf.rounds or 11):
        pytest.skip("every round is played")
    mine = pairing_input(Tournament(id=1, uniq_id="t", name="T", rounds=trf.rounds or 11), rows, games, {},
                         expected.round_to_pair)
    assert mine.round == expected.round and mine.initial_colour == expected.initial_colour
    renumbered = [msgspec.structs.replace(
        p, id=p.id - 1000, history=tuple(msgspec.structs.replace(r, opponent=r.opponent - 1000 if r.opponent else None)
                                         for r in p.history)) for p in mine.players]
    assert list(expected.players) == renumbered
