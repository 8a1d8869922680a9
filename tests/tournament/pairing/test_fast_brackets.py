"""tournament/pairing/fast_brackets.py and fast_quality.py against gacrux's own methods: the same results and the
same state left behind (the colour counts, every pair's quality dict), on corpus rounds and on generated search
problems."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from gacrux.crosstabledutch import HO1, HO2, HO3, HO4, HO5, crosstable_dutch  # type: ignore[import-untyped]
from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

from tests.support.files import FIXTURES
from tests.support.pairing import corpus_file, cut_file
from tournament.formats.trf import parse_trf
from tournament.pairing.dutch import gacrux_tournament
from tournament.pairing.fast_brackets import MAXSUB, FastBrackets
from tournament.pairing.fast_dutch import FastCrosstable, FastDutch
from tournament.pairing.fast_homogeneous import settle
from tournament.pairing.fast_quality import FastQuality
from tournament.pairing.matching import fast_matching
from tournament.pairing.model import PairingInput
from tournament.pairing.trf_input import pairing_input

CORPUS = FIXTURES / "pairing"
#: Fields with byes, absences, floats and topscorers (the last round), small enough for gacrux's matching.
CASES = [("dutch-016p-7r-s759.trf", 6), ("dutch-038p-9r-s521.trf", 8), ("dutch-060p-11r-s555.trf", 5),
         ("dutch-060p-11r-s555.trf", 10), ("dutch-134p-9r-s793.trf", 8), ("dutch-155p-5r-s5145.trf", 2)]
PARAMS = {"experimental": [], "verbose": 0, "top_color": "w"}


def round_input(name: str, k: int) -> PairingInput:
    others, players = corpus_file(CORPUS / name)
    trf, errors = parse_trf(cut_file(others, players, k, max(len(p.blocks) for p in players)))
    assert not errors
    return pairing_input(trf)


def paired(cls: type, data: PairingInput) -> tuple[Any, list[dict[str, Any]]]:
    tournament, _ = gacrux_tournament(data)
    engine = cls(tournament, data.round_to_pair, PARAMS)
    with fast_matching():
        return engine, engine.compute_pairing(False, 0)


class GacruxCrosstable(FastCrosstable):  # type: ignore[misc]
    """FastCrosstable with gacrux's own update_edge, update_homogenious and compute_weight."""

    update_edge = crosstable_dutch.update_edge
    update_homogenious = crosstable_dutch.update_homogenious
    update_hetrogenious = crosstable_dutch.update_hetrogenious
    compute_weight = crosstable_dutch.compute_weight


class GacruxBrackets(FastDutch):  # type: ignore[misc]
    """FastDutch with gacrux's own per-bracket methods (the rest, whatever it is, shared with FastDutch)."""

    simple_permute = pairing_dutch.simple_permute
    compute_pairing = pairing_dutch.compute_pairing
    pair_weighted_round = pairing_dutch.pair_weighted_round

    def get_crosstable(self, experimental: Any, checkonly: bool, verbose: Any) -> GacruxCrosstable:
        return GacruxCrosstable(experimental, checkonly, verbose)


