"""The compiled exact matching (tournament/pairing/_blossom.c through blossom.py) against networkx's: the same
optimum on random graphs (small, equal, negative and 2,000-bit weights), the same matching where the optimum is
unique, the same total on a dense 200-node graph of gacrux-sized weights, and the same pairings of a generated
1,000-player open; and the digit bounds gacrux's pairing relies on (weights.py) checked over every matching of
small brackets.

The extension must be built (CI has a C compiler): without it these tests fail, they do not skip.
"""

from __future__ import annotations

import itertools
import random
from array import array
from collections.abc import Iterator
from typing import Any

import networkx as nx
import pytest
from gacrux.crosstabledutch import HO1, HO2, HO3, HO4, HO5, QC9, crosstable_dutch, qdefs
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bench.pairing import open_field, play
from tournament.pairing import blossom, fast_split, matching
from tournament.pairing.dutch import pair_dutch
from tournament.pairing.fast_dutch import without
from tournament.pairing.weights import ExactDigits, widened_depths

Edge = tuple[int, int, int]


def test_the_compiled_matching_is_built() -> None:
    assert blossom.AVAILABLE, ("tournament/pairing/_blossom.c was not built: `pip install -e .` needs a C compiler "
                               "(gcc) and Python's headers; the pairing falls back to networkx's slow matching")
    assert matching.FAST_NX.min_weight_matching is matching.bracket_matching


def ours(n: int, edges: list[Edge], maxcardinality: bool) -> set[frozenset[int]]:
    partners = blossom.max_weight_matching(n, edges, maxcardinality)
    assert all(partners[p] == v for v, p in enumerate(partners) if p >= 0)  # symmetric
    return {frozenset((v, p)) for v, p in enumerate(partners) if p > v}


def theirs(n: int, edges: list[Edge], maxcardinality: bool) -> set[frozenset[int]]:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(edges)
    return {frozenset(p) for p in nx.max_weight_matching(graph, maxcardinality=maxcardinality)}


def total(pairs: set[frozenset[int]], edges: list[Edge]) -> int:
    weight = {frozenset((a, b)): w for a, b, w in edges}
    assert all(p in weight for p in pairs)  # every pair is an edge of the graph
    return sum(weight[p] for p in pairs)


@st.composite
def graphs(draw: Any) -> tuple[int, list[Edge]]:
    n = draw(st.integers(min_value=0, max_value=14))
    pairs = [p for p in itertools.combinations(range(n), 2) if draw(st.booleans())]
    kind = draw(st.sampled_from(["small", "equal", "negative", "huge"]))
    value = {"small": st.integers(0, 12), "equal": st.just(7), "negative": st.integers(-9, 9),
             "huge": st.integers(0, 2 ** 2000)}[kind]
    return n, [(a, b, draw(value)) for a, b in pairs]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graph=graphs(), maxcardinality=st.booleans())
def test_the_same_optimum_as_networkx(graph: tuple[int, list[Edge]], maxcardinality: bool) -> None:
    n, edges = graph
    mine, reference = ours(n, edges, maxcardinality), theirs(n, edges, maxcardinality)
    assert len({v for p in mine for v in p}) == 2 * len(mine)  # a matching: no vertex twice
    assert total(mine, edges) == total(reference, edges)
    if maxcardinality:
        assert len(mine) == len(reference)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(min_value=2, max_value=14), seed=st.integers(0, 10 ** 6), maxcardinality=st.booleans())
def test_the_same_matching_as_networkx_when_the_optimum_is_unique(n: int, seed: int, maxcardinality: bool) -> None:
    # distinct powers of two: no two matchings weigh the same, so there is one optimum to find
    rng = random.Random(seed)
    pairs = [p for p in itertools.combinations(range(n), 2) if rng.random() < 0.6]
    exponents = rng.sample(range(2000), len(pairs))
    edges = [(a, b, 2 ** k) for (a, b), k in zip(pairs, exponents, strict=True)]
    rng.shuffle(edges)
    assert ours(n, edges, maxcardinality) == theirs(n, edges, maxcardinality)


def test_a_dense_bracket_of_gacrux_sized_weights() -> None:
    # the size of round 3's bracket in the 1,000-player open: 200 players, ~20,000 pairs, ~1,500-bit weights
    rng = random.Random(200)
    graph = nx.Graph()
    graph.add_weighted_edges_from((a, b, rng.randrange(2 ** 1500)) for a, b in itertools.combinations(range(200), 2)
                                  if rng.random() < 0.98)
    mine = blossom.min_weight_matching(graph)
    reference = matching.min_weight_matching(graph)  # networkx's own algorithm (read through plain dicts)
    assert len(mine) == len(reference) == 100
    assert sum(graph[a][b]["weight"] for a, b in mine) == sum(graph[a][b]["weight"] for a, b in reference)


