"""gacrux's whole-field steps around its list of pairs, computed from that list's pieces instead of its ~500,000
pair dicts (a mixin placed after FastDutch, before gacrux's `pairing_dutch`; checked against gacrux's own methods
by tests/tournament/pairing/test_fast_levels.py).

`list_edges` keeps its list as pieces: (first competitor, its pairs, their second competitors), each piece one
first competitor and one pair of score levels, in the list's order; FastDutch narrows lists as pieces too. Reading
one pair dict out of memory order costs a trip to memory (the dicts fill ~100 MB at 1,000 players); the pieces'
lists of competitor numbers are compact, and a piece's levels are those of its first pair.

- `list_edges`: the pairs that may meet, in gacrux's order, as pieces;
- `compute_hamilton`: per score level, whether the field from that level down can be paired (gacrux's
  pairing.compute_hamilton): the number of pairs each competitor is in, counted per pair of levels from the
  pieces;
- `find_pab`: the score level of the pairing-allocated bye, then the list without the bye's other pairs
  (gacrux's pairing_dutch.find_pab): whole pieces kept or dropped;
- `compute_whohasmet_histogram`: how many pairs each competitor is in, from the pieces of the narrowed lists.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable
from itertools import chain, compress, groupby
from operator import itemgetter
from typing import Any

Edge = dict[str, Any]
Node = dict[str, Any]
#: (first competitor, its pairs, their second competitors): pairs of one first competitor and one pair of levels.
Part = tuple[int, list[Edge], list[int]]
_CB = itemgetter("cb")
_CANMEET = itemgetter("canmeet")
_PIECE = itemgetter("ca", "sa", "sb")


def pieces_of(engine: Any, edges: list[Edge]) -> list[Part]:
    """`edges` as pieces: FastDutch.list_edges' own when `edges` is that list as it made it, else regrouped."""
    listed = getattr(engine, "_listed", None)
    if listed is not None and listed[0] is edges and sum(len(part[1]) for part in listed[1]) == len(edges):
        parts: list[Part] = listed[1]
        return parts
    regrouped: list[Part] = []
    for (ca, _, _), group in groupby(edges, key=_PIECE):
        es = list(group)
        regrouped.append((ca, es, list(map(_CB, es))))
    return regrouped


def joined(pieces: Iterable[list[Edge]]) -> list[Edge]:
    """The pieces one after the other in one list (list.extend copies a list's references in one step; a chain
    iterator takes one step per pair)."""
    whole: list[Edge] = []
    for piece in pieces:
        whole += piece
    return whole


def level_runs(parts: list[Part]) -> list[tuple[int, int, list[Part]]]:
    """(higher level, lower level, its pieces) per pair of levels, sorted by the higher then the lower level, the
    pieces of each in the list's order: the order gacrux's compute_hamilton sorts the pairs in (a stable sort)."""
    runs: dict[tuple[int, int], list[Part]] = {}
    for part in parts:
        first = part[1][0]
        sa, sb = first["sa"], first["sb"]
        runs.setdefault((sa, sb) if sa >= sb else (sb, sa), []).append(part)
    return [(high, low, runs[high, low]) for high, low in sorted(runs)]


def endpoint_counts(run: list[Part], lower_only: bool = False) -> Counter[int]:
    """How many pairs of `run` each competitor is in (with `lower_only`, as the one of the lower level)."""
    count: Counter[int] = Counter()
    for ca, piece, cbs in run:
        if lower_only and piece[0]["sa"] > piece[0]["sb"]:
            count.update(cbs)
            continue
        count[ca] += len(piece)
        if not lower_only:
            count.update(cbs)
    return count


