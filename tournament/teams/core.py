"""Team competitions, pure: match score from board results, match and game points, team standings with the
C.07 team tie-breaks, and the team round robin on the Berger tables.

A match opposes team A (listed first) and team B at a table; board k's game has A's player with White when
`a_white_first` and k is odd (colours alternate down the boards), the other way round otherwise. Results are
kept from White's side (tournament.results.Result), as for individual games.

Scoring (C.07 team section; FFE interclubs): a match won, drawn or lost is worth `match_win` / `match_draw` /
`match_loss` match points; a whole-team forfeit gives the absent team `match_forfeit_loss` (0 in both
variants, where the FFE counts a lost match 1) and the present team a match won with every board won by
forfeit. Game points: 1 / ½ / 0 a board; a board forfeit (missing player) is a game point for the player
who was there. The match winner is the team with more game points (FIDE) or, when `board_count` is set, a
drawn match is broken by the board count (Berlin rule) -- off by default.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

import msgspec

from tournament.errors import Invalid
from tournament.messages import N_
from tournament.results import Result

ZERO, HALF, ONE, TWO = Decimal(0), Decimal("0.5"), Decimal(1), Decimal(2)


class TeamScoring(msgspec.Struct, frozen=True, kw_only=True):
    """Points of a team tournament; `variant` names the preset it came from."""

    variant: str = "fide"
    match_win: Decimal = TWO
    match_draw: Decimal = ONE
    match_loss: Decimal = ZERO
    match_forfeit_loss: Decimal = ZERO
    match_pab: Decimal = TWO  # a team without an opponent (odd number of teams)
    game_win: Decimal = ONE
    game_draw: Decimal = HALF
    game_loss: Decimal = ZERO
    board_count: bool = False  # Berlin rule: a drawn match goes to the team with better board results
    min_players: int = 1  # a team fielding fewer players loses the match by forfeit (FFE: 0, not a lost match)

    def to_data(self) -> dict[str, object]:
        return {f: str(v) if isinstance(v, Decimal) else v for f, v in msgspec.structs.asdict(self).items()}


VARIANTS: dict[str, TeamScoring] = {
    "fide": TeamScoring(),
    # FFE interclubs (Règlement intérieur, Top 12 / Nationales): win 3, draw 2, loss 1, forfeit 0.
    "ffe": TeamScoring(variant="ffe", match_win=Decimal(3), match_draw=TWO, match_loss=ONE,
                       match_forfeit_loss=ZERO, match_pab=Decimal(3)),
}


def team_scoring(variant: str = "fide", **overrides: object) -> TeamScoring:
    """A preset, possibly with some fields changed.

    >>> team_scoring("ffe").match_win, team_scoring("fide", match_win=3).match_win
    (Decimal('3'), Decimal('3'))
    """
    base = VARIANTS.get(variant)
    if base is None:
        raise Invalid("Unknown team scoring %s.", variant)
    values = msgspec.structs.asdict(base)
    for key, value in overrides.items():
        if key not in values:
            raise Invalid("Unknown team scoring setting %s.", key)
        default = values[key]
        if isinstance(default, Decimal):
            values[key] = Decimal(str(value))
        elif isinstance(default, bool):
            values[key] = value in (True, 1, "1", "true", "on")
        elif isinstance(default, int):
            values[key] = int(str(value))
        else:
            values[key] = str(value)
    return TeamScoring(**values)


class Team(msgspec.Struct, frozen=True, kw_only=True):
    number: int  # team pairing number (TRF 310 TPN; order of the 013 lines)
    name: str
    short_name: str = ""
    club: str = ""
    federation: str = ""
    members: tuple[int, ...] = ()  # player pairing numbers in declared board order
    id: int = 0  # row id in the event file


class BoardGame(msgspec.Struct, frozen=True, kw_only=True):
    board: int  # 1 = top board
    a_player: int | None  # pairing numbers; None = no player (board forfeit)
    b_player: int | None
    result: Result | None = None  # from White's side; None = not in yet


class Match(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    table: int
    team_a: int  # team numbers
    team_b: int | None  # None: team A has the PAB (or, with `forfeit` "B", won by forfeit against a team not named)
    a_white_first: bool = True
    boards: tuple[BoardGame, ...] = ()
    forfeit: str | None = None  # "A" / "B" / "AB": whole-team forfeit of that side
    id: int = 0


def a_is_white(match: Match, board: int) -> bool:
    """Colours alternate down the boards from board 1.

    >>> m = Match(round=1, table=1, team_a=1, team_b=2)
    >>> [a_is_white(m, b) for b in (1, 2, 3, 4)]
    [True, False, True, False]
    """
    return match.a_white_first == (board % 2 == 1)


#: The results a captain enters on a team board, as read from left (team A's player) to right (team B's).
SIDE_RESULTS = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN, Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN,
                Result.DOUBLE_FORFEIT)


def shown_board(m: Match, board: int, team_size: int) -> int:
    """The board number printed in the hall: tables one after the other (table 2, board 1 = size + 1)."""
    return (m.table - 1) * team_size + board


def from_a(result: Result, a_white: bool) -> Result:
    """A board's result read from left to right (team A's player first), as team boards show it; stored results are
    from White's side, so where team A has Black the result is turned round (and back: the same function).

    >>> from_a(Result.WHITE_WIN, a_white=True).label(), from_a(Result.WHITE_WIN, a_white=False).label()
    ('1-0', '0-1')
    >>> from_a(from_a(Result.BLACK_FORFEIT_WIN, False), False) is Result.BLACK_FORFEIT_WIN
    True
    """
    return result if a_white else result.opposite()


def side_choices(a_white: bool) -> list[tuple[int, str]]:
    """What a captain's buttons send (the result from White's side) and show (read from left to right)."""
    return [(int(from_a(r, a_white)), r.label()) for r in SIDE_RESULTS]


def board_points(match: Match, game: BoardGame, s: TeamScoring) -> tuple[Decimal, Decimal] | None:
    """(A's, B's) game points of one board, None while the result is not in."""
    if game.result is None:
        return None
    white, black = game.result.half_points()
    unit = {0: s.game_loss, 1: s.game_draw, 2: s.game_win}
    w, b = unit[white], unit[black]
    return (w, b) if a_is_white(match, game.board) else (b, w)


class MatchScore(msgspec.Struct, frozen=True, kw_only=True):
    a_games: Decimal
    b_games: Decimal
    a_match: Decimal | None  # None while boards are missing
    b_match: Decimal | None
    complete: bool
    #: A game was played over the board, or both teams scored (as gacrux decides): a match not played is a
    #: forfeit, its loser scores `match_forfeit_loss` and the round is unplayed for the tie-breaks.
    played: bool = True
    a_board_wins: int = 0  # board count (Berlin): boards won weighted by board, for `board_count`
    b_board_wins: int = 0
    forfeit: str | None = None  # "A" / "B" / "AB": declared, or a team fielding fewer than `min_players`

    @property
    def label(self) -> str:
        return f"{_fmt(self.a_games)}-{_fmt(self.b_games)}"


def _fmt(v: Decimal) -> str:
    """`2½`, `3`, `0`.

    >>> _fmt(Decimal("2.5")), _fmt(Decimal("3.0")), _fmt(Decimal("0.5"))
    ('2½', '3', '½')
    """
    whole = int(v)
    half = v - whole == HALF
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def fielded(match: Match, side: str) -> int:
    """How many players a side put on the boards."""
    return sum(1 for g in match.boards if (g.a_player if side == "A" else g.b_player) is not None)


def short_sides(match: Match, s: TeamScoring) -> str | None:
    """The sides ("A", "B", "AB") whose line-up, once the match is complete, fielded fewer than `min_players`:
    those lose the match by forfeit, as a team that did not come (None: none).

    >>> m = Match(round=1, table=1, team_a=1, team_b=2, boards=(BoardGame(board=1, a_player=1, b_player=None),
    ...                                                         BoardGame(board=2, a_player=2, b_player=None)))
    >>> short_sides(m, TeamScoring()), short_sides(m, TeamScoring(min_players=0))
    ('B', None)
    """
    out = "".join(side for side in "AB" if fielded(match, side) < s.min_players)
    return out or None


def match_forfeit(match: Match, s: TeamScoring) -> str | None:
    """The match's forfeit: declared by the arbiter, else a side short of players once every board is in."""
    if match.forfeit or match.team_b is None:
        return match.forfeit
    if match.boards and all(g.result is not None for g in match.boards):
        return short_sides(match, s)
    return None


