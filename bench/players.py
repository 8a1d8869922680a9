"""Players' figures (issue 24): provisional standings of the 600-player open, one recomputation per result entered
in the round being played (item 8: goal under 20 ms, so that every result can move the table); and FIDE's rating
list (item 3): a generated list of a million lines imported into an events folder (goal under 30 s), then look-ups
by FIDE id and by name prefix as the player forms make them (p95 goal under 50 ms).

    .venv/bin/python bench/players.py [--round 5] [--list-size 1000000] [--form txt|xml] [--only standings|ratings]

`provisional_standings`: reads tests/fixtures/open-600p-9r.trf, empties the results of `--round` and of the rounds
after it, then enters that round's results again one at a time, computing the standings with the round counted
after each (what `/standings/…?provisional=1` and a provisional standings screen compute on a commit). Prints the
per-result time (p50, p95, max), wall clock and CPU (the CPU figure is the one a busy shared machine inflates
least).
"""


from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.ratings import import_list, suggest
from database.ratings import RatingList
from tests.support.rating_lists import player, write_list
from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf
from tournament.models import Pairing, Player
from tournament.standings import DEFAULT_TIE_BREAKS, compute_standings

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "open-600p-9r.trf"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def rating_list(size: int, form: str) -> None:
    """Import a generated list of `size` players into a fresh folder, then time 400 look-ups as typed."""
    with tempfile.TemporaryDirectory() as folder:
        events = Path(folder)
        path = write_list(events / f"players_list.{form}", size, form)
        start, cpu = time.perf_counter(), time.process_time()
        with path.open("rb") as stream:
            info = await import_list(events, stream, path.name, path.stat().st_size)
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"rating list ({form}), {info.players} players, {path.stat().st_size / 1e6:.0f} MB: "
              f"import {took:.1f} s  (goal: under 30), CPU {cpu:.1f} s; load average "
              f"{' / '.join(f'{v:.2f}' for v in os.getloadavg())} on {os.cpu_count()} cores")
        lists = await RatingList.open(events)
        timings: list[float] = []
        try:
            for i in range(0, size, max(1, size // 200)):
                listed = player(i)
                for typed in (str(listed.fide_id)[:5], listed.last[:4].lower() + " " if i % 2 else listed.last[:3]):
                    begin = time.perf_counter()
                    await suggest(lists, typed, "standard_rating")
                    timings.append(time.perf_counter() - begin)
        finally:
            await lists.close()
        print(f"  look-ups (id prefix, name prefix), {len(timings)}: p50 {percentile(timings, .5) * 1000:.2f} ms  "
              f"p95 {percentile(timings, .95) * 1000:.2f} ms  max {max(timings) * 1000:.2f} ms  (goal: p95 under 50)")


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
    parser.add_argument("--list-size", type=int, default=1_000_000)
    parser.add_argument("--form", choices=("txt", "xml"), default="txt")
    parser.add_argument("--only", choices=("standings", "ratings"))
    args = parser.parse_args()
    if args.only != "standings":
        asyncio.run(rating_list(args.list_size, args.form))
    if args.only != "ratings":
        provisional_standings(args.round)


if __name__ == "__main__":
    main()
