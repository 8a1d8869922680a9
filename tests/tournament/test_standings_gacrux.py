"""Standings against the FIDE TEC reference implementation (`gacrux`): the precomputed TSV files of
tests/fixtures/expected/, then gacrux itself (when installed) on the fixtures and on generated tournaments,
both C.07 editions. Points must be exact, tie-break values within 0.001, ranks equal."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from tests.support.files import fixture_path
from tests.support.gacrux import CODES, HAVE_GACRUX, compare, read_tsv, tiebreakchecker, with_edition
from tournament.formats.importing import trf_pairings, trf_players
from tournament.formats.trf import decode, parse_trf
from tournament.standings import Standings, compute_standings


def ours(text: str, codes: list[str], edition: str) -> Standings:
    trf, errors = parse_trf(text)
    assert errors == [], errors[:3]
    players = trf_players(trf)
    return compute_standings(players, trf_pairings(trf, players), tie_breaks=codes, rounds=trf.played_rounds,
                             total_rounds=trf.rounds, edition=edition)


@pytest.mark.parametrize("name", ["small-20p-5r", "club-64p-7r", "open-600p-9r"])
def test_precomputed_gacrux_values(name: str) -> None:
    header, rows = read_tsv(fixture_path(f"expected/{name}.gacrux-tiebreaks.tsv").read_text())
    codes = header[3:]
    text = decode(fixture_path(f"{name}.trf").read_bytes())
    trf, _ = parse_trf(text)
    edition = "2024-08" if trf.start_date and trf.start_date.isoformat() < "2026-03-01" else "2026-03"
    assert compare(ours(text, codes, edition), rows, codes) == []


@pytest.mark.skipif(not HAVE_GACRUX, reason="gacrux (test extra) is not installed")
@pytest.mark.parametrize("edition", ["2024-08", "2026-03"])
@pytest.mark.parametrize("name", ["small-20p-5r", "club-64p-7r"])
def test_fixtures_against_gacrux(name: str, edition: str, tmp_path: Path) -> None:
    text = with_edition(decode(fixture_path(f"{name}.trf").read_bytes()), edition)
    trf, _ = parse_trf(text)
    assert compare(ours(text, CODES, edition), tiebreakchecker(text, trf.played_rounds, CODES, tmp_path), CODES) == []


# (players, rounds, played, seed): odd counts (a PAB each round), withdrawals, H/Z byes, forfeits. The files in
# tests/fixtures/generated/ are those synthetic tournaments as TRF26, one per C.07 edition (start date).
GENERATED = [(11, 5, 5, 21), (17, 6, 4, 22), (25, 7, 7, 23), (40, 9, 6, 24), (9, 4, 4, 25)]


@pytest.mark.skipif(not HAVE_GACRUX, reason="gacrux (test extra) is not installed")
@pytest.mark.parametrize("edition", ["2024-08", "2026-03"])
@pytest.mark.parametrize(("players", "rounds", "played", "seed"), GENERATED)
def test_generated_tournaments_against_gacrux(players: int, rounds: int, played: int, seed: int, edition: str,
                                              tmp_path: Path) -> None:
    name = f"generated/gen-{players:02d}p-{rounds}r-{played}played-s{seed}-{edition}.trf"
    text = with_edition(decode(fixture_path(name).read_bytes()), edition)
    assert compare(ours(text, CODES, edition), tiebreakchecker(text, played, CODES, tmp_path), CODES) == []


def test_the_two_editions_differ_where_c07_changed() -> None:
    """A half-point bye followed by games (Art. 16.2.3): the dummy opponent scores the player's own points under
    2024-08 and is capped at draw points × rounds under 2026-03 (player 5 of the small fixture: H in round 1)."""
    text = decode(fixture_path("small-20p-5r.trf").read_bytes())
    old = {r.start_rank: r for r in ours(text, ["BH"], "2024-08").rows}
    new = {r.start_rank: r for r in ours(text, ["BH"], "2026-03").rows}
    own = old[5].points  # 2.5 after 3 rounds, more than ½ × 3 rounds
    assert own > 1.5
    assert old[5].values[0] - new[5].values[0] == own - Decimal("1.5")  # type: ignore[operator]
