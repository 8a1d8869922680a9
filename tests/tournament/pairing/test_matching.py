"""tournament/pairing/matching.py: networkx's minimum-weight matching read through plain adjacency dicts gives the
same matching as networkx's own function, on random graphs with gacrux-sized weights and on a slow corpus round."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from tests.support.pairing import corpus_cut
from tournament.formats.trf import decode, parse_trf
from tournament.pairing.dutch import pair_dutch
from tournament.pairing.matching import min_weight_matching
from tournament.pairing.trf_input import pairing_input


@pytest.mark.parametrize("seed", range(12))
def test_same_matching_as_networkx(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randrange(2, 40)
    graph = nx.Graph()
    bits = rng.choice([8, 60, 1200])  # gacrux's weights reach ~1,200 bits on large brackets
    edges = [(a, b, rng.randrange(2 ** bits)) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.6]
    rng.shuffle(edges)
    graph.add_weighted_edges_from(edges)
    assert min_weight_matching(graph) == nx.min_weight_matching(graph)
    ties = nx.Graph()  # equal weights everywhere: the choice among equals is the same too
    ties.add_weighted_edges_from((a, b, 0) for a, b, _ in edges)
    assert min_weight_matching(ties) == nx.min_weight_matching(ties)


def test_a_slow_round_pairs_the_same_with_both_matchings() -> None:
    # round 2 of the 272-player corpus tournament: one of the corpus' slowest (a weighted bracket of ~100 players)
    trf, errors = parse_trf(decode(corpus_cut("dutch-272p-7r-s5058.trf", 1).encode("latin-1")))
    assert not errors
    data = pairing_input(trf)
    assert pair_dutch(data, fast=True) == pair_dutch(data, fast=False)