def test_the_pairings_of_a_generated_open_are_networkx_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    # rounds 1-4 of the 1,000-player open of bench/pairing.py: round 3 pairs a 200-player bracket by matching
    calls: list[int] = []

    def counted(G: Any, weight: str = "weight") -> set[tuple[Any, Any]]:
        calls.append(len(G))
        return matching.bracket_matching(G, weight)

    monkeypatch.setattr(fast_split, "ENABLED", False)  # the whole bracket (test_fast_split.py: in parts)
    rng = random.Random(1000)
    data = open_field(1000)
    for _ in range(4):
        monkeypatch.setattr(matching.FAST_NX, "min_weight_matching", counted)
        compiled = pair_dutch(data)
        monkeypatch.setattr(matching.FAST_NX, "min_weight_matching", matching.min_weight_matching)
        assert pair_dutch(data) == compiled  # boards, colours and bye
        data = play(data, compiled, rng)
    assert max(calls) >= 200


def test_a_bracket_without_a_perfect_matching_goes_to_networkx(monkeypatch: pytest.MonkeyPatch) -> None:
    # there the number of resident pairs is not fixed by the total (weights.py): networkx's own choice is kept
    asked: list[int] = []
    networkx_matching = matching.min_weight_matching

    def spy(G: Any, weight: str = "weight") -> set[tuple[Any, Any]]:
        asked.append(len(G))
        return networkx_matching(G, weight)

    monkeypatch.setattr(matching, "min_weight_matching", spy)
    star = nx.Graph()
    star.add_weighted_edges_from([(0, 1, 5), (0, 2, 5), (0, 3, 5), (4, 5, 1)])  # 6 nodes, 2 pairs at most
    assert matching.bracket_matching(star) == networkx_matching(star) and asked == [6]
    square = nx.Graph()
    square.add_weighted_edges_from([(0, 1, 5), (1, 2, 5), (2, 3, 5), (3, 0, 5)])  # perfect: the compiled one
    assert len(matching.bracket_matching(square)) == 2 and asked == [6]


