"""Faster equivalents of gacrux's hottest Dutch-engine methods: the same results, computed with fewer
Python-level steps.

gacrux builds one dict per pair of competitors (about 181,000 at 600 players) and walks that table
several times per round in pure Python. The subclasses here replace, one method each, the steps that
walk the whole table, and compute exactly what gacrux's own methods compute, in the same order and
with the same objects:

- `FastCrosstable.list_edges`: the competitor table and the pair table, building each pair's dict in
  one row-wise pass (played counts from one count per competitor instead of a list scan per pair);
- `FastDutch.list_edges`: the pairs that may meet, in gacrux's order (by the lower score level
  descending, the higher one descending, then the two competitor numbers), gathered level by level
  instead of sorted with a Python key;
- `FastDutch.compute_hamilton`: the per-level completeness data, from the runs of pairs with equal
  score levels (counted in C) instead of one Python step per pair;

Everything else (brackets, weights, matching, colours, boards) is gacrux's own code.
tests/test_pairing_fast.py checks these methods against gacrux's on the corpus.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from decimal import Decimal
from itertools import chain, groupby
from operator import itemgetter
from typing import Any

from gacrux.crosstable import ACC, ACX, COD, CSQ, FLT, NUM, PTS, PTX, RFP, RIP, TOP  # type: ignore[import-untyped]
from gacrux.crosstabledutch import crosstable_dutch  # type: ignore[import-untyped]
from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

from tournament.pairing.matching import ExactCounts
from tournament.pairing.weights import ExactDigits

Edge = dict[str, Any]
Node = dict[str, Any]
_CA = itemgetter("ca")
_CB = itemgetter("cb")
_PAIR_LEVELS = itemgetter("ca", "sa", "sb")
#: A list of pairs as consecutive pieces sharing one first competitor and levels: (offset, ca, pairs, cbs).
Segment = tuple[int, int, list[Edge], list[int]]


class _PairSlots:
    """One pair's dict, made as an instance's `__dict__`: the dicts of all pairs then share one table of keys
    (CPython's key-sharing dicts), about half the memory of a dict literal each (233 bytes instead of 473 at
    16 keys). The object is dropped and its dict kept: a plain dict to gacrux, with the same keys, in the same
    order, and the same values as gacrux's own pair dicts."""

    def __init__(self, ca: int, cb: int, sa: int, sb: int, canmeet: bool, isblob: bool, played: int,
                 unplayed: int) -> None:
        # the keys in gacrux's order (assigned left to right)
        self.ca, self.cb, self.sa, self.sb, self.canmeet, self.isblob, self.played, self.unplayed = (
            ca, cb, sa, sb, canmeet, isblob, played, unplayed)
        self.qlevel, self.quality, self.weight, self.qcweight, self.heweight, self.howeight, self.colordiff, \
            self.qc = -1, None, 0, 0, 0, 0, "  ", canmeet


