"""Faster equivalents of gacrux's hottest Dutch-engine methods: the same results, computed with fewer
Python-level steps.

gacrux builds one dict per pair of competitors (about 181,000 at 600 players) and walks that table
several times per round in pure Python. The subclasses here replace, one method each, the steps that
walk the whole table, and compute exactly what gacrux's own methods compute, in the same order and
with the same objects:

- `FastCrosstable.list_edges`: the competitor table and the pair table (fast_table.py: pair dicts copied
  from models, each competitor's pairs with the higher ones made one after the other);
- list_edges (the pairs that may meet, in gacrux's order, as pieces), compute_hamilton and find_pab
  (from those pieces): fast_levels.py;
- update_homogenious (a homogeneous bracket's weights; its per-pair lists made when read): fast_homogeneous.py;
- compute_tiebreak (the competitors' running scores): fast_tiebreak.py;

Per bracket, fast_brackets.py's mixins replace simple_permute and update_edge. Everything else
(brackets, weights, matching, colours, boards) is gacrux's own code.
tests/test_pairing_fast.py checks these methods against gacrux's on the corpus.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from decimal import Decimal
from itertools import accumulate, chain, compress, groupby, repeat
from operator import add, itemgetter
from typing import Any

from gacrux.crosstable import ACC, ACX, COD, CSQ, FLT, NUM, PTS, PTX, RFP, RIP, TOP  # type: ignore[import-untyped]
from gacrux.crosstabledutch import crosstable_dutch  # type: ignore[import-untyped]
from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

from tournament.pairing import blossom
from tournament.pairing.fast_brackets import FastBrackets, FastQuality
from tournament.pairing.fast_homogeneous import FastHomogeneous
from tournament.pairing.fast_levels import FastLevels, joined
from tournament.pairing.fast_table import pair_table
from tournament.pairing.fast_tiebreak import FastTiebreak
from tournament.pairing.matching import ExactCounts
from tournament.pairing.weights import ExactDigits

Edge = dict[str, Any]
Node = dict[str, Any]
_CA = itemgetter("ca")
_CB = itemgetter("cb")
_PAIR_LEVELS = itemgetter("ca", "sa", "sb")
_FIRST_OF, _PAIRS_OF, _SECONDS_OF = itemgetter(0), itemgetter(1), itemgetter(2)
#: A list of pairs as consecutive pieces sharing one first competitor and levels: (offset, ca, pairs, cbs).
Segment = tuple[int, int, list[Edge], list[int]]
#: A piece without its offset: (ca, pairs, cbs).
Part = tuple[int, list[Edge], list[int]]
_OFFSET_OF, _CA_OF, _PART_OF = itemgetter(0), itemgetter(1), itemgetter(1, 2, 3)


def without(es: list[Edge], cbs: list[int], gone: set[int]) -> tuple[list[Edge], list[int]]:
    """The pairs of one piece but those whose second competitor is `gone` (a piece names each second competitor
    once). A bracket takes a few competitors away from pieces of dozens of pairs: the runs between them are copied
    whole; a piece that loses many is filtered pair by pair."""
    if len(gone) * 8 > len(cbs):
        keep = [k for k, cb in enumerate(cbs) if cb not in gone]
        return [es[k] for k in keep], [cbs[k] for k in keep]
    kept_es: list[Edge] = []
    kept_cbs: list[int] = []
    start = 0
    for k in sorted(map(cbs.index, gone)):
        kept_es += es[start:k]
        kept_cbs += cbs[start:k]
        start = k + 1
    kept_es += es[start:]
    kept_cbs += cbs[start:]
    return kept_es, kept_cbs


class FastCrosstable(FastHomogeneous, FastQuality, ExactDigits, crosstable_dutch):  # type: ignore[misc]
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
        self.opponents = opponents = pair_table(competitors, size, self.BLOB, self.rnd, maxmeets)
        for group in prohibited:
            if group["firstRound"] <= self.rnd <= group["lastRound"]:
                members = group["competitors"]
                for k, c1 in enumerate(members):
                    for c2 in members[k + 1:]:
                        opponents[c1][c2]["canmeet"] = opponents[c1][c2]["qc"] = False
        return competitors, opponents

    def compute_tiebreak(self, tournament: dict[str, Any], rnd: int) -> dict[int, Any]:
        """gacrux's (crosstable.compute_tiebreak), with the faster running scores of fast_tiebreak.py."""
        tb = FastTiebreak(tournament, rnd - 1, None)
        if tournament["teamTournament"] and "primary" in tournament["scoreSystem"]:
            tb.set_primaryscore(tournament["scoreSystem"]["primary"])
        for pos, name in enumerate(["PTS", "ACC", "ACC/X", "RFP", "NUM", "RIP", "COD", "CSQ", self.floatrule(), "TOP",
                                    "PTS/X"]):
            tb.compute_single_tiebreak(tb.parse_tiebreak(pos + 1, name))
        cmps: dict[int, Any] = tb.cmps
        return cmps

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


