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