class FastLevels:
    """Methods of gacrux's `pairing_dutch`, computed from the pieces of FastDutch's list of pairs."""

    levels: int
    pablevel: int
    checkonly: bool
    optimize: bool
    verbose: Any
    hamilton: list[dict[str, Any]]
    competitors: list[Node]
    is_complete: Any
    find_weighted_pab: Any
    _listed: tuple[list[Edge], list[Part]] | None

    def list_edges(self, opponents: list[list[Edge]]) -> list[Edge]:
        """The pairs that may meet among competitors 0..N (gacrux's pairing.list_edges): by (-lower level, -higher
        level, ca, cb), gathered level by level instead of sorted with a Python key, and kept as pieces."""
        last = len(opponents) - 1  # the blob's row and column are left out
        level = [row[0]["sb"] for row in opponents[:last]]  # pair (0, i) holds i's level as "sb"
        members: dict[int, list[int]] = {}
        for cid, lv in enumerate(level):
            members.setdefault(lv, []).append(cid)
        buckets: dict[tuple[int, int], list[Part]] = {}  # each piece: one first competitor
        for i in range(last):
            row, si = opponents[i], level[i]
            # "canmeet" of the pairs (i, j), i < j, by j: read in one pass over row i's pairs, which were made one
            # after the other (fast_table.py), so in memory order rather than one far-away dict per pair
            meets = [False] * (i + 1) + list(map(_CANMEET, row[i + 1: last]))
            for lv, cids in members.items():
                start = bisect_right(cids, i)
                if start == len(cids):
                    continue
                after = cids[start:]
                keep = list(map(meets.__getitem__, after))
                found = list(compress(map(row.__getitem__, after), keep))
                if found:
                    key = (si, lv) if si <= lv else (lv, si)
                    buckets.setdefault(key, []).append((i, found, list(compress(after, keep))))
        parts = [part for key in sorted(buckets, key=lambda k: (-k[0], -k[1])) for part in buckets[key]]
        edges = joined(part[1] for part in parts)
        self._listed = (edges, parts)  # its pieces, for the next steps to read without the pair dicts
        return edges

    def compute_hamilton(self, nodes: list[Node], edges: list[Edge]) -> list[dict[str, Any]]:
        levels = self.levels
        hamilton: list[dict[str, Any]] = [{} for _ in range(levels)]
        self.pablevel = -1
        if self.checkonly:
            return hamilton
        rest = nodes[::-1]  # lowest level first
        start = [0] * (levels + 1)  # gacrux's nodeptr: where each level's competitors start in `rest`
        last = 0
        for i, node in enumerate([*rest, {"scorelevel": levels}]):
            if node["scorelevel"] > last:
                start[last + 1] = i
                last = node["scorelevel"]
        where = {node["cid"]: i for i, node in enumerate(rest)}
        hist = [0] * len(rest)  # pairs of each competitor among the pairs seen so far
        seen: list[Edge] = []
        level = 0
        here: dict[int, int] = {}  # the competitors of `level`: their index among them
        under: dict[int, int] = {}  # the same for the level just below
        same: list[int] = []  # pairs within `level`, per competitor of it
        down: list[int] = []  # pairs between `level` and the one below, per competitor below
        up: list[int] = []  # the same pairs, per competitor of `level`
        for high, low, run in [*level_runs(pieces_of(self, edges)), (levels, levels, [])]:
            if high > level:  # `level` is complete: gacrux's figures for it
                figures = hamilton[level]
                if level > 0:
                    members = rest[start[level]: start[level + 1]]
                    figures["cur_pairs"], figures["cur_unpaired"], figures["cur_hamilton"] = self.is_complete(
                        members, None, weight=False, hist=same)
                    from_below = self.is_complete(members, None, weight=False, hist=down)[2]
                    from_here = self.is_complete(rest[start[level - 1]: start[level]], None, weight=False,
                                                 hist=up)[2]
                    figures["cross_hamilton"] = min(from_below, from_here)
                top = start[level + 1]
                # gacrux passes a new list of the pairs seen so far; is_complete only reads it (in its weighted
                # branch) and keeps nothing: the growing list itself is passed, not a copy of 10^5 pairs per level
                figures["rem_pairs"], figures["rem_unpaired"], figures["rem_hamilton"] = self.is_complete(
                    rest[:top], seen, hist=hist[:top], pab=high == levels)
                if high == levels:
                    break
                level = high
                members = rest[start[level]: start[level + 1]]
                lower_members = rest[start[level - 1]: start[level]] if level > 0 else []
                here = {node["cid"]: j for j, node in enumerate(members)}
                under = {node["cid"]: j for j, node in enumerate(lower_members)}
                same, down, up = [0] * len(members), [0] * len(lower_members), [0] * len(members)
            for part in run:
                seen += part[1]
            count = endpoint_counts(run)
            for cid, n in count.items():
                hist[where[cid]] += n
            if low == high:
                for cid, n in count.items():
                    same[here[cid]] += n
            elif high - low == 1:
                lower = endpoint_counts(run, lower_only=True)
                for cid, n in count.items():
                    m = lower.get(cid, 0)
                    if m:
                        down[under[cid]] += m
                    if n > m:
                        up[here[cid]] += n - m
        return hamilton

    def find_pab(self, nodes: list[Node], edges: list[Edge]) -> tuple[Any, int, list[Node], list[Edge]]:
        pab = self.pablevel
        # gacrux: in an optimised pairing of a field that can be paired whole, the bye goes to the level of the
        # last pair's second competitor (the list ends with the dummy competitor 0's pairs) if 0 is in the field
        if self.optimize and pab == -1 and edges and self.hamilton and self.hamilton[-1].get("rem_hamilton", -1) >= 0:
            pab = self.competitors[edges[-1]["cb"]]["scorelevel"] if self.competitors[0]["rfp"] else 0
        if pab == -1 and edges:
            pab = self.find_weighted_pab(nodes, edges)[2]
        if pab == -1 and self.verbose:
            print("No legal pairing")  # gacrux's message
        self.pablevel = pab
        # the dummy competitor's pairs but those with the bye's level
        kept = [part[1] for part in pieces_of(self, edges) if part[0] != 0 or part[1][0]["sb"] == pab]
        return None, pab, nodes, joined(kept)

    def compute_whohasmet_histogram(self, nodes: list[Node], edges: list[Edge]) -> list[int]:
        """How many of `edges` each of `nodes` is in (gacrux's), counted from the pieces FastDutch keeps of the
        lists it narrows (`_segments`: first competitors, their pairs, the second competitors)."""
        pieces = getattr(self, "_segments", lambda edges: None)(edges)
        if pieces is None:
            hist: list[int] = super().compute_whohasmet_histogram(nodes, edges)  # type: ignore[misc]
            return hist
        count = Counter(chain.from_iterable(pieces.seconds))
        for ca, pairs in zip(pieces.firsts, pieces.pairs, strict=True):
            count[ca] += len(pairs)
        where = {node["cid"]: i for i, node in enumerate(nodes)}
        hist = [0] * len(nodes)
        for cid, n in count.items():
            hist[where[cid]] += n  # a KeyError, as gacrux's, for a pair outside `nodes`
        return hist
