"""The arbiter's pairing draft: each player's history (score, colours, floats), the manual changes an
arbiter may make to a proposed round, and the pairing rules each board breaks (C.04.1 and the Dutch
system's absolute colour criteria). Pure: players, pairing rows and boards in, problems out.

A draft is a list of `Board`s: a game (White, Black) or the pairing-allocated bye (White, None).
Problems are message keys (English text with `%s`) and their arguments, translated by the web layer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import msgspec

from tournament.errors import Invalid
from tournament.messages import N_
from tournament.models import Pairing, Player, SkippedRound
from tournament.results import HALF_POINTS, ByeKind, Result


class Board(msgspec.Struct, frozen=True, kw_only=True):
    """A proposed board: a game, or the pairing-allocated bye when `black` is None."""

    white: int
    black: int | None = None


class History(msgspec.Struct, frozen=True, kw_only=True):
    """A player's past before the round being paired."""

    player_id: int
    half_points: int
    colours: str  # one letter per past round: "w", "b", or "-" when the player had no game
    floats: str  # one letter per past round: "↑" upfloat, "↓" downfloat (a PAB too), "·" none
    opponents: frozenset[int]  # opponents of games actually played (a forfeit is not a game played)
    had_pab: bool  # a pairing-allocated bye, a full-point bye or a forfeit win: a point without playing

    @property
    def played_colours(self) -> str:
        return "".join(c for c in self.colours if c in "wb")

    @property
    def colour_difference(self) -> int:
        """Whites minus Blacks of the games played."""
        return self.played_colours.count("w") - self.played_colours.count("b")


class Problem(msgspec.Struct, frozen=True):
    """A rule a draft breaks: a message key and its arguments."""

    key: str
    args: tuple[str | int, ...] = ()


class Checked(msgspec.Struct, frozen=True, kw_only=True):
    """The problems of each board (same order as the draft) and of the round as a whole."""

    boards: list[list[Problem]]
    round: list[Problem]

    @property
    def count(self) -> int:
        return sum(len(b) for b in self.boards) + len(self.round)


REPEAT = N_("%s and %s have already played each other.")
THIRD_WHITE = N_("%s would have White three times in a row.")
THIRD_BLACK = N_("%s would have Black three times in a row.")
DIFFERENCE = N_("%s would have a colour difference of %s.")
SECOND_BYE = N_("%s already had a pairing-allocated bye or a point without playing.")
TWICE = N_("%s is paired twice.")
NOT_PAIRED = N_("%s is not paired.")
REQUESTED = N_("%s is not to be paired in this round (requested bye or withdrawal).")
UNKNOWN = N_("Player %s is not in this tournament.")
TWO_BYES = N_("More than one player has the pairing-allocated bye.")


def histories(players: Iterable[Player], pairings: Iterable[Pairing], before_round: int) -> dict[int, History]:
    """Every player's score, colours and floats over the rounds strictly before `before_round`.

    >>> mk = lambda i: Player(id=i, tournament_id=1, pairing_number=i, last_name=f"P{i}")
    >>> g = lambda r, w, b, res: Pairing(tournament_id=1, round=r, white_player_id=w, black_player_id=b, result=res)
    >>> h = histories([mk(1), mk(2), mk(3)], [g(1, 1, 2, Result.WHITE_WIN),
    ...     Pairing(tournament_id=1, round=1, white_player_id=3, bye_kind=ByeKind.PAB), g(2, 2, 1, Result.DRAW)], 3)
    >>> h[1].colours, h[1].floats, h[1].half_points, h[2].floats, h[3].colours, h[3].floats, h[3].had_pab
    ('wb', '·↓', 3, '·↑', '--', '↓·', True)
    """
    players = list(players)
    rounds = range(1, before_round)
    points: dict[int, int] = {p.id: 0 for p in players}
    colours: dict[int, list[str]] = {p.id: ["-"] * len(rounds) for p in players}
    floats: dict[int, list[str]] = {p.id: ["·"] * len(rounds) for p in players}
    opponents: dict[int, set[int]] = {p.id: set() for p in players}
    free_point: set[int] = set()
    by_round: dict[int, list[Pairing]] = {}
    for p in pairings:
        if 1 <= p.round < before_round:
            by_round.setdefault(p.round, []).append(p)
    for rnd in rounds:
        before = dict(points)
        for p in by_round.get(rnd, []):
            w, b = p.white_player_id, p.black_player_id
            if w not in points or (b is not None and b not in points):
                continue
            if b is None:
                kind = p.bye_kind or ByeKind.ZERO
                points[w] += kind.half_points()
                if kind in (ByeKind.PAB, ByeKind.FULL):
                    free_point.add(w)
                if kind == ByeKind.PAB:
                    floats[w][rnd - 1] = "↓"
                continue
            colours[w][rnd - 1], colours[b][rnd - 1] = "w", "b"
            if p.result is not None:
                white, black = HALF_POINTS[p.result]
                points[w] += white
                points[b] += black
            if p.result is not None and p.result.is_forfeit:
                colours[w][rnd - 1] = colours[b][rnd - 1] = "-"
                if p.result == Result.WHITE_FORFEIT_WIN:
                    free_point.add(w)
                elif p.result == Result.BLACK_FORFEIT_WIN:
                    free_point.add(b)
                continue
            opponents[w].add(b)
            opponents[b].add(w)
            if before[w] != before[b]:
                high, low = (w, b) if before[w] > before[b] else (b, w)
                floats[high][rnd - 1], floats[low][rnd - 1] = "↓", "↑"
    return {pid: History(player_id=pid, half_points=points[pid], colours="".join(colours[pid]),
                         floats="".join(floats[pid]), opponents=frozenset(opponents[pid]),
                         had_pab=pid in free_point)
            for pid in points}


