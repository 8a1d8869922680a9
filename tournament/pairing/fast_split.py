"""gacrux's weighted matching of a bracket (`pairing_dutch.pair_weighted_round`), computed in parts: the same
optimum, proved, on far smaller numbers and graphs (a mixin placed before gacrux's class in FastDutch's bases).

gacrux matches a homogeneous bracket (mode "HO") together with the players of the levels below it, so that what it
leaves can still be paired, on the weights `qcweight * W0 + howeight`: qcweight rates a pair on C.04.3's criteria
C6-C21, howeight places it among the bracket's transpositions (HO1-HO5: digits per bracket sequence number), in a
minimum-weight matching among those of maximum cardinality. At the 2,000-player open's round 3: 648 players (367
residents, 281 below), 209,000 pairs, 3,035-bit weights, 2.4 s of compiled matching and 90 MB of weights.

- **In parts** (`split_matching`). The residents R and the others O are matched apart with at most one pair
  between them. With an even number of residents: a perfect matching of R and one of O, an optimum of the whole if
  it weighs at most twice the least pair between R and O (weights are at least 0, and a matching with pairs
  between them holds at least two). With an odd number, one resident floats down: R and a vertex FLOAT, the pair
  (r, FLOAT) weighing r's least pair with O plus the least perfect matching of O but one player (O with FLOAT);
  then O with the resident chosen, which must cost what FLOAT promised (no matching with one pair between R and O
  is then lighter) and the whole at most three times the least pair between them. gacrux gives every pair between
  R and O, and every pair of O, the same howeight: those are matched in units of qcweight.
- **Lighter first.** A pair of two residents both numbered after S (the pairs looked for) counts in HO1, which an
  optimum avoids where it can: they are matched without their HO5 digit first (lighter weights: an optimum of the
  lighter graph holding none of them is an optimum), and then every resident pair's weight is a multiple of one
  ~1,100-bit number: the weights are made divided by it (fast_homogeneous.HomogeneousDigits.lighter).
- **S1 against S2 first** (`_across`). The residents' pairs across S1 and S2 are matched alone; the compiled
  matching's vertex duals then prove that matching optimal for every resident pair, or the residents are matched
  whole.
- **Values where they are read.** gacrux sets every pair's HO (and HE) weights and values; only compute_weight
  reads them, of the pairs matched: they are set on those (`kept_edges`, HomogeneousDigits.write).

Any exact optimum gives gacrux the same pairs (weights.py's theorem). Where a proof fails, where a pair is listed
twice, where the compiled matching is not built or where gacrux's networkx is in use (FAST_NX not installed), the
bracket is matched as gacrux does. tests/tournament/pairing/test_fast_split.py checks the parts against networkx on
random graphs and the pairings against the whole matching; docs/pairing.md has the figures.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import reduce
from itertools import chain
from math import gcd
from operator import itemgetter
from typing import Any

import gacrux.pairingdutch  # type: ignore[import-untyped]
from gacrux.crosstabledutch import HE0, HO0  # type: ignore[import-untyped]

from tournament.pairing import blossom, matching

Edge = dict[str, Any]
Node = dict[str, Any]
Listed = list[tuple[int, int, int]]
_ENDS, _FIRST, _SECOND, _THIRD = itemgetter(0, 1), itemgetter(0), itemgetter(1), itemgetter(2)

#: Matching in two parts (tests switch it off to compare with the whole matching).
ENABLED = True


class SplitHomogeneous:
    """gacrux's `pairing_dutch.pair_weighted_round` for homogeneous brackets (a mixin placed before it): the
    bracket's residents and the players below it matched apart where that gives gacrux's optimum (see the
    module)."""

    crosstable: Any
    competitors: list[Node]
    checkonly: bool
    reportlevel: int
    modify_edges: Any
    update_bsn: Any

    def pair_weighted_round(self, bracket: dict[str, Any], nodes: list[Node], edges: list[Edge], pairingmode: str,
                            numpairs: int, category: int) -> Any:
        if (ENABLED and gacrux.pairingdutch.nx is matching.FAST_NX and blossom.AVAILABLE and not self.checkonly
                and self.reportlevel <= 2):
            if pairingmode == "HO":
                pairs = self._split(bracket, nodes, edges, numpairs, category)
                if pairs is not None:
                    return pairs
            elif pairingmode == "HE":
                return self._heterogeneous(bracket, nodes, edges, category)
        return super().pair_weighted_round(bracket, nodes, edges, pairingmode, numpairs,  # type: ignore[misc]
                                           category)

    def _heterogeneous(self, bracket: dict[str, Any], nodes: list[Node], edges: list[Edge], category: int) -> Any:
        """gacrux's heterogeneous matching (its weights and FAST_NX's matching), the weights kept only in the pairs
        matched (gacrux's update_weight on each of 210,000 pairs at 2,000 players: read by nobody)."""
        scorelevel = bracket["scorelevel"]
        modified_nodes, modified_edges = self.modify_edges(nodes, None, edges, scorelevel, category, "canmeet")
        if len(modified_nodes) == 0:
            return []
        ct = self.crosstable
        ct.update_hetrogenious(scorelevel, modified_nodes, modified_edges, bracket["bsne"])
        w0 = ct.weight[HE0]
        place: dict[int, int] = {}  # each node's place in a networkx Graph's order
        ends: list[int] = []
        weights: list[int] = []
        pairs = None
        if simple_pairs(modified_edges, len(self.competitors)):
            for c in modified_edges:
                for end in (c["ca"], c["cb"]):
                    at = place.get(end)
                    if at is None:
                        at = place[end] = len(place)
                    ends.append(at)
                weights.append(c["qcweight"] * w0 + c["heweight"])
            pairs = blossom.indexed_min_weight_matching(list(place), ends, weights)
            if pairs is not None and 2 * len(pairs) < len(place):  # as FAST_NX's matching does: networkx's
                pairs = None
        if pairs is None:
            graph = matching.WeightedPairs()
            graph.add_weighted_edges_from([(c["ca"], c["cb"], c["qcweight"] * w0 + c["heweight"])
                                           for c in modified_edges])
            pairs = matching.FAST_NX.min_weight_matching(graph)
        for c in kept_edges(modified_edges, pairs):  # gacrux's update_weight on them
            ct.update_weight("HE", category, c)
        return pairs

    def _split(self, bracket: dict[str, Any], nodes: list[Node], edges: list[Edge], numpairs: int,
               category: int) -> set[tuple[int, int]] | None:
        """The bracket's pairs as gacrux's matching would choose them, matched in parts; None where the parts are
        not proved to give an optimum (then gacrux's own way, from the start)."""
        scorelevel = bracket["scorelevel"]
        modified_nodes, modified_edges = self.modify_edges(nodes, None, edges, scorelevel, category, "canmeet")
        if not modified_nodes or not modified_edges:
            return None
        residents = sum(1 for node in modified_nodes if node["scorelevel"] == scorelevel)
        if 2 * residents < len(modified_nodes) - residents:
            return None  # a few residents above many players: the weights are narrow, matching whole is cheaper
        if not simple_pairs(modified_edges, len(self.competitors)):
            return None  # a pair twice (a networkx Graph keeps its last weight): matched whole
        ct = self.crosstable
        bsn = bracket["bsno"] = self.update_bsn(
            scorelevel, [node for node in modified_nodes if node["scorelevel"] <= scorelevel])
        digits = ct.homogeneous_digits(scorelevel, bsn, numpairs)  # (gacrux's update_homogenious, for the pairs
        ct.rate_edges(modified_edges)  # matched only: its values are read of them only, by compute_weight)
        here = [level == scorelevel for level in digits.level]  # residents, by competitor number
        w0, base = ct.weight[HO0], digits.base
        # A pair of two residents both numbered after S (numpairs) counts in HO1: an optimum holds none where it
        # can. Such pairs are matched first without their HO5 digit (the lowest ~1,100 bits of 3,000 at 2,000
        # players): lighter, so an optimum of the lighter graph that holds none of them is one of the graph. The
        # lighter weights are divided by the greatest common divisor g of what makes them up (all in units of g).
        g, weigh = digits.lighter(w0)
        lighter: Listed = []
        floats: dict[int, int] = {}  # per resident, the least qcweight of its pairs with the others
        others: set[int] = set()  # the others in those pairs
        crossing: list[Edge] = []  # those pairs (gacrux gives them, and the others' pairs, the howeight `base`)
        outer: Listed = []  # (other, other, qcweight)
        for c in modified_edges:
            a, b = c["ca"], c["cb"]
            if here[a] and here[b]:
                found = digits.numbers(c)
                absn, bbsn = found if found is not None else (None, 0)
                lighter.append((a, b, weigh(c["qcweight"], absn, bbsn)))
            elif here[a] or here[b]:
                r, o, qc = (a, b, c["qcweight"]) if here[a] else (b, a, c["qcweight"])
                if qc < floats.get(r, qc + 1):
                    floats[r] = qc
                others.add(o)
                crossing.append(c)
            else:
                outer.append((a, b, c["qcweight"]))

        def pairs_of(resident: int) -> Listed:
            """The resident's pairs with the others: (resident, other, qcweight)."""
            return [(resident, c["cb"] if c["ca"] == resident else c["ca"], c["qcweight"]) for c in crossing
                    if resident in (c["ca"], c["cb"])]

        def trimmed(a: int, b: int) -> bool:
            """A pair weighed without its HO5 digit (two residents numbered after S)."""
            return bool(here[a] and here[b] and min(bsn[a], bsn[b]) > numpairs)

        cut = Cut(floats, others, pairs_of)
        first = {cid for cid, number in bsn.items() if number <= numpairs}  # S1: their pairs with S2 first
        pairs = split_matching(lighter, cut, outer, (w0 // g, base // g), first)
        if pairs is not None and any(trimmed(a, b) for a, b in pairs):
            inner: Listed = []  # gacrux's weights (update_weight, "HO")
            for c in modified_edges:
                if here[c["ca"]] and here[c["cb"]]:
                    found = digits.numbers(c)
                    howeight = digits.weigh(*found)[0] if found is not None else base
                    inner.append((c["ca"], c["cb"], c["qcweight"] * w0 + howeight))
            pairs = split_matching(inner, cut, outer, (w0, base), first)
        if pairs is None:
            return None
        for c in kept_edges(modified_edges, pairs):  # gacrux's update_homogenious and update_weight on them
            ct.get_edge_quality(c)
            digits.write(c)
            ct.update_weight("HO", category, c)
        return as_networkx(modified_edges, pairs)


def simple_pairs(edges: list[Edge], count: int) -> bool:
    """Whether `edges` are pairs (lower, higher) of competitors numbered below `count`, none twice (a networkx
    Graph would keep the last one's weight): gacrux's usual lists, checked with a byte per pair of competitors (a
    set of 210,000 tuples took 20 MB at 2,000 players)."""
    if count > 4096:  # (a byte per pair would take over 16 MB): a set of them
        ends = [(c["ca"], c["cb"]) for c in edges]
        return all(0 <= a < b < count for a, b in ends) and len(set(ends)) == len(ends)
    seen = bytearray(count * count)
    for c in edges:
        a, b = c["ca"], c["cb"]
        if not 0 <= a < b < count:
            return False
        at = a * count + b
        if seen[at]:
            return False
        seen[at] = 1
    return True


def kept_edges(edges: list[Edge], pairs: set[tuple[int, int]]) -> Iterator[Edge]:
    """The pairs among `edges` that the matching `pairs` keeps (in either order), where gacrux's weights and
    values are set: it sets them on every pair of the bracket, and only those of the pairs kept are read."""
    kept = {pair for a, b in pairs for pair in ((a, b), (b, a))}
    return (c for c in edges if (c["ca"], c["cb"]) in kept)


def as_networkx(edges: list[Edge], pairs: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """`pairs` as networkx's matching of gacrux's graph of `edges` gives them, a set made in the same order (gacrux
    lists a bracket's pairs in the set's order): each pair (lower, higher) in the order of the graph's nodes, the
    order of their first pair in `edges` (blossom.listed_min_weight_matching)."""
    order = list(dict.fromkeys(chain.from_iterable((c["ca"], c["cb"]) for c in edges)))
    place = {node: k for k, node in enumerate(order)}
    partner = {a: b for pair in pairs for a, b in (pair, pair[::-1])}
    return {(node, partner[node]) for node in order if node in partner and place[node] < place[partner[node]]}


class Cut:
    """The pairs between the residents and the others, as split_matching reads them: per resident the least weight
    (in units) of its pairs with the others, the others met in them, and each resident's pairs with them (made when
    read: 103,000 pairs at 2,000 players, where one resident floats down)."""

    def __init__(self, floats: dict[int, int], others: set[int], pairs_of: Any) -> None:
        self.floats, self.others, self.pairs_of = floats, others, pairs_of

    @staticmethod
    def listed(cut: Listed) -> Cut:
        """The cut of the pairs (resident, other, units)."""
        floats: dict[int, int] = {}
        for r, _, w in cut:
            if w < floats.get(r, w + 1):
                floats[r] = w
        return Cut(floats, {o for _, o, _ in cut}, lambda resident: [edge for edge in cut if edge[0] == resident])


def split_matching(inner: Listed, cut: Cut | Listed, outer: Listed, scale: tuple[int, int] = (1, 0),
                   first: set[int] | None = None) -> set[tuple[int, int]] | None:
    """networkx's `min_weight_matching` (maximum cardinality, then least weight) of the graph of the pairs `inner`
    (two residents), `cut` (a resident, then another; or their Cut) and `outer` (two others), found in parts with at
    most one cut pair; None where that is not proved to be an optimum of the whole (see the module). The cut and
    outer pairs' weights are given in units: a pair of u units weighs u * scale[0] + scale[1]; all weights at least
    0. `first`: residents whose pairs with the others are matched first (_across)."""
    unit, shift = scale
    if not isinstance(cut, Cut):
        cut = Cut.listed(cut)
    floats = cut.floats
    if not inner or min(map(_THIRD, chain(inner, outer)), default=0) < 0 or min(floats.values(), default=0) < 0 \
            or unit < 0 or shift < 0:
        return None
    residents = {*map(_FIRST, inner), *map(_SECOND, inner), *floats}
    others = {*map(_FIRST, outer), *map(_SECOND, outer), *cut.others}
    least_cut = min(floats.values()) * unit + shift if floats else None
    if least_cut is None or len(residents) % 2 == 0:  # no cut pair
        own, below = _perfect(inner, first), _perfect(outer)
        if own is None or below is None or (least_cut is not None and
                                            own[1] + below[1] * unit + len(below[0]) * shift > 2 * least_cut):
            return None
        pairs = own[0] | below[0]
    else:  # one resident r floats down: a perfect matching of the residents and a vertex FLOAT, (r, FLOAT)
        # weighing at least as much as any pair (r, o) and a perfect matching of the others but o
        apart = _perfect(outer + [(FLOAT, o, 0) for o in others])
        if apart is None:
            return None
        rest = apart[1] * unit + (len(apart[0]) - 1) * shift  # the others' pairs but FLOAT's
        own = _perfect(inner + [(r, FLOAT, w * unit + shift + rest) for r, w in floats.items()],
                       None if first is None else first | {FLOAT})
        if own is None:
            return None
        down = next(a if b == FLOAT else b for a, b in own[0] if FLOAT in (a, b))
        alone = next(a if b == FLOAT else b for a, b in apart[0] if FLOAT in (a, b))  # the other FLOAT left out
        floating = cut.pairs_of(down)
        if any(o == alone and w == floats[down] for _, o, w in floating):
            below = ({pair for pair in apart[0] if FLOAT not in pair} | {(down, alone)},
                     apart[1] + floats[down])  # (down, alone) completes `apart`'s matching of the others
        else:
            below = _perfect(outer + floating)
        if (below is None or below[1] * unit + len(below[0]) * shift != floats[down] * unit + shift + rest
                or own[1] > 3 * least_cut):
            return None
        pairs = {pair for pair in own[0] if FLOAT not in pair} | below[0]
    return pairs if 2 * len(pairs) == len(residents) + len(others) else None


#: The vertex standing for the players below the bracket (competitor numbers are at least 0).
FLOAT = -1


def _perfect(listed: Listed, first: set[int] | None = None) -> tuple[set[tuple[int, int]], int] | None:
    """networkx's `min_weight_matching` of the pairs `listed` (a, b, weight at least 0; gacrux's graph: its nodes in
    the order of their first pair) if it pairs every node, and its total weight; else None. The weights are matched
    divided by their greatest common divisor: the same order, fewer limbs (the residents' weights without the HO5
    digits after S share a factor of ~1,100 bits at 2,000 players). Given `first` (nodes; the others are second),
    the pairs between the two sides are matched first, alone (_across)."""
    order = list(dict.fromkeys(chain.from_iterable(map(_ENDS, listed))))
    if len(order) % 2:
        return None
    found = _across(order, listed, first) if first else None
    if found is None:
        quotients, step = divided(list(map(_THIRD, listed)))
        pairs = blossom.listed_min_weight_matching(order, listed if step == 1 else [
            (a, b, q) for (a, b, _), q in zip(listed, quotients, strict=True)])
        if pairs is None:
            return None
        found = pairs
    if 2 * len(found) < len(order):
        return None
    both = {pair for a, b in found for pair in ((a, b), (b, a))}
    total = sum(map(_THIRD, filter(lambda edge: edge[:2] in both, listed)))
    return found, total


def _across(order: list[int], listed: Listed, first: set[int]) -> set[tuple[int, int]] | None:
    """An optimum of the graph found among its pairs between `first` and the others: at 2,000 players the residents'
    pairs of S1 and S2 (the numbers up to S and after), half of them, where a homogeneous bracket's optimum lies.
    It is proved an optimum of the whole graph by its duals: for a perfect matching, vertex duals u with
    u[a] + u[b] >= 2 w'(a, b) on every pair and equality on the pairs matched prove it optimal (linear programming
    duality, no blossom needed). The bipartite matching's duals hold on the pairs across; adding t to the first
    side's and taking t from the others' keeps them there, moves the pairs within the first side's slacks by 2t and
    the others' by -2t: some t suits both if their least slacks add up to at least 0. None if they do not, or if
    the pairs across pair not every node."""
    across = [edge for edge in listed if (edge[0] in first) != (edge[1] in first)]
    quotients, step = divided(list(map(_THIRD, across)))
    solved = blossom.min_weight_duals(order, across if step == 1 else [
        (a, b, q) for (a, b, _), q in zip(across, quotients, strict=True)])
    if solved is None or 2 * len(solved[0]) < len(order):
        return None
    pairs, duals, top = solved
    # the slack of a pair within a side, times step: step (u[a] + u[b] - 2 top) + 2 w >= 0 (its weight w / step),
    # = v[a] + v[b] + 2 w with v = step (u - top)
    v = {node: step * (u - top) for node, u in zip(order, duals, strict=True)}
    least: dict[bool, int] = {}  # per side
    for a, b, w in listed:
        side = a in first
        if side == (b in first):
            slack = v[a] + v[b] + 2 * w
            if slack < least.get(side, slack + 1):
                least[side] = slack
    return pairs if len(least) < 2 or least[True] + least[False] >= 0 else None


def divided(values: list[int]) -> tuple[list[int], int]:
    """`values` divided by their greatest common divisor (values at least 0), and that divisor: guessed from a
    sample, then checked and divided by in one pass (a remainder and a quotient at once); where a value is not a
    multiple of the guess, the guess becomes their gcd and the quotients so far are scaled to it."""
    step = common_divisor(values[:: max(1, len(values) // 64)])
    quotients: list[int] = []
    for value in values:
        if step == 1:
            return values, 1
        quotient, remainder = divmod(value, step)
        if remainder:
            smaller = gcd(step, value)
            quotients = [q * (step // smaller) for q in quotients]
            step, quotient = smaller, value // smaller
        quotients.append(quotient)
    return quotients, step


def common_divisor(values: list[int]) -> int:
    """The greatest common divisor of `values`, 1 if there are none or all are 0."""
    return reduce(gcd, values, 0) or 1
