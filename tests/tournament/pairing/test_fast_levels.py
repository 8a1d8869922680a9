"""tournament/pairing/fast_levels.py against gacrux's own compute_hamilton and find_pab, on the same engine (the
same list of pairs, the same completeness tests): the same figures per score level, the same bye level, the
same pairs kept in the same order."""

from __future__ import annotations

from typing import Any

import pytest
from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

from tests.support.files import FIXTURES
from tests.support.pairing import corpus_file, cut_file
from tournament.formats.trf import parse_trf
from tournament.pairing.dutch import gacrux_tournament
from tournament.pairing.fast_dutch import FastDutch
from tournament.pairing.fast_levels import FastLevels
from tournament.pairing.trf_input import pairing_input

CORPUS = FIXTURES / "pairing"
#: Even and odd fields (the bye), absences, the first round (one level) and late rounds (many).
CASES = [("dutch-016p-7r-s759.trf", 1), ("dutch-016p-7r-s759.trf", 4), ("dutch-038p-9r-s521.trf", 8),
         ("dutch-060p-11r-s555.trf", 6), ("dutch-134p-9r-s793.trf", 5), ("dutch-155p-5r-s5145.trf", 3),
         ("dutch-211p-6r-s5029.trf", 2)]


def engine(name: str, k: int, forbidden: list[int] | None = None) -> Any:
    others, players = corpus_file(CORPUS / name)
    trf, errors = parse_trf(cut_file(others, players, k, max(len(p.blocks) for p in players)))
    assert not errors
    data = pairing_input(trf)
    tournament, _ = gacrux_tournament(data)
    if forbidden:
        tournament["prohibited"] = [{"firstRound": k + 1, "lastRound": k + 1, "competitors": forbidden}]
    fast = FastDutch(tournament, data.round_to_pair, {"experimental": [], "verbose": 0, "top_color": "w"})
    fast.checkonly, fast.reportlevel, fast.optimize = False, 0, True
    fast.crosstable = fast.get_crosstable([], False, 0)
    fast.competitors, fast.opponents = fast.crosstable.init_engine(
        fast.tournament, fast.rnd, fast.nummeets, fast.topcolor, fast.rank)
    fast.levels = len(fast.crosstable.levels())
    return fast


@pytest.mark.parametrize(("name", "k"), CASES)
def test_list_of_pairs_as_gacrux(name: str, k: int) -> None:
    """The same pair dicts in the same order; each piece one first competitor and its second ones."""
    fast = engine(name, k, forbidden=[2, 3, 7, 1])
    edges = FastLevels.list_edges(fast, fast.opponents)
    theirs = pairing_dutch.list_edges(fast, fast.opponents)
    assert len(edges) == len(theirs) and all(a is b for a, b in zip(edges, theirs, strict=True))
    assert not fast.opponents[2][3]["canmeet"] and any(not e["canmeet"] for row in fast.opponents for e in row[1:-1])
    listed, parts = fast._listed
    assert listed is edges
    assert [e for _, piece, _ in parts for e in piece] == edges
    assert all(e["ca"] == ca for ca, piece, _ in parts for e in piece)
    assert all([e["cb"] for e in piece] == cbs for _, piece, cbs in parts)
    assert all(len({(e["sa"], e["sb"]) for e in piece}) == 1 for _, piece, _ in parts)


@pytest.mark.parametrize(("name", "k"), CASES)
def test_hamilton_and_bye_as_gacrux(name: str, k: int) -> None:
    fast = engine(name, k)
    nodes = fast.list_nodes(fast.competitors)
    edges = fast.list_edges(fast.opponents)
    theirs = pairing_dutch.compute_hamilton(fast, nodes, edges)
    assert FastLevels.compute_hamilton(fast, nodes, edges) == theirs
    assert FastLevels.compute_hamilton(fast, nodes, list(edges)) == theirs  # a list without its pieces
    assert any(level.get("cur_pairs") for level in theirs) or fast.levels < 3
    for optimize in (True, False):
        fast.optimize = optimize
        found = []
        for method in (pairing_dutch.find_pab, FastLevels.find_pab):
            fast.pablevel, fast.hamilton = -1, theirs
            pabbracket, pab, kept_nodes, kept = method(fast, nodes, edges)
            found.append((pabbracket, pab, fast.pablevel, kept_nodes is nodes, [(e["ca"], e["cb"]) for e in kept]))
        assert found[0] == found[1]
        assert len(found[0][4]) < len(edges) or not fast.competitors[0]["rfp"]


@pytest.mark.parametrize(("name", "k"), CASES)
def test_histogram_as_gacrux(name: str, k: int) -> None:
    fast = engine(name, k)
    nodes = fast.list_nodes(fast.competitors)
    edges = fast.list_edges(fast.opponents)
    fast.hamilton = fast.compute_hamilton(nodes, edges)
    _, _, _, edges = fast.find_pab(nodes, edges)  # kept as pieces by FastDutch from here on
    for chosen in (nodes, nodes[: len(nodes) // 2], nodes[3::2], nodes[len(nodes) // 3:]):
        narrowed = fast.get_edges(chosen, edges)
        assert fast._segments(narrowed) is not None
        theirs = pairing_dutch.compute_whohasmet_histogram(fast, chosen, narrowed)
        assert FastLevels.compute_whohasmet_histogram(fast, chosen, narrowed) == theirs
        assert FastLevels.compute_whohasmet_histogram(fast, chosen, list(narrowed)) == theirs
    assert any(theirs)
    with pytest.raises(KeyError):
        pairing_dutch.compute_whohasmet_histogram(fast, nodes[1:], fast.get_edges(nodes, edges))
    with pytest.raises(KeyError):
        FastLevels.compute_whohasmet_histogram(fast, nodes[1:], fast.get_edges(nodes, edges))