def not_to_pair(players: Iterable[Player], skipped: Iterable[SkippedRound], rnd: int) -> dict[int, ByeKind]:
    """Players who are not paired in `rnd`, with the bye they get: requested byes and withdrawals
    (`skipped_round`: 1 → full point, ½ → half point, 0 → zero), and before round 1 the players not
    checked in once check-in has started.

    >>> mk = lambda i, c=False: Player(id=i, tournament_id=1, pairing_number=i, last_name="X", checked_in=c)
    >>> s = [SkippedRound(id=1, tournament_id=1, round=2, papi_player_id=2, score=0.5)]
    >>> not_to_pair([mk(1), mk(2)], s, 2), not_to_pair([mk(1, True), mk(2)], s, 1)
    ({2: <ByeKind.HALF: 'H'>}, {2: <ByeKind.ZERO: 'Z'>})
    """
    players = list(players)
    known = {p.id for p in players}
    out: dict[int, ByeKind] = {}
    for s in skipped:
        if s.round == rnd and s.papi_player_id in known:
            out[s.papi_player_id] = ByeKind.FULL if s.score >= 1 else ByeKind.HALF if s.score > 0 else ByeKind.ZERO
    if rnd == 1 and any(p.checked_in for p in players):
        for p in players:
            if not p.checked_in:
                out.setdefault(p.id, ByeKind.ZERO)
    return out


def check(boards: Sequence[Board], history: Mapping[int, History], names: Mapping[int, str],
          excluded: Iterable[int] = ()) -> Checked:
    """The rules each board breaks, and the round's own problems (nobody twice, nobody forgotten).

    >>> h = {i: History(player_id=i, half_points=0, colours=c, floats="", opponents=frozenset(o), had_pab=pab)
    ...      for i, c, o, pab in [(1, "ww", {2}, False), (2, "bb", {1}, False), (3, "b-", set(), True)]}
    >>> names = {1: "A", 2: "B", 3: "C"}
    >>> found = check([Board(white=1, black=2), Board(white=3)], h, names)
    >>> [p.key % p.args for p in found.boards[0]]
    ['A and B have already played each other.', 'A would have White three times in a row.', \
'A would have a colour difference of 3.', 'B would have Black three times in a row.', \
'B would have a colour difference of -3.']
    >>> [p.key % p.args for p in found.boards[1]], found.round
    (['C already had a pairing-allocated bye or a point without playing.'], [])
    """
    excluded = set(excluded)
    seen: dict[int, int] = {}
    out: list[list[Problem]] = []
    round_problems: list[Problem] = []

    def name(pid: int) -> str:
        return names.get(pid, f"#{pid}")

    for board in boards:
        problems: list[Problem] = []
        for pid in (board.white, board.black):
            if pid is None:
                continue
            seen[pid] = seen.get(pid, 0) + 1
            if pid not in history:
                problems.append(Problem(UNKNOWN, (pid,)))
            elif pid in excluded:
                problems.append(Problem(REQUESTED, (name(pid),)))
        if board.black is None:
            past = history.get(board.white)
            if past is not None and past.had_pab:
                problems.append(Problem(SECOND_BYE, (name(board.white),)))
        elif board.white in history and board.black in history:
            white, black = history[board.white], history[board.black]
            if board.black in white.opponents:
                problems.append(Problem(REPEAT, (name(board.white), name(board.black))))
            problems += _colour_problems(white, "w", name(board.white))
            problems += _colour_problems(black, "b", name(board.black))
        out.append(problems)
    round_problems += [Problem(TWICE, (name(pid),)) for pid, n in seen.items() if n > 1]
    round_problems += [Problem(NOT_PAIRED, (name(pid),)) for pid in history if pid not in seen and pid not in excluded]
    if sum(1 for b in boards if b.black is None) > 1:
        round_problems.append(Problem(TWO_BYES))
    return Checked(boards=out, round=round_problems)


