"""tournament/pairing/matching.py: networkx's minimum-weight matching read through plain adjacency dicts gives the
same matching as networkx's own function, on random graphs with gacrux-sized weights and on a slow corpus round."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

from tests.support.pairing import corpus_cut
from tournament.formats.trf import decode, parse_trf
from tournament.pairing import blossom
from tournament.pairing.dutch import pair_dutch
from tournament.pairing.fast_dutch import FastDutch
from tournament.pairing.matching import ExactCounts, min_weight_matching
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


class _Counts(ExactCounts):
    """ExactCounts over a bare field: competitors with a score level each, no crosstable but its pab weights."""

    def __init__(self, levels: dict[int, int]) -> None:
        self.competitors = [{"scorelevel": levels.get(cid, 0)} for cid in range(max(levels) + 1)]
        self.crosstable = self

    def compute_pab_weight(self, edges: list[dict[str, int]]) -> None:  # gacrux's crosstabledutch, as it is
        for edge in edges:
            edge["weight"] = edge["sb"] if edge["ca"] == 0 else 0


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("seed", range(40))
def test_exact_counts_agree_with_gacrux_over_networkx(seed: int, compiled: bool,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # gacrux's own find_weighted_pab and weighted_match (networkx's matching) against ExactCounts (the compiled
    # matching's, or networkx's where it is not built) on random fields, sparse enough that some have no complete
    # pairing, with and without the dummy competitor 0
    monkeypatch.setattr(blossom, "AVAILABLE", compiled)
    rng = random.Random(seed)
    n = rng.randrange(3, 30)
    first = rng.choice([0, 1])
    levels = {cid: rng.randrange(1, 5) for cid in range(1, n + 1)}
    cids = list(range(first, n + 1))
    density = rng.choice([0.08, 0.2, 0.5])
    edges = [{"ca": a, "cb": b, "sa": levels.get(a, 0), "sb": levels[b]}
             for k, a in enumerate(cids) for b in cids[k + 1:] if rng.random() < density]
    nodes = [{"cid": cid} for cid in cids]
    ours = _Counts(levels)
    theirs = _Counts(levels)
    # gacrux's method bodies, run on our object, with gacrux's own networkx matching
    expected = (pairing_dutch.find_weighted_pab(theirs, nodes, edges),
                pairing_dutch.weighted_match(theirs, nodes, edges))
    assert (ours.find_weighted_pab(nodes, edges), ours.weighted_match(nodes, edges)) == expected


def test_the_exact_counts_run_on_a_corpus_round_and_give_gacrux_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # round 6 of the 333-player corpus tournament: gacrux looks for the bye's level over the whole field (44,000
    # pairs); each of our answers is checked against gacrux's own on the same input
    answers: list[tuple[object, object]] = []

    def both(self: FastDutch, nodes: list[dict[str, object]], edges: list[dict[str, object]]) -> object:
        ours = ExactCounts.find_weighted_pab(self, nodes, edges)
        answers.append((ours, pairing_dutch.find_weighted_pab(self, nodes, edges)))
        return ours

    monkeypatch.setattr(FastDutch, "find_weighted_pab", both)
    trf, errors = parse_trf(decode(corpus_cut("dutch-333p-8r-s5087.trf", 5).encode("latin-1")))
    assert not errors
    pair_dutch(pairing_input(trf))
    assert answers and all(ours == theirs for ours, theirs in answers)
