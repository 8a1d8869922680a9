"""networkx's `min_weight_matching` computed by our compiled exact matching (tournament/pairing/_blossom.c).

gacrux pairs a bracket with `networkx.min_weight_matching(G)`: networkx inverts each weight w into `top - w`
(top: one more than the largest) and returns a maximum-weight matching among those of maximum cardinality, in
pure Python, over integers of well over a thousand bits. `min_weight_matching` here keeps that inversion and
that objective and hands the graph to `_blossom` (Edmonds' blossom algorithm in C, on fixed-width integers as
wide as the largest weight): a matching of the same cardinality and the same total, 20-30 times faster on
gacrux's largest brackets.

Where several matchings reach that total, the one returned may differ from networkx's. gacrux's pairing does
not depend on which: the weights are lexicographic numerals from which every optimum lets gacrux read the same
pairs (tournament/pairing/weights.py has the proof, docs/pairing.md the summary); tests/tournament/pairing/
test_blossom.py checks the pairings against networkx's on a generated open, and the corpus replay pairs through
it.

`_blossom` is an optional extension (setup.py): where it was not built, `AVAILABLE` is False and
`min_weight_matching` returns networkx's own matching.
"""

from __future__ import annotations

import importlib
import sys
from array import array
from itertools import chain
from operator import itemgetter
from typing import Any

import networkx as nx  # type: ignore[import-untyped]

_ENDS = itemgetter(0, 1)
_WEIGHT = itemgetter(2)

try:  # by name: an import statement in a try would read as a late import (tests/test_import_graph.py)
    _blossom = importlib.import_module("tournament.pairing._blossom")  # (see _blossom.pyi)
    AVAILABLE = True
except ImportError:  # not built (no C compiler at install): networkx's matching, the same pairings, slower
    AVAILABLE = False


def max_weight_matching(count: int, edges: list[tuple[int, int, int]], maxcardinality: bool) -> list[int]:
    """A maximum-weight matching (of maximum cardinality first if `maxcardinality`) of the graph on vertices
    0..count-1 with `edges` (a, b, integer weight): each vertex's partner, -1 if unmatched."""
    partners: list[int] = _match(count, list(chain.from_iterable(map(_ENDS, edges))), list(map(_WEIGHT, edges)),
                                 None, maxcardinality)
    return partners


def min_weight_matching(G: Any, weight: str = "weight") -> set[tuple[Any, Any]]:
    """`networkx.min_weight_matching(G)`: among the matchings of maximum cardinality, one of least total weight,
    as a set of (node, node) pairs (each pair in the order of G's nodes). Integer weights only: other weights
    (which gacrux does not use) go to networkx."""
    pairs = listed_min_weight_matching(list(G), list(G.edges(data=weight, default=1)))
    return set(nx.min_weight_matching(G, weight=weight)) if pairs is None else pairs


def listed_min_weight_matching(nodes: list[Any], edges: list[tuple[Any, Any, Any]]) -> set[tuple[Any, Any]] | None:
    """`min_weight_matching` of the graph of `nodes` (in order) and `edges` (a, b, weight; no pair twice, no loop):
    None where it is not computed here (not built, a weight not an integer, a dual outgrowing its width)."""
    return indexed_min_weight_matching(nodes, _places(nodes, edges), list(map(_WEIGHT, edges)))


def _places(nodes: list[Any], edges: list[tuple[Any, Any, Any]]) -> list[int]:
    """The places in `nodes` of the edges' ends, two per edge, one after the other."""
    index = {node: k for k, node in enumerate(nodes)}
    return list(map(index.__getitem__, chain.from_iterable(map(_ENDS, edges))))


def _computable(weights: list[Any]) -> bool:
    """Whether the compiled matching takes these weights (built, and every weight an int)."""
    return AVAILABLE and set(map(type, weights)) <= {int}


def indexed_min_weight_matching(nodes: list[Any], ends: list[int], weights: list[Any]) -> set[tuple[Any, Any]] | None:
    """`listed_min_weight_matching` of the edges given by the places in `nodes` of their ends (two per edge, one
    after the other) and their weights: the same, without a tuple per edge (210,000 at 2,000 players)."""
    if not _computable(weights):
        return None
    try:
        partners = _match(len(nodes), ends, weights, 1 + max(weights, default=0), True)
    except OverflowError:  # a dual outgrew the width chosen (never seen): networkx's integers have no width
        return None
    return {(nodes[k], nodes[p]) for k, p in enumerate(partners) if k < p}


