"""gacrux's Dutch pair table built faster: one dict per pair of competitors (about 500,000 at 1,000 players), the
same keys in the same order and the same values as gacrux's `create_edge` makes, one dict shared by [i][j] and
[j][i] (see FastCrosstable in fast_dutch.py, and tests/tournament/pairing/test_fast_brackets.py).

A row's pairs differ in few values: the lower competitor's number and score level, whether they can meet, how
often they met. Each pair is copied (in C) from a model pair of its row and score level, then given its number;
the pairs that cannot meet, or have met, are then corrected one by one: a few per row.

The model pairs are instances' `__dict__`s, so every pair shares one table of keys (CPython's key-sharing dicts,
kept by `dict.copy`): about half the memory of a dict literal each.
"""

from __future__ import annotations

from collections import Counter, deque
from itertools import repeat
from operator import itemgetter
from typing import Any

Edge = dict[str, Any]
Node = dict[str, Any]


class _Pair:
    """A model pair: its `__dict__`, in gacrux's key order (create_edge's literal), is what the pairs are copied
    from."""

    def __init__(self, cb: int, sa: int, sb: int, canmeet: bool, isblob: bool, unplayed: int) -> None:
        self.ca, self.cb, self.sa, self.sb, self.canmeet, self.isblob, self.played, self.unplayed = (
            0, cb, sa, sb, canmeet, isblob, 0, unplayed)
        self.qlevel, self.quality, self.weight, self.qcweight, self.heweight, self.howeight, self.colordiff, \
            self.qc = -1, None, 0, 0, 0, 0, "  ", canmeet


def pair_table(competitors: list[Node], size: int, blob: int, rnd: int, maxmeets: int) -> list[list[Edge]]:
    """The (size+1)² table of pair dicts for competitors 0..size (size is the blob), as gacrux's list_edges
    makes it (checkonly False): pair (j, i), j <= i, holds "ca" j, "cb" i, whether they can meet (both ready to
    be paired, not the same, met fewer than `maxmeets` times, not two non-topscorers with the same absolute
    colour preference [C3]; every competitor can meet the blob), how often they met, i's unplayed rounds."""
    level = [c["scorelevel"] for c in competitors]
    ready = [c["rfp"] for c in competitors]
    # C.04.3 [C3]: two non-topscorers with the same absolute colour preference cannot meet.
    absolute = [c["cop"] if c["cop"] in ("w2", "b2") and not c["top"] else None for c in competitors]
    not_ready = [j for j in range(size + 1) if not ready[j]]
    same_absolute = {colour: [j for j, a in enumerate(absolute) if a == colour] for colour in ("w2", "b2")}
    rows: list[list[Edge]] = []
    for i in range(size + 1):
        num = competitors[i]["num"]
        # i's opponents by round (num also holds "val", the games played, and "desc", the tie-break's name)
        met = Counter(opp for key, opp in num.items() if key not in ("val", "desc"))
        unplayed = rnd - 1 - num.get("val", 0)
        meets = i == blob or bool(ready[i])
        models = {lv: _Pair(i, lv, level[i], meets, i == blob, unplayed).__dict__ for lv in set(level[: i + 1])}
        row = list(map(dict.copy, map(models.__getitem__, level[: i + 1])))
        deque(map(dict.__setitem__, row, repeat("ca"), range(i + 1)), maxlen=0)
        if i == blob:
            apart: list[int] = [i]
        elif meets and maxmeets < 1:
            apart = list(range(i + 1))
        elif meets:
            clash = absolute[i]
            apart = [*not_ready, i, *(j for j, n in met.items() if n >= maxmeets),
                     *(same_absolute[clash] if clash is not None else ())]
        else:
            apart = []
        for j in apart:
            if j <= i:
                row[j]["canmeet"] = row[j]["qc"] = False
        for j, n in met.items():
            if j <= i:
                row[j]["played"] = n
        rows.append(row)
    return [rows[i] + list(map(itemgetter(i), rows[i + 1:])) for i in range(size + 1)]
