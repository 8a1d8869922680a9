"""Current round, points before a round and the published board order (docs/screens.md §2)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

import msgspec

from tournament.errors import Invalid
from tournament.models import Pairing, Player
from tournament.names import collate
from tournament.results import HALF_POINTS, ByeKind, Result  # noqa: F401 (Result: the doctests)

T = TypeVar("T")

TITLE_RANK = {"GM": 8, "WGM": 7, "IM": 6, "WIM": 5, "FM": 4, "WFM": 3, "CM": 2, "WCM": 1}


def current_round(pairings: Iterable[Pairing]) -> int | None:
    """The lowest round with a game lacking its result, else the highest paired round, else None.

    >>> P = lambda r, b, res: Pairing(tournament_id=1, round=r, white_player_id=1, black_player_id=b, result=res,
    ...                               bye_kind=None if b else ByeKind.PAB)
    >>> current_round([P(1, 2, 3), P(2, 2, None), P(2, None, None)])
    2
    >>> current_round([P(1, 2, 3), P(2, None, None)])
    2
    >>> current_round([]) is None
    True
    """
    missing = [p.round for p in pairings if p.is_game and p.result is None]
    if missing:
        return min(missing)
    rounds = [p.round for p in pairings]
    return max(rounds) if rounds else None


def half_points(pairings: Iterable[Pairing], before_round: int | None = None, pab: int = 2) -> dict[int, int]:
    """Points per player id, in half-points, over rounds strictly before `before_round` (all if None).

    >>> games = [Pairing(tournament_id=1, round=1, white_player_id=1, black_player_id=2, result=Result.DRAW),
    ...          Pairing(tournament_id=1, round=1, white_player_id=3, bye_kind=ByeKind.PAB),
    ...          Pairing(tournament_id=1, round=2, white_player_id=2, black_player_id=3, result=Result.WHITE_WIN)]
    >>> half_points(games), half_points(games, before_round=2)
    ({1: 1, 2: 3, 3: 2}, {1: 1, 2: 1, 3: 2})
    """
    points: dict[int, int] = defaultdict(int)
    byes = {kind: kind.half_points(pab) for kind in ByeKind}
    last = before_round if before_round is not None else 1 << 30
    for p in pairings:  # the hottest loop of a live screen: keep it plain
        if p.round >= last:
            continue
        if p.bye_kind is not None:
            points[p.white_player_id] += byes[p.bye_kind]
        elif p.result is not None and p.black_player_id is not None:
            white, black = HALF_POINTS[p.result]
            points[p.white_player_id] += white
            points[p.black_player_id] += black
    return dict(points)


def player_key(player: Player, shown: int) -> tuple[int, int, int, str, str, int]:
    return (-shown, -player.rating, -TITLE_RANK.get(player.title or "", 0), collate(player.last_name),
            collate(player.first_name), player.pairing_number)


def order_games(
    games: Sequence[tuple[int, int | None]], players: Mapping[int, Player], shown: Mapping[int, int]
) -> list[tuple[int, int | None]]:
    """Sort (white id, black id) games per docs/screens.md §2.4; the PAB (black None) comes last.

    >>> mk = lambda i, r: Player(id=i, tournament_id=1, pairing_number=i, last_name=f"P{i}", fide_rating=r)
    >>> ps = {i: mk(i, r) for i, r in [(1, 2000), (2, 1900), (3, 1800), (4, 1700), (5, 1000)]}
    >>> order_games([(4, 3), (5, None), (2, 1)], ps, {1: 2, 2: 0, 3: 2, 4: 2, 5: 0})
    [(4, 3), (2, 1), (5, None)]
    """
    def board_key(game: tuple[int, int | None]) -> tuple[object, ...]:
        white, black = game
        if black is None:
            return (True, 0, 0, player_key(players[white], shown.get(white, 0)), ())
        keys = sorted(
            ((player_key(players[pid], shown.get(pid, 0)), pid) for pid in (white, black)), key=lambda kp: kp[0]
        )
        (strong_key, strong), (weak_key, weak) = keys
        return (False, -shown.get(strong, 0), -shown.get(weak, 0), strong_key, weak_key)

    return sorted(games, key=board_key)


def number_boards(
    pairings: Sequence[Pairing], players: Mapping[int, Player], shown: Mapping[int, int]
) -> list[Pairing]:
    """Give a round's games and PAB their published position and number; other byes get neither.

    The number is White's fixed board, else Black's, else the position (docs/screens.md §2.4).
    Raises Invalid (a ValueError) when two boards would get the same number.
    """
    by_game = {(p.white_player_id, p.black_player_id): p for p in pairings if p.is_game or p.bye_kind == ByeKind.PAB}
    ordered = order_games(list(by_game), players, shown)
    out: list[Pairing] = []
    used: dict[int, int] = {}
    for position, game in enumerate(ordered, start=1):
        pairing = by_game[game]
        fixed = [board for pid in game if pid is not None and (board := players[pid].fixed_board)]
        number = fixed[0] if fixed and pairing.is_game else position
        if number in used:
            raise Invalid("Two boards would get the number %s; check the fixed boards.", number)
        used[number] = position
        out.append(msgspec.structs.replace(pairing, board=number, board_order=position))
    out.extend(p for p in pairings if not p.is_game and p.bye_kind != ByeKind.PAB)
    return out


def slice_items(items: Sequence[T], first: int | None, last: int | None) -> list[T]:
    """Items first..last (1-based, inclusive); `first > last` gives nothing.

    >>> slice_items(list(range(1, 11)), 3, 5)
    [3, 4, 5]
    >>> slice_items([1, 2, 3], None, None)
    [1, 2, 3]
    >>> slice_items([1, 2, 3], 3, 2)
    []
    """
    start = max(first or 1, 1)
    stop = len(items) if last is None else min(last, len(items))
    return list(items[start - 1 : stop])


def split_columns(items: Sequence[T], columns: int) -> list[list[T]]:
    """Deal items into `columns` consecutive runs; the first `n % c` runs get one more item.

    >>> split_columns(list(range(1, 12)), 2)
    [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11]]
    >>> split_columns([1, 2], 3)
    [[1], [2], []]
    """
    columns = max(columns, 1)
    q, r = divmod(len(items), columns)
    out: list[list[T]] = []
    start = 0
    for c in range(columns):
        size = q + (1 if c < r else 0)
        out.append(list(items[start : start + size]))
        start += size
    return out
