"""networkx's minimum-weight matching as gacrux calls it, with the same algorithm and the same results, read faster.

gacrux pairs a bracket with `networkx.min_weight_matching`, which inverts the weights into a new graph and runs
`max_weight_matching` (a pure-Python blossom algorithm) on it. That algorithm reads one edge weight millions of
times per large bracket (`G[v][w]`), and each read goes through networkx's read-only views (two objects built
per read): most of its time on the corpus' largest rounds. Here the inverted graph is a `Graph` whose `G[v]` is
the adjacency dict itself: the same data in the same order, so `max_weight_matching` (networkx's own code, not a
copy) makes the same steps and returns the same matching. The weights (integers of up to ~1,200 bits) are left as
they are: no compiled matching library on PyPI takes weights that large.
"""

from __future__ import annotations

import contextlib
import types
from collections.abc import Iterator
from typing import Any

import gacrux.pairingdutch  # type: ignore[import-untyped]
import networkx as nx  # type: ignore[import-untyped]


class AdjacencyGraph(nx.Graph):  # type: ignore[misc]
    """A networkx Graph whose `G[v]` is v's adjacency dict (no read-only view): to be read, never written."""

    def __getitem__(self, n: Any) -> Any:
        return self._adj[n]


def min_weight_matching(G: Any, weight: str = "weight") -> set[tuple[Any, Any]]:
    """`networkx.min_weight_matching(G)`, step for step, on an `AdjacencyGraph`."""
    if len(G.edges) == 0:
        return set(nx.max_weight_matching(G, maxcardinality=True, weight=weight))
    edges = G.edges(data=weight, default=1)
    top = 1 + max(w for _, _, w in edges)
    inverted = AdjacencyGraph()
    inverted.add_weighted_edges_from(((u, v, top - w) for u, v, w in edges), weight=weight)
    return set(nx.max_weight_matching(inverted, maxcardinality=True, weight=weight))


#: What gacrux's Dutch module sees as `nx` while FastDutch pairs: networkx, but for min_weight_matching.
FAST_NX = types.SimpleNamespace(Graph=nx.Graph, min_weight_matching=min_weight_matching)


@contextlib.contextmanager
def fast_matching() -> Iterator[None]:
    """gacrux's Dutch engine with `min_weight_matching` above for the duration (the same results either way,
    so a concurrent pairing by gacrux's unchanged engine is not affected in what it returns)."""
    module = gacrux.pairingdutch
    saved = module.nx
    module.nx = FAST_NX
    try:
        yield
    finally:
        module.nx = saved
