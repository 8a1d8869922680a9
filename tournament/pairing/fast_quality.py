"""gacrux's rating of a pair for the bracket being paired (crosstable_dutch.update_edge: C.04.3 criteria C6-C21),
computed with fewer Python-level steps: the same quality dict (same keys in the same order, same values), the same
colour letters, "qc" and weight. A mixin placed before gacrux's class in FastCrosstable's bases (fast_dutch.py);
tests/tournament/pairing/test_fast_brackets.py checks it against gacrux's own method.

- the criteria's names are resolved once (gacrux looks each one up in an Enum per pair, 26 of them to build the empty
  quality dict alone), and the quality dicts are copies of key-sharing models;
- pairs of competitors alike (the same values of everything the rating reads) are rated once per bracket, the others
  share that rating's quality dict (the 2,000-player open's round 3 rates 210,000 pairs of a few hundred kinds): a
  pair's is copied before anything writes into it (own_quality: the heterogeneous, homogeneous and bipartite
  criteria of fast_homogeneous.py, compute_weight);
- the lists of zeros gacrux gives each rated pair (C7, C8, the meetings, C18-C21; HE1, HE2 in fast_homogeneous.py)
  are shared until a pair marks one; `compute_weight`, which adds the chosen pairs' lists into the first one's in
  place, gives them lists of their own.
"""

from __future__ import annotations

from typing import Any

from gacrux.crosstable import flt  # type: ignore[import-untyped]
from gacrux.crosstabledutch import (  # type: ignore[import-untyped]
    HE1,
    HE2,
    QC6,
    QC7,
    QC8,
    QC9,
    QC10,
    QC11,
    QC12,
    QC13,
    QC14,
    QC15,
    QC16,
    QC17,
    QC18,
    QC19,
    QC20,
    QC21,
    QL,
    QMM,
    QN8,
    qdefs,
)

from tournament.pairing.fast_table import share

Edge = dict[str, Any]
Node = dict[str, Any]

#: The criteria of a pair's quality dict, in gacrux's order (update_edge: the members of qdefs below QL).
NAMES = tuple(q.name for q in qdefs if q.value < QL)


class _Criteria:
    """A model quality dict: its `__dict__` (the keys in NAMES' order) is what each pair's is copied from, so that
    they all share one table of keys (as fast_table.py's pairs do): 296 bytes a pair instead of 832, 100 MB less
    for the 200,000 pairs of the 2,000-player open's largest bracket."""

    def __init__(self, values: dict[str, Any]) -> None:
        for name in NAMES:
            setattr(self, name, values[name])


_UNSET = _Criteria(dict.fromkeys(NAMES)).__dict__
#: A pair that can meet: every criterion of C6-C21 at 0 (its lists of zeros are set by `rate`, shared).
_ZERO = _Criteria({**_UNSET, **dict.fromkeys((QC6, QN8, QC9, QC10, QC11, QC12, QC13, QC14, QC15, QC16, QC17), 0)}
                  ).__dict__
_LETTER = {"nc": "n", "w0": "w", "w1": "W", "w2": "W", "b0": "b", "b1": "B", "b2": "B"}
_DF1, _UF1, _DF2, _UF2 = flt.DF1.value, flt.UF1.value, flt.DF2.value, flt.UF2.value


def colour_letter(cop: str) -> str:
    """A player's part of a pair's "colordiff": n (none), w / b (mild), W / B (strong or absolute)."""
    return _LETTER.get(cop) or cop[0].upper()


def third_same_colour(a: Node, b: Node) -> bool:
    """C.04.3 C11 as gacrux's update_edge reads it, for two topscorers wanting the same colour: one of them would
    get that colour a third time in a row."""
    colour = a["cop"][0]
    if colour not in ("w", "b") or b["cop"][0] != colour:
        return False
    twice_other = "bb" if colour == "w" else "ww"
    a_strength, b_strength = int(a["cop"][1]), int(b["cop"][1])
    a_last: str = a["csq"][-2:]
    b_last: str = b["csq"][-2:]
    if a_last == b_last and a_last in ("ww", "bb"):
        return True
    if a_strength != b_strength:
        return (b_last if a_strength > b_strength else a_last) == twice_other
    if a_strength == 2 and abs(a["cod"]) != abs(b["cod"]):
        return (b_last if abs(a["cod"]) > abs(b["cod"]) else a_last) == twice_other
    return False


