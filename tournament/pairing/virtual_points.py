"""Virtual points of accelerated pairings (docs/screens.md §2.3), in half-points.

Virtual points are only ever added to the points *shown* in the hall and used to order boards;
they never reach TRF points or tie-breaks. The SAD steps follow the spec (½ point per 1.5 real
points, i.e. one half-point per three real half-points); Papi-web's operator-precedence slip
(docs/screens.md §15.9) is not reproduced. Check them against the FFE arbiter's handbook before relying
on them for a real event.
"""

from __future__ import annotations

HALEY_KINDS = ("haley", "haley_soft")


def applies(system: str | None, rnd: int | None, rounds: int | None) -> bool:
    """Whether virtual points are added in round `rnd` (then real points are printed too).

    >>> applies("haley", 2, 9), applies("haley", 3, 9), applies("sad", 7, 9), applies("sad", 8, 9)
    (True, False, True, False)
    >>> applies("standard", 1, 9), applies("haley", None, 9), applies("sad", 1, None)
    (False, False, False)
    """
    if rnd is None:
        return False
    if system in HALEY_KINDS:
        return rnd <= 2
    if system == "sad":
        return rounds is not None and rnd <= rounds - 2
    return False


def virtual_half_points(
    system: str | None, rating: int, limit_1: int | None, limit_2: int | None, rnd: int | None,
    rounds: int | None, real_half_points: int,
) -> int:
    """Half-points added to a player's shown score in round `rnd`.

    >>> virtual_half_points("haley", 2100, 2000, None, 1, 9, 0)
    2
    >>> virtual_half_points("haley_soft", 1500, 2000, None, 2, 9, 2)
    1
    >>> [virtual_half_points("sad", r, 2000, 1600, 3, 9, p) for r, p in [(2100, 0), (1700, 0), (1700, 3), (1200, 6)]]
    [4, 2, 3, 2]
    >>> virtual_half_points("sad", 1200, 2000, 1600, 3, 9, 9)  # 2p >= N: 2 points
    4
    """
    if not applies(system, rnd, rounds) or limit_1 is None:
        return 0
    assert rnd is not None
    if system in HALEY_KINDS:
        if rating >= limit_1:
            return 2
        return 1 if system == "haley_soft" and rnd == 2 else 0
    # SAD (rounds is known here): p real points, in half-points h: floor(p / 1.5) = floor(h / 3).
    assert rounds is not None
    if rating >= limit_1 or real_half_points >= rounds:
        return 4
    steps = real_half_points // 3
    if limit_2 is not None and rating >= limit_2:
        return min(4, 2 + steps)
    return min(4, steps)