class FastCrosstable(ExactDigits, crosstable_dutch):  # type: ignore[misc]
    """gacrux's Dutch crosstable with a faster construction of its pair table."""

    def list_edges(self, cmps: dict[int, Any], maxmeets: int, topcolor: str,
                   prohibited: list[dict[str, Any]]) -> tuple[list[Node], list[list[Edge]]]:
        if self.checkonly:  # the checker's reading of "can meet" differs; not used by our adapter
            built: tuple[list[Node], list[list[Edge]]] = super().list_edges(cmps, maxmeets, topcolor, prohibited)
            return built
        self.cmps = cmps
        size = self.size = self.BLOB = len(cmps) + 1
        self.ilen = 0
        self.numtop = 0
        competitors: list[Node] = [self._competitor(i, cmps.get(i)) for i in range(size + 1)]
        self.competitors = competitors
        # The dummy competitor 0 (the pairing-allocated bye) is ready to be paired when the others are odd.
        odd = False
        for c in competitors[1:]:
            odd ^= c["rfp"]
        competitors[0]["rfp"] = odd
        acc = sorted({c["acc"] for c in competitors if c["rfp"] or c["cid"] == 0})
        self.level2score = acc
        self.score2level = score2level = {score: i for i, score in enumerate(acc)}
        competitors[0]["scorelevel"] = 0
        for c in competitors[1:size]:
            c["scorelevel"] = score2level[c["acc"]] if c["rfp"] else 0
        competitors[size]["scorelevel"] = -1
        self.assign_tpn(competitors, size)
        self.opponents = opponents = self._pair_table(competitors, size, maxmeets)
        for group in prohibited:
            if group["firstRound"] <= self.rnd <= group["lastRound"]:
                members = group["competitors"]
                for k, c1 in enumerate(members):
                    for c2 in members[k + 1:]:
                        opponents[c1][c2]["canmeet"] = opponents[c1][c2]["qc"] = False
        return competitors, opponents

    def _competitor(self, i: int, entry: dict[str, Any] | None) -> Node:
        if entry is None:
            return {"cid": i, "rnk": i, "pts": Decimal("0.0"), "ptx": Decimal("-1.0"), "acc": Decimal("-1.0"),
                    "acx": Decimal("-1.0"), "rfp": False, "hst": {}, "num": {}, "rip": 0, "cod": 0, "csq": " ",
                    "flt": 0, "top": False, "cop": "  "}
        tb = entry["tiebreakDetails"]
        node = {"cid": i, "rnk": entry["orgrank"], "pts": tb[PTS]["val"], "ptx": tb[PTX]["val"],
                "acc": tb[ACC]["val"], "acx": tb[ACX]["val"], "rfp": tb[RFP]["val"] not in ("", "N"),
                "hst": tb[RFP], "num": tb[NUM], "rip": tb[RIP]["val"], "cod": tb[COD]["val"],
                "csq": " " + tb[CSQ]["val"], "flt": tb[FLT]["val"], "top": tb[TOP]["val"],
                "cop": self.color_preference(tb[COD]["val"], tb[CSQ]["val"])}
        if not entry["present"]:
            node["rfp"] = False
        return node

    def _pair_table(self, competitors: list[Node], size: int, maxmeets: int) -> list[list[Edge]]:
        """The (size+1)² table of pair dicts, one dict shared by [i][j] and [j][i] (lower number first)."""
        blob = self.BLOB
        rnd = self.rnd
        level = [c["scorelevel"] for c in competitors]
        ready = [c["rfp"] for c in competitors]
        # C.04.3 [C3]: two non-topscorers with the same absolute colour preference cannot meet.
        absolute = [c["cop"] if c["cop"] in ("w2", "b2") and not c["top"] else None for c in competitors]
        rows: list[list[Edge]] = []
        for i in range(size + 1):
            b = competitors[i]
            num = b["num"]
            met = Counter(opp for key, opp in num.items() if key != "val")
            unplayed = rnd - 1 - num.get("val", 0)
            isblob = i == blob
            sb = level[i]
            if isblob:
                meet = [j < blob for j in range(i + 1)]
            elif not ready[i]:
                meet = [False] * (i + 1)
            else:
                clash = absolute[i]
                meet = [ready[j] and j != i and met.get(j, 0) < maxmeets and (clash is None or absolute[j] != clash)
                        for j in range(i + 1)]
            played = [met.get(j, 0) for j in range(i + 1)] if met else [0] * (i + 1)
            rows.append([_PairSlots(j, i, level[j], sb, m, isblob, p, unplayed).__dict__
                         for j, m, p in zip(range(i + 1), meet, played, strict=True)])
        return [rows[i] + [rows[j][i] for j in range(i + 1, size + 1)] for i in range(size + 1)]


