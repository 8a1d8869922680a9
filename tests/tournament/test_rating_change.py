"""Rating change (FIDE B.02 8.3) and performance (C.07 Art. 10) against the regulation's words and published worked
examples, pinned here as quoted, and against gacrux (FIDE's reference code) where it computes the same thing.

B.02 (in force from 1 March 2024), as quoted on chatillon-echecs.fr/outils/elo:
  8.3.1 For each game played against a rated player, determine the difference in rating between the player and
  their opponent, D. A difference in rating of more than 400 points shall be counted for rating purposes as though
  it were a difference of 400 points.
  8.3.2 a) Use table 8.1.2 to determine the player's score probability PD for each game. b) Delta R = score - PD.
  c) Sigma Delta R = the sum of Delta Rs for a tournament or Rating Period. d) Sigma Delta R x K = the Rating
  Change for a tournament or Rating Period.
  8.3.3 K = 40 for a player new to the rating list until they have completed events with at least 30 games. K = 20
  as long as a player's rating remains under 2400. K = 10 once a player's published rating has reached 2400 […].
  K = 40 for all players until the end of the year of their 18th birthday, as long as their rating remains under
  2300. If the number of games (n) for a player on any list for a rating period multiplied by K (as defined above)
  exceeds 700, then K shall be the largest whole number such that K x n does not exceed 700.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec
from gacrux import rating as reference  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.files import fixture_path
from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf
from tournament.models import Pairing, Player
from tournament.rating import default_k, performance, rated_expected_hundredths, rating_change
from tournament.rating_report import player_ratings
from tournament.results import ByeKind, Result
from tournament.standings import compute_standings

ONE, HALF, ZERO = Decimal(1), Decimal("0.5"), Decimal(0)


def test_kasparov_beats_carlsen() -> None:
    """chesschess.blogspot.com (2008), FIDE's calculator: "Rtg = 2812, Rc = 2786, W = 1, Kval = 10 … Kasparov will
    gain 4.6 points for the win against Carlsen, who in turn, will lose that many points." """
    assert rating_change(2812, [(2786, ONE)], 10) == Decimal("4.6")
    assert rating_change(2786, [(2812, ZERO)], 10) == Decimal("-4.6")


def test_a_hundred_points() -> None:
    """chess163.com: "If the rating difference is 100, the stronger player has the winning probability 0.64 while
    the weaker 0.36." """
    assert (rated_expected_hundredths(2400, 2300), rated_expected_hundredths(2300, 2400)) == (64, 36)


def test_the_400_point_rule() -> None:
    """chesselo.com: "If you are rated 2200, and 2 your opponents 1000 each, the FIDE average of your opponents will
    be 1800 […] If you are rated 1800 and your opponent 2400 or 2482, your expected result for the game will be
    0.08 […] If you are rated 2200 and your opponent 1000 or 1600, your expected result for the game will be
    0.92." """
    assert rated_expected_hundredths(2200, 1000) == rated_expected_hundredths(2200, 1600) == 92
    assert rated_expected_hundredths(1800, 2400) == rated_expected_hundredths(1800, 2482) == 8
    assert rating_change(2200, [(1000, ONE), (1000, ONE)], 20) == rating_change(2200, [(1800, ONE)] * 2, 20)
    assert rating_change(2200, [(1000, ONE)], 20) == Decimal("1.60")  # (1 - 0.92) × 20


def test_k_times_games_stays_within_700() -> None:
    """8.3.3: 20 games at K 40 would be 800: K becomes 35 (the largest whole K with K × 20 ≤ 700)."""
    games = [(2000, ONE)] * 20  # PD 0.50 each: ΣΔR = 10
    assert rating_change(2000, games, 40) == Decimal(350)
    assert rating_change(2000, games[:17], 40) == Decimal(340)  # 17 × 40 = 680: K stays 40
    assert rating_change(2000, games[:18], 40) == Decimal(342)  # 18 × 40 = 720: K 38 (684)


def test_k_of_the_regulation() -> None:
    """8.3.3, with what the event file knows (a player new to the list is known from the list's K only)."""
    assert default_k(2399) == 20 and default_k(2400) == 10
    assert default_k(2299, birth_year=2008, year=2026) == 40  # the year of the 18th birthday
    assert default_k(2299, birth_year=2007, year=2026) == 20
    assert default_k(2300, birth_year=2012, year=2026) == 20
    assert default_k(2500, kind="blitz") == default_k(1500, kind="rapid") == 20


