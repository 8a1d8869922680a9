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

A pair's rating for a bracket (update_edge) is fast_quality.py's.
"""

from __future__ import annotations

import gc
from bisect import bisect_left, insort
from typing import Any

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
                raise RuntimeError("a criterion was written into the lists of zeros pairs share (fast_quality.py)")
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
