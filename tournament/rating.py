"""FIDE rating arithmetic (handbook B.02, the rating regulations): the tables of expected scores (PD, table 8.1.2)
and of rating differences for a fractional score (dp, table 8.1.1), and the perfect tournament performance (PTP)
that C.07's rating tie-breaks use (tournament/tiebreaks.py).

>>> expected_hundredths(2000, 2000), expected_hundredths(2200, 2000), expected_hundredths(2000, 2200)
(50, 76, 24)
>>> dp_for(Decimal("2.5"), 5), dp_for(Decimal(4), 5), dp_for(Decimal(1), 5)
(0, 240, -240)
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

#: FIDE B.02 table 8.1.2: the largest rating difference giving each PD from 0.50 to 1.00 (index = PD - 50).
PD_UPPER = (3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170,
            179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432,
            456, 484, 517, 559, 619, 735, 800)
#: FIDE B.02 table 8.1.1: dp for a fractional score p = 0.50 … 1.00 (index = p×100 - 50); symmetric below.
DP_HIGH = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175,
           184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444,
           470, 501, 538, 589, 677, 800)
_PD = [next(pd for pd, upper in enumerate(PD_UPPER, start=50) if diff <= upper) for diff in range(801)]


def expected_hundredths(own: int, opponent: int) -> int:
    """PD × 100 of a player rated `own` against `opponent` (differences capped at 800)."""
    diff = max(-800, min(800, opponent - own))
    pd = _PD[abs(diff)]
    return 100 - pd if diff > 0 else pd


def dp_for(score: Decimal, games: int) -> int:
    """dp of table 8.1.1 for the fractional score, rounded half up to hundredths."""
    p = int((score * 100 / games).to_integral_value(rounding=ROUND_HALF_UP))
    return DP_HIGH[p - 50] if p >= 50 else -DP_HIGH[50 - p]


def half_up(value: Decimal) -> int:
    """Rounded to the nearest whole number, halves up (FIDE's rounding of rating figures)."""
    return int(value.to_integral_value(rounding=ROUND_HALF_UP))


def ptp(score: Decimal, ratings: list[int]) -> int:
    """Lowest rating R whose expected score against `ratings` reaches `score` (zero score: lowest - 800)."""
    if score == 0:
        return min(ratings) - 800
    if score > len(ratings):
        return max(ratings) + 800
    target = score * 100
    low, high = min(ratings) - 801, max(ratings) + 800  # expected(low) < target <= expected(high)
    while high - low > 1:
        mid = (low + high) // 2
        if sum(expected_hundredths(mid, r) for r in ratings) >= target:
            high = mid
        else:
            low = mid
    return high


# -- a rated player's rating change and performance (B.02 8.3; C.07 Art. 10) --------------------------------------

#: B.02 8.3.1: "A difference in rating of more than 400 points shall be counted for rating purposes as though it
#: were a difference of 400 points."
RATING_CHANGE_CAP = 400
#: B.02 8.3.3: if games × K exceeds 700, K is the largest whole number such that K × games does not exceed 700.
K_TIMES_GAMES = 700


def rated_expected_hundredths(own: int, opponent: int) -> int:
    """PD × 100 for the rating change: the difference counts as 400 at most (B.02 8.3.1).

    >>> [rated_expected_hundredths(*pair) for pair in ((2200, 1000), (1800, 2482), (2000, 2100))]
    [92, 8, 36]
    """
    return expected_hundredths(own, max(own - RATING_CHANGE_CAP, min(own + RATING_CHANGE_CAP, opponent)))


def default_k(rating: int, *, kind: str = "standard", birth_year: int | None = None, year: int | None = None) -> int:
    """The development coefficient when the rating list does not give it (B.02 8.3.3): 20 in rapid and blitz; in
    standard 40 until the end of the year of the 18th birthday while under 2300, 10 from 2400, else 20 (a player new
    to the list, K 40 for 30 games, is known from the list only).

    >>> default_k(2100), default_k(2450), default_k(2100, birth_year=2010, year=2026), default_k(2100, kind="rapid")
    (20, 10, 40, 20)
    """
    if kind in ("rapid", "blitz"):
        return 20
    if birth_year and year and year - birth_year <= 18 and rating < 2300:
        return 40
    return 10 if rating >= 2400 else 20


def rating_change(own: int, games: list[tuple[int, Decimal]], k: int) -> Decimal | None:
    """ΣΔR × K over games against rated opponents (B.02 8.3.2): ΔR = score − PD per game; None for an unrated
    player or without a rated game. K is lowered so that K × games stays within 700 (8.3.3).

    >>> rating_change(2200, [(1000, Decimal(1)), (2300, Decimal("0.5"))], 20)
    Decimal('4.40')
    """
    rated = [(r, s) for r, s in games if r]
    if not own or not rated:
        return None
    k = min(k, K_TIMES_GAMES // len(rated))
    delta = sum((s - Decimal(rated_expected_hundredths(own, r)) / 100 for r, s in rated), Decimal(0))
    return delta * k


def performance(games: list[tuple[int, Decimal]]) -> tuple[int, int] | None:
    """(ARO, TPR) over games against rated opponents (C.07 Art. 10: ARO the average of their ratings rounded half
    up, TPR = ARO + dp of the fractional score, table 8.1.1); None without such a game.

    >>> performance([(2000, Decimal(1)), (2200, Decimal("0.5")), (1900, Decimal(0)), (2100, Decimal(1))])
    (2050, 2145)
    """
    rated = [(r, s) for r, s in games if r]
    if not rated:
        return None
    aro = half_up(Decimal(sum(r for r, _ in rated)) / len(rated))
    return aro, aro + dp_for(sum((s for _, s in rated), Decimal(0)), len(rated))
