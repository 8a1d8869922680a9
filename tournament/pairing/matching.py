"""networkx's minimum-weight matching as gacrux calls it, with the same algorithm and the same results, read faster.

gacrux pairs a bracket with `networkx.min_weight_matching`, which inverts the weights into a new graph and runs
`max_weight_matching` (a pure-Python blossom algorithm) on it. That algorithm reads one edge weight millions of
times per large bracket (`G[v][w]`), and each read goes through networkx's read-only views (two objects built
per read): most of its time on the corpus' largest rounds. Here the inverted graph is a `Graph` whose `G[v]` is
the adjacency dict itself: the same data in the same order, so `max_weight_matching` (networkx's own code, not a
copy) makes the same steps and returns the same matching. The weights (integers of up to ~1,500 bits) are left as
they are: no compiled matching library on PyPI takes weights that large.

FastDutch pairs with `FAST_NX.min_weight_matching`: our compiled exact matching (blossom.py) when it was built,
else the networkx matching here.
"""

from __future__ import annotations

import contextlib
import types
from collections.abc import Iterator
from itertools import chain
from operator import itemgetter, lt
from typing import Any

import gacrux.pairingdutch  # type: ignore[import-untyped]
import networkx as nx  # type: ignore[import-untyped]

from tournament.pairing import blossom

_ENDS = itemgetter(0, 1)
_FIRST, _SECOND = itemgetter(0), itemgetter(1)


class AdjacencyGraph(nx.Graph):  # type: ignore[misc]
    """A networkx Graph whose `G[v]` is v's adjacency dict (no read-only view): to be read, never written."""

    def __getitem__(self, n: Any) -> Any:
        return self._adj[n]


def min_weight_matching(G: Any, weight: str = "weight") -> set[tuple[Any, Any]]:
    """`networkx.min_weight_matching(G)`, step for step, on an `AdjacencyGraph` (G: a Graph or `WeightedPairs`)."""
    if isinstance(G, WeightedPairs):
        G = G.graph()
    if len(G.edges) == 0:
        return set(nx.max_weight_matching(G, maxcardinality=True, weight=weight))
    edges = G.edges(data=weight, default=1)
    top = 1 + max(w for _, _, w in edges)
    inverted = AdjacencyGraph()
    inverted.add_weighted_edges_from(((u, v, top - w) for u, v, w in edges), weight=weight)
    return set(nx.max_weight_matching(inverted, maxcardinality=True, weight=weight))


class WeightedPairs:
    """What gacrux's bracket matching builds, for FastDutch, instead of a networkx Graph: pair_weighted_round makes
    `nx.Graph()`, adds the bracket's weighted pairs (up to 200,000 at 2,000 players) and hands it to
    min_weight_matching, which here reads them as they were added. A networkx Graph is made only if networkx's
    matching is needed (`graph`)."""

    def __init__(self) -> None:
        self.listed: list[tuple[Any, Any, Any]] = []

    def add_weighted_edges_from(self, ebunch: Any, weight: str = "weight") -> None:
        if weight != "weight":
            raise ValueError("only the weights gacrux gives (\"weight\") are kept")
        self.listed.extend(ebunch)

    def graph(self) -> Any:
        """The networkx Graph gacrux would have built."""
        graph = nx.Graph()
        graph.add_weighted_edges_from(self.listed)
        return graph

    def __len__(self) -> int:
        return len(self.nodes())

    def nodes(self) -> list[Any]:
        """The nodes in a networkx Graph's order (each where a pair first names it)."""
        return list(dict.fromkeys(chain.from_iterable(map(_ENDS, self.listed))))

    def simple(self) -> bool:
        """No pair twice (a Graph keeps the last weight) and no loop: the pairs are the Graph's edges."""
        if all(map(lt, map(_FIRST, self.listed), map(_SECOND, self.listed))):  # gacrux's: each (lower, higher)
            return len(set(map(_ENDS, self.listed))) == len(self.listed)
        keys = {(a, b) if a <= b else (b, a) for a, b, _ in self.listed}
        return len(keys) == len(self.listed) and all(a != b for a, b, _ in self.listed)


def bracket_matching(G: Any, weight: str = "weight") -> set[tuple[Any, Any]]:
    """`networkx.min_weight_matching(G)` for a bracket of gacrux's: the compiled exact matching's (blossom.py),
    which gives gacrux the same pairs as networkx's whenever it pairs every node (weights.py has the proof); the
    rare graph without a perfect matching goes to networkx (it leaves the number of resident pairs open)."""
    if isinstance(G, WeightedPairs):
        nodes = G.nodes()
        pairs = blossom.listed_min_weight_matching(nodes, G.listed) if G.simple() else None
        if pairs is None or 2 * len(pairs) < len(nodes):
            return min_weight_matching(G.graph(), weight)
        return pairs
    pairs = blossom.min_weight_matching(G, weight)
    if 2 * len(pairs) < len(G):
        return min_weight_matching(G, weight)
    return pairs


