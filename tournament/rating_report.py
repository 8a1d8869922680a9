"""Each player's rated games of a tournament, their rating change and their performance (the standings' optional
columns, the cross-table and the player's page).

- **Rating change** (B.02 8.3, "variation Elo"): games played over the board against a rated opponent, the
  players' FIDE ratings of the tournament's kind; ΔR = score − PD (a difference over 400 counts as 400), times K:
  the rating list's K for the player (app/ratings.py), else the regulation's rule from rating and age
  (`tournament.rating.default_k`). An unrated player has none (their first rating is FIDE's to compute), nor
  does a game against an unrated opponent, nor a forfeit or a bye.
- **ARO and TPR** (C.07 Art. 10, "performance"): the same games, on the tournament rating (the one the standings
  show); ARO the average of the rated opponents' ratings, TPR = ARO + dp of the fractional score.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal

import msgspec

from tournament.models import Pairing, Player
from tournament.rating import default_k, performance, rating_change


class PlayerRating(msgspec.Struct, frozen=True, kw_only=True):
    games: int  # games over the board against a rated opponent
    aro: int | None
    tpr: int | None
    k: int | None  # None: unrated, no change
    change: Decimal | None  # K × ΣΔR, unrounded (FIDE rounds the period's total)

    @property
    def shown_change(self) -> Decimal | None:
        """The change to one decimal, halves away from zero (as FIDE's tournament reports show it).

        >>> PlayerRating(games=2, aro=None, tpr=None, k=20, change=Decimal("-4.45")).shown_change
        Decimal('-4.5')
        """
        return None if self.change is None else self.change.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def _birth_year(player: Player) -> int | None:
    text = (player.birth_date or "")[:4]
    return int(text) if text.isdigit() else None


def rated_games(players: dict[int, Player], pairings: Iterable[Pairing],
                rounds: int) -> dict[int, list[tuple[int, int, Decimal]]]:
    """Player id -> (opponent's FIDE rating, opponent's tournament rating, score) of each game over the board up
    to `rounds` with a result (forfeits and byes left out)."""
    games: dict[int, list[tuple[int, int, Decimal]]] = {pid: [] for pid in players}
    for p in pairings:
        if p.round > rounds or p.black_player_id is None or p.result is None or p.result.is_forfeit:
            continue
        white, black = players.get(p.white_player_id), players.get(p.black_player_id)
        if white is None or black is None:
            continue
        wh, bh = p.result.half_points()
        games[white.id].append((black.fide_rating or 0, black.rating, Decimal(wh) / 2))
        games[black.id].append((white.fide_rating or 0, white.rating, Decimal(bh) / 2))
    return games


def player_ratings(players: Sequence[Player], pairings: Iterable[Pairing], rounds: int, *,
                   k_factors: dict[int, int] | None = None, kind: str | None = None,
                   year: int | None = None) -> dict[int, PlayerRating]:
    """Player id -> rated games, ARO, TPR, K and rating change after `rounds`. `k_factors` maps FIDE ids to the
    list's K; `year` is the tournament's (the age rule of K 40)."""
    by_id = {p.id: p for p in players}
    out: dict[int, PlayerRating] = {}
    for pid, games in rated_games(by_id, pairings, rounds).items():
        player = by_id[pid]
        perf = performance([(tournament, score) for _, tournament, score in games])
        own = player.fide_rating or 0
        k = None
        if own:
            k = (k_factors or {}).get(player.fide_id or 0) or default_k(own, kind=kind or "standard",
                                                                         birth_year=_birth_year(player), year=year)
        change = rating_change(own, [(fide, score) for fide, _, score in games], k) if k else None
        out[pid] = PlayerRating(games=sum(1 for _, tournament, _ in games if tournament), aro=perf and perf[0],
                                tpr=perf and perf[1], k=k, change=change)
    return out