#: The criteria whose values are lists (one number per score difference, meeting or moved-down player), zeros until
#: a pair marks one.
LISTED = (QC7, QC8, QMM, QC18, QC19, QC20, QC21, HE1, HE2)


def rating_values(level: int, rated: tuple[dict[str, Any], str | None, bool, int]) -> dict[str, Any]:
    """What update_edge sets on a pair it rates at `level` (rated: FastQuality.rate's): qlevel, quality, its colour
    letters (unless None: left as they were), qc and qcweight."""
    quality, colordiff, qc, cost = rated
    values = {"qlevel": level, "quality": quality, "qc": qc, "qcweight": cost}
    if colordiff is not None:
        values["colordiff"] = colordiff
    return values


def set_rating(edge: Edge, values: dict[str, Any], blob: bool) -> None:
    """The rating's values set on the pair: shared with the pairs rated alike (share, and the quality dict: see
    own_quality), but on a pair with the bracket's odd one out (`blob`), which gacrux rates again at every read and
    which gets a quality dict of its own."""
    if not blob:
        share(edge, values)
        return
    for name, value in values.items():
        edge[name] = value
    own_quality(edge)


def own_quality(edge: Edge) -> dict[str, Any]:
    """The pair's quality dict made its own (a copy) before a value is written into it: the pairs rated alike share
    one (update_edge, rate_edges: 210,000 pairs of a few hundred kinds at the 2,000-player open's round 3, 62 MB of
    copies), which nothing may write into; the pairs of the bracket's odd one out (BLOB), which gacrux rates again
    at every read, get a copy of their own at once."""
    q: dict[str, Any] = edge["quality"].copy()
    edge["quality"] = q
    return q


