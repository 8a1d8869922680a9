"""gacrux's `update_homogenious` with its per-pair lists made only for the pairs that are read: the same weights,
and the same lists wherever they are read.

Before matching a homogeneous bracket, gacrux gives every pair of it three lists (its HO3, HO4 and HO5 criteria:
S, B - S and B - 1 numbers, where B is the number of competitors the bracket ranks and S its pairs), sets one
number in them and adds their weights into the pair's "howeight". At 1,000 players (round 3: 19,833 pairs,
B = 200) that is ~8 million list slots, ~70 MB: the round's peak of memory. The weight is all the matching reads;
the lists are read only by `compute_weight`, for the pairs the matching chose (a few dozen), and by nobody else
while the engine pairs (gacrux's checker reads the bracket's quality `compute_weight` returns).

Here each pair's three entries hold one `Deferred` (what the lists are made of) and the lists are made when read:
`FastHomogeneous.compute_weight` makes those of the pairs it is given before gacrux's own runs (which adds the
first pair's lists into the bracket's quality in place, as it does on gacrux's lists), and `settle` makes any
pair's (tests compare the whole table with gacrux's that way). A pair's quality dict is replaced whole when gacrux
rates it for another bracket (update_edge), so a Deferred is never left behind by a newer value.
"""

from __future__ import annotations

from functools import reduce
from math import gcd
from typing import Any

from gacrux.crosstabledutch import HE1, HE2, HO1, HO2, HO3, HO4, HO5  # type: ignore[import-untyped]

from tournament.pairing.fast_quality import own_quality
from tournament.pairing.fast_table import share, shared

Edge = dict[str, Any]


class Deferred:
    """A pair's HO3-HO5 lists as gacrux's update_homogenious makes them: all zeros (HO4: ones), and, for a pair of
    two competitors of the bracket's level that can meet, the one number its bracket sequence numbers set."""

    __slots__ = ("absn", "b3", "b4", "b5", "bbsn", "rated", "s")

    def __init__(self, b3: int, b4: int, b5: int, s: int, rated: bool, absn: int, bbsn: int) -> None:
        self.b3, self.b4, self.b5, self.s, self.rated, self.absn, self.bbsn = b3, b4, b5, s, rated, absn, bbsn

    def lists(self) -> tuple[list[int], list[int], list[int]]:
        ho3, ho4, ho5 = [0] * self.b3, [1] * self.b4, [0] * self.b5
        if self.rated:
            absn, s = self.absn, self.s
            if absn <= s:
                ho3[s - absn] = 1
            else:
                ho4[absn - s - 1] = 0
            ho5[absn - 1] = self.bbsn - absn
        return ho3, ho4, ho5


