"""Faster equivalents of gacrux's per-bracket steps of the Dutch engine: the same results and the same state,
with fewer Python-level steps. Mixins placed before gacrux's classes in FastDutch's and FastCrosstable's bases
(fast_dutch.py); tests/tournament/pairing/test_fast_brackets.py checks each against gacrux's own method.

- `FastBrackets.compute_pairing`: gacrux's, with the cycle collector paused for the duration.
- `FastBrackets.simple_permute`: gacrux's depth-first search for a pairing of S1 against S2 that keeps the
  least possible colour mismatches (C12, C13). gacrux tests "already chosen?" with a scan of the permutation
  and re-evaluates every candidate pair at every visit (method calls, a colour-count dict rebuilt per try);
  here the competitors not chosen are a sorted list (a step visits only those), each candidate pair of a
  depth is evaluated once (its quality is computed by
  gacrux's `get_edge_quality`, as before, the first time gacrux would visit it), and the colour counts are
  local integers written back to gacrux's dict as gacrux leaves it. `canbecompleted` is asked once per set of
  S2 competitors left unpaired by S1 (its answer depends on nothing else: it is called once S2 is all placed,
  and reads which competitors are left; gacrux asks it again at every arrangement of the others, 23,000 times
  in one bracket of the corpus' 333-player round 8). Same count of undone pairs (gacrux's limit of 8! of them),
  same pairs evaluated, the same answers of `canbecompleted`, same permutation.
- `FastQuality.update_edge`: the quality of a pair for the bracket being paired (C.04.3 criteria C6-C21),
  with the criteria's names resolved once (gacrux looks each one up in an Enum per pair, 26 of them to build
  the empty quality dict alone). Same dict, same keys in the same order, same values, same weight.
"""

from __future__ import annotations

import gc
from bisect import bisect_left, insort
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

Edge = dict[str, Any]
Node = dict[str, Any]
#: gacrux's limit on the pairs its search undoes before giving up (8!).
MAXSUB = 40320
#: simple_permute remembers the searches that failed below a depth with at most this many S2 competitors left.
MEMO_FREE = 16
#: What one player of a pair takes from the colour counts (no colour, mild White, any White, mild Black, any
#: Black), by the letter of the pair's "colordiff" (update_edge: n, w = mild, W = strong or absolute).
_TAKES = {"n": (1, 0, 0, 0, 0), "w": (0, 1, 1, 0, 0), "W": (0, 0, 1, 0, 0), "b": (0, 0, 0, 1, 1),
          "B": (0, 0, 0, 0, 1)}
_NONE = (0, 0, 0, 0, 0)
Delta = tuple[int, int, int, int, int, int, int]


def colour_delta(colordiff: str, known: dict[str, Delta] = {}) -> Delta:  # noqa: B006 (a cache)
    """The counts a pair takes (nc, w0, wc, b0, bc), then whether it is a C12 mismatch (both want the same colour)
    and a C13 one (both strongly): gacrux's try_and_update_colordiff, letter by letter."""
    delta = known.get(colordiff)
    if delta is None:
        takes = [_TAKES.get(letter, _NONE) for letter in colordiff]
        sums = tuple(sum(column) for column in zip(_NONE, *takes, strict=False))
        delta = known[colordiff] = (*sums, int(colordiff.lower() in ("ww", "bb")), int(colordiff in ("WW", "BB")))
    return delta


def least_mismatches(nc: int, w0: int, wc: int, b0: int, bc: int) -> tuple[int, int]:
    """The fewest C12 and C13 mismatches left by these counts (gacrux's calculate_c12_c13_pref, its first two)."""
    # the colour more players want, by how many, and how many of those want it mildly
    excess, mild = (wc - bc, w0) if wc > bc else (bc - wc, b0)
    c12 = max(0, excess - nc) // 2  # those without a preference take the other colour first
    return c12, max(0, c12 - mild)


def preference(nc: int, wc: int, bc: int) -> str:
    """calculate_c12_c13_pref's third value."""
    return "w" if wc > bc + nc else "b" if bc > wc + nc else "n"


def pause_collector() -> bool:
    """Pause Python's cycle collector; True if it was running (then `resume_collector(True)` restarts it).

    A large round makes about a million objects (pair dicts, lists of pairs), which make the collector walk
    them all again and again (0.2-0.5 s of a 1,000-player round), and once more if it runs again while the
    engine holds them. Nothing there needs it: the engine holds no reference cycles and is freed by reference
    counting. Nested pauses leave the restart to the outermost one."""
    running = gc.isenabled()
    gc.disable()
    return running