@pytest.mark.parametrize(("name", "k"), CASES)
def test_same_pairing_and_state_as_gacrux(name: str, k: int) -> None:
    data = round_input(name, k)
    gacrux, brackets = paired(GacruxBrackets, data)
    fast, fast_brackets = paired(FastDutch, data)
    # pairs (their dicts), colours, boards, each bracket's quality; but a pair's howeight and HO1-HO5 left by
    # another bracket's homogeneous matching where gacrux rates every pair and FastDutch the pairs it keeps
    assert [dict(b, pairs=[without_stale(p, q) for p, q in zip(b["pairs"], theirs["pairs"], strict=True)])
            for b, theirs in zip(fast_brackets, brackets, strict=True)] == [
        dict(b, pairs=[without_stale(q, q) for q in b["pairs"]]) for b in brackets]
    assert fast.competitors == gacrux.competitors
    rated = [e for row in gacrux.opponents for e in row if e["quality"] is not None]
    assert rated, "no pair's quality was computed: the comparison below would prove nothing"
    made = [p for b in fast_brackets for p in b["pairs"] if p.get("mode") == "HO" and isinstance(
        p["quality"][HO3], list)]  # the HO3-HO5 lists fast_homogeneous.py defers, made when compute_weight reads them
    assert made, "no homogeneous bracket's lists were made: their comparison would prove nothing"
    for row in fast.opponents:
        for edge in row:
            settle(edge)  # those lists made where still deferred
    assert any(e.get("heweight") for row in fast.opponents for e in row), "no moved-down player's pair was rated"
    # every pair: quality dicts, weights, colour letters, "qc"; but the homogeneous brackets' weights, which
    # FastDutch matches in parts (fast_split.py) without keeping them in the pairs (gacrux's update_weight)
    assert [[drop_homogeneous_weight(e, g) for e, g in zip(row, rows, strict=True)]
            for row, rows in zip(fast.opponents, gacrux.opponents, strict=True)] == [
        [drop_homogeneous_weight(g, g) for g in rows] for rows in gacrux.opponents]


def drop_homogeneous_weight(edge: dict[str, Any], gacrux: dict[str, Any]) -> dict[str, Any]:
    """The pair without what gacrux's update_weight left in it for a bracket matched by weights (mode, levels,
    weight) and what update_homogenious did for a homogeneous one, then or before (howeight, HO1-HO5): FastDutch
    sets them in the pairs it matches only (fast_split.py; those are compared whole in the brackets). gacrux's
    pair `gacrux`: the one compared with."""
    if gacrux.get("mode") not in ("HE", "HO"):
        return dict(edge)
    kept = {key: value for key, value in edge.items() if key not in ("mode", "levels", "weight", "howeight")}
    if isinstance(kept.get("quality"), dict):
        kept["quality"] = {key: value for key, value in kept["quality"].items() if key not in HOMOGENEOUS}
    return kept


HOMOGENEOUS = (HO1, HO2, HO3, HO4, HO5)


def without_stale(edge: dict[str, Any], gacrux: dict[str, Any]) -> dict[str, Any]:
    """A pair of a bracket without its howeight and HO1-HO5 unless it was matched in a homogeneous bracket
    (gacrux's pair `gacrux`: the one compared with)."""
    if gacrux.get("mode") == "HO":
        return dict(edge)
    kept = {key: value for key, value in edge.items() if key != "howeight"}
    if isinstance(kept.get("quality"), dict):
        kept["quality"] = {key: value for key, value in kept["quality"].items() if key not in HOMOGENEOUS}
    return kept