class HomogeneousDigits:
    """A homogeneous bracket's pair weights as gacrux's update_homogenious gives them: "howeight" (the HO digits'
    weights) and the quality's HO1-HO5 entries (HO3-HO5 deferred)."""

    def __init__(self, weight: dict[str, Any], level: list[int], scorelevel: int, bsn: dict[int, int], S: int
                 ) -> None:
        self.w1, self.w2, self.w3, self.w4, self.w5 = weight[HO1], weight[HO2], weight[HO3], weight[HO4], weight[HO5]
        self.base = sum(self.w4)
        self.level, self.scorelevel, self.bsn, self.S = level, scorelevel, bsn, S
        B = len(bsn)
        self.sizes = (S, B - S, B - 1)
        self.unrated = Deferred(S, B - S, B - 1, S, False, 0, 0)  # read only: its lists are made anew at each read

    def numbers(self, c: Edge) -> tuple[int, int] | None:
        """The pair's bracket sequence numbers (lower first) if gacrux rates it (two competitors of the bracket's
        level that can meet), else None."""
        ca, cb = c["ca"], c["cb"]
        if not c["canmeet"] or self.level[ca] != self.scorelevel or self.level[cb] != self.scorelevel:
            return None
        absn, bbsn = self.bsn[ca], self.bsn[cb]
        return (absn, bbsn) if absn < bbsn else (bbsn, absn)

    def weigh(self, absn: int, bbsn: int) -> tuple[int, int]:
        """The howeight of a rated pair with numbers absn < bbsn, and its HO5 part if absn is after S (a pair that
        counts in HO1: fast_split.py matches first without it), else 0."""
        ho5 = self.w5[absn - 1] * (bbsn - absn)
        if absn > self.S:
            return self.base + self.w1 - self.w4[absn - self.S - 1] + (absn - 1) * self.w2 + ho5, ho5
        return self.base + self.w3[self.S - absn] + (absn - 1) * self.w2 + ho5, 0

    def lighter(self, w0: int) -> tuple[int, Any]:
        """The weights without the HO5 digit of the pairs numbered after S (fast_split.py), divided by the
        greatest common divisor g of what makes them up (W0 = `w0`, the HO weights but the HO5 digits after S: at
        2,000 players ~1,100 bits): (g, weigh) with weigh(qcweight, absn, bbsn) = that weight / g, numbers of a
        rated pair (absn < bbsn), or None for another (howeight: the baseline)."""
        S = self.S
        g = reduce(gcd, (w0, self.base, self.w1, self.w2, *self.w3, *self.w4, *self.w5[:S]), 0) or 1
        unit: int = w0 // g
        base: int = self.base // g
        w1: int = self.w1 // g
        w2: int = self.w2 // g
        w3: list[int] = [w // g for w in self.w3]
        w4: list[int] = [w // g for w in self.w4]
        w5: list[int] = [w // g for w in self.w5[:S]]

        made: dict[tuple[int, int | None], int] = {}  # the weights that depend on qcweight and absn only, made once

        def weigh(qcweight: int, absn: int | None, bbsn: int) -> int:
            if absn is not None and absn <= S:
                return qcweight * unit + base + w3[S - absn] + (absn - 1) * w2 + w5[absn - 1] * (bbsn - absn)
            weight = made.get((qcweight, absn))
            if weight is None:
                weight = made[(qcweight, absn)] = qcweight * unit + base if absn is None else (
                    qcweight * unit + base + w1 - w4[absn - S - 1] + (absn - 1) * w2)
            return weight

        return g, weigh

    def write(self, c: Edge) -> None:
        """gacrux's update_homogenious on pair c (rated: its quality dict made its own)."""
        c["howeight"] = 0
        q = own_quality(c)
        q[HO1] = 0
        q[HO2] = 0
        found = self.numbers(c)
        if found is None:
            howeight, deferred = self.base, self.unrated
        else:
            absn, bbsn = found
            if absn > self.S:
                q[HO1] = 1
            q[HO2] = absn - 1
            howeight = self.weigh(absn, bbsn)[0]
            deferred = Deferred(*self.sizes, self.S, True, absn, bbsn)
        q[HO3] = q[HO4] = q[HO5] = deferred
        c["howeight"] = howeight


def settle(edge: Edge) -> Edge:
    """The pair with its HO3-HO5 lists made, if they were deferred (the dict gacrux would have)."""
    q = edge.get("quality")
    if q is not None:
        deferred = q.get(HO3)
        if isinstance(deferred, Deferred):
            q[HO3], q[HO4], q[HO5] = deferred.lists()
    return edge


class FastHomogeneous:
    """gacrux's `crosstable_dutch.update_homogenious`, `update_hetrogenious` and `compute_weight` (a mixin placed
    before it)."""

    weight: dict[str, Any]
    competitors: list[dict[str, Any]]
    get_edge_quality: Any
    init_howeights: Any
    B: int
    B3: int
    B4: int
    B5: int
    M: int
    mdp: list[int]
    ilen: int
    init_heweights: Any
    rate_edges: Any
    opponents: list[list[Edge]]
    he_zeros: list[int] | None = None

    def update_hetrogenious(self, scorelevel: int, nodes: list[dict[str, Any]], edges: list[Edge],
                            bsn: dict[int, int]) -> None:
        """gacrux's: each pair's HE1 and HE2 lists (M numbers each, M the bracket's moved-down players) and its
        "heweight", set for the pairs of a moved-down player and a resident. The pairs of no moved-down player (all
        but a few) share one list of zeros (FastQuality.compute_weight gives the pairs it adds up lists of their own)
        instead of two lists each, and the sum of HE1's weights gacrux computes for every pair (and never reads) is
        not: 210,000 pairs in the 2,000-player open's round 3."""
        M = self.M = sum(self.mdp)
        self.ilen = 0
        elen = len(bsn) + 1
        weight = self.weight
        self.init_heweights(scorelevel, bsn)
        w1, w2 = weight[HE1], weight[HE2]
        level = [c["scorelevel"] for c in self.competitors]
        zeros = self.he_zeros = [0] * M
        self.rate_edges(edges)  # (gacrux's get_edge_quality on each)
        variants: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}  # per rating (or quality) shared: with HE
        for c in edges:
            ca, cb = c["ca"], c["cb"]
            q = c["quality"]  # (rated above)
            ascl, bscl = level[ca], level[cb]
            absn, bbsn = bsn.get(ca, elen), bsn.get(cb, elen)
            if absn > bbsn:
                absn, bbsn, ascl, bscl = bbsn, absn, bscl, ascl
            if ascl > scorelevel and bscl <= scorelevel:
                e1 = 1 if bbsn == elen else 0
                e2 = bbsn - M if bbsn < elen else 0
                he1, he2 = [0] * M, [0] * M
                he1[absn - 1] = e1
                he2[absn - 1] = e2
                q = own_quality(c)
                q[HE1], q[HE2] = he1, he2
                c["heweight"] = w1[absn - 1] * e1 + w2[absn - 1] * e2
            else:  # the pairs sharing a quality dict share its copy with HE1 and HE2 the list of zeros
                rating = shared(c)
                if rating is not None and rating["quality"] is not q:
                    rating = None  # (a quality of its own since)
                base = rating if rating is not None else q
                known = variants.get(id(base))
                if known is None or known[0] is not base:
                    variant = q.copy()
                    variant[HE1] = variant[HE2] = zeros
                    known = variants[id(base)] = (base, {**(rating or {}), "quality": variant, "heweight": 0})
                if rating is not None:
                    share(c, known[1])
                else:
                    c["quality"] = known[1]["quality"]
                    c["heweight"] = 0

    def update_bipartite(self, scorelevel: int, pairs: list[tuple[int, int]], bsn: dict[int, int], HO2start: int,
                         HO2stop: int) -> None:
        """gacrux's (it writes the HO criteria into the quality dicts of `pairs`), on quality dicts of their own."""
        for ca, cb in pairs:
            own_quality(self.get_edge_quality(self.opponents[ca][cb]))
        super().update_bipartite(scorelevel, pairs, bsn, HO2start, HO2stop)  # type: ignore[misc]

    def update_homogenious(self, scorelevel: int, edges: list[Edge], bsn: dict[int, int], S: int) -> None:
        digits = self.homogeneous_digits(scorelevel, bsn, S)
        self.rate_edges(edges)  # (gacrux's get_edge_quality on each)
        for c in edges:
            digits.write(c)

    def homogeneous_digits(self, scorelevel: int, bsn: dict[int, int], S: int) -> HomogeneousDigits:
        """The bracket's homogeneous weights set up as gacrux's update_homogenious does (B, B3-B5, init_howeights),
        and what rates each pair (HomogeneousDigits)."""
        B = self.B = len(bsn)
        self.B3, self.B4, self.B5 = S, B - S, B - 1
        self.ilen = 0
        self.init_howeights(scorelevel, S, B - 2 * S)
        return HomogeneousDigits(self.weight, [c["scorelevel"] for c in self.competitors], scorelevel, bsn, S)

    def compute_weight(self, wpairs: list[Edge], bquality: Any) -> dict[str, Any]:
        for c in wpairs:
            settle(c)
        computed: dict[str, Any] = super().compute_weight(wpairs, bquality)  # type: ignore[misc]
        return computed
