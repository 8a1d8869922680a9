"""Round robin team pairing (the Berger tables): the matches of a round, tables and colours (board 1 alternating)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from tournament.errors import Invalid
from tournament.pairing.berger import berger_round, schedule_round
from tournament.pairing.engines import pair_next_round
from tournament.pairing.model import PairingInput, PairingPlayer
from tournament.teams.core import BoardGame, Match

ZERO, HALF, ONE, TWO = Decimal(0), Decimal("0.5"), Decimal(1), Decimal(2)


def team_round_robin(team_numbers: Sequence[int], rounds: int, rnd: int, team_size: int) -> list[Match]:
    """Round `rnd` of a team round robin on the Berger tables (teams in number order, table order as in the
    table; the team listed first in the table has White on board 1). An odd number of teams: the team meeting
    the dummy has the PAB (a match without opponent)."""
    order = sorted(team_numbers)
    count = len(order)
    if count < 2:
        raise Invalid("A round robin needs at least two teams.")
    table_round, reverse = schedule_round(count, rounds, rnd)
    out: list[Match] = []
    table = 0
    bye: int | None = None
    for white, black in berger_round(count, table_round):
        if reverse:
            white, black = black, white
        if white > count or black > count:
            bye = order[(black if white > count else white) - 1]
            continue
        table += 1
        out.append(Match(round=rnd, table=table, team_a=order[white - 1], team_b=order[black - 1],
                         a_white_first=True,
                         boards=tuple(BoardGame(board=b, a_player=None, b_player=None)
                                      for b in range(1, team_size + 1))))
    if bye is not None:
        out.append(Match(round=rnd, table=table + 1, team_a=bye, team_b=None))
    return out


TEAM_SYSTEMS = ("berger",)


def pair_teams(team_numbers: Sequence[int], rounds: int, rnd: int, team_size: int, system: str = "berger"
               ) -> list[Match]:
    """Round `rnd` through the pairing engines' interface (tournament/pairing: `pair_next_round`), the teams
    standing for players (id and pairing number = team number): the Berger tables for a team round robin.
    The FIDE team Swiss (C.04.6) has no engine here yet."""
    if system not in TEAM_SYSTEMS:
        raise Invalid("Team pairing system %s is not available (berger only).", system)
    order = sorted(team_numbers)
    if len(order) < 2:
        raise Invalid("A round robin needs at least two teams.")
    data = PairingInput(players=tuple(PairingPlayer(id=n, number=k) for k, n in enumerate(order, start=1)),
                        rounds=rounds, round=rnd)
    pairing = pair_next_round(data, system)
    out = [Match(round=rnd, table=table, team_a=b.white, team_b=b.black, a_white_first=True,
                 boards=tuple(BoardGame(board=k, a_player=None, b_player=None) for k in range(1, team_size + 1)))
           for table, b in enumerate(pairing.boards, start=1)]
    if pairing.bye is not None:
        out.append(Match(round=rnd, table=len(out) + 1, team_a=pairing.bye, team_b=None))
    return out