def match_score(match: Match, s: TeamScoring, team_size: int) -> MatchScore:
    """Game points and match points of a match from its boards.

    Whole-team forfeit (declared, or a team fielding fewer than `min_players`): every board goes to the team
    that was present; a double forfeit gives both teams nothing. A board not in yet leaves the match points
    open (running score only).
    """
    if match.team_b is None:  # a file without `330` names no opponent for a team whose players all won by forfeit
        return MatchScore(a_games=s.game_win * team_size, b_games=ZERO,
                          a_match=s.match_win if match.forfeit == "B" else s.match_pab, b_match=None, complete=True,
                          played=False)
    forfeit = match_forfeit(match, s)
    if forfeit:
        a_out, b_out = "A" in forfeit, "B" in forfeit
        a_games = ZERO if a_out else s.game_win * team_size
        b_games = ZERO if b_out else s.game_win * team_size
        return MatchScore(a_games=a_games, b_games=b_games,
                          a_match=s.match_forfeit_loss if a_out else s.match_win,
                          b_match=s.match_forfeit_loss if b_out else s.match_win, complete=True, played=False,
                          forfeit=forfeit)
    a = b = ZERO
    a_count = b_count = 0
    done = 0
    over_board = any(g.a_player is not None and g.b_player is not None and g.result is not None
                     and not g.result.is_forfeit for g in match.boards)
    for game in match.boards:
        pts = board_points(match, game, s)
        if pts is None:
            continue
        done += 1
        a += pts[0]
        b += pts[1]
        weight = team_size + 1 - game.board
        if pts[0] > pts[1]:
            a_count += weight
        elif pts[1] > pts[0]:
            b_count += weight
    complete = done >= max(team_size, len(match.boards)) and done > 0
    if not complete:
        return MatchScore(a_games=a, b_games=b, a_match=None, b_match=None, complete=False)
    if a > b or (a == b and s.board_count and a_count > b_count):
        am, bm = s.match_win, s.match_loss
    elif b > a or (a == b and s.board_count and b_count > a_count):
        am, bm = s.match_loss, s.match_win
    else:
        am = bm = s.match_draw
    played = over_board or (a > 0 and b > 0)
    if not played:  # boards all forfeited: the team that scored nothing forfeited the match
        am, bm = (s.match_win if a > b else s.match_forfeit_loss), (s.match_win if b > a else s.match_forfeit_loss)
    return MatchScore(a_games=a, b_games=b, a_match=am, b_match=bm, complete=True, played=played,
                      a_board_wins=a_count, b_board_wins=b_count)