class FastDutch(FastBrackets, FastLevels, ExactCounts, pairing_dutch):  # type: ignore[misc]
    """gacrux's Dutch engine with faster equivalents of its table-wide steps."""

    def get_crosstable(self, experimental: Any, checkonly: bool, verbose: Any) -> FastCrosstable:
        return FastCrosstable(experimental, checkonly, verbose)

    # gacrux narrows its list of pairs (about N²/2 of them) to the remaining competitors after every
    # bracket, one Python test per pair. The lists made here are also kept as pieces (runs of pairs with
    # the same first competitor and levels), so that narrowing keeps or drops whole pieces and only
    # tests, pair by pair, the pieces that lose a second competitor. Same pairs, same order.
    # With each list: the competitors its second competitors are among (`second` of the narrowing that made it,
    # None: any), and the level of each piece's second competitors (pair (0, x) holds x's level as "sb"), so that
    # the next narrowing looks for the competitors it takes away only in the pieces of their levels.
    _pieces: dict[int, tuple[list[Edge], list[Segment], set[int] | None, list[int]]]
    _listed: tuple[list[Edge], list[tuple[int, list[Edge], list[int]]]] | None

    def _remember(self, edges: list[Edge], parts: list[tuple[int, list[Edge], list[int]]], among: set[int] | None,
                  levels: list[int] | None = None) -> list[Edge]:
        if not hasattr(self, "_pieces"):
            self._pieces = {}
        # (offset, ca, pairs, cbs) per piece, made in C (the offsets run one further: the end of the list)
        offsets = accumulate(map(len, map(_PAIRS_OF, parts)), initial=0)
        segments: list[Segment] = list(zip(offsets, map(_FIRST_OF, parts), map(_PAIRS_OF, parts),
                                           map(_SECONDS_OF, parts), strict=False))
        while len(self._pieces) >= 6:  # the lists gacrux still uses are the latest ones
            del self._pieces[next(iter(self._pieces))]
        if levels is None:
            levels = [part[1][0]["sb"] for part in parts]
        self._pieces[id(edges)] = (edges, segments, among, levels)
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
        return pabbracket, pab, nodes, self._remember(kept, parts, None)

    def _narrow(self, edges: list[Edge], end: int, first: set[int], second: set[int],
                in_place: bool = False) -> list[Edge]:
        """The pairs of the first `end` of `edges` (a list kept in pieces) whose first competitor is in `first` and
        second in `second`: a new list, or with `in_place` `edges` itself narrowed (when the caller drops the list
        it had: see remove_pairs).

        Each step over the ~10^4 pieces is a builtin mapped over them (no Python step per piece); only the pieces
        of the levels of the competitors taken away (those the list's second competitors were among, not in
        `second`) are searched for them, and those that lose one are cut, in Python (`without`)."""
        _, segments, among, levels = self._pieces[id(edges)]
        if among is None:
            among = set(range(self.crosstable.BLOB + 1))
        gone = among.difference(second)
        count = bisect_left(segments, end, key=_OFFSET_OF)  # the pieces that start before `end`
        inside = list(map(first.__contains__, map(_CA_OF, segments[:count])))
        kept = list(compress(segments[:count], inside))
        kept_levels = list(compress(levels[:count], inside))
        parts: list[Part] = list(map(_PART_OF, kept))
        if kept and kept[-1] is segments[count - 1]:  # the last piece may run past `end`
            offset, ca, es, cbs = kept[-1]
            parts[-1] = (ca, es[: end - offset], cbs[: end - offset])
        # with `in_place`: where each piece kept sits in `edges` (start, stop, -1), or for a piece that loses
        # pairs, where its flags (1: kept) start in `flags`
        runs: list[tuple[int, int, int]] = []
        flags = bytearray()
        stay = bytearray(self.crosstable.BLOB + 1)
        if in_place:
            starts = list(map(_OFFSET_OF, kept))
            runs = list(zip(starts, map(add, starts, map(len, map(_PAIRS_OF, parts))), repeat(-1)))
            for cid in second:
                stay[cid] = 1
        if gone:
            opponents = self.opponents
            hit = {opponents[0][cid]["sb"] for cid in gone}
            emptied = False
            for k in compress(range(len(parts)), map(hit.__contains__, kept_levels)):
                ca, es, cbs = parts[k]
                if not gone.isdisjoint(cbs):
                    if in_place:
                        mask = bytes(map(stay.__getitem__, cbs))
                        runs[k] = (runs[k][0], runs[k][1], len(flags))
                        flags += mask
                        parts[k] = (ca, list(compress(es, mask)), list(compress(cbs, mask)))
                    else:
                        parts[k] = (ca, *without(es, cbs, gone.intersection(cbs)))
                    emptied = emptied or not parts[k][1]
            if emptied:
                kept_levels = [level for level, part in zip(kept_levels, parts, strict=True) if part[1]]
                parts = [part for part in parts if part[1]]
        if not in_place:
            return self._remember(joined(map(_PAIRS_OF, parts)), parts, second, kept_levels)
        blossom.keep_runs(edges, array("q", chain.from_iterable(runs)), flags)
        if len(edges) != sum(map(len, map(_PAIRS_OF, parts))):
            raise RuntimeError("the pairs narrowed in place do not match their pieces")
        del self._pieces[id(edges)]
        return self._remember(edges, parts, second, kept_levels)

    def remove_pairs(self, nodes: list[Node], edges: list[Edge],
                     paired: list[Edge]) -> tuple[list[Node], list[Edge], list[int]]:
        """gacrux's (pairing.remove_pairs): the competitors but those of `paired`, and the pairs among them. Its one
        caller (pair_bracket) replaces the list it passes with the one returned: that list is narrowed in place,
        so that the ~500,000 pairs it keeps are not touched (a new list, then the old one freed, touch each)."""
        npaired = [edge["ca"] for edge in paired] + [edge["cb"] for edge in paired]
        gone = set(npaired)
        mod_nodes = [node for node in nodes if node["cid"] not in gone]
        if not blossom.AVAILABLE or self._segments(edges) is None or not mod_nodes:
            return mod_nodes, self.get_edges(mod_nodes, edges), npaired
        return mod_nodes, self.get_edges(mod_nodes, edges, in_place=True), npaired

    def get_edges(self, nodes: list[Node], edges: list[Edge], condition: str | None = None,
                  in_place: bool = False) -> list[Edge]:
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
        return self._narrow(edges, end, members, members, in_place)

    def get_modifiededges(self, nodeid1: list[int], nodeid2: list[int], edges: list[Edge],
                          condition: str | None = None) -> list[Edge]:
        segments = self._segments(edges)
        if segments is None:
            chosen: list[Edge] = super().get_modifiededges(nodeid1, nodeid2, edges, condition)
            return chosen
        return self._narrow(edges, len(edges), set(nodeid1), set(nodeid2))
