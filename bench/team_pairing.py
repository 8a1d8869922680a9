"""Team Swiss pairing (FIDE C.04.6, tournament/teams/pairing.py over gacrux's engine): seconds per round on
generated team Swisses played round by round with random board results. Prints figures; not a test.

    .venv/bin/python bench/team_pairing.py [--teams 12 40 101] [--size 4] [--rounds 9]

Also the share of the input's preparation (our TRF-2026 writer, then gacrux's reader in memory) in each round.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import msgspec

from tournament.pairing.fide_team import gacrux_team_tournament
from tournament.results import Result
from tournament.teams.core import BoardGame, Team
from tournament.teams.pairing import pair_team_round, swiss_input
from tournament.teams.trf import TeamEvent, TeamPlayer

RESULTS = [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN]


def run(teams: int, size: int, rounds: int, seed: int) -> tuple[list[float], list[float]]:
    rng = random.Random(seed)
    per = size + 1
    ev = TeamEvent(name="bench", rounds=rounds, team_size=size,
                   players=tuple(TeamPlayer(number=n, name=f"P{n}", rating=2600 - n)
                                 for n in range(1, teams * per + 1)),
                   teams=tuple(Team(number=t, name=f"T{t}", members=tuple(range((t - 1) * per + 1, t * per + 1)))
                               for t in range(1, teams + 1)), matches=())
    times, inputs = [], []
    for rnd in range(1, rounds + 1):
        start = time.perf_counter()
        shells = pair_team_round(ev, rnd)
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        gacrux_team_tournament(swiss_input(ev, rnd)[0])
        inputs.append(time.perf_counter() - start)
        played = []
        for m in shells:
            if m.team_b is None:
                played.append(m)
                continue
            a, b = ev.teams[m.team_a - 1].members, ev.teams[m.team_b - 1].members
            played.append(msgspec.structs.replace(m, boards=tuple(
                BoardGame(board=k, a_player=a[k - 1], b_player=b[k - 1], result=rng.choice(RESULTS))
                for k in range(1, size + 1))))
        ev = msgspec.structs.replace(ev, matches=ev.matches + tuple(played))
    return times, inputs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, nargs="*", default=[12, 40, 101])
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    for teams in args.teams:
        times, inputs = run(teams, args.size, args.rounds, 1)
        print(f"{teams:>4} teams x {args.size} boards, {args.rounds} rounds: median {statistics.median(times):.3f} s"
              f"/round, max {max(times):.3f} s (round {times.index(max(times)) + 1}); input prepared in"
              f" {statistics.median(inputs) * 1000:.0f} ms median ({sum(inputs) / sum(times):.0%} of the time)")


if __name__ == "__main__":
    main()
