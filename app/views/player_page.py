"""A player's own page (`/player/<event>/<tournament>/<number>`): the next board and colour, each round's opponent,
colour and result, the points, the rank; and the name search that leads there. What the page shows, no HTML."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from app.views.rating_changes import ratings_for
from app.views.standings import standings_for
from database.store import EventStore
from tournament.errors import NotFound
from tournament.models import Pairing, Player, Tournament
from tournament.names import collate
from tournament.rating_report import PlayerRating
from tournament.results import ByeKind, Result, format_points

#: Search results shown at most (a name typed on a phone: a few letters match many players).
MAX_FOUND = 50


class Opponent(msgspec.Struct, frozen=True, kw_only=True):
    number: int
    name: str
    title: str | None
    rating: int


class RoundLine(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    board: int | None
    colour: str | None  # "W", "B"; None for a bye or an unpaired round
    opponent: Opponent | None
    score: str | None  # the player's points in the game as printed ("1", "½", "0", "1F", "0F"); None: not played yet
    bye: ByeKind | None  # a round without opponent
    total: str  # points after this round (so far, when its result is missing)


class PlayerPage(msgspec.Struct, frozen=True, kw_only=True):
    tournament: Tournament
    player: Player
    rounds: list[RoundLine]
    next: RoundLine | None  # the game still to play (paired, no result), or the bye of that round
    points: str
    rank: str | None  # the place in the standings after `ranked_round` (None before round 1 is complete)
    ranked_round: int
    rating: PlayerRating | None = None  # rating change and performance over the games with a result


def _opponent(p: Player) -> Opponent:
    return Opponent(number=p.pairing_number, name=p.shown_name, title=p.title, rating=p.rating)


def _score(half: int, forfeit: bool) -> str:
    return format_points(half) + ("F" if forfeit else "")


def round_lines(player: Player, players: dict[int, Player], pairings: Iterable[Pairing],
                rounds: int) -> list[RoundLine]:
    """One line per round up to `rounds` (a round the player is not in is an unpaired `Z`), running total.

    >>> a, b = (Player(id=i, tournament_id=1, pairing_number=i, last_name=n) for i, n in ((1, "Ane"), (2, "Bec")))
    >>> games = [Pairing(tournament_id=1, round=1, white_player_id=2, black_player_id=1, board=1, result=Result.DRAW),
    ...          Pairing(tournament_id=1, round=2, white_player_id=1, bye_kind=ByeKind.PAB)]
    >>> [(r.colour, r.opponent and r.opponent.number, r.score, r.total) for r in round_lines(a, {1: a, 2: b}, games, 3)]
    [('B', 2, '½', '½'), (None, None, '1', '1½'), (None, None, '0', '1½')]
    """
    mine = {p.round: p for p in pairings if player.id in (p.white_player_id, p.black_player_id)}
    half = 0
    lines = []
    for rnd in range(1, rounds + 1):
        p = mine.get(rnd)
        if p is None or p.black_player_id is None:
            kind = ByeKind(p.bye_kind) if p is not None and p.bye_kind else ByeKind.ZERO
            half += kind.half_points()
            lines.append(RoundLine(round=rnd, board=None, colour=None, opponent=None, bye=kind,
                                   score=format_points(kind.half_points()), total=format_points(half)))
            continue
        white = p.white_player_id == player.id
        other = players[p.black_player_id if white else p.white_player_id]
        score = None
        if p.result is not None:
            gained = Result(p.result).half_points()[0 if white else 1]
            half += gained
            score = _score(gained, Result(p.result).is_forfeit)
        lines.append(RoundLine(round=rnd, board=p.board, colour="W" if white else "B", opponent=_opponent(other),
                               score=score, bye=None, total=format_points(half)))
    return lines


async def player_page(store: EventStore, tournament: Tournament, number: int) -> PlayerPage:
    players = {p.id: p for p in await store.players(tournament.id)}
    player = next((p for p in players.values() if p.pairing_number == number), None)
    if player is None:
        raise NotFound("No player number %s in this tournament.", number)
    pairings = await store.pairings(tournament.id)
    last = max((p.round for p in pairings), default=0)
    lines = round_lines(player, players, pairings, last)
    latest = lines[-1] if lines else None
    waiting = None
    if latest is not None and (latest.score is None or (latest.bye is not None
                                                         and _still_playing(pairings, latest.round))):
        waiting = latest  # a game to play, or this round's bye while the others play
    standings = await standings_for(store, tournament.id)
    place = next((r.place for r in standings.rows if r.player_id == player.id), None)
    rating = (await ratings_for(store, tournament, last)).get(player.id)
    return PlayerPage(tournament=tournament, player=player, rounds=lines, next=waiting,
                      points=latest.total if latest is not None else "0",
                      rank=place if standings.round else None, ranked_round=standings.round, rating=rating)


def _still_playing(pairings: Sequence[Pairing], rnd: int) -> bool:
    """Whether round `rnd` has a game without its result (the round is being played)."""
    return any(p.round == rnd and p.is_game and p.result is None for p in pairings)


def search(players: Iterable[Player], query: str) -> list[Player]:
    """Players whose name holds the query (accents and case ignored), or whose pairing number it is; by name.

    >>> ps = [Player(id=i, tournament_id=1, pairing_number=i, last_name=n, first_name=f)
    ...       for i, (n, f) in enumerate((("Lefèvre", "Zoé"), ("Martin", "Léo"), ("Le Roux", "Ana")), start=1)]
    >>> [p.last_name for p in search(ps, "le")], [p.last_name for p in search(ps, "ZOE LEF")], search(ps, " ")
    (['Le Roux', 'Lefèvre', 'Martin'], ['Lefèvre'], [])
    >>> [p.last_name for p in search(ps, "2")]
    ['Martin']
    """
    wanted = collate(query.strip())
    if not wanted:
        return []
    words = wanted.split()
    found = [p for p in players
             if query.strip() == str(p.pairing_number)
             or all(w in collate(f"{p.last_name} {p.first_name} {p.display_name or ''}") for w in words)]
    return sorted(found, key=lambda p: (collate(p.last_name), collate(p.first_name), p.pairing_number))[:MAX_FOUND]
