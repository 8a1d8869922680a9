"""Standings of every oddity file the reader accepts against FIDE's reference implementation (gacrux), both
C.07 editions: a round made only of byes (in the middle, or declared at the end), more rounds declared than
played, an unfinished round (counted up to the last complete round), other programs' bye codes, team files read
as individual games.

gacrux refuses a file whose points column disagrees with its results, or whose lines disagree; Echiquier reads
them with a warning and lets the results decide. So gacrux is given the file as Echiquier writes it after
reading it (strict columns, points from the results), and Echiquier's standings are computed from the same
reading, with the records Echiquier does not store written back from the file read (so `299` points reach
gacrux); team files are compared as individual games (their team records left out: gacrux would rank teams).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.files import DATA, FIXTURES
from tests.support.gacrux import CODES, HAVE_GACRUX, compare, tiebreakchecker, with_edition
from tournament.formats.importing import trf_adjustments, trf_pairings, trf_players
from tournament.formats.trf import decode, parse_trf
from tournament.formats.trf_export import export_trf
from tournament.models import Tournament
from tournament.standings import compute_standings

ODDITIES = FIXTURES / "trf-oddities"
FILES = [*sorted(ODDITIES.glob("*.trf")), DATA / "good-4p-2r.trf", DATA / "warn-f-for-u.trf",
         DATA / "warn-trf26-no-142-152.trf", DATA / "all-codes-trf26.trf"]


def as_echiquier_writes_it(text: str) -> tuple[str, int]:
    trf, errors = parse_trf(text)
    assert errors == []
    players = trf_players(trf)
    tournament = Tournament(id=1, uniq_id="t", name=trf.name, rounds=trf.rounds, initial_colour=trf.initial_colour)
    source = None if trf.is_team_file else trf
    return export_trf(tournament, players, trf_pairings(trf, players), source=source), trf.completed_rounds


def check(text: str, edition: str, tmp_path: Path) -> None:
    text, counted = as_echiquier_writes_it(text)
    text = with_edition(text, edition)
    trf, errors = parse_trf(text)
    assert errors == []
    players = trf_players(trf)  # an unfinished round: standings after the last complete round
    scored, final = trf_adjustments(trf, counted)
    mine = compute_standings(players, trf_pairings(trf, players), tie_breaks=CODES, rounds=counted,
                             total_rounds=trf.rounds, edition=edition, adjustment=scored, standing_only=final)
    assert compare(mine, tiebreakchecker(text, counted, CODES, tmp_path), CODES) == []


@pytest.mark.skipif(not HAVE_GACRUX, reason="gacrux (test extra) is not installed")
@pytest.mark.parametrize("edition", ["2024-08", "2026-03"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_oddity_standings_against_gacrux(path: Path, edition: str, tmp_path: Path) -> None:
    check(decode(path.read_bytes()), edition, tmp_path)


@pytest.mark.skipif(not HAVE_GACRUX, reason="gacrux (test extra) is not installed")
@pytest.mark.parametrize("edition", ["2024-08", "2026-03"])
@pytest.mark.parametrize("record", ["299     0.0   1.0  999    6", "299     0.0  -1.0    3    1    5",
                                    "299     0.0   0.5    1    2    3"])
def test_299_points_against_gacrux(record: str, edition: str, tmp_path: Path) -> None:
    """A penalty or bonus counted from its round on, or in the final standings only (round 999)."""
    text = decode((ODDITIES / "points-299.trf").read_bytes())
    check(text.replace("299     0.0   1.0    2    6", record), edition, tmp_path)
