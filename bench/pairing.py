"""Time to pair the next round of the 600-player open (FIDE Dutch, gacrux adapter, in-process).

    .venv/bin/python bench/pairing.py [--runs 5] [--profile]
    .venv/bin/python bench/pairing.py --sweep [--opens 1000,2000] [--rounds 9] [--skip-corpus]

--sweep pairs every round of every tournament in tests/fixtures/pairing/ (cut as the replay test cuts them),
then generated opens of the given sizes round by round (rounds 1-9, seeded random results), once each, and
prints per size the median and the worst CPU time of a round, the process's peak memory (resident set, so
far) and the worst rounds by name; for the generated opens, also each round's own peak (Linux: the peak resident
set is reset before each round). Goals (issue 28): no round over 1 s of CPU up to 1,000 players, under 3 s
at 2,000, peak memory under 300 MB.

Each round is paired by gacrux's engine unchanged ("gacrux") and by FastDutch, gacrux with our faster
equivalents of its table-wide steps ("fast", the default of pair_dutch); both must give the same boards.

tests/fixtures/open-600p-9r.trf has 5 rounds played; the figures are for pairing round 2 (after round 1),
round 6 (after round 5) and round 9 (after round 8: rounds 6-8 are first paired by the engine itself
with seeded random results). Each figure is the min and median of a few runs of `pair_next_round`, in
wall and CPU time (the machine is shared: CPU time is this process's own work); "adapter" is the part
spent building gacrux's structures from our input. Goal: under 1 s per round.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.formats.trf import decode, parse_trf
from tournament.pairing.dutch import gacrux_tournament, pair_dutch
from tournament.pairing.engines import pair_next_round
from tournament.pairing.model import Outcome, PairingInput, PairingPlayer, RoundPairing, RoundRecord
from tournament.pairing.trf_input import pairing_input

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
OPEN = FIXTURES / "open-600p-9r.trf"
#: The corpus' slowest tournament: its byes and absences make gacrux fall back to weighted matching (networkx).
WORST = FIXTURES / "pairing" / "dutch-394p-9r-s5116.trf"


def after_round(k: int, path: Path = OPEN, rounds: int = 9) -> PairingInput:
    """The tournament cut to its first k played rounds."""
    lines = []
    for line in decode(path.read_bytes()).splitlines():
        if line.startswith("001"):
            line = (line[:80] + "    " + line[84: 91 + 10 * k]).rstrip()
        if not line.startswith("XXR"):
            lines.append(line)
    trf, errors = parse_trf("\n".join([*lines, f"XXR {rounds}", "XXC white1"]) + "\n")
    if errors:
        raise SystemExit(f"{path}: {errors[0]}")
    return pairing_input(trf)


def play(data: PairingInput, pairing: RoundPairing, rng: random.Random) -> PairingInput:
    """One round of seeded random results on top of `data`."""
    done: dict[int, RoundRecord] = {}
    for b in pairing.boards:
        white, black = rng.choices([(Outcome.WIN, Outcome.LOSS), (Outcome.DRAW, Outcome.DRAW),
                                    (Outcome.LOSS, Outcome.WIN)], [40, 25, 35])[0]
        done[b.white] = RoundRecord(white, b.black, "w")
        done[b.black] = RoundRecord(black, b.white, "b")
    if pairing.bye is not None:
        done[pairing.bye] = RoundRecord(Outcome.PAB)
    players = tuple(PairingPlayer(id=p.id, number=p.number, rating=p.rating, withdrawn=p.withdrawn,
                                  history=(*p.history, done.get(p.id, RoundRecord(Outcome.ZERO_BYE))))
                    for p in data.players)
    return PairingInput(players=players, rounds=data.rounds, initial_colour=data.initial_colour)


def measure(label: str, data: PairingInput, runs: int) -> RoundPairing:
    build: list[float] = []
    cpu: dict[bool, list[float]] = {False: [], True: []}
    wall: dict[bool, list[float]] = {False: [], True: []}
    pairing = pair_dutch(data, fast=False)
    if pair_dutch(data, fast=True) != pairing:
        raise SystemExit(f"{label}: the fast engine pairs differently")
    for _ in range(runs):
        start = time.perf_counter()
        gacrux_tournament(data)
        build.append(time.perf_counter() - start)
        for fast in (False, True):  # in turn, so that both see the same load
            start, start_cpu = time.perf_counter(), time.process_time()
            pair_dutch(data, fast=fast)
            wall[fast].append(time.perf_counter() - start)
            cpu[fast].append(time.process_time() - start_cpu)
    print(f"  {label:<26} {len(pairing.boards):>3} boards  (adapter: {statistics.median(build) * 1000:.0f} ms)")
    for fast in (False, True):
        name = "fast" if fast else "gacrux"
        print(f"    {name:<7} cpu min {min(cpu[fast]):.2f} s median {statistics.median(cpu[fast]):.2f} s"
              f"  wall min {min(wall[fast]):.2f} s median {statistics.median(wall[fast]):.2f} s")
    return pairing


def timed(data: PairingInput) -> tuple[RoundPairing, float]:
    start = time.process_time()
    pairing = pair_next_round(data)
    return pairing, time.process_time() - start


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def round_peak_start() -> bool:
    """Start measuring one round's peak memory: Linux resets the process's peak resident set (VmHWM) on writing 5
    to /proc/self/clear_refs. False where it cannot (then only the process's peak so far is known)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def round_peak_mb() -> float | None:
    """The peak resident set since `round_peak_start` (VmHWM), in MB."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def report(label: str, times: list[tuple[float, str]], peak: float | None = None) -> None:
    """The median and worst round; the process's peak memory so far (`peak`: the worst round's, where each round's
    was measured: resetting the peak for a round resets the process's)."""
    cpu = [t for t, _ in times]
    worst = sorted(times, reverse=True)[:3]
    memory = f"peak memory so far {peak_mb():6.0f} MB" if peak is None else f"peak memory {peak:6.0f} MB"
    print(f"  {label:<16} {len(cpu):>4} rounds  median {statistics.median(cpu):6.2f} s  worst {max(cpu):6.2f} s"
          f"  {memory}")
    print("    worst: " + ", ".join(f"{name} {t:.2f} s" for t, name in worst), flush=True)


def sweep_corpus() -> None:
    groups: dict[str, list[tuple[float, str]]] = {}
    for path in sorted((FIXTURES / "pairing").glob("*.trf")):
        total = max(len(line[91:].rstrip()) // 10 + 1 for line in decode(path.read_bytes()).splitlines()
                    if line.startswith("001"))
        players = sum(line.startswith("001") for line in decode(path.read_bytes()).splitlines())
        size = "< 100" if players < 100 else "100-299" if players < 300 else "300-499"
        for k in range(1, total):
            _, cpu = timed(after_round(k, path, total))
            groups.setdefault(size, []).append((cpu, f"{path.stem} r{k + 1}"))
    for size, times in groups.items():
        report(f"corpus {size}", times)


def open_field(n: int) -> PairingInput:
    players = tuple(PairingPlayer(id=k, number=k, rating=2700 - (1500 * k) // n) for k in range(1, n + 1))
    return PairingInput(players=players, rounds=9)


def sweep_open(n: int, rounds: int) -> None:
    rng = random.Random(n)
    data = open_field(n)
    times: list[tuple[float, str]] = []
    peaks: list[tuple[float, str]] = []
    for rnd in range(1, rounds + 1):
        measured = round_peak_start()
        pairing, cpu = timed(data)
        peak = round_peak_mb() if measured else None
        times.append((cpu, f"open-{n} r{rnd}"))
        if peak is not None:
            peaks.append((peak, f"r{rnd}"))
        print(f"    open-{n} round {rnd}: {cpu:.2f} s" + (f", peak memory {peak:.0f} MB" if peak else ""), flush=True)
        if rnd < rounds:
            data = play(data, pairing, rng)
    report(f"open {n}", times, max(peaks)[0] if peaks else None)
    if peaks:
        over = [name for mb, name in peaks if mb >= 300]
        print(f"    peak memory of a round: {min(peaks)[0]:.0f}-{max(peaks)[0]:.0f} MB; at or over 300 MB: "
              + (", ".join(over) or "none"), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="profile one pairing of round 9")
    parser.add_argument("--sweep", action="store_true", help="every corpus round, then generated opens")
    parser.add_argument("--opens", default="1000,2000", help="sizes of the generated opens (--sweep)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of the generated opens (--sweep)")
    parser.add_argument("--skip-corpus", action="store_true", help="--sweep: the generated opens only")
    args = parser.parse_args()
    if args.sweep:
        print("CPU time per round, FIDE Dutch, pair_next_round in-process")
        if not args.skip_corpus:
            sweep_corpus()
        for n in (int(x) for x in args.opens.split(",") if x):
            sweep_open(n, args.rounds)
        return
    print(f"pairing the next round of {OPEN.name} (600 players), FIDE Dutch, {args.runs} runs each")
    measure("round 2 (after round 1)", after_round(1), args.runs)
    data = after_round(5)
    pairing = measure("round 6 (after round 5)", data, args.runs)
    rng = random.Random(2026)
    for _ in range(3):  # rounds 6, 7, 8 paired by the engine, random results
        data = play(data, pairing, rng)
        pairing = pair_next_round(data)
    measure("round 9 (after round 8)", data, args.runs)
    print(f"{WORST.name} (394 players, the corpus' slowest: gacrux's weighted matching)")
    measure("round 2 (after round 1)", after_round(1, WORST), max(1, args.runs // 2))
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(pair_next_round, data)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(20)


if __name__ == "__main__":
    main()
