"""tournament/pairing/fast_tiebreak.py against gacrux's tie-break module: the same competitors' structure (every
running score, per round and in total, the same keys in the same order), on corpus rounds with byes, absences,
forfeits and acceleration, and on a generated open."""

from __future__ import annotations

from typing import Any

import pytest
from gacrux.crosstabledutch import crosstable_dutch  # type: ignore[import-untyped]

from tests.support.files import FIXTURES
from tests.support.pairing import corpus_file, cut_file
from tournament.formats.trf import parse_trf
from tournament.pairing.dutch import gacrux_tournament
from tournament.pairing.fast_dutch import FastCrosstable
from tournament.pairing.model import PairingInput, PairingPlayer
from tournament.pairing.trf_input import pairing_input

CORPUS = FIXTURES / "pairing"
CASES = [("dutch-016p-7r-s759.trf", 6), ("dutch-038p-9r-s521.trf", 8), ("dutch-060p-11r-s555.trf", 10),
         ("dutch-134p-9r-s793.trf", 8), ("dutch-155p-5r-s5145.trf", 2), ("dutch-394p-9r-s5116.trf", 5)]


def ordered(value: Any) -> Any:
    """A structure with its dicts' keys in their order, so that comparing two compares the orders too."""
    if isinstance(value, dict):
        return [(key, ordered(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [ordered(item) for item in value]
    return value


def both(data: PairingInput) -> tuple[Any, Any]:
    tournament, _ = gacrux_tournament(data)
    rnd = data.round_to_pair
    ours = FastCrosstable([], False, 0).compute_tiebreak(tournament, rnd)
    tournament, _ = gacrux_tournament(data)
    theirs = crosstable_dutch([], False, 0).compute_tiebreak(tournament, rnd)
    return ordered(ours), ordered(theirs)


@pytest.mark.parametrize(("name", "k"), CASES)
def test_same_scores_as_gacrux_on_the_corpus(name: str, k: int) -> None:
    others, players = corpus_file(CORPUS / name)
    trf, errors = parse_trf(cut_file(others, players, k, max(len(p.blocks) for p in players)))
    assert not errors
    ours, theirs = both(pairing_input(trf))
    assert ours == theirs


def test_same_scores_as_gacrux_with_acceleration() -> None:
    """Baku acceleration: the accelerated scores (ACC) come from the module's values."""
    players = tuple(PairingPlayer(id=k, number=k, rating=2400 - 10 * k) for k in range(1, 21))
    ours, theirs = both(PairingInput(players=players, rounds=7, baku=True))
    assert ours == theirs