#: What gacrux's Dutch module sees as `nx` while FastDutch pairs: networkx, but for min_weight_matching (compiled
#: when it could be built, on the pairs as gacrux lists them).
FAST_NX = types.SimpleNamespace(
    Graph=WeightedPairs if blossom.AVAILABLE else nx.Graph,
    min_weight_matching=bracket_matching if blossom.AVAILABLE else min_weight_matching)


@contextlib.contextmanager
def fast_matching() -> Iterator[None]:
    """gacrux's Dutch engine with `FAST_NX.min_weight_matching` for the duration (FastDutch's exact digits,
    weights.py, make its pairings the same either way; a concurrent pairing by gacrux's unchanged engine, which
    keeps gacrux's depths, gives the same pairings too on the corpus and the generated opens)."""
    module = gacrux.pairingdutch
    saved = module.nx
    module.nx = FAST_NX
    try:
        yield
    finally:
        module.nx = saved


def maximum_matching(edges: list[dict[str, Any]], weights: list[int]) -> list[tuple[int, int]]:
    """A maximum-cardinality matching of greatest total weight over the pairs `edges` (competitor numbers "ca" and
    "cb"), weights integers (our compiled exact matching, blossom.py; networkx's where it was not built): (lower,
    higher) pairs, sorted. Which matching among the equally good ones is returned is not networkx's choice:
    callers use only what every optimum shares (see `ExactCounts`)."""
    index: dict[int, int] = {}
    cids: list[int] = []
    listed: list[tuple[int, int, int]] = []
    for edge, weight in zip(edges, weights, strict=True):
        ends = []
        for cid in (edge["ca"], edge["cb"]):
            k = index.get(cid)
            if k is None:
                k = index[cid] = len(cids)
                cids.append(cid)
            ends.append(k)
        listed.append((ends[0], ends[1], weight))
    if blossom.AVAILABLE:
        partners = blossom.max_weight_matching(len(cids), listed, True)
        matched = [(a, b) for a, b in enumerate(partners) if a < b]
    else:
        graph = nx.Graph()
        graph.add_weighted_edges_from(listed)
        matched = list(nx.max_weight_matching(graph, maxcardinality=True))
    return sorted((min(cids[a], cids[b]), max(cids[a], cids[b])) for a, b in matched)


class ExactCounts:
    """gacrux's two matchings whose answer is a number (FastDutch's): how many pairs the field can make, and the
    lowest score level the pairing-allocated bye can go to. Both are values of the optimum, the same for every
    optimal matching, so a compiled exact matching gives gacrux's answer without networkx's pure-Python one (which
    took 1.8 s on 55,000 pairs, and most of a large round's time and memory where it ran on the whole field).

    - `weighted_match`: gacrux matches with every weight 0 (networkx inverts them to 1): a maximum-cardinality
      matching, and the answer is the number of competitors it leaves out.
    - `find_weighted_pab`: the weight of a pair is the level of the bye's receiver for a pair (0, x), else 0;
      networkx's minimum-weight matching among the maximum-cardinality ones is found here as the greatest total
      of `top - weight` (networkx's own inversion). Its answer: the number of pairs; if short of a complete
      pairing, the shortfall and -1; else the level of competitor 0's partner when 0 is in the field: in every
      optimum, that level is the least total weight, since the pairs of the others weigh 0.
    """

    crosstable: Any
    competitors: list[dict[str, Any]]

    def weighted_match(self, nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> int:
        return len(nodes) - 2 * len(maximum_matching(edges, [1] * len(edges)))

    def find_weighted_pab(self, nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> tuple[int, int, int]:
        self.crosstable.compute_pab_weight(edges)
        weights = [edge["weight"] for edge in edges]
        top = 1 + max(weights, default=0)
        pairs = maximum_matching(edges, [top - w for w in weights])
        if len(pairs) < len(nodes) // 2:
            return (len(pairs), len(pairs) * 2 - len(nodes), -1)
        pablevel = 0
        if pairs and pairs[0][0] == 0:
            pablevel = self.competitors[pairs[0][1]]["scorelevel"]
        return (len(pairs), 0, pablevel)
