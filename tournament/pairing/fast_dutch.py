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
- get_edges, get_modifiededges, remove_pairs (the lists of pairs narrowed to the competitors left, from their
  pieces; after a bracket, in place, by the compiled part): here.

Per bracket, fast_brackets.py's and fast_quality.py's mixins replace simple_permute and update_edge, and
fast_split.py's the weighted matchings (pair_weighted_round: a homogeneous bracket matched in parts). Everything
else (brackets, weights, colours, boards) is gacrux's own code.
tests/tournament/pairing/test_fast_*.py check these methods against gacrux's on the corpus.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from decimal import Decimal
from itertools import accumulate, chain, compress, groupby, islice
from operator import add, itemgetter
from typing import Any

from gacrux.crosstable import ACC, ACX, COD, CSQ, FLT, NUM, PTS, PTX, RFP, RIP, TOP  # type: ignore[import-untyped]
from gacrux.crosstabledutch import crosstable_dutch  # type: ignore[import-untyped]
from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

from tournament.pairing import blossom
from tournament.pairing.fast_brackets import FastBrackets
from tournament.pairing.fast_homogeneous import FastHomogeneous
from tournament.pairing.fast_levels import FastLevels, joined
from tournament.pairing.fast_quality import FastQuality
from tournament.pairing.fast_split import SplitHomogeneous
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
#: A piece: (first competitor, its pairs, their second competitors).
Part = tuple[int, list[Edge], list[int]]


class Pieces:
    """A list of pairs as consecutive pieces sharing one first competitor and levels, column by column (a tuple per
    piece would be made and freed at every narrowing: ~40,000 of them at 2,000 players): where each piece starts
    in the list (one more: the list's end), its first competitor, its pairs, their second competitors, the level of
    the second ones; and the competitors the list's second competitors were chosen among (None: any)."""

    __slots__ = ("among", "edges", "firsts", "levels", "pairs", "seconds", "starts")

    def __init__(self, edges: list[Edge], firsts: list[int], pairs: list[list[Edge]], seconds: list[list[int]],
                 levels: list[int], among: set[int] | None) -> None:
        self.edges, self.firsts, self.pairs, self.seconds, self.levels, self.among = (
            edges, firsts, pairs, seconds, levels, among)
        self.starts = list(accumulate(map(len, pairs), initial=0))

    def describes(self, edges: list[Edge]) -> bool:
        """Whether these are `edges`' pieces (gacrux extends some lists in place: not described then)."""
        return self.edges is edges and self.starts[-1] == len(edges)


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


class FastDutch(SplitHomogeneous, FastBrackets, FastLevels, ExactCounts, pairing_dutch):  # type: ignore[misc]
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
    _pieces: dict[int, Pieces]
    _listed: tuple[list[Edge], list[tuple[int, list[Edge], list[int]]]] | None

    def _remember(self, pieces: Pieces) -> list[Edge]:
        if not hasattr(self, "_pieces"):
            self._pieces = {}
        self._pieces.pop(id(pieces.edges), None)
        while len(self._pieces) >= 6:  # the lists gacrux still uses are the latest ones
            del self._pieces[next(iter(self._pieces))]
        self._pieces[id(pieces.edges)] = pieces
        return pieces.edges

    def _remember_parts(self, edges: list[Edge], parts: list[Part], among: set[int] | None) -> list[Edge]:
        firsts = list(map(_FIRST_OF, parts))
        pairs = list(map(_PAIRS_OF, parts))
        levels = [piece[0]["sb"] for piece in pairs]
        return self._remember(Pieces(edges, firsts, pairs, list(map(_SECONDS_OF, parts)), levels, among))

    def _segments(self, edges: list[Edge]) -> Pieces | None:
        known = getattr(self, "_pieces", {}).get(id(edges))
        return known if known is not None and known.describes(edges) else None

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
        return pabbracket, pab, nodes, self._remember_parts(kept, parts, None)

    def _narrow(self, edges: list[Edge], end: int, first: set[int], second: set[int],
                in_place: bool = False) -> list[Edge]:
        """The pairs of the first `end` of `edges` (a list kept in pieces) whose first competitor is in `first` and
        second in `second`: a new list, or with `in_place` `edges` itself narrowed (when the caller drops the list
        it had: see remove_pairs).

        Each step over the ~10^4 pieces is a builtin mapped over them (no Python step per piece); only the pieces
        of the levels of the competitors taken away (those the list's second competitors were among, not in
        `second`) are searched for them, and those that lose one are cut (compiled: `cut_pieces`, else `without`).
        Narrowing in place needs the compiled part."""
        pieces = self._pieces[id(edges)]
        among = pieces.among if pieces.among is not None else set(range(self.crosstable.BLOB + 1))
        gone = among.difference(second)
        count = bisect_left(pieces.starts, end, 0, len(pieces.firsts))  # the pieces that start before `end`
        inside = list(map(first.__contains__, islice(pieces.firsts, count)))
        firsts = list(compress(pieces.firsts, inside))
        pairs = list(compress(pieces.pairs, inside))
        seconds = list(compress(pieces.seconds, inside))
        levels = list(compress(pieces.levels, inside))
        starts = list(compress(pieces.starts, inside))
        if inside and inside[-1] and starts[-1] + len(pairs[-1]) > end:  # the last piece may run past `end`
            pairs[-1] = pairs[-1][: end - starts[-1]]
            seconds[-1] = seconds[-1][: end - starts[-1]]
        # with `in_place`: where each piece kept sits in `edges`, and for a piece that loses pairs, where its flags
        # (1: kept) start in `flags` (-1: the piece whole)
        flags = bytearray()
        at = [-1] * len(firsts) if in_place else []
        stops = list(map(add, starts, map(len, pairs))) if in_place else []
        if gone:
            opponents = self.opponents
            hit = {opponents[0][cid]["sb"] for cid in gone}
            picks = list(compress(range(len(firsts)), map(hit.__contains__, levels)))
            if blossom.AVAILABLE:  # compiled: the pieces cut and their flags
                stay = bytes(map(second.__contains__, range(self.crosstable.BLOB + 1)))
                flags, cut, emptied = blossom.cut_pieces(pairs, seconds, picks, stay)
                if in_place:
                    for k, offset in cut:
                        at[k] = offset
            else:
                emptied = False
                for k in picks:
                    if not gone.isdisjoint(seconds[k]):
                        pairs[k], seconds[k] = without(pairs[k], seconds[k], gone.intersection(seconds[k]))
                        emptied = emptied or not pairs[k]
            if emptied:
                sizes = list(map(len, pairs))
                firsts, levels = list(compress(firsts, sizes)), list(compress(levels, sizes))
                pairs, seconds = list(compress(pairs, sizes)), list(compress(seconds, sizes))
        if not in_place:
            return self._remember(Pieces(joined(pairs), firsts, pairs, seconds, levels, second))
        blossom.keep_runs(edges, array("q", chain.from_iterable(zip(starts, stops, at, strict=True))), flags)
        narrowed = Pieces(edges, firsts, pairs, seconds, levels, second)
        if not narrowed.describes(edges):
            raise RuntimeError("the pairs narrowed in place do not match their pieces")
        return self._remember(narrowed)

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
        pieces = self._segments(edges) if condition is None else None
        if pieces is None or len(nodes) == 0 or len(edges) == 0:
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
        if self._segments(edges) is None:
            chosen: list[Edge] = super().get_modifiededges(nodeid1, nodeid2, edges, condition)
            return chosen
        return self._narrow(edges, len(edges), set(nodeid1), set(nodeid2))
