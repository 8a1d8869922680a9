"""gacrux's Dutch pair table built faster: one pair per pair of competitors (about 500,000 at 1,000 players), with
the same keys in the same order and the same values as gacrux's `create_edge` makes, one pair shared by [i][j] and
[j][i] (see FastCrosstable in fast_dutch.py, and tests/tournament/pairing/test_fast_table.py).

The pairs (i, j), i <= j, of one higher competitor j share most values (gacrux gives a pair j's level, unplayed
rounds and whether j can meet at all); those of one lower competitor i share i's number and level. Each pair reads a
model per j and level of i, with i's number as "ca"; the pairs that cannot meet though j can, or have met before, are
then corrected one by one: a few per competitor.

Compiled (`_pairs.c`), a pair is a `Pair`: 32 bytes holding i's number and a reference to its model, then, once
gacrux sets a value on it (the pairs of the brackets it rates), to a record with a dict of its own values; it reads
and writes as the dict it stands for. At 2,000 players the table's 2 million dicts filled about 550 MB and took
0.8 s to make and free a round; its pairs fill 64 MB. Where `_pairs.c` was not built, each pair is a dict copied
from its model (CPython's key-sharing dicts, kept by `dict.copy`: about half the memory of a dict literal each), the
pairs (i, j), j >= i, of each i made one after the other: the steps that then read the pairs (list_edges: row by
row, then level by level) and the freeing of the table find them in memory order (at 1,000 players the dicts fill
~100 MB; made column by column, the table took 0.16 s to free, 0.04 s made row by row).
"""

from __future__ import annotations

import importlib
from collections import Counter, deque
from collections.abc import Iterable
from itertools import islice, repeat
from typing import Any

try:  # by name: an import statement in a try would read as a late import (tests/test_import_graph.py)
    _pairs: Any = importlib.import_module("tournament.pairing._pairs")  # (see _pairs.pyi)
except ImportError:  # not built (no C compiler at install): a dict per pair
    _pairs = None

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
    """The (size+1)² table of pairs for competitors 0..size (size is the blob), as gacrux's list_edges makes it
    (checkonly False): pair (j, i), j <= i, holds "ca" j, "cb" i, whether they can meet (both ready to be paired,
    not the same, met fewer than `maxmeets` times, not two non-topscorers with the same absolute colour preference
    [C3]; every competitor can meet the blob), how often they met, i's unplayed rounds; [j][i] is the same pair."""
    level = [c["scorelevel"] for c in competitors]
    ready = [c["rfp"] for c in competitors]
    # C.04.3 [C3]: two non-topscorers with the same absolute colour preference cannot meet.
    absolute = [c["cop"] if c["cop"] in ("w2", "b2") and not c["top"] else None for c in competitors]
    not_ready = [j for j in range(size + 1) if not ready[j]]
    same_absolute = {colour: [j for j, a in enumerate(absolute) if a == colour] for colour in ("w2", "b2")}
    n = size + 1
    # What the pairs (i, j), i <= j, of competitor j share (the higher number holds them in gacrux: "cb", its
    # level, its unplayed rounds, whether it can meet at all), and, per lower competitor i, the pairs (i, j)
    # that are exceptions: cannot meet though j can, or met before.
    shared: list[tuple[int, int, bool, bool, int]] = []
    apart_of: list[list[int]] = [[] for _ in range(n)]
    played_of: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for j in range(n):
        num = competitors[j]["num"]
        # j's opponents by round (num also holds "val", the games played, and "desc", the tie-break's name)
        met = Counter(opp for key, opp in num.items() if key not in ("val", "desc"))
        meets = j == blob or bool(ready[j])
        shared.append((j, level[j], meets, j == blob, rnd - 1 - num.get("val", 0)))
        if j == blob:
            apart: Iterable[int] = [j]
        elif meets and maxmeets < 1:
            apart = range(j + 1)
        elif meets:
            clash = absolute[j]
            apart = [*not_ready, j, *(i for i, times in met.items() if times >= maxmeets),
                     *(same_absolute[clash] if clash is not None else ())]
        else:
            apart = []
        for i in apart:
            if i <= j:
                apart_of[i].append(j)
        for i, times in met.items():
            if i <= j:
                played_of[i].append((j, times))
    # the models: per level of i, per competitor j (their key order is gacrux's)
    models = {lv: [_Pair(cb, lv, sb, meets, isblob, unplayed).__dict__ for cb, sb, meets, isblob, unplayed in shared]
              for lv in set(level)}
    if _pairs is not None:  # compiled: a pair reads its model's values, and holds only those set on it
        order = {lv: k for k, lv in enumerate(models)}  # (the blob's level is -1)
        table: list[list[Edge]] = _pairs.pair_rows(list(models.values()), [order[lv] for lv in level],
                                                   list(range(n)))
    else:
        table = dict_rows(models, level)
    for i in range(n):
        row = table[i]
        for j in apart_of[i]:
            row[j]["canmeet"] = row[j]["qc"] = False
        for j, times in played_of[i]:
            row[j]["played"] = times
    return table


#: The compiled pair's type (None where _pairs.c was not built).
PAIR: Any = _pairs.Pair if _pairs is not None else None


def share(edge: Edge, values: dict[str, Any]) -> None:
    """edge[key] = value for each of `values` (keys of the pair table's pairs, not "ca"): on a compiled pair by one
    reference to `values`, which the pairs rated alike share and nobody may change (_pairs.c, overlay: 32 bytes a
    pair where a dict of its own took ~210); on a dict, one by one."""
    if type(edge) is PAIR:
        _pairs.overlay(edge, values)
    else:
        for key, value in values.items():
            edge[key] = value


def shared(edge: Edge) -> dict[str, Any] | None:
    """The values `share` set on a compiled pair and not replaced since, or None (a dict: always None)."""
    found: dict[str, Any] | None = _pairs.overlay_of(edge) if type(edge) is PAIR else None
    return found


def dict_rows(models: dict[int, list[Edge]], level: list[int]) -> list[list[Edge]]:
    """The table with a dict per pair, copied from the models (where _pairs.c was not built)."""
    n = len(level)
    # Row i's first i pairs are those of the rows above: each pair (i, j) is appended to row j as soon as it is
    # made, while it is still in the processor's cache (gathered afterwards, column by column, each pair read
    # costs a trip to memory).
    table: list[list[Edge]] = [[] for _ in range(n)]
    for i in range(n):
        row = table[i]
        row += map(dict.copy, models[level[i]][i:])
        deque(map(dict.__setitem__, islice(row, i, None), repeat("ca"), repeat(i)), maxlen=0)
        deque(map(list.append, table[i + 1:], islice(row, i + 1, None)), maxlen=0)
    return table