def resume_collector(paused: bool) -> None:
    if paused:
        gc.enable()


class FastBrackets:
    """Methods of gacrux's `pairing_dutch`, computed faster (a mixin placed before it)."""

    opponents: list[list[Edge]]
    crosstable: Any
    verbose: Any
    get_edge_quality: Any
    canbecompleted: Any

    def compute_pairing(self, checkonly: bool, reportlevel: int = 0) -> list[dict[str, Any]]:
        """gacrux's pairing, with Python's cycle collector paused (see `pause_collector`)."""
        paused = pause_collector()
        try:
            brackets: list[dict[str, Any]] = super().compute_pairing(checkonly, reportlevel)  # type: ignore[misc]
            if not getattr(self.crosstable, "zeros_kept", lambda: True)():
                raise RuntimeError("a criterion was written into the lists of zeros pairs share (fast_brackets.py)")
            return brackets
        finally:
            resume_collector(paused)

    def simple_permute(self, scorelevel: int, nodes: list[Node], edges: list[Edge], S1: list[int],
                       S2: list[int], colordiff: dict[str, Any], checkdf: bool) -> list[int]:
        blob = self.crosstable.BLOB
        if not S1 or not S2 or self.verbose or 0 in S1 or blob in S1 or blob in S2 or len(set(S2)) != len(S2):
            # gacrux's own: its prints, its error for the dummy competitor in S1, the blob's pairs (their quality
            # is recomputed at every visit), an S2 listing a competitor twice
            found: list[int] = super().simple_permute(  # type: ignore[misc]
                scorelevel, nodes, edges, S1, S2, colordiff, checkdf)
            return found
        n1, n2 = len(S1), len(S2)
        target = n2 if checkdf else n1
        quality = self.get_edge_quality
        rows = [self.opponents[s] for s in S1]
        nc, w0, wc, b0, bc = (colordiff[k] for k in ("nc", "w0", "wc", "b0", "bc"))
        c12, c13 = colordiff["c12"], colordiff["c13"]
        changed = False
        # per depth (S1's index), per S2 index: None before the first visit, then False (the pair cannot meet
        # in this bracket: gacrux's edge["qc"]) or the colour counts it takes
        known: list[list[Delta | bool | None]] = [[None] * n2 for _ in range(n1)]
        free = list(range(n2))  # the S2 indices not chosen, in order
        chosen: list[int] = []  # S2 indices, one per depth
        taken: list[Delta] = []  # the colour counts taken at each depth of S1
        permutation: list[int] = []
        undone = 0
        start = 0
        complete = False
        # The undone pairs of each search below a depth that ended without a pairing, by what it depends on (the
        # depth, the S2 indices left, the colour counts; S1 not yet all placed): a later search from the same place
        # undoes as many pairs and finds nothing (the pairs it would evaluate were evaluated by the first, and its
        # completion checks answer as they did), so it is counted instead of made, unless it would reach gacrux's
        # limit.
        failed: dict[tuple[int, ...], int] = {}
        entries: list[tuple[tuple[int, ...] | None, int]] = []  # per depth >= 1: its key and the undone pairs
        # canbecompleted's answers by the S2 competitors left after S1's pairs: all it depends on (the others of S2
        # are those paired, the rest of the field is the same), asked once each
        completions: dict[tuple[int, ...], Any] = {}
        skip = False
        while True:
            depth = len(chosen)
            found_at = -1  # its place in `free`
            first_free = bisect_left(free, start)
            if skip:  # a search known to fail: back one depth at once
                skip = False
            elif depth >= n1:  # past S1: the first S2 competitor not chosen (no pair to test)
                if first_free < len(free):
                    found_at = first_free
            else:
                seen, row = known[depth], rows[depth]
                for k in range(first_free, len(free)):
                    i = free[k]
                    d = seen[i]
                    if d is None:
                        edge = quality(row[S2[i]])
                        d = seen[i] = colour_delta(edge["colordiff"]) if edge["qc"] else False
                    if d is False:
                        continue
                    assert not isinstance(d, bool)
                    after = (nc - d[0], w0 - d[1], wc - d[2], b0 - d[3], bc - d[4])
                    m12, m13 = least_mismatches(*after)
                    if m12 + d[5] > c12 or m13 + d[6] > c13:
                        continue
                    nc, w0, wc, b0, bc = after
                    c12, c13, changed = m12, m13, True
                    taken.append(d)
                    found_at = k
                    break
            if found_at < 0:  # back one depth
                if depth == 0:
                    break
                key, undone_before = entries.pop()
                if key is not None:
                    failed[key] = undone - undone_before
                last = chosen.pop()
                insort(free, last)
                permutation.pop()
                if depth <= n1:  # the pair S1[depth - 1] - S2[last] is undone (gacrux's cannotbepared)
                    d = taken.pop()
                    nc, w0, wc, b0, bc = nc + d[0], w0 + d[1], wc + d[2], b0 + d[3], bc + d[4]
                    c12, c13 = least_mismatches(nc, w0, wc, b0, bc)
                    undone += 1
                    if undone >= MAXSUB:
                        break
                start = last + 1
                continue
            i = free.pop(found_at)
            chosen.append(i)
            permutation.append(S2[i])
            start = 0
            if len(permutation) == target:
                if not checkdf:
                    complete = True
                    break
                left = tuple(permutation[n1:])
                if left not in completions:
                    completions[left] = self.canbecompleted(scorelevel, nodes, edges, S1, S2, permutation)
                if completions[left]:
                    complete = True
                    break
            # (past S1 the order of the S2 competitors placed so far matters too: no key there)
            key = (len(chosen), nc, w0, wc, b0, bc, *free) if len(free) <= MEMO_FREE and len(chosen) <= n1 else None
            entries.append((key, undone))
            known_undone = failed.get(key) if key is not None else None
            if known_undone is not None and undone + known_undone < MAXSUB:
                undone += known_undone
                skip = True
        if changed:  # gacrux rewrites these keys at every change, the last state stays
            colordiff.update({"nc": nc, "w0": w0, "wc": wc, "b0": b0, "bc": bc, "c12": c12, "c13": c13,
                              "pref": preference(nc, wc, bc)})
        return permutation if complete else []


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
#: A pair that can meet: every criterion of C6-C21 at 0 (the lists are made per pair, they are written in place).
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


