"""Team matches scored from their boards: wins, draws, board forfeits, whole-team forfeits, FIDE and FFE
presets, running scores; line-ups checked against the declared board order; the team round robin."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournament.errors import Invalid
from tournament.results import Result
from tournament.teams.core import (
    BoardGame,
    LineupRules,
    Match,
    Team,
    board_game_with_forfeit,
    lineup_errors,
    match_score,
    team_scoring,
)
from tournament.teams.round_robin import pair_teams, team_round_robin

W, D, B = Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN


def match(*results: Result | None, a_white_first: bool = True, forfeit: str | None = None) -> Match:
    boards = tuple(BoardGame(board=k, a_player=10 + k, b_player=20 + k, result=r)
                   for k, r in enumerate(results, start=1))
    return Match(round=1, table=1, team_a=1, team_b=2, a_white_first=a_white_first, boards=boards, forfeit=forfeit)


def test_colours_alternate_and_results_are_read_from_whites_side() -> None:
    # A has White on boards 1 and 3: 1-0 on board 1 is A's, 1-0 on board 2 is B's, 0-1 on board 4 is A's.
    sc = match_score(match(W, W, D, B), team_scoring(), 4)
    assert (sc.a_games, sc.b_games, sc.a_match, sc.b_match) == (Decimal("2.5"), Decimal("1.5"), 2, 0)
    assert sc.label == "2½-1½"
    sc = match_score(match(W, W, D, B, a_white_first=False), team_scoring(), 4)
    assert (sc.a_games, sc.b_games, sc.a_match, sc.b_match) == (Decimal("1.5"), Decimal("2.5"), 0, 2)


def test_drawn_match_and_board_count_rule() -> None:
    drawn = match_score(match(W, W, B, B), team_scoring(), 4)  # A wins boards 1 and 4, B boards 2 and 3
    assert drawn.a_games == drawn.b_games == 2 and drawn.a_match == drawn.b_match == 1
    berlin = match_score(match(W, W, B, B), team_scoring(board_count=True), 4)
    # A won board 1 (weight 4) and board 4 (B has White, 0-1: weight 1); B won boards 2 and 3 (3 + 2).
    assert (berlin.a_board_wins, berlin.b_board_wins) == (5, 5)
    assert berlin.a_match == berlin.b_match == 1
    # A wins board 1 (4), B board 4 (1), two draws: 2-2, the board count gives the match to A.
    assert match_score(match(W, D, D, W), team_scoring(), 4).a_match == 1
    berlin = match_score(match(W, D, D, W), team_scoring(board_count=True), 4)
    assert (berlin.a_games, berlin.a_match, berlin.b_match) == (2, 2, 0)


def test_running_score_while_boards_are_missing() -> None:
    sc = match_score(match(W, None, D, None), team_scoring(), 4)
    assert not sc.complete and sc.a_match is None and sc.b_match is None
    assert (sc.a_games, sc.b_games) == (Decimal("1.5"), Decimal("0.5"))


def test_board_forfeit_counts_for_the_player_present() -> None:
    # Board 2, A has Black and fielded nobody: B's White wins by forfeit.
    g = board_game_with_forfeit(2, None, 22, a_white=False)
    assert g.result is Result.WHITE_FORFEIT_WIN
    m = Match(round=1, table=1, team_a=1, team_b=2, boards=(
        BoardGame(board=1, a_player=11, b_player=21, result=D), g,
        BoardGame(board=3, a_player=13, b_player=23, result=D),
        BoardGame(board=4, a_player=14, b_player=24, result=D)))
    sc = match_score(m, team_scoring(), 4)
    assert (sc.a_games, sc.b_games, sc.a_match, sc.b_match) == (Decimal("1.5"), Decimal("2.5"), 0, 2)
    both = board_game_with_forfeit(3, None, None, a_white=True)
    assert both.result is Result.DOUBLE_FORFEIT


@pytest.mark.parametrize(("variant", "win", "draw", "loss", "forfeit"),
                         [("fide", 2, 1, 0, 0), ("ffe", 3, 2, 1, 0)])
def test_whole_team_forfeit_and_presets(variant: str, win: int, draw: int, loss: int, forfeit: int) -> None:
    s = team_scoring(variant)
    sc = match_score(match(forfeit="B"), s, 4)
    assert (sc.a_games, sc.b_games, sc.a_match, sc.b_match) == (4, 0, win, forfeit)
    sc = match_score(match(forfeit="AB"), s, 4)
    assert (sc.a_match, sc.b_match, sc.a_games) == (forfeit, forfeit, 0)
    assert match_score(match(D, D, D, D), s, 4).a_match == draw
    assert match_score(match(B, W, B, W), s, 4).a_match == loss  # A loses every board


def test_unknown_scoring_settings_are_refused() -> None:
    with pytest.raises(Invalid):
        team_scoring("uscf")
    with pytest.raises(Invalid):
        team_scoring("fide", match_wins=3)


def test_lineup_keeps_the_declared_board_order() -> None:
    team = Team(number=1, name="Echecs Club", members=(11, 12, 13, 14, 15))
    rules = LineupRules()
    assert lineup_errors(team, [11, 12, 14, 15], 4, rules) == []  # 13 rests, the others move up
    assert lineup_errors(team, [11, None, 13, 14], 4, rules) == []  # an empty board (board forfeit)
    assert lineup_errors(team, [12, 11, 13, 14], 4, rules) == [
        ("Player %s is fielded above player %s against the declared board order.", (12, 11))]
    assert lineup_errors(team, [12, 11, 13, 14], 4, LineupRules(keep_order=False)) == []
    assert lineup_errors(team, [11, 11, 13, 14], 4, rules)[0][0] == "A player is fielded on two boards."
    assert lineup_errors(team, [11, 12, 13, 99], 4, rules) == [("Player %s is not a member of the team.", (99,))]
    assert lineup_errors(team, [11, 12, 13], 4, rules) == [("A line-up has %s boards.", (4,))]
    assert lineup_errors(team, [11, None, 13, 14], 4, LineupRules(allow_empty_boards=False))


def test_team_round_robin_meets_everyone_once() -> None:
    for teams in (4, 5, 8):
        rounds = teams - 1 + teams % 2
        met: set[frozenset[int]] = set()
        for rnd in range(1, rounds + 1):
            ms = team_round_robin(list(range(1, teams + 1)), rounds, rnd, 4)
            seen = [m.team_a for m in ms] + [m.team_b for m in ms if m.team_b]
            assert sorted(seen) == list(range(1, teams + 1))
            assert sum(1 for m in ms if m.team_b is None) == teams % 2
            for m in ms:
                if m.team_b:
                    pair = frozenset((m.team_a, m.team_b))
                    assert pair not in met
                    met.add(pair)
                    assert len(m.boards) == 4
        assert len(met) == teams * (teams - 1) // 2
    assert [(m.team_a, m.team_b) for m in team_round_robin([1, 2, 3, 4], 3, 1, 4)] == [(1, 4), (2, 3)]


def test_team_pairing_through_the_engine_interface_is_the_berger_table() -> None:
    for teams in (4, 5, 6, 9):
        numbers = [10 * n for n in range(1, teams + 1)]  # team numbers need not be 1..n
        rounds = teams - 1 + teams % 2
        for rnd in range(1, rounds + 1):
            ours = team_round_robin(numbers, rounds, rnd, 4)
            engine = pair_teams(numbers, rounds, rnd, 4)
            assert [(m.team_a, m.team_b) for m in engine] == [(m.team_a, m.team_b) for m in ours]
    with pytest.raises(Invalid):
        pair_teams([1, 2, 3, 4], 3, 1, 4, system="dutch")
