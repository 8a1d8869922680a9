"""tournament/pairing/fast_table.py: the pair table FastCrosstable builds is gacrux's, pair for pair (keys in the
same order, same values, one pair for [i][j] and [j][i]), with byes, absences, forbidden pairs, topscorers and
absolute colour preferences: with the compiled pairs (_pairs.c) and with a dict per pair (where it is not built)."""

from __future__ import annotations

import pytest
from gacrux.crosstabledutch import crosstable_dutch  # type: ignore[import-untyped]

from tests.support.files import FIXTURES
from tests.support.pairing import corpus_file, cut_file
from tournament.formats.trf import parse_trf
from tournament.pairing import fast_table
from tournament.pairing.dutch import gacrux_tournament
from tournament.pairing.fast_dutch import FastCrosstable
from tournament.pairing.trf_input import pairing_input

CORPUS = FIXTURES / "pairing"
CASES = [("dutch-016p-7r-s759.trf", 1), ("dutch-016p-7r-s759.trf", 6), ("dutch-038p-9r-s521.trf", 8),
         ("dutch-060p-11r-s555.trf", 10), ("dutch-134p-9r-s793.trf", 5), ("dutch-155p-5r-s5145.trf", 3)]


@pytest.mark.parametrize(("name", "k"), CASES)
@pytest.mark.parametrize("maxmeets", [1, 2, 0])
@pytest.mark.parametrize("compiled", [True, False])
def test_pair_table_is_gacrux_s(name: str, k: int, maxmeets: int, compiled: bool,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    assert fast_table._pairs is not None, "tournament/pairing/_pairs.c was not built (`pip install -e .`)"
    if not compiled:
        monkeypatch.setattr(fast_table, "_pairs", None)
    others, players = corpus_file(CORPUS / name)
    trf, errors = parse_trf(cut_file(others, players, k, max(len(p.blocks) for p in players)))
    assert not errors
    data = pairing_input(trf)
    tournament, _ = gacrux_tournament(data)
    tournament["prohibited"] = [{"firstRound": k + 1, "lastRound": k + 1, "competitors": [1, 2, 5]}]
    tables = []
    for cls in (crosstable_dutch, FastCrosstable):
        table = cls([], False, 0)
        tables.append(table.init_engine(tournament, k + 1, maxmeets, "w", "cid"))
    (competitors, opponents), (fast_competitors, fast_opponents) = tables
    assert fast_competitors == competitors
    assert fast_opponents == opponents
    size = len(opponents)
    assert all(list(fast_opponents[i][j]) == list(opponents[i][j]) for i in range(size) for j in range(size))
    assert all(fast_opponents[i][j] is fast_opponents[j][i] for i in range(size) for j in range(size))
    assert {type(e) for row in fast_opponents for e in row} == ({fast_table._pairs.Pair} if compiled else {dict})
    meet = [e["canmeet"] for row in opponents for e in row]
    assert (any(meet) and not all(meet)) or maxmeets == 0
    assert any(e["played"] for row in opponents for e in row) or k == 0