def played(game: BoardGame) -> bool:
    """A game played over the board: both players there and a result that is not a forfeit (it fixes the
    line-ups of its match; a board forfeit does not)."""
    return (game.a_player is not None and game.b_player is not None and game.result is not None
            and not game.result.is_forfeit)


def absence_result(a_present: bool, b_present: bool, a_white: bool) -> Result | None:
    """The result of a board where a side's player is missing: a forfeit win of the player present, a double
    forfeit when both are missing; None when both are there (a game to play).

    >>> absence_result(True, False, False).label(), absence_result(False, False, True).label()
    ('F-1', 'F-F')
    """
    if a_present and b_present:
        return None
    if not a_present and not b_present:
        return Result.DOUBLE_FORFEIT
    return Result.WHITE_FORFEIT_WIN if a_present == a_white else Result.BLACK_FORFEIT_WIN


def board_game_with_forfeit(board: int, a_player: int | None, b_player: int | None, a_white: bool) -> BoardGame:
    """A board where one side (or both) fielded nobody: the result is a forfeit for the player present.

    >>> board_game_with_forfeit(2, 5, None, False).result is Result.BLACK_FORFEIT_WIN
    True
    """
    return BoardGame(board=board, a_player=a_player, b_player=b_player,
                     result=absence_result(a_player is not None, b_player is not None, a_white))


# --- line-ups --------------------------------------------------------------------------------------------

class LineupRules(msgspec.Struct, frozen=True, kw_only=True):
    """What a captain may do with the declared board order (the roster `Team.members`).

    `keep_order`: the players fielded must appear in the declared order (FIDE olympiad, FFE interclubs:
    a player may be left out, the others move up, never swap). `allow_empty_boards`: a board may be left
    without a player (a board forfeit) rather than refused."""

    keep_order: bool = True
    allow_empty_boards: bool = True


def check_lineup(team: Team, lineup: Sequence[int | None], team_size: int, rules: LineupRules) -> list[str]:
    """The texts of lineup_errors (English with `%s`).

    >>> t = Team(number=1, name="A", members=(11, 12, 13, 14, 15))
    >>> check_lineup(t, [11, 13, 14, 15], 4, LineupRules())
    []
    >>> check_lineup(t, [13, 11, 14, 15], 4, LineupRules())
    ['Player %s is fielded above player %s against the declared board order.']
    """
    return [text for text, _ in lineup_errors(team, lineup, team_size, rules)]


def lineup_errors(team: Team, lineup: Sequence[int | None], team_size: int,
                  rules: LineupRules) -> list[tuple[str, tuple[object, ...]]]:
    """As check_lineup, with the arguments of each text (for tournament.errors / i18n)."""
    out: list[tuple[str, tuple[object, ...]]] = []
    if len(lineup) != team_size:
        return [(N_("A line-up has %s boards."), (team_size,))]
    fielded = [p for p in lineup if p is not None]
    if len(set(fielded)) != len(fielded):
        out.append((N_("A player is fielded on two boards."), ()))
    for p in fielded:
        if p not in team.members:
            out.append((N_("Player %s is not a member of the team."), (p,)))
    if not rules.allow_empty_boards and len(fielded) < team_size:
        out.append((N_("Every board must have a player."), ()))
    if rules.keep_order and not out:
        order = {p: i for i, p in enumerate(team.members)}
        for above, below in pairwise(fielded):
            if order[above] > order[below]:
                out.append((N_("Player %s is fielded above player %s against the declared board order."),
                            (above, below)))
                break
    return out
