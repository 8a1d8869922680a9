"""Generated team tournaments for the team tests: random board results (some board forfeits), Berger round
robin or random pairings without repeats; deterministic by seed."""

from __future__ import annotations

import random

from tournament.results import Result
from tournament.teams.core import BoardGame, Match, Team, team_round_robin
from tournament.teams.trf import TeamEvent, TeamPlayer

RESULTS = [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN]


def generate(teams: int, size: int, rounds: int, seed: int, *, round_robin: bool = False, reserves: int = 1,
             board_forfeits: bool = True, team_forfeits: bool = False, start: str = "2026/01/08") -> TeamEvent:
    rng = random.Random(seed)
    per_team = size + reserves
    players = tuple(TeamPlayer(number=n, name=f"Player{n:03d}, T{(n - 1) // per_team + 1}",
                               rating=2400 - 7 * n, federation="FRA") for n in range(1, teams * per_team + 1))
    roster = [Team(number=t, name=f"Team {t:02d}", short_name=f"T{t:02d}",
                   members=tuple(range((t - 1) * per_team + 1, t * per_team + 1))) for t in range(1, teams + 1)]
    matches: list[Match] = []
    # not a round robin: the Berger table of a shuffled order, its rounds shuffled (no team meets another twice)
    perm = list(range(1, teams + 1))
    table_rounds = list(range(1, teams + teams % 2))
    if not round_robin:
        rng.shuffle(perm)
        rng.shuffle(table_rounds)
    for rnd in range(1, rounds + 1):
        if round_robin:
            shells = team_round_robin([t.number for t in roster], rounds, rnd, size)
            pairs = [(m.team_a, m.team_b) for m in shells]
        else:
            shells = team_round_robin(list(range(1, teams + 1)), teams, table_rounds[rnd - 1], size)
            pairs = [(perm[m.team_a - 1], perm[m.team_b - 1] if m.team_b else None) for m in shells]
        for table, (a, b) in enumerate(pairs, start=1):
            if b is None:
                matches.append(Match(round=rnd, table=table, team_a=a, team_b=None))
                continue
            white_first = rng.random() < 0.5
            if team_forfeits and rng.random() < 0.05:
                matches.append(Match(round=rnd, table=table, team_a=a, team_b=b, a_white_first=white_first,
                                     forfeit=rng.choice(["A", "B"])))
                continue
            la = _lineup(rng, roster[a - 1], size)
            lb = _lineup(rng, roster[b - 1], size)
            boards = []
            for k in range(size):
                res = rng.choice(RESULTS)
                if board_forfeits and rng.random() < 0.04:
                    res = rng.choice([Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN])
                boards.append(BoardGame(board=k + 1, a_player=la[k], b_player=lb[k], result=res))
            matches.append(Match(round=rnd, table=table, team_a=a, team_b=b, a_white_first=white_first,
                                 boards=tuple(boards)))
    return TeamEvent(name=f"Generated {teams} teams", rounds=rounds, team_size=size, players=players,
                     teams=tuple(roster), matches=tuple(matches), start=start, round_robin=round_robin)


def _lineup(rng: random.Random, team: Team, size: int) -> list[int]:
    """`size` members in declared order (one reserve may replace someone)."""
    members = list(team.members)
    drop = rng.randrange(len(members))
    keep = [m for i, m in enumerate(members) if i != drop]
    return keep[:size]