def min_weight_duals(nodes: list[Any], edges: list[tuple[Any, Any, int]]) -> tuple[set[tuple[Any, Any]], list[int],
                                                                                  int] | None:
    """`listed_min_weight_matching`, with the proof of its optimum: (pairs, duals, top), the duals u of the nodes (in
    order) of the matching of greatest total of top - w (networkx's inversion), doubled: u[a] + u[b] >= 2 (top - w)
    for every pair (a, b, w) whose ends no blossom holds both of (a bipartite graph has none), equal on the pairs
    matched. None where it is not computed here (not built, a weight not an integer, a dual outgrowing its width)."""
    weights = list(map(_WEIGHT, edges))
    if not weights or not _computable(weights):
        return None
    top = 1 + max(weights)
    try:
        partners, duals = _match(len(nodes), _places(nodes, edges), weights, top, True, True)
    except OverflowError:
        return None
    return {(nodes[k], nodes[p]) for k, p in enumerate(partners) if k < p}, duals, top


def _compiled() -> Any:
    """The compiled module; a RuntimeError where it was not built (callers check AVAILABLE first)."""
    if not AVAILABLE:
        raise RuntimeError("the compiled part of the engine (tournament/pairing/_blossom.c) was not built")
    return _blossom


def keep_runs(items: list[Any], runs: array, flags: bytes | bytearray) -> None:  # type: ignore[type-arg]
    """`items` narrowed in place to its runs (start, stop, at; ascending: array("q")): all of a run's items if at is
    -1, else those whose byte in `flags` from `at` is not 0; the items kept are moved and not touched
    (FastDutch.remove_pairs, fast_dutch.py). Compiled only (see AVAILABLE)."""
    _compiled().keep_runs(items, runs, flags)


def cut_pieces(pairs: list[list[Any]], seconds: list[list[int]], picks: list[int],
               stay: bytes) -> tuple[bytearray, list[tuple[int, int]], bool]:
    """The pieces `picks` (a piece k: its pairs pairs[k], their second competitors seconds[k]) that hold a second
    competitor whose byte in `stay` is 0, replaced by new lists without those pairs: (the flags of the pieces cut,
    1 a pair kept, one piece after the other; (index, where its flags start) per piece cut; whether one was left
    empty). FastDutch's narrowing (fast_dutch.py). Compiled only (see AVAILABLE)."""
    cut: tuple[bytearray, list[tuple[int, int]], bool] = _compiled().cut_pieces(pairs, seconds, picks, stay)
    return cut


def _match(count: int, ends: list[int], weights: list[int], top: int | None, maxcardinality: bool,
           duals: bool = False) -> Any:
    """The compiled matching over the edges whose ends are `ends` (two per edge, one after the other), their
    weights w as they are (`top` None) or inverted into top - w (networkx's min_weight_matching): read by the
    compiled part from the list itself, without a list of inverted weights or a copy in bytes (gacrux's brackets reach
    200,000 pairs of 3,000-bit weights: 0.24 s and 75 MB for that copy)."""
    compiled = _compiled()
    if not weights:
        return ([-1] * count, [0] * count) if duals else [-1] * count
    low, high = min(weights), max(weights)
    if top is not None:
        low, high = top - high, top - low
    width = max(high.bit_length(), (-low - 1).bit_length()) // 8 + 1  # bytes, sign bit included
    packed_ends = array("i", ends)
    if width <= 8 and sys.byteorder == "little":  # machine integers (ExactCounts' small weights): by array
        packed = array("q", weights if top is None else (top - w for w in weights))
        return compiled.max_weight_matching(count, packed_ends, packed, 8, maxcardinality, None, duals)
    if top is not None:  # the weights are read before they are inverted: wide enough for them too
        width = max(width, top.bit_length() // 8 + 1)
    return compiled.max_weight_matching(count, packed_ends, weights, width, maxcardinality, top, duals)
