"""Each player's rating change and performance in a tournament (tournament/rating_report.py), with the K factors
of the events folder's rating list (app/ratings.py): what the standings' optional columns, the cross-table and the
player's page show. Cached until the next commit, as the standings are."""

from __future__ import annotations

from datetime import datetime

from app.cache import memo
from app.ratings import k_factors
from database.store import EventStore
from tournament.models import Tournament
from tournament.rating_report import PlayerRating, player_ratings


def _year(timestamp: float) -> int | None:
    try:
        return datetime.fromtimestamp(timestamp).year if timestamp else None
    except (OverflowError, OSError, ValueError):
        return None


async def ratings_for(store: EventStore, tournament: Tournament, rounds: int) -> dict[int, PlayerRating]:
    """Player id -> rated games, ARO, TPR, K and rating change after `rounds`."""
    async def compute() -> dict[int, PlayerRating]:
        players = await store.players(tournament.id)
        kind = tournament.rating_kind or "standard"
        ks = await k_factors(store.path.parent, [p.fide_id for p in players if p.fide_id], kind)
        return player_ratings(players, await store.pairings(tournament.id), rounds, k_factors=ks, kind=kind,
                              year=_year((await store.info()).start))

    found: dict[int, PlayerRating] = await memo(store, ("rating-report", tournament.id, rounds), compute)
    return found


def performance_data(rating: PlayerRating | None) -> dict[str, object]:
    """A player's figures in the standings' JSON: ARO, TPR, rated games, K and the change to one decimal.

    >>> from decimal import Decimal
    >>> performance_data(PlayerRating(games=3, aro=1665, tpr=2465, k=10, change=Decimal("2.40")))
    {'aro': 1665, 'tpr': 2465, 'rated_games': 3, 'k': 10, 'elo_change': 2.4}
    """
    if rating is None:
        return {"aro": None, "tpr": None, "rated_games": 0, "k": None, "elo_change": None}
    change = rating.shown_change
    return {"aro": rating.aro, "tpr": rating.tpr, "rated_games": rating.games, "k": rating.k,
            "elo_change": None if change is None else float(change)}