def all_matchings(nodes: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every matching of the complete graph on `nodes` that leaves at most one node out."""
    if len(nodes) < 2:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for k, partner in enumerate(rest):
        for tail in all_matchings(rest[:k] + rest[k + 1:]):
            yield [(first, partner), *tail]
    if len(nodes) % 2:
        yield from all_matchings(rest)


def homogeneous_digits(B: int, S: int, L: int) -> Iterator[dict[str, Any]]:
    """The HO digit sums of every maximum matching of B residents (numbered 1..B) and L lower players, all able
    to meet, as gacrux's update_homogenious sets each pair's digits (HO4 counted as its cleared digits)."""
    table = crosstable_dutch([], False, 0)
    table.weight, table.depth = {q.name: 0 for q in qdefs}, {q.name: 0 for q in qdefs}
    table.competitors = [{"scorelevel": 1 if c <= B else 0} for c in range(B + L + 1)]
    table.scorelevel, table.BLOB = 1, B + L + 1
    pairs = {(a, b): {"ca": a, "cb": b, "canmeet": True, "qlevel": 1, "quality": {}}
             for a, b in itertools.combinations(range(1, B + L + 1), 2)}
    table.update_homogenious(1, list(pairs.values()), {c: c for c in range(1, B + 1)}, S)
    for chosen in all_matchings(list(range(1, B + L + 1))):
        qualities = [pairs[p]["quality"] for p in chosen]
        sums: dict[str, Any] = {d: sum(q[d] for q in qualities) for d in (HO1, HO2)}
        for d in (HO3, HO5):
            sums[d] = [sum(column) for column in zip(*(q[d] for q in qualities), strict=True)]
        sums[HO4] = [sum(1 - x for x in column) for column in zip(*(q[HO4] for q in qualities), strict=True)]
        yield sums


def test_every_homogeneous_digit_stays_below_its_widened_depth() -> None:
    gacrux_reached = set()
    for B, L in itertools.product(range(2, 9), range(3)):
        for S in range(B // 2 + 1):
            depth = widened_depths(B, S)
            gacrux = {HO1: S + 1, HO2: sum(list(range(B - 1, S, -2))[:S]) + 1, HO5: list(range(B - 1, 0, -1))}
            for sums in homogeneous_digits(B, S, L):
                for d in (HO1, HO2):
                    assert sums[d] < depth[d], (B, S, L, d)
                    if sums[d] >= gacrux[d]:
                        gacrux_reached.add(d)
                for d in (HO3, HO4, HO5):
                    assert all(s < limit for s, limit in zip(sums[d], depth[d], strict=True)), (B, S, L, d)
                if any(s >= limit for s, limit in zip(sums[HO5], gacrux[HO5], strict=False)):
                    gacrux_reached.add(HO5)
    assert gacrux_reached == {HO1, HO2, HO5}  # gacrux's own depths are reached: the widening is needed


def test_the_bye_digit_is_as_deep_as_the_rounds() -> None:
    table = ExactDigits([], False, 0)
    table.rnd, table.pablevel = 9, True  # a pairing-allocated bye bracket at a score level above 1
    depth = {q.name: 2 for q in qdefs}
    depth["QC8"] = [2, 2]  # one digit per score difference, the last one just above QC9
    depth[QC9] = 1  # what gacrux's init_cweights sets there
    table.weight = {q.name: 0 for q in qdefs}
    table.cascade_weights(depth, qdefs.QC6, qdefs.QC21)
    # 8 unplayed games (the most in round 9) stay below QC8's last digit, which is worth 9 QC9 units
    assert table.weight["QC8"][-1] == 9 * table.weight[QC9]


class Token:
    alive = 0

    def __init__(self) -> None:
        Token.alive += 1

    def __del__(self) -> None:
        Token.alive -= 1


@given(st.lists(st.tuples(st.integers(0, 6), st.sampled_from(["gap", "whole", "flags"]), st.integers(0, 63)),
                max_size=12))
@settings(max_examples=200, deadline=None)
def test_keep_runs_narrows_a_list_in_place(chunks: list[tuple[int, str, int]]) -> None:
    # FastDutch.remove_pairs narrows its list of pairs in place: the items kept in order, the others released.
    # The list is cut in chunks: a gap (no run: dropped), a whole run (at -1: kept) or a run by flags (bit k of
    # `bits`: item k kept).
    items = [Token() for _ in range(sum(size for size, _, _ in chunks) + 2)]
    whole = list(items)
    runs: list[int] = []
    flags = bytearray()
    expected: list[Token] = []
    start = 1  # the first and last items are in no run
    for size, kind, bits in chunks:
        if kind == "whole":
            runs += [start, start + size, -1]
            expected += whole[start:start + size]
        elif kind == "flags":
            runs += [start, start + size, len(flags)]
            flags += bytes((bits >> k) & 1 for k in range(size))
            expected += [item for k, item in enumerate(whole[start:start + size]) if (bits >> k) & 1]
        start += size
    blossom.keep_runs(items, array("q", runs), flags)
    assert items == expected
    kept = len(expected)
    del whole, expected
    assert Token.alive == kept  # the others released


def test_keep_runs_refuses_runs_out_of_order() -> None:
    items = list(range(5))
    for runs in ([3, 2, -1], [0, 6, -1], [2, 4, -1, 1, 3, -1], [0, 3, 1]):
        with pytest.raises(ValueError, match="out of order or range"):
            blossom.keep_runs(items, array("q", runs), b"\x01")
        assert items == list(range(5))  # unchanged


def test_without_the_compiled_part_the_pairings_are_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    # an install without a C compiler: networkx's matchings, lists of pairs narrowed by copy (remove_pairs)
    rng = random.Random(160)
    data = open_field(160)
    for _ in range(4):
        compiled = pair_dutch(data)
        with monkeypatch.context() as patched:
            patched.setattr(blossom, "AVAILABLE", False)
            patched.setattr(matching.FAST_NX, "Graph", nx.Graph)
            patched.setattr(matching.FAST_NX, "min_weight_matching", matching.min_weight_matching)
            assert pair_dutch(data) == compiled  # boards, colours and bye
        data = play(data, compiled, rng)


@given(st.lists(st.lists(st.integers(0, 30), unique=True, max_size=12), max_size=10), st.sets(st.integers(0, 30)),
       st.data())
@settings(max_examples=200, deadline=None)
def test_cut_pieces_drops_the_pairs_of_those_who_leave(pieces: list[list[int]], staying: set[int],
                                                        data: st.DataObject) -> None:
    # FastDutch's narrowing: the picked pieces lose the pairs whose second competitor does not stay, as `without`
    # (its Python equivalent) cuts them; the flags say which pairs each piece cut kept
    seconds = [list(piece) for piece in pieces]
    pairs: list[list[Any]] = [[("pair", k, cb) for cb in piece] for k, piece in enumerate(pieces)]
    picks = sorted(data.draw(st.sets(st.integers(0, max(0, len(pieces) - 1)))) if pieces else set())
    stay = bytes(cid in staying for cid in range(31))
    flags, cut, emptied = blossom.cut_pieces(pairs, seconds, picks, stay)
    offsets = dict(cut)
    for k, piece in enumerate(pieces):
        expected = [cb for cb in piece if cb in staying] if k in picks else piece
        assert seconds[k] == expected
        assert pairs[k] == [("pair", k, cb) for cb in expected]
        if k in offsets:
            assert list(flags[offsets[k]:offsets[k] + len(piece)]) == [int(cb in staying) for cb in piece]
            assert without([("pair", k, cb) for cb in piece], piece, set(piece) - staying)[1] == expected
    assert sorted(offsets) == [k for k in picks if not set(pieces[k]) <= staying]
    assert emptied == any(not seconds[k] for k in offsets)


def test_cut_pieces_refuses_a_competitor_beyond_stay() -> None:
    pairs: list[list[Any]] = [["a"]]
    seconds = [[5]]
    with pytest.raises(IndexError, match="beyond"):
        blossom.cut_pieces(pairs, seconds, [0], b"\x01\x01")
    assert pairs == [["a"]] and seconds == [[5]]  # unchanged


def compiled_total(n: int, edges: list[Edge], weights: Any, width: int, top: int | None = None) -> int:
    """The total weight (as given in `edges`) of the compiled matching fed `weights` (bytes or a list)."""
    ends = array("i", [v for a, b, _ in edges for v in (a, b)])
    partners = blossom._compiled().max_weight_matching(n, ends, weights, width, True, *([] if top is None else [top]))
    assert all(partners[p] == v for v, p in enumerate(partners) if p >= 0)
    weight = {frozenset((a, b)): w for a, b, w in edges}
    return sum(weight[frozenset((v, p))] for v, p in enumerate(partners) if p > v)


@settings(max_examples=150, deadline=None)
@given(graph=graphs())
def test_weights_given_as_bytes_as_ints_or_inverted_give_the_same_optimum(graph: tuple[int, list[Edge]]) -> None:
    n, edges = graph
    assume(edges)
    weights = [w for *_, w in edges]
    top = 1 + max(weights)
    width = max(max(map(abs, weights)).bit_length(), top.bit_length()) // 8 + 2
    by_bytes = compiled_total(n, edges, as_bytes(weights, width), width)
    assert by_bytes == compiled_total(n, edges, weights, width) == total(ours(n, edges, True), edges)
    # inverted by the compiled part (networkx's min_weight_matching): the same as inverted beforehand
    inverted = [top - w for w in weights]
    inverted_edges = [(a, b, top - w) for a, b, w in edges]
    assert (compiled_total(n, edges, weights, width, top)
            == compiled_total(n, edges, as_bytes(inverted, width), width)
            == total(ours(n, inverted_edges, True), edges))


def as_bytes(weights: list[int], width: int) -> bytes:
    return b"".join(w.to_bytes(width, "little", signed=True) for w in weights)


def test_bad_weights_are_refused_with_a_message() -> None:
    ends = array("i", [0, 1, 1, 2])
    with pytest.raises(TypeError, match="not an int"):
        blossom._compiled().max_weight_matching(3, ends, [1, "2"], 8, True)
    with pytest.raises(OverflowError):
        blossom._compiled().max_weight_matching(3, ends, [1, 2 ** 200], 8, True)  # wider than announced
    with pytest.raises(ValueError, match="inconsistent"):
        blossom._compiled().max_weight_matching(3, ends, [1], 8, True)  # a weight short
    with pytest.raises(ValueError, match="inconsistent"):
        blossom._compiled().max_weight_matching(3, ends, bytes(16), 8, True, 5)  # a top without a list
    assert blossom._compiled().max_weight_matching(3, ends, [1, 2], 8, True, 3) == [1, 0, -1]


def test_a_graph_without_a_perfect_matching_is_matched_again_from_the_start() -> None:
    # ten vertices, four pairs at most: the single tree grown from one exposed vertex cannot grow, and the matching
    # starts over with the forest of every exposed vertex, from the largest weight (a run once started from the
    # scratch number that the last dual step had left there: 96 instead of 112)
    edges = [(0, 3, 0), (1, 3, 32), (1, 7, 0), (2, 4, 0), (2, 9, 48), (3, 4, 0), (4, 5, 0), (4, 6, 0), (5, 7, 0),
             (6, 7, 32), (7, 9, 32), (8, 9, 32)]
    mine, reference = ours(10, edges, True), theirs(10, edges, True)
    assert len(mine) == len(reference) == 4
    assert total(mine, edges) == total(reference, edges) == 112


@pytest.mark.parametrize("seed", range(6))
def test_even_graphs_with_and_without_a_perfect_matching_reach_networkx_optimum(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        n = rng.choice([4, 6, 10, 20, 30])
        density = rng.choice([0.15, 0.3, 0.6, 1.0])
        value = rng.choice([lambda: rng.randrange(4) << 70, lambda: rng.randrange(-50, 50),
                            lambda: rng.getrandbits(300)])
        edges = [(a, b, value()) for a, b in itertools.combinations(range(n), 2) if rng.random() < density]
        mine, reference = ours(n, edges, True), theirs(n, edges, True)
        assert len(mine) == len(reference)
        assert total(mine, edges) == total(reference, edges)