@pytest.mark.parametrize(("name", "k"), CASES)
def test_update_edge_matches_gacrux(name: str, k: int) -> None:
    """Every pair, at every score level, with and without the bye's bracket: the dict gacrux's update_edge leaves."""
    data = round_input(name, k)
    engine, _ = paired(FastDutch, data)
    table = engine.crosstable
    nodes = engine.list_nodes(engine.competitors)
    pairs = [e for i, row in enumerate(engine.opponents) for e in row[i:]]
    compared = 0
    for level in range(len(table.levels()) - 1, -1, -1):
        table.set_scorelevel(level)
        table.update_crosstable(level, nodes, [], 0)
        here = 0
        for pablevel in (False, True, 0, level):
            table.pablevel = pablevel
            for edge in pairs[:: 1 + len(pairs) // 1500]:
                theirs, ours = dict(edge, qlevel=-1), dict(edge, qlevel=-1)
                crosstable_dutch.update_edge(table, theirs)
                FastQuality.update_edge(table, ours)
                assert ours == theirs, (level, pablevel, edge["ca"], edge["cb"])
                assert list(ours["quality"]) == list(theirs["quality"])
                compared += theirs["canmeet"]
                here += theirs["canmeet"]
        # pairs of competitors alike were rated once (update_edge's memo): fewer kinds than pairs at this level
        assert here < 50 or 0 < len(table.rated or {}) < here
    assert compared > 100



def test_update_edge_on_generated_players() -> None:
    """Random colour preferences, colour differences, last colours, floats, topscorers and score levels on the
    two players of a pair (C10, C11, C12, C13, C14-C21 in every combination the corpus may not hold)."""
    engine, _ = paired(FastDutch, round_input("dutch-038p-9r-s521.trf", 8))
    table = engine.crosstable
    nodes = engine.list_nodes(engine.competitors)
    top = nodes[0]["scorelevel"]
    rng = random.Random(3)
    marked = set()
    shared = 0
    for _ in range(4000):
        level = rng.randrange(top + 1)
        table.set_scorelevel(level)
        table.update_crosstable(level, nodes, [], 0)
        table.pablevel = rng.choice([False, True, 0, level])
        ca, cb = sorted(rng.sample(range(1, len(nodes)), 2))
        saved = table.competitors[ca], table.competitors[cb]
        for cid in (ca, cb):
            table.competitors[cid] = dict(
                table.competitors[cid], top=rng.random() < 0.7, cod=rng.randrange(-3, 4), flt=rng.randrange(16),
                cop=rng.choice(["nc", "w0", "w1", "w2", "b0", "b1", "b2"]), scorelevel=rng.randrange(top + 1),
                csq=" " + rng.choice(["", "w", "b"]) + rng.choice(["ww", "bb", "wb", "bw"]))
        edge = dict(engine.opponents[ca][cb], canmeet=True, qlevel=-1, played=rng.randrange(2))
        theirs, ours = dict(edge), dict(edge)
        crosstable_dutch.update_edge(table, theirs)
        FastQuality.update_edge(table, ours)
        table.competitors[ca], table.competitors[cb] = saved
        assert ours == theirs
        marked.update(k for k, v in theirs["quality"].items() if v == 1 or (isinstance(v, list) and 1 in v))
        assert table.zeros is not None
        shared += sum(ours["quality"][name] is table.zeros[1] for name in ("QC7", "QC18", "QC19", "QC20", "QC21"))
    assert {"QC6", "QC7", "QN8", "QC8", "QC10", "QC11", "QC12", "QC13", "QC14", "QC15", "QC18", "QC19"} <= marked
    # the lists of zeros the pairs share (until they mark one) were shared, and never written into
    assert shared > 1000 and table.zeros_kept()

class Search(FastBrackets, pairing_dutch):  # type: ignore[misc]
    """A search problem for simple_permute: pairs with a colour letter each and whether they can meet, and a
    canbecompleted that accepts some permutations (each call recorded)."""

    def __init__(self, rng: random.Random, size: int, blocked: float) -> None:
        self.verbose = 0
        self.crosstable = SimpleNamespace(BLOB=size + 5)
        self.opponents = [[{} for _ in range(size + 1)] for _ in range(size + 1)]
        letters = "nwWbB"
        for i in range(size + 1):
            for j in range(i, size + 1):
                edge = {"ca": i, "cb": j, "qc": rng.random() > blocked,
                        "colordiff": rng.choice(letters) + rng.choice(letters)}
                self.opponents[i][j] = self.opponents[j][i] = edge
        self.visited: set[tuple[int, int]] = set()
        self.completions: list[list[int]] = []
        self.accept = rng.randrange(3)

    def get_edge_quality(self, edge: dict[str, Any]) -> dict[str, Any]:
        self.visited.add((edge["ca"], edge["cb"]))
        return edge

    def canbecompleted(self, scorelevel: int, nodes: Any, edges: Any, S1: list[int], S2: list[int],
                       permutation: list[int]) -> bool:
        self.completions.append(list(permutation))
        return permutation[-1] % 3 == self.accept


def run_search(method: Any, seed: int, size: int, blocked: float, checkdf: bool,
               split: int) -> tuple[list[int], dict[str, Any], set[tuple[int, int]], list[tuple[int, ...]]]:
    rng = random.Random(seed)
    engine = Search(rng, size, blocked)
    cids = list(range(1, size + 1))
    rng.shuffle(cids)
    players = [{"cop": rng.choice(["nc", "w0", "w1", "w2", "b0", "b1", "b2"])} for _ in cids]
    colordiff = engine.analysis_colordiff(players)
    found = method(engine, 1, [], [], cids[:split], cids[split:], colordiff, checkdf)
    return found, dict(colordiff), engine.visited, asked(engine.completions, split)


def asked(completions: list[list[int]], split: int) -> list[tuple[int, ...]]:
    """The completion checks asked, each once (by the S2 competitors left after S1's pairs), in the order first
    asked: gacrux asks again at every arrangement of the others, simple_permute once."""
    return list(dict.fromkeys(tuple(permutation[split:]) for permutation in completions))


@pytest.mark.parametrize("seed", range(40))
def test_simple_permute_matches_gacrux(seed: int) -> None:
    """Same permutation, same colour counts left, same pairs evaluated, same completion checks (each once), in the
    same order."""
    rng = random.Random(seed)
    size = rng.randrange(2, 24)
    args = (seed, size, rng.choice([0.0, 0.2, 0.5]), rng.random() < 0.5, rng.randrange(1, size // 2 + 1))
    assert run_search(FastBrackets.simple_permute, *args) == run_search(pairing_dutch.simple_permute, *args)


def test_simple_permute_gives_up_where_gacrux_does() -> None:
    """A competitor of S1 who can meet nobody: gacrux tries every arrangement of the others until it has undone
    8! pairs, then gives up with an empty permutation, leaving the colour counts as they are then."""
    calls = []
    for method in (pairing_dutch.simple_permute, FastBrackets.simple_permute):
        rng = random.Random(7)
        engine = Search(rng, 20, 0.0)
        for j in range(21):
            engine.opponents[20][j]["qc"] = False
        colordiff = engine.analysis_colordiff([{"cop": "nc"}] * 20)
        found = method(engine, 1, [], [], [*range(1, 10), 20], list(range(10, 20)), colordiff, False)
        calls.append((found, dict(colordiff), engine.visited))
    assert calls[0] == calls[1]
    assert calls[0][0] == [] and MAXSUB == 40320


@pytest.mark.parametrize("seed", range(12))
def test_simple_permute_long_searches_match_gacrux(seed: int) -> None:
    """Long searches (S1's last competitor can meet one or two of S2, colours at random): simple_permute counts
    the searches it has seen fail instead of making them again (MEMO_FREE); where gacrux gives up after 8! undone
    pairs or finds a permutation late, the same permutation, colour counts, pairs evaluated and completion checks."""
    results = []
    for method in (pairing_dutch.simple_permute, FastBrackets.simple_permute):
        rng = random.Random(seed)
        size = 2 * rng.randrange(8, 11)
        engine = Search(rng, size, 0.1)
        last, partners = size // 2, rng.sample(range(size // 2 + 1, size + 1), rng.randrange(1, 3))
        for j in range(size + 1):
            engine.opponents[last][j]["qc"] = j in partners
        players = [{"cop": rng.choice(["nc", "w0", "w1", "w2", "b0", "b1", "b2"])} for _ in range(size)]
        colordiff = engine.analysis_colordiff(players)
        checkdf = seed % 2 == 1
        found = method(engine, 1, [], [], list(range(1, last + 1)), list(range(last + 1, size + 1)), colordiff,
                       checkdf)
        results.append((found, dict(colordiff), engine.visited, asked(engine.completions, last)))
    assert results[0] == results[1]
