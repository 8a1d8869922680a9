"""FastDutch (tournament/pairing/fast_dutch.py) against gacrux's own engine on the corpus: the methods it
replaces must compute the same structures (same objects' contents, same order), and the whole pairing
the same brackets. The replay (test_pairing_replay.py) checks the boards against bbpPairings."""

from __future__ import annotations

from typing import Any

import pytest
from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

from tests.support.files import FIXTURES
from tests.support.pairing import corpus_file, cut_file
from tournament.formats.trf import parse_trf
from tournament.pairing.dutch import gacrux_tournament
from tournament.pairing.fast_dutch import FastDutch
from tournament.pairing.trf_input import pairing_input

CORPUS = FIXTURES / "pairing"
#: Small and large fields, with and without byes and absences (the 394-player one needs networkx).
FILES = ["dutch-016p-7r-s759.trf", "dutch-036p-7r-s1439.trf", *sorted(p.name for p in CORPUS.glob("*.trf"))[-2:]]


def engines(name: str, k: int) -> tuple[Any, Any]:
    others, players = corpus_file(CORPUS / name)
    total = max(len(p.blocks) for p in players)
    trf, errors = parse_trf(cut_file(others, players, k, total))
    assert not errors
    data = pairing_input(trf)
    made = []
    for cls in (pairing_dutch, FastDutch):
        tournament, _ = gacrux_tournament(data)
        made.append(cls(tournament, data.round_to_pair, {"experimental": [], "verbose": 0, "top_color": "w"}))
    return made[0], made[1]


def rounds(name: str) -> list[int]:
    _, players = corpus_file(CORPUS / name)
    total = max(len(p.blocks) for p in players)
    return [1, 2, total // 2, total - 1] if len(players) < 200 else [total // 2, total - 1]


@pytest.mark.parametrize("name", FILES)
def test_same_structures_and_pairing(name: str) -> None:
    for k in rounds(name):
        gacrux, fast = engines(name, k)
        pairs = {}
        for engine in (gacrux, fast):
            engine.checkonly, engine.reportlevel, engine.optimize = False, 0, True
            engine.crosstable = engine.get_crosstable([], False, 0)
            engine.competitors, engine.opponents = engine.crosstable.init_engine(
                engine.tournament, engine.rnd, engine.nummeets, engine.topcolor, engine.rank)
            engine.levels = len(engine.crosstable.levels())
        assert fast.competitors == gacrux.competitors
        assert fast.opponents == gacrux.opponents
        size = len(fast.opponents)
        assert all(fast.opponents[i][j] is fast.opponents[j][i] for i in range(size) for j in range(i, size, 7))
        nodes = gacrux.list_nodes(gacrux.competitors)
        edges = gacrux.list_edges(gacrux.opponents)
        fast_edges = fast.list_edges(fast.opponents)
        assert [(e["ca"], e["cb"]) for e in fast_edges] == [(e["ca"], e["cb"]) for e in edges]
        assert fast.compute_hamilton(fast.list_nodes(fast.competitors), fast_edges) == gacrux.compute_hamilton(
            nodes, edges)
        for engine in (gacrux, fast):
            fresh, _ = gacrux_tournament(_input(name, k))
            again = type(engine)(fresh, engine.rnd, {"experimental": [], "verbose": 0, "top_color": "w"})
            pairs[type(engine)] = [[(p["w"], p["b"], p["board"]) for p in b["pairs"]]
                                   for b in again.compute_pairing(False, 0)]
        assert pairs[FastDutch] == pairs[pairing_dutch], (name, k)


def _input(name: str, k: int) -> Any:
    others, players = corpus_file(CORPUS / name)
    total = max(len(p.blocks) for p in players)
    trf, _ = parse_trf(cut_file(others, players, k, total))
    return pairing_input(trf)


def test_narrowing_matches_gacrux() -> None:
    """get_edges on the pieces kept by FastDutch gives gacrux's list for several node sets."""
    _, fast = engines(FILES[-1], 1)
    fast.compute_pairing(False, 0)  # builds and narrows its lists
    tournament, _ = gacrux_tournament(_input(FILES[-1], 1))
    gacrux = pairing_dutch(tournament, fast.rnd, {"experimental": [], "verbose": 0, "top_color": "w"})
    gacrux.crosstable = fast.crosstable
    nodes = fast.list_nodes(fast.competitors)
    edges = fast.list_edges(fast.opponents)
    _, _, _, edges = fast.find_pab(nodes, edges)
    assert fast._segments(edges) is not None
    for chosen in (nodes[:3], nodes[5:], nodes[::2], nodes[40:200], []):
        assert fast.get_edges(chosen, edges) == gacrux.get_edges(chosen, edges)
        ids = [n["cid"] for n in chosen]
        assert fast.get_modifiededges(ids, ids[1:], edges) == gacrux.get_modifiededges(ids, ids[1:], edges)
    narrowed = fast.get_edges(nodes[4:], edges)
    assert fast.get_edges(nodes[10:], narrowed) == gacrux.get_edges(nodes[10:], narrowed)
    narrowed.append(edges[0])  # a list extended in place is no longer described by its pieces
    assert fast._segments(narrowed) is None