def _colour_problems(past: History, colour: str, name: str) -> list[Problem]:
    problems = []
    played = past.played_colours + colour
    if played.endswith(colour * 3):
        problems.append(Problem(THIRD_WHITE if colour == "w" else THIRD_BLACK, (name,)))
    difference = played.count("w") - played.count("b")
    if abs(difference) > 2:
        problems.append(Problem(DIFFERENCE, (name, difference)))
    return problems


# -- manual changes -----------------------------------------------------------------------------------

Slots = list[list[int | None]]


def _slots(boards: Sequence[Board]) -> Slots:
    return [[b.white, b.black] for b in boards]


def _boards(slots: Slots) -> list[Board]:
    """Back to boards: an empty seat moves the lone player to White (the bye); empty boards go."""
    out = []
    for white, black in slots:
        if white is None and black is None:
            continue
        if white is None:
            white, black = black, None
        assert white is not None
        out.append(Board(white=white, black=black))
    return out


def _find(slots: Slots, pid: int, names: Mapping[int, str]) -> tuple[int, int]:
    for i, seats in enumerate(slots):
        for side, seated in enumerate(seats):
            if seated == pid:
                return i, side
    raise Invalid("%s is not on any board of this draft.", names.get(pid, f"#{pid}"))


def swap_colours(boards: Sequence[Board], index: int) -> list[Board]:
    """White and Black of one board (1-based position in the draft) change places.

    >>> swap_colours([Board(white=1, black=2)], 1)
    [Board(white=2, black=1)]
    """
    if not 1 <= index <= len(boards):
        raise Invalid("There is no board %s in this draft.", index)
    board = boards[index - 1]
    if board.black is None:
        raise Invalid("The bye has no colours to swap.")
    out = list(boards)
    out[index - 1] = Board(white=board.black, black=board.white)
    return out


def exchange(boards: Sequence[Board], a: int, b: int, names: Mapping[int, str]) -> list[Board]:
    """Two players change places (board and colour); either may be the player with the bye.

    >>> exchange([Board(white=1, black=2), Board(white=3, black=4), Board(white=5)], 2, 5, {})
    [Board(white=1, black=5), Board(white=3, black=4), Board(white=2, black=None)]
    """
    if a == b:
        raise Invalid("Choose two different players.")
    slots = _slots(boards)
    (i, si), (j, sj) = _find(slots, a, names), _find(slots, b, names)
    slots[i][si], slots[j][sj] = b, a
    return _boards(slots)


def pair_together(boards: Sequence[Board], a: int, b: int, names: Mapping[int, str]) -> list[Board]:
    """`a` and `b` play each other on `a`'s board (a keeps its colour); `b`'s former opponent takes the
    seat `b` leaves (or the bye, if `a` had it).

    >>> pair_together([Board(white=1, black=2), Board(white=3, black=4)], 1, 4, {})
    [Board(white=1, black=4), Board(white=3, black=2)]
    >>> pair_together([Board(white=1, black=2), Board(white=5)], 5, 2, {})
    [Board(white=1, black=None), Board(white=5, black=2)]
    """
    if a == b:
        raise Invalid("Choose two different players.")
    slots = _slots(boards)
    i, side = _find(slots, a, names)
    j, sj = _find(slots, b, names)
    if i == j:
        raise Invalid("%s and %s are already paired together.", names.get(a, f"#{a}"), names.get(b, f"#{b}"))
    other = 1 - side
    slots[i][other], slots[j][sj] = b, slots[i][other]
    return _boards(slots)


def to_bye(boards: Sequence[Board], pid: int, names: Mapping[int, str]) -> list[Board]:
    """The player takes the pairing-allocated bye; whoever had it takes the player's seat.

    >>> to_bye([Board(white=1, black=2), Board(white=3)], 2, {})
    [Board(white=1, black=3), Board(white=2, black=None)]
    """
    bye = [b.white for b in boards if b.black is None]
    if not bye:
        raise Invalid("Nobody has the bye in this round (even number of players): exchange %s with another"
                      " player instead.", names.get(pid, f"#{pid}"))
    if bye[0] == pid:
        raise Invalid("%s already has the bye.", names.get(pid, f"#{pid}"))
    return exchange(boards, pid, bye[0], names)
