"""Provisional standings of the 600-player open: one recomputation per result entered in the round being played
(issue 24, item 8: goal under 20 ms, so that every result can move the table).

    .venv/bin/python bench/players.py [--round 5]

Reads tests/fixtures/open-600p-9r.trf, empties the results of `--round` and of the rounds after it, then enters
that round's results again one at a time, computing the standings with the round counted after each (what
`/standings/…?provisional=1` computes on a commit). Prints the per-result time (p50, p95, max).
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--round", type=int, default=5)
    args = parser.parse_args()
    trf, _ = parse_trf(decode(FIXTURE.read_bytes()))
    rows, games = trf_rows(trf)
    players = msgspec.convert([{**p, "id": int(p["pairing_number"]), "tournament_id": 1} for p in rows],
                              list[Player], strict=False)
    pairings = msgspec.convert([{**{k: v for k, v in g.items() if k not in ("white", "black")}, "tournament_id": 1,
                                 "white_player_id": g["white"], "black_player_id": g.get("black")} for g in games],
                               list[Pairing], strict=False)
    played = [p for p in pairings if p.round < args.round]
    playing = [msgspec.structs.replace(p, result=None) if p.is_game else p for p in pairings if p.round == args.round]
    finals = {p.white_player_id: p.result for p in pairings if p.round == args.round}
    timings: list[float] = []
    for index, game in enumerate(playing):
        if not game.is_game:
            continue
        playing[index] = msgspec.structs.replace(game, result=finals[game.white_player_id])
        start = time.perf_counter()
        compute_standings(players, [*played, *playing], tie_breaks=list(DEFAULT_TIE_BREAKS), rounds=args.round,
                          total_rounds=trf.rounds)
        timings.append(time.perf_counter() - start)
    print(f"provisional standings, {len(players)} players, round {args.round} of {trf.rounds}, "
          f"{len(timings)} results entered one by one, tie-breaks {','.join(DEFAULT_TIE_BREAKS)}")
    print(f"  per result ms: p50 {percentile(timings, .5) * 1000:.1f}  p95 {percentile(timings, .95) * 1000:.1f}"
          f"  max {max(timings) * 1000:.1f}  (goal: under 20)")


if __name__ == "__main__":
    main()