class FastQuality:
    """gacrux's `crosstable_dutch.update_edge`, computed faster (a mixin placed before it).

    gacrux gives each pair it rates seven lists of zeros (C7, C8, the meetings, C18-C21) and marks a few of them: here
    the pairs share one list of zeros per length until they mark one (copied then), and `compute_weight` gives the
    pairs it adds up lists of their own (gacrux adds the pairs' lists into the first one's, in place). At 2,000
    players (the 648-player bracket of round 3) that is 1.5 million lists fewer, 90 MB."""

    zeros: tuple[tuple[int, int], list[int], list[int], list[int]] | None = None
    he_zeros: list[int] | None = None  # HE1 and HE2's (fast_homogeneous.py)
    #: the ratings of this bracket, per kind of pair, and what they read of each competitor (update_edge)
    rated: dict[tuple[Any, ...], tuple[dict[str, Any], str | None, bool, int]] | None = None
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
        edge["qlevel"] = level
        if not edge["canmeet"]:
            edge["quality"] = _UNSET.copy()
            return
        a, b = self.competitors[edge["ca"]], self.competitors[edge["cb"]]
        played = edge["played"]
        key = (self.signature(a), self.signature(b), played, level, self.pablevel, self.maxpsd, self.maxmeets,
               self.rnd)
        memo = self.rated
        if memo is None:
            memo = self.rated = {}
        rated = memo.get(key)
        if rated is None:
            rated = memo[key] = self.rate(a, b, played, level)
        quality, colordiff, qc, cost = rated
        edge["quality"] = quality.copy()
        if colordiff is not None:
            edge["colordiff"] = colordiff
        edge["qc"] = qc
        edge["qcweight"] = cost

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
                for name in LISTED:
                    row = q.get(name)
                    if isinstance(row, list):
                        q[name] = row.copy()
        computed: dict[str, Any] = super().compute_weight(wpairs, bquality)  # type: ignore[misc]
        return computed

    def zeros_kept(self) -> bool:
        """Whether the shared lists of zeros are still zeros (nobody wrote into them)."""
        return not any(map(any, self.shared_zeros()))