class FastDutch(ExactCounts, pairing_dutch):  # type: ignore[misc]
    """gacrux's Dutch engine with faster equivalents of its table-wide steps."""

    def get_crosstable(self, experimental: Any, checkonly: bool, verbose: Any) -> FastCrosstable:
        return FastCrosstable(experimental, checkonly, verbose)

    # gacrux narrows its list of pairs (about N²/2 of them) to the remaining competitors after every
    # bracket, one Python test per pair. The lists made here are also kept as pieces (runs of pairs with
    # the same first competitor and levels), so that narrowing keeps or drops whole pieces and only
    # tests, pair by pair, the pieces that lose a second competitor. Same pairs, same order.
    _pieces: dict[int, tuple[list[Edge], list[Segment]]]
    _listed: tuple[list[Edge], list[tuple[int, list[Edge], list[int]]]] | None

    def _remember(self, edges: list[Edge], parts: list[tuple[int, list[Edge], list[int]]]) -> list[Edge]:
        if not hasattr(self, "_pieces"):
            self._pieces = {}
        segments: list[Segment] = []
        offset = 0
        for ca, es, cbs in parts:
            segments.append((offset, ca, es, cbs))
            offset += len(es)
        while len(self._pieces) >= 6:  # the lists gacrux still uses are the latest ones
            del self._pieces[next(iter(self._pieces))]
        self._pieces[id(edges)] = (edges, segments)
        return edges

    def _segments(self, edges: list[Edge]) -> list[Segment] | None:
        known = getattr(self, "_pieces", {}).get(id(edges))
        if known is None or known[0] is not edges:
            return None
        segments = known[1]
        size = segments[-1][0] + len(segments[-1][2]) if segments else 0
        return segments if size == len(edges) else None  # gacrux extends some lists in place: not ours then

    def find_pab(self, nodes: list[Node], edges: list[Edge]) -> tuple[Any, int, list[Node], list[Edge]]:
        listed = getattr(self, "_listed", None)
        pabbracket, pab, nodes, kept = super().find_pab(nodes, edges)
        parts: list[tuple[int, list[Edge], list[int]]] = []
        if listed is not None and listed[0] is edges:
            # gacrux keeps the pairs but those of the dummy competitor 0 with another level than `pab`'s: whole
            # pieces of list_edges (one first competitor, one pair of levels each)
            parts = [part for part in listed[1] if part[0] != 0 or part[1][0]["sb"] == pab]
        if sum(len(part[1]) for part in parts) != len(kept):  # not list_edges' list as it was made: regroup
            parts = []
            for (ca, _, _), group in groupby(kept, key=_PAIR_LEVELS):
                es = list(group)
                parts.append((ca, es, list(map(_CB, es))))
        self._listed = None
        return pabbracket, pab, nodes, self._remember(kept, parts)

    def _narrow(self, segments: list[Segment], end: int, first: set[int], second: set[int]) -> list[Edge]:
        """The pairs of the first `end` whose first competitor is in `first` and second in `second`."""
        parts: list[tuple[int, list[Edge], list[int]]] = []
        for offset, ca, es, cbs in segments:
            if offset >= end:
                break
            if ca not in first:
                continue
            if offset + len(es) > end:
                es, cbs = es[: end - offset], cbs[: end - offset]
            if second.issuperset(cbs):
                parts.append((ca, es, cbs))
            else:
                keep = [k for k, cb in enumerate(cbs) if cb in second]
                if keep:
                    parts.append((ca, [es[k] for k in keep], [cbs[k] for k in keep]))
        return self._remember(list(chain.from_iterable(p[1] for p in parts)), parts)

    def get_edges(self, nodes: list[Node], edges: list[Edge], condition: str | None = None) -> list[Edge]:
        segments = self._segments(edges) if condition is None else None
        if segments is None or len(nodes) == 0 or len(edges) == 0:
            found: list[Edge] = super().get_edges(nodes, edges, condition)
            return found
        # gacrux's own steps: pairs sorted by lower level, cut below the last competitor's level minus one
        msl = nodes[-1]["scorelevel"] - 1
        if min(edges[0]["sa"], edges[0]["sb"]) < msl:
            return []
        end = len(edges)
        if min(edges[-1]["sa"], edges[-1]["sb"]) <= msl and msl >= 0:
            mid = self.edgeBinarySearch(edges, msl)
            if mid < len(edges):
                end = mid
        members = {node["cid"] for node in nodes}
        return self._narrow(segments, end, members, members)

    def get_modifiededges(self, nodeid1: list[int], nodeid2: list[int], edges: list[Edge],
                          condition: str | None = None) -> list[Edge]:
        segments = self._segments(edges)
        if segments is None:
            chosen: list[Edge] = super().get_modifiededges(nodeid1, nodeid2, edges, condition)
            return chosen
        return self._narrow(segments, len(edges), set(nodeid1), set(nodeid2))

    def list_edges(self, opponents: list[list[Edge]]) -> list[Edge]:
        """The pairs that may meet (competitors 0..N), by (-lower level, -higher level, ca, cb)."""
        last = len(opponents) - 1  # the blob's row and column are left out
        level = [row[0]["sb"] for row in opponents[:last]]  # pair (0, i) holds i's level as "sb"
        members: dict[int, list[int]] = {}
        for cid, lv in enumerate(level):
            members.setdefault(lv, []).append(cid)
        buckets: dict[tuple[int, int], list[list[Edge]]] = {}  # each piece: one first competitor
        for i in range(last):
            row = opponents[i]
            si = level[i]
            for lv, cids in members.items():
                start = bisect_right(cids, i)
                if start == len(cids):
                    continue
                key = (si, lv) if si <= lv else (lv, si)
                found = [e for e in map(row.__getitem__, cids[start:]) if e["canmeet"]]
                if found:
                    buckets.setdefault(key, []).append(found)
        edges: list[Edge] = []
        parts: list[tuple[int, list[Edge], list[int]]] = []
        for key in sorted(buckets, key=lambda k: (-k[0], -k[1])):
            for piece in buckets[key]:
                edges += piece
                parts.append((piece[0]["ca"], piece, list(map(_CB, piece))))
        self._listed = (edges, parts)  # its pieces, for find_pab (the next step) to narrow without regrouping
        return edges

    def compute_hamilton(self, nodes: list[Node], edges: list[Edge]) -> list[dict[str, Any]]:
        levels = self.levels
        hamilton: list[dict[str, Any]] = [{} for _ in range(levels)]
        self.pablevel = -1
        if self.checkonly:
            return hamilton
        rest_nodes = nodes[::-1]
        # The edges come from list_edges, sorted by (-lower level, -higher level): runs of equal levels.
        runs = _level_runs(edges)
        runs.sort(key=lambda r: (r[1], r[0]))  # by (higher level, lower level), as gacrux re-sorts them
        rest_edges: list[Edge] = []
        nodeptr = [0] * (levels + 1)
        lastn = 0
        for i, node in enumerate([*rest_nodes, {"scorelevel": levels}]):
            if (firstn := node["scorelevel"]) > lastn:
                nodeptr[lastn + 1] = i
                lastn = firstn
        node_id = {node["cid"]: i for i, node in enumerate(rest_nodes)}
        hist = [0] * len(rest_nodes)
        laste = 0
        ll_nodes: list[Node] = []
        ff_nodes: list[Node] = []
        ll_id: dict[int, int] = {}
        ff_id: dict[int, int] = {}
        ll_hist: list[int] = []
        fl_hist: list[int] = []
        lf_hist: list[int] = []
        for low, high, run in [*runs, (levels, levels, [])]:
            if high > laste:
                rest = hamilton[laste]
                if laste > 0:
                    rest["cur_pairs"], rest["cur_unpaired"], rest["cur_hamilton"] = self.is_complete(
                        ll_nodes, None, weight=False, hist=ll_hist)
                    _, _, fh = self.is_complete(ll_nodes, None, weight=False, hist=fl_hist)
                    _, _, lh = self.is_complete(ff_nodes, None, weight=False, hist=lf_hist)
                    rest["cross_hamilton"] = min(fh, lh)
                top = nodeptr[laste + 1]
                rest["rem_pairs"], rest["rem_unpaired"], rest["rem_hamilton"] = self.is_complete(
                    rest_nodes[:top], list(rest_edges), hist=hist[:top], pab=high == levels)
                if high == levels:
                    break
                laste = high
                ff_nodes = rest_nodes[nodeptr[laste - 1]: nodeptr[laste]] if laste > 0 else []
                ff_id = {node["cid"]: j for j, node in enumerate(ff_nodes)}
                ll_nodes = rest_nodes[nodeptr[laste]: nodeptr[laste + 1]]
                ll_id = {node["cid"]: j for j, node in enumerate(ll_nodes)}
                ll_hist = [0] * len(ll_nodes)
                fl_hist = [0] * len(ff_nodes)
                lf_hist = [0] * len(ll_nodes)
            rest_edges += run
            count = Counter(map(_CA, run))
            count.update(map(_CB, run))
            for cid, n in count.items():
                hist[node_id[cid]] += n
            if low == high:
                for cid, n in count.items():
                    ll_hist[ll_id[cid]] += n
            elif high - low == 1:
                lower = Counter(e["ca"] if e["sa"] < e["sb"] else e["cb"] for e in run)
                for cid, n in lower.items():
                    fl_hist[ff_id[cid]] += n
                    count[cid] -= n
                for cid, n in count.items():
                    if n:
                        lf_hist[ll_id[cid]] += n
        return hamilton


def _level_runs(edges: list[Edge]) -> list[tuple[int, int, list[Edge]]]:
    """(lower level, higher level, edges) for each run of `edges` (sorted by -lower, -higher) with equal levels."""

    def key(e: Edge) -> tuple[int, int]:
        return (-min(e["sa"], e["sb"]), -max(e["sa"], e["sb"]))

    runs: list[tuple[int, int, list[Edge]]] = []
    start = 0
    while start < len(edges):
        k = key(edges[start])
        end = bisect_left(edges, (k[0], k[1] + 1), lo=start, key=key)  # first edge past the run
        runs.append((-k[0], -k[1], edges[start:end]))
        start = end
    return runs
