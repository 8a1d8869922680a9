"""Check-in before round 1 (docs/screens.md §10): when it is open and what it means for round 1."""

from __future__ import annotations

from collections.abc import Iterable

from tournament.models import Player


def is_open(current_round: int | None) -> bool:
    """Check-in is possible only while the tournament has no paired round."""
    return current_round is None


def absent_for_round_one(players: Iterable[Player]) -> set[int]:
    """Ids of players treated as absent for round 1: nobody until someone checks in, then the others.

    >>> mk = lambda i, c: Player(id=i, tournament_id=1, pairing_number=i, last_name="X", checked_in=c)
    >>> absent_for_round_one([mk(1, False), mk(2, False)]), absent_for_round_one([mk(1, True), mk(2, False)])
    (set(), {2})
    """
    players = list(players)
    if not any(p.checked_in for p in players):
        return set()
    return {p.id for p in players if not p.checked_in}
