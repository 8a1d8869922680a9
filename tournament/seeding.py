"""The initial ranking of a tournament's players (FIDE C.04.2, "initial order"): pairing numbers by rating (highest
first; unrated last), then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, then none), then name (accent- and
case-insensitive: last name, then first name). Numbers follow it until round 1 is paired; after that a late
entrant gets the next number (C.04.2.D), and nobody is renumbered.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament.models import Player
from tournament.names import collate

#: FIDE title order for the initial ranking.
TITLE_ORDER = {"GM": 0, "IM": 1, "WGM": 2, "FM": 3, "WIM": 4, "CM": 5, "WFM": 6, "WCM": 7}
UNTITLED = len(TITLE_ORDER)


def ranking_key(rating: int, title: str | None, last_name: str, first_name: str) -> tuple[int, int, str, str]:
    """What the initial ranking sorts on, smallest first.

    >>> sorted([ranking_key(2100, None, "Zeta", ""), ranking_key(2100, "FM", "Ödegaard", ""),
    ...         ranking_key(2100, "FM", "Adams", ""), ranking_key(2290, "FM", "Young", "")])[0]
    (-2290, 3, 'young', '')
    >>> ranking_key(2100, "FM", "Ödegaard", "") < ranking_key(2100, "FM", "Pérez", "")
    True
    """
    return -rating, TITLE_ORDER.get((title or "").upper(), UNTITLED), collate(last_name), collate(first_name)


def initial_ranking(players: Sequence[Player]) -> list[Player]:
    """The players in initial order (ties on everything keep their current numbers' order)."""
    return sorted(players, key=lambda p: (*ranking_key(p.rating, p.title, p.last_name, p.first_name),
                                          p.pairing_number))


def renumbering(players: Sequence[Player]) -> dict[int, int]:
    """Player id -> the pairing number the initial ranking gives, for the players whose number changes."""
    return {p.id: n for n, p in enumerate(initial_ranking(players), start=1) if p.pairing_number != n}
