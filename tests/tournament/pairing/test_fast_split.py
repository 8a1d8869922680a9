"""A homogeneous bracket matched in parts (tournament/pairing/fast_split.py): the residents among themselves, the
players below among themselves, at most one pair between them, and the same optimum as the whole graph's."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from bench.pairing import open_field, play
from tournament.pairing import blossom, fast_split
from tournament.pairing.dutch import pair_dutch
from tournament.pairing.fast_split import split_matching

Listed = list[tuple[int, int, int]]


def bracket(rng: random.Random, residents: int, others: int, cut_weight: int, density: float = 0.8
            ) -> tuple[Listed, Listed, Listed]:
    """A bracket graph: residents 0..residents-1, others after them; pairs between residents and others weigh
    cut_weight and more (C6's digit), the others' pairs all but equal (gacrux gives them one howeight)."""
    inner, cut, outer = [], [], []
    for a in range(residents + others):
        for b in range(a + 1, residents + others):
            if rng.random() > density:
                continue
            if b < residents:
                inner.append((a, b, rng.randrange(10**30)))
            elif a < residents:
                cut.append((a, b, cut_weight + rng.randrange(4) * 10**30))
            else:
                outer.append((a, b, 7 * 10**40 + rng.randrange(3) * 10**35))
    return inner, cut, outer


def networkx_total(listed: Listed) -> tuple[int, int]:
    """(pairs, total weight) of networkx's minimum-weight matching among the maximum-cardinality ones."""
    graph = nx.Graph()
    graph.add_weighted_edges_from(listed)
    pairs = nx.min_weight_matching(graph)
    return len(pairs), sum(graph[a][b]["weight"] for a, b in pairs)


def total(pairs: set[tuple[int, int]], listed: Listed) -> int:
    weight = {frozenset((a, b)): w for a, b, w in listed}
    return sum(weight[frozenset(pair)] for pair in pairs)


@pytest.mark.parametrize("seed", range(60))
def test_the_parts_give_an_optimum_of_the_whole_graph(seed: int) -> None:
    rng = random.Random(seed)
    residents, others = rng.randrange(3, 11), rng.randrange(3, 11)
    if (residents + others) % 2:
        others += 1
    heavy = rng.random() < 0.7  # a cut pair weighs more than any matching of the parts: they are matched apart
    inner, cut, outer = bracket(rng, residents, others, 10**45 if heavy else 10**29, density=rng.choice((0.6, 1)))
    whole = inner + cut + outer
    pairs = split_matching(inner, cut, outer)
    if pairs is None:  # not proved: gacrux's own way (test_a_complete_bracket_is_matched_in_parts: it is, there)
        return
    assert all(len(set(pair)) == 2 for pair in pairs)
    assert len({end for pair in pairs for end in pair}) == 2 * len(pairs)  # a matching
    assert (len(pairs), total(pairs, whole)) == networkx_total(whole)


@pytest.mark.parametrize("residents", [8, 9])
def test_a_complete_bracket_is_matched_in_parts(residents: int) -> None:
    # an even number of residents: no pair between the parts; an odd one: exactly one resident floats down
    rng = random.Random(residents)
    inner, cut, outer = bracket(rng, residents, 7 if residents % 2 else 6, 10**45, density=1)
    pairs = split_matching(inner, cut, outer)
    assert pairs is not None
    crossing = [pair for pair in pairs if min(pair) < residents <= max(pair)]
    assert len(crossing) == residents % 2
    assert (len(pairs), total(pairs, inner + cut + outer)) == networkx_total(inner + cut + outer)


def test_light_pairs_between_the_parts_are_not_split() -> None:
    # a pair between the parts cheaper than the residents' own matching: splitting is not proved, None
    inner = [(0, 1, 10**20), (2, 3, 10**20), (0, 2, 10**20), (1, 3, 10**20)]
    outer = [(4, 5, 1), (5, 6, 1), (6, 7, 1), (4, 7, 1)]
    cut = [(0, 4, 0), (1, 5, 0), (2, 6, 0), (3, 7, 0)]
    assert split_matching(inner, cut, outer) is None
    assert networkx_total(inner + cut + outer) == (4, 0)


def test_a_part_without_a_perfect_matching_is_not_split() -> None:
    inner = [(0, 1, 5), (0, 2, 5), (0, 3, 5)]  # a star: one pair at most
    outer = [(4, 5, 1)]
    cut = [(1, 4, 10**9), (2, 5, 10**9)]
    assert split_matching(inner, cut, outer) is None


def test_the_pairings_of_a_generated_open_are_those_of_the_whole_matching(monkeypatch: pytest.MonkeyPatch) -> None:
    # rounds 1-5 of a 600-player open: its homogeneous brackets pair residents with a score group below
    split: list[bool] = []
    matched = fast_split.split_matching

    def counted(inner: Listed, cut: Listed, outer: Listed, scale: tuple[int, int], first: set[int] | None
                ) -> set[tuple[int, int]] | None:
        pairs = matched(inner, cut, outer, scale, first)
        split.append(pairs is not None)
        return pairs

    monkeypatch.setattr(fast_split, "split_matching", counted)
    rng = random.Random(600)
    data = open_field(600)
    for _ in range(5):
        monkeypatch.setattr(fast_split, "ENABLED", True)
        parts = pair_dutch(data)
        monkeypatch.setattr(fast_split, "ENABLED", False)
        assert pair_dutch(data) == parts  # boards, colours and bye
        data = play(data, parts, rng)
    assert any(split)


@pytest.mark.parametrize("seed", range(40))
def test_matching_across_two_sides_first_still_gives_the_optimum(seed: int) -> None:
    # _perfect with `first`: the pairs across the two sides matched alone, kept only where the duals prove them an
    # optimum of the whole graph; pairs within a side cheap enough to be worth it must be found all the same
    rng = random.Random(seed)
    n = 2 * rng.randrange(2, 7)
    first = set(range(n // 2))
    within = rng.choice((1, 10**6))  # cheap pairs within a side (the duals refuse), or dear ones (they prove it)
    listed = [(a, b, rng.randrange(10**6) * ((a in first) != (b in first) or within))
              for a in range(n) for b in range(a + 1, n) if rng.random() < 0.9]
    if len({end for a, b, _ in listed for end in (a, b)}) < n:
        return
    found = fast_split._perfect(listed, first)
    whole = networkx_total(listed)
    if whole[0] * 2 < n:
        assert found is None
        return
    assert found is not None and (len(found[0]), found[1]) == whole
    if within > 1:  # the pairs within a side dear: the duals prove the pairs across optimal
        order = list(dict.fromkeys(end for a, b, _ in listed for end in (a, b)))
        assert fast_split._across(order, listed, first) is not None


def test_the_duals_prove_the_matching_across_optimal() -> None:
    rng = random.Random(7)
    nodes = list(range(10))
    across = [(a, b, rng.randrange(1000)) for a in range(5) for b in range(5, 10)]
    solved = blossom.min_weight_duals(nodes, across)
    assert solved is not None
    pairs, duals, top = solved
    weight = {(a, b): w for a, b, w in across}
    for (a, b), w in weight.items():  # every pair: u[a] + u[b] >= 2 (top - w), equal on the pairs matched
        slack = duals[a] + duals[b] - 2 * (top - w)
        assert slack >= 0
        assert (slack == 0) or ((a, b) not in pairs and (b, a) not in pairs)
    assert (len(pairs), sum(weight[min(p), max(p)] for p in pairs)) == networkx_total(across)


@pytest.mark.parametrize("count", [10, 5000])
def test_a_pair_listed_twice_or_upside_down_is_seen(count: int) -> None:
    pairs = [{"ca": 1, "cb": 2}, {"ca": 2, "cb": 3}, {"ca": 0, "cb": 9}]
    assert fast_split.simple_pairs(pairs, count)
    assert not fast_split.simple_pairs([*pairs, {"ca": 2, "cb": 3}], count)  # twice
    assert not fast_split.simple_pairs([*pairs, {"ca": 3, "cb": 2}], count)  # (higher, lower)
    assert not fast_split.simple_pairs([*pairs, {"ca": 4, "cb": count}], count)  # beyond the competitors