def test_unrated_opponents_count_for_nothing() -> None:
    """8.3.1: "for each game played against a rated player"; an unrated player has no rating change."""
    assert rating_change(2000, [(0, ONE), (2000, HALF)], 20) == Decimal(0)
    assert rating_change(2000, [(0, ONE)], 20) is None
    assert rating_change(0, [(2000, ONE)], 20) is None
    assert performance([(0, ONE)]) is None


def test_the_report_leaves_out_forfeits_byes_and_unplayed_games() -> None:
    players = [Player(id=i, tournament_id=1, pairing_number=i, last_name=f"P{i}", fide_rating=r, birth_date=b)
               for i, r, b in ((1, 2000, "1990"), (2, 2000, None), (3, 0, None), (4, 2100, "2010-05-01"))]
    games = [Pairing(tournament_id=1, round=1, white_player_id=1, black_player_id=2, result=Result.WHITE_WIN),
             Pairing(tournament_id=1, round=1, white_player_id=3, black_player_id=4, result=Result.BLACK_WIN),
             Pairing(tournament_id=1, round=2, white_player_id=1, black_player_id=3, result=Result.DRAW),
             Pairing(tournament_id=1, round=2, white_player_id=2, black_player_id=4,
                     result=Result.WHITE_FORFEIT_WIN),
             Pairing(tournament_id=1, round=3, white_player_id=1, black_player_id=4),  # not played yet
             Pairing(tournament_id=1, round=3, white_player_id=2, bye_kind=ByeKind.PAB)]
    report = player_ratings(players, games, 3, k_factors={}, year=2026)
    one, two, three, four = (report[i] for i in (1, 2, 3, 4))
    assert (one.games, one.aro, one.tpr, one.k, one.change) == (1, 2000, 2800, 20, Decimal("10.00"))
    assert (two.games, two.change) == (1, Decimal("-10.00"))  # the forfeit win is not rated
    assert (three.k, three.change, three.games, three.aro) == (None, None, 2, 2050)  # unrated: performance only
    assert (four.k, four.change, four.games) == (40, None, 0)  # 16 in 2026: K 40; beat an unrated player only
    listed = [msgspec.structs.replace(p, fide_id=7) if p.id == 1 else p for p in players]
    assert player_ratings(listed, games, 3, k_factors={7: 10}, year=2026)[1].change == Decimal("5.00")  # list's K


@settings(max_examples=200, deadline=None)
@given(own=st.integers(1000, 2800), games=st.lists(
    st.tuples(st.integers(-400, 400), st.sampled_from([ONE, HALF, ZERO])), min_size=1, max_size=11),
    k=st.sampled_from([10, 20, 40]))
def test_rating_change_and_performance_agree_with_gacrux(own: int, games: list[tuple[int, Decimal]], k: int) -> None:
    """Within 400 points (gacrux caps differences at 800 only), K × (points − Σ expected) as gacrux's rating
    simulation computes it; ARO and TPR as gacrux's C.07 functions."""
    played = [(own + d, s) for d, s in games]
    expected = sum((reference.ComputeExpectedScore(own, r) for r, _ in played), Decimal(0))
    points = sum((s for _, s in played), Decimal(0))
    assert rating_change(own, played, k) == (points - expected) * k
    ratings = [r for r, _ in played]
    assert performance(played) == (reference.ComputeAverageRatingOpponents(ratings),
                                   reference.ComputeTournamentPerformanceRating(points, ratings))


def test_performance_is_the_tie_breaks_aro_and_tpr() -> None:
    """With every player rated, the page's ARO and TPR are C.07's tie-breaks of those names (tournament/tiebreaks)."""
    trf, _ = parse_trf(decode(fixture_path("club-64p-7r.trf").read_bytes()))
    rows, games = trf_rows(trf)
    players = msgspec.convert([{**p, "id": int(p["pairing_number"]), "tournament_id": 1,
                                "fide_rating": p.get("fide_rating") or 1500} for p in rows], list[Player],
                              strict=False)
    pairings = msgspec.convert([{**{k: v for k, v in g.items() if k not in ("white", "black")}, "tournament_id": 1,
                                 "white_player_id": g["white"], "black_player_id": g.get("black")} for g in games],
                               list[Pairing], strict=False)
    standings = compute_standings(players, pairings, tie_breaks=["ARO", "TPR"], rounds=trf.rounds)
    report = player_ratings(players, pairings, trf.rounds)
    assert all(row.values == [report[row.player_id].aro, report[row.player_id].tpr] for row in standings.rows)
    assert sum(1 for r in report.values() if r.tpr) > 50
