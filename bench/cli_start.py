"""Start time of each `echiquier` command: the interpreter and the imports the command needs, then its whole run.

    .venv/bin/python bench/cli_start.py [--repeat 9] [--source]

Every figure is a new process, as a shell starts one. `start` runs Python with the command's module imported
(what cli/main.py loads before the command does any work: every command of its table, COMMANDS, is timed, and
`--help`, `--version`); `run` is the whole command where it can run on a small file (the 20-player TRF of
tests/fixtures, an event made from it in a temporary folder; commands that write or serve are timed at start
only). Rounds alternate the commands, so that a machine loaded by other work weighs on all alike; medians are
printed, with min and max, and each start's CPU beside the goal (issue 22: under 0.2 s). `python -c pass` is the
floor: the interpreter alone.

Python's compiled bytecode is kept in a temporary folder (PYTHONPYCACHEPREFIX) and made by a first run, as an
installed echiquier has it (pip compiles the package). `--source` measures a checkout whose modules Python compiles
at every start (PYTHONDONTWRITEBYTECODE=1 and no __pycache__ in the checkout): the libraries keep their bytecode.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cli.main import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
TRF = ROOT / "tests" / "fixtures" / "small-20p-5r.trf"
MAIN = "import sys; from cli.main import main; sys.exit(main())"  # what the `echiquier` script runs
GOAL = 0.2  # CPU seconds of a command's start (issue 22, item 6; issue 28, item 6 for pair-trf)


def runs(events: Path) -> dict[str, list[str]]:
    """The commands run whole, on the small TRF file or the event made from it."""
    at = ["--events", str(events), "--event", "small"]
    return {"--help": ["--help"], "--version": ["--version"], "check-trf": ["check-trf", str(TRF)],
            "pair-trf": ["pair-trf", str(TRF)], "export-trf": ["export-trf", *at, "--tournament", "1"],
            "standings": ["standings", *at, "--format", "csv"]}


def commands(events: Path) -> dict[str, tuple[str, list[str] | None]]:
    """name: (the module its start imports, the arguments of a whole run or None): every command of the table."""
    whole = runs(events)
    table: dict[str, tuple[str, list[str] | None]] = {
        "python -c pass": ("sys", None), "--help": ("cli.main", whole["--help"]),
        "--version": ("cli.main", whole["--version"])}
    for name, (target, _help) in COMMANDS.items():
        table[name] = (target.partition(":")[0], whole.get(name))
    return table


def environment(source: bool, cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    if source:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run; CPU (user + system) moves less than wall when other work loads the machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, capture_output=True, check=False, env=env)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode not in (0, 1):  # check-trf answers 1 for a file with errors
        raise SystemExit(f"{args}: exit {done.returncode}\n{done.stderr.decode(errors='replace')}")
    return elapsed, cpu


def start_args(module: str) -> list[str]:
    return [sys.executable, "-c", "pass" if module == "sys" else f"import {module}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--source", action="store_true", help="modules compiled at every start (no bytecode kept)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        events, cache = Path(folder) / "events", Path(folder) / "pycache"
        env = environment(options.source, cache)
        subprocess.run([sys.executable, "-c", MAIN, "import-trf", str(TRF), "--events", str(events), "--event",
                        "small"], cwd=ROOT, check=True, capture_output=True, env=env)
        table = commands(events)
        for module, _ in table.values():  # the bytecode made once (or, with --source, nothing kept)
            subprocess.run(start_args(module), cwd=ROOT, check=True, capture_output=True, env=env)
        starts: dict[str, list[tuple[float, float]]] = {name: [] for name in table}
        whole: dict[str, list[tuple[float, float]]] = {name: [] for name, (_, a) in table.items() if a is not None}
        for _ in range(options.repeat):
            for name, (module, args) in table.items():
                starts[name].append(timed(start_args(module), env))
                if args is not None:
                    whole[name].append(timed([sys.executable, "-c", MAIN, *args], env))
    mode = "modules compiled at each start (--source)" if options.source else "bytecode kept, as installed"
    load = os.getloadavg()[0]
    print(f"echiquier command start, {options.repeat} runs each, {mode}, load {load:.1f}; "
          f"seconds: median (min-max); goal: start CPU under {GOAL} s")
    print(f"  {'command':<18} {'start wall':>20} {'start CPU':>20} {'goal':>5} {'whole run wall':>20} "
          f"{'whole run CPU':>20}")
    for name in table:
        run = [figure(whole[name], 0), figure(whole[name], 1)] if name in whole else ["", ""]
        cpu = statistics.median(pair[1] for pair in starts[name])
        verdict = "" if name == "python -c pass" else "ok" if cpu < GOAL else "OVER"
        print(f"  {name:<18} {figure(starts[name], 0):>20} {figure(starts[name], 1):>20} {verdict:>5} {run[0]:>20} "
              f"{run[1]:>20}")


def figure(pairs: list[tuple[float, float]], which: int) -> str:
    values = [pair[which] for pair in pairs]
    return f"{statistics.median(values):.3f} ({min(values):.3f}-{max(values):.3f})"


if __name__ == "__main__":
    main()