class FastQuality:
    """gacrux's `crosstable_dutch.update_edge`, computed faster (a mixin placed before it).

    gacrux gives each pair it rates seven lists of zeros (C7, C8, the meetings, C18-C21) and marks a few of them: here
    the pairs share one list of zeros per length until they mark one (copied then), and `compute_weight` gives the
    pairs it adds up lists of their own (gacrux adds the pairs' lists into the first one's, in place). At 2,000
    players (the 648-player bracket of round 3) that is 1.5 million lists fewer, 90 MB."""

    zeros: tuple[tuple[int, int], list[int], list[int], list[int]] | None = None
    he_zeros: list[int] | None = None  # HE1 and HE2's (fast_homogeneous.py)
    #: the ratings of this bracket, per kind of pair, and what they read of each competitor (update_edge)
    rated: dict[tuple[Any, ...], dict[str, Any]] | None = None
    signatures: dict[int, tuple[Node, tuple[Any, ...]]] | None = None

    def shared_zeros(self) -> list[list[int]]:
        """The lists of zeros pairs share."""
        return [*(self.zeros[1:] if self.zeros is not None else ()), *([self.he_zeros] if self.he_zeros else [])]

    scorelevel: int
    BLOB: int
    maxpsd: int
    maxmeets: int
    pablevel: Any
    rnd: int
    competitors: list[Node]
    weight: dict[str, Any]
    get_edge_quality: Any

    def update_crosstable(self, scorelevel: int, nodes: list[Node], edges: list[Edge], pablevel: Any,
                          update_maxpsd: bool = True) -> None:
        """gacrux's (the bracket's weights, maxpsd, the bye's level), and the ratings remembered so far forgotten."""
        self.rated = {}
        self.signatures = {}
        super().update_crosstable(scorelevel, nodes, edges, pablevel, update_maxpsd)  # type: ignore[misc]

    def signature(self, c: Node) -> tuple[Any, ...]:
        """What a pair's rating reads of competitor c (remembered per competitor dict until the next bracket)."""
        signatures = self.signatures
        if signatures is None:
            signatures = self.signatures = {}
        known = signatures.get(id(c))
        if known is not None and known[0] is c:
            return known[1]
        sig = (c["scorelevel"], c["top"], c["cid"] > 0, c["cod"], c["csq"][-2:], c["cop"], c["acc"], c["flt"],
               c["num"].get("val", 0))
        signatures[id(c)] = (c, sig)
        return sig

    def update_edge(self, edge: Edge) -> None:
        """gacrux's: the pair's quality for the bracket (C6-C21), its colour letters, whether it breaks none of the
        criteria ("qc") and their weight. Pairs of competitors alike (the same values of everything the rating
        reads) are rated alike: the first is rated, the others copy its quality (the 2,000-player open's round 3
        rates 210,000 pairs of a few hundred kinds)."""
        level = self.scorelevel
        if level == -1:  # gacrux prints the topscorers' criteria at this level
            super().update_edge(edge)  # type: ignore[misc]
            return
        if edge["qlevel"] == level and edge["cb"] < self.BLOB:
            return
        if not edge["canmeet"]:
            edge["qlevel"] = level
            edge["quality"] = _UNSET.copy()
            return
        a, b = self.competitors[edge["ca"]], self.competitors[edge["cb"]]
        set_rating(edge, self.rating(a, b, edge["played"], level), edge["cb"] == self.BLOB)

    def rating(self, a: Node, b: Node, played: int, level: int) -> dict[str, Any]:
        """What update_edge sets on a pair of competitors a and b that met `played` times (rating_values), the same
        dict for the pairs alike in this bracket (a key of everything the rating reads)."""
        key = (self.signature(a), self.signature(b), played, level, self.pablevel, self.maxpsd, self.maxmeets,
               self.rnd)
        memo = self.rated
        if memo is None:
            memo = self.rated = {}
        values = memo.get(key)
        if values is None:
            values = memo[key] = rating_values(level, self.rate(a, b, played, level))
        return values

    def rate_edges(self, edges: list[Edge]) -> None:
        """gacrux's get_edge_quality on each of `edges` in turn (update_edge where the pair's rating is not this
        level's, or it is a pair with the bracket's odd one out, BLOB), in one loop: 210,000 pairs at the 2,000-player
        open's round 3, where the calls alone took 0.5 s."""
        level = self.scorelevel
        if level == -1:
            for edge in edges:
                self.get_edge_quality(edge)
            return
        blob, competitors, signature = self.BLOB, self.competitors, self.signature
        kind = [-1] * len(competitors)  # each competitor's signature, numbered
        places: dict[tuple[Any, ...], int] = {}
        kinds: dict[tuple[int, int, int], dict[str, Any]] = {}  # the values of a rating, by kinds and meetings
        for edge in edges:
            cb = edge["cb"]
            if edge["qlevel"] == level and cb != blob:
                continue
            if not edge["canmeet"]:
                edge["qlevel"] = level
                edge["quality"] = _UNSET.copy()
                continue
            ca, played = edge["ca"], edge["played"]
            ka, kb = kind[ca], kind[cb]
            if ka < 0:
                ka = kind[ca] = places.setdefault(signature(competitors[ca]), len(places))
            if kb < 0:
                kb = kind[cb] = places.setdefault(signature(competitors[cb]), len(places))
            at = (ka, kb, played)
            values = kinds.get(at)
            if values is None:
                values = kinds[at] = self.rating(competitors[ca], competitors[cb], played, level)
            set_rating(edge, values, cb == blob)

    def rate(self, a: Node, b: Node, played: int, level: int) -> tuple[dict[str, Any], str | None, bool, int]:
        """A pair's rating (gacrux's update_edge): its quality dict, its colour letters (None: left as they were),
        "qc" and "qcweight". The quality's lists of zeros are shared (`zeros`), those it marks its own."""
        maxpsd = self.maxpsd
        q: dict[str, Any] = _ZERO.copy()
        zeros = self.zeros
        if zeros is None or zeros[0] != (maxpsd, self.maxmeets):
            zeros = self.zeros = ((maxpsd, self.maxmeets), [0] * maxpsd, [0] * (maxpsd + 1), [0] * (self.maxmeets - 1))
        _, psd_zeros, c8_zeros, met_zeros = zeros
        q[QC7], q[QC8], q[QMM] = psd_zeros, c8_zeros, met_zeros
        q[QC18] = q[QC19] = q[QC20] = q[QC21] = psd_zeros
        colordiff = None
        if a["scorelevel"] < b["scorelevel"]:
            a, b = b, a
        high, low = a["scorelevel"], b["scorelevel"]
        w = self.weight
        cost = 0
        faults = 0  # the criteria that make the pair not "qc" (gacrux's sum of them)

        def mark(name: str, index: int | None = None) -> None:
            nonlocal cost
            if index is None:
                q[name] = 1
                cost += w[name]
            else:
                row = q[name]
                if row is psd_zeros or row is c8_zeros:  # shared: this pair's own from now on
                    row = q[name] = row.copy()
                row[index] = 1
                cost += w[name][index]

        above = high - level
        floats = (False, False, False, False)  # the previous floats C14-C17 count (then C18-C21)
        if high >= level >= low and self.pablevel and low == 0:  # C9: the bye's receiver's unplayed games
            q[QC9] = self.rnd - 1 - a["num"].get("val", 0)
            cost += w[QC9] * q[QC9]
            faults += q[QC9]
        if high >= level and low == level:
            if played > 0 and self.maxmeets > 1:
                q[QMM] = met_zeros.copy()
                q[QMM][played - 1] = 1
                faults += 1
            if (a["top"] or b["top"]) and a["cid"] > 0 and b["cid"] > 0:
                if a["cod"] == b["cod"] and abs(a["cod"]) >= 2:
                    mark(QC10)
                    faults += 1
                if third_same_colour(a, b):
                    mark(QC11)
                    faults += 1
            if a["cop"] != "nc" and a["cop"][0].lower() == b["cop"][0].lower():
                mark(QC12)
                if int(a["cop"][1]) > 0 and int(b["cop"][1]) > 0:
                    mark(QC13)
            colordiff = colour_letter(a["cop"]) + colour_letter(b["cop"])
            upfloater = a if a["acc"] < b["acc"] else b if a["acc"] > b["acc"] else None
            upfloat = upfloater["flt"] if upfloater is not None else 0
            floats = (False, bool(upfloat & _UF1), False, bool(upfloat & _UF2))
            for name, flag in ((QC15, floats[1]), (QC17, floats[3])):
                if flag:
                    mark(name)
                    faults += 1
        elif high >= level > low:
            mark(QC6)
            if above > 0:
                mark(QC7, maxpsd - above)
            floats = (bool(a["flt"] & _DF1), False, bool(a["flt"] & _DF2), False)
            for name, flag in ((QC14, floats[0]), (QC16, floats[2])):
                if flag and level == high:
                    mark(name)
                    faults += 1
        if above > 0:
            for name, flag in zip((QC18, QC19, QC20, QC21), floats, strict=True):
                if flag:
                    mark(name, maxpsd - above)
                    faults += 1
        if high >= level - 1 > low:  # a pair that sends a player below the next bracket
            mark(QN8)
            drop = high - (level - 1)
            if drop > 0:
                mark(QC8, maxpsd + 1 - drop)
        return q, colordiff, faults == 0, cost

    def compute_weight(self, wpairs: list[Edge], bquality: Any) -> dict[str, Any]:
        """gacrux's, on pairs whose lists are their own (it adds them into the first pair's, in place; pairs rated
        alike share their lists, and the lists of zeros are shared by all)."""
        for c in wpairs:
            q = c.get("quality")
            if q is not None:
                q = own_quality(c)
                for name in LISTED:
                    row = q.get(name)
                    if isinstance(row, list):
                        q[name] = row.copy()
        computed: dict[str, Any] = super().compute_weight(wpairs, bquality)  # type: ignore[misc]
        return computed

    def zeros_kept(self) -> bool:
        """Whether the shared lists of zeros are still zeros (nobody wrote into them)."""
        return not any(map(any, self.shared_zeros()))
