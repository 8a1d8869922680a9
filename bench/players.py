"""Players' figures (issue 24). Provisional standings of the 600-player open: one recomputation per result entered
in the round being played (item 8: goal under 20 ms, so that every result can move the table).

    .venv/bin/python bench/players.py [--round 5]

`provisional_standings`: reads tests/fixtures/open-600p-9r.trf, empties the results of `--round` and of the rounds
after it, then enters that round's results again one at a time, computing the standings with the round counted
after each (what `/standings/…?provisional=1` and a provisional standings screen compute on a commit). Prints the
per-result time (p50, p95, max), wall clock and CPU (the CPU figure is the one a busy shared machine inflates
least).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf
from tournament.models import Pairing, Player
from tournament.standings import DEFAULT_TIE_BREAKS, compute_standings

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "open-600p-9r.trf"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def provisional_standings(round_played: int) -> None:
    """Standings recomputed after each result of `round_played` (600 players, tie-breaks BH/C1,BH,SB,PS)."""
    trf, _ = parse_trf(decode(FIXTURE.read_bytes()))
    rows, games = trf_rows(trf)
    players = msgspec.convert([{**p, "id": int(p["pairing_number"]), "tournament_id": 1} for p in rows],
                              list[Player], strict=False)
    pairings = msgspec.convert([{**{k: v for k, v in g.items() if k not in ("white", "black")}, "tournament_id": 1,
                                 "white_player_id": g["white"], "black_player_id": g.get("black")} for g in games],
                               list[Pairing], strict=False)
    played = [p for p in pairings if p.round < round_played]
    playing = [msgspec.structs.replace(p, result=None) if p.is_game else p for p in pairings if p.round == round_played]
    finals = {p.white_player_id: p.result for p in pairings if p.round == round_played}
    wall: list[float] = []
    cpu: list[float] = []
    for index, game in enumerate(playing):
        if not game.is_game:
            continue
        playing[index] = msgspec.structs.replace(game, result=finals[game.white_player_id])
        start, start_cpu = time.perf_counter(), time.process_time()
        compute_standings(players, [*played, *playing], tie_breaks=list(DEFAULT_TIE_BREAKS), rounds=round_played,
                          total_rounds=trf.rounds)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    print(f"provisional standings, {len(players)} players, round {round_played} of {trf.rounds}, "
          f"{len(wall)} results entered one by one, tie-breaks {','.join(DEFAULT_TIE_BREAKS)}")
    for label, times in (("wall", wall), ("CPU", cpu)):
        print(f"  per result ms ({label}): p50 {percentile(times, .5) * 1000:.1f}  "
              f"p95 {percentile(times, .95) * 1000:.1f}  max {max(times) * 1000:.1f}  (goal: under 20)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--round", type=int, default=5, help="the round being played (provisional standings)")
    args = parser.parse_args()
    provisional_standings(args.round)


if __name__ == "__main__":
    main()
