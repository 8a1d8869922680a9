"""The next round of a team tournament through the pairing engines' interface (tournament/pairing:
`pair_next_round`): the Berger tables for a team round robin (teams standing for players), the FIDE Swiss team
system (C.04.6, gacrux's engine) for a team Swiss, read from the team tournament's FIDE records (TRF-2026,
tournament/teams/trf.py) of the rounds played. Pure: the event file is read and written by database/teams.py.

>>> from tournament.teams.core import Team
>>> ev = TeamEvent(name="T", rounds=3, team_size=2, players=(), matches=(), round_robin=True,
...                teams=tuple(Team(number=n, name=f"T{n}") for n in (1, 2, 3, 4)))
>>> [(m.table, m.team_a, m.team_b) for m in pair_team_round(ev, 1)]
[(1, 1, 4), (2, 2, 3)]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Literal

import msgspec

from tournament.errors import Invalid
from tournament.pairing.engines import pair_next_round
from tournament.pairing.model import TeamPairingInput
from tournament.teams.core import BoardGame, Match, Team, a_is_white, board_game_with_forfeit
from tournament.teams.round_robin import pair_teams
from tournament.teams.trf import TeamEvent, export_team_trf

TEAM_PAIRING_SYSTEMS = ("berger", "fideteam")


def team_system(ev: TeamEvent, system: str | None = None) -> str:
    """The tournament's own system unless one is named: Berger tables for a round robin, else the FIDE team Swiss."""
    chosen = system or ("berger" if ev.round_robin else "fideteam")
    if chosen not in TEAM_PAIRING_SYSTEMS:
        raise Invalid("Team pairing system %s is not available (berger or fideteam).", chosen)
    return chosen


def swiss_input(ev: TeamEvent, rnd: int, *, absent: Collection[int] = (),
                initial_colour: Literal["W", "B"] = "W") -> tuple[TeamPairingInput, list[int]]:
    """The FIDE team engine's input for round `rnd`, and the team numbers by pairing number (index 0 unused).

    The FIDE team records number the teams 1..N (C.04.6 art. 1.1.1): teams are renumbered in number order when
    the event's numbers have gaps, and mapped back."""
    if ev.rounds < 1:
        raise Invalid("Set the number of rounds of the tournament before pairing a team Swiss.")
    if rnd < 1 or rnd > ev.rounds:
        raise Invalid("Round %s cannot be paired: the tournament has %s rounds.", rnd, ev.rounds)
    played = sorted({m.round for m in ev.matches})
    if played != list(range(1, rnd)):
        raise Invalid("Round %s cannot be paired: the rounds before it must be paired and no round after it.", rnd)
    order = sorted(ev.teams, key=lambda t: t.number)
    numbers = [0] + [t.number for t in order]
    tpn = {t.number: k for k, t in enumerate(order, start=1)}
    for n in absent:
        if n not in tpn:
            raise Invalid("No team %s in this tournament.", n)
    renumbered = msgspec.structs.replace(
        ev, teams=tuple(msgspec.structs.replace(t, number=tpn[t.number]) for t in order),
        matches=tuple(msgspec.structs.replace(m, team_a=tpn[m.team_a],
                                              team_b=tpn[m.team_b] if m.team_b is not None else None)
                      for m in ev.matches),
        round_robin=False)
    text = export_team_trf(renumbered, trf26=True, played=rnd - 1)
    data = TeamPairingInput(trf26=text, round=rnd, absent=tuple(sorted(tpn[n] for n in absent)),
                            initial_colour=initial_colour)
    return data, numbers


def pair_team_round(ev: TeamEvent, rnd: int, system: str | None = None, *, absent: Collection[int] = (),
                    initial_colour: Literal["W", "B"] = "W") -> list[Match]:
    """Round `rnd`'s matches (boards without players: the line-ups come later), in table order, the team with
    the pairing-allocated bye last (a match without team B)."""
    chosen = team_system(ev, system)
    if chosen == "berger":
        if absent:
            raise Invalid("A round robin pairs every team (its tables are fixed).")
        rounds = ev.rounds or len(ev.teams) - 1 + len(ev.teams) % 2
        return pair_teams([t.number for t in ev.teams], rounds, rnd, ev.team_size, "berger")
    data, numbers = swiss_input(ev, rnd, absent=absent, initial_colour=initial_colour)
    pairing = pair_next_round(data, "fideteam")
    shells = tuple(BoardGame(board=k, a_player=None, b_player=None) for k in range(1, ev.team_size + 1))
    out = [Match(round=rnd, table=table, team_a=numbers[b.white], team_b=numbers[b.black], a_white_first=True,
                 boards=shells) for table, b in enumerate(pairing.boards, start=1)]
    if pairing.bye is not None:
        out.append(Match(round=rnd, table=len(out) + 1, team_a=numbers[pairing.bye], team_b=None))
    return out


def declared_lineup(team: Team, team_size: int) -> list[int | None]:
    """The team's first `team_size` declared members, board by board (None: nobody left for the board).

    >>> declared_lineup(Team(number=1, name="A", members=(4, 5, 6)), 4)
    [4, 5, 6, None]
    """
    members: list[int | None] = list(team.members[:team_size])
    return members + [None] * (team_size - len(members))


def with_lineups(match: Match, lineups: Mapping[int, Sequence[int | None]]) -> Match:
    """The match's boards with both teams' line-ups when both are known (else unchanged); a board with a player
    on one side only is a forfeit for the player present (tournament.teams.core.board_game_with_forfeit)."""
    if match.team_b is None or match.team_a not in lineups or match.team_b not in lineups:
        return match
    a, b = lineups[match.team_a], lineups[match.team_b]
    boards = []
    for g in match.boards:
        pa, pb = a[g.board - 1], b[g.board - 1]
        if pa is not None and pb is not None:
            boards.append(BoardGame(board=g.board, a_player=pa, b_player=pb))
        else:
            boards.append(board_game_with_forfeit(g.board, pa, pb, a_is_white(match, g.board)))
    return msgspec.structs.replace(match, boards=tuple(boards))
