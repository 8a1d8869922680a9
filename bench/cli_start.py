"""Start time of each `echiquier` command: the interpreter and the imports the command needs, then its whole run.

    .venv/bin/python bench/cli_start.py [--repeat 9]

Every figure is a new process, as a shell starts one: `start` runs Python with the command's module imported
(what cli/main.py loads before the command does any work), `run` the whole command on a small file (the
20-player TRF of tests/fixtures, an event made from it in a temporary folder). Rounds alternate the commands,
so that a machine loaded by other work weighs on all alike; medians are printed, with min and max.
`python -c pass` is the floor: the interpreter alone.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRF = ROOT / "tests" / "fixtures" / "small-20p-5r.trf"
MAIN = "import sys; from cli.main import main; sys.exit(main())"  # what the `echiquier` script runs


def commands(events: Path) -> dict[str, tuple[str, list[str] | None]]:
    """name: (the module its start imports, the arguments of a whole run or None)."""
    at = ["--events", str(events), "--event", "small"]
    return {
        "python -c pass": ("sys", None),
        "--help": ("cli.main", ["--help"]),
        "--version": ("cli.main", ["--version"]),
        "check-trf FILE": ("cli.check_trf", ["check-trf", str(TRF)]),
        "pair-trf FILE": ("cli.pair_trf", ["pair-trf", str(TRF)]),
        "export-trf": ("cli.data", ["export-trf", *at, "--tournament", "1"]),
        "standings": ("cli.data", ["standings", *at, "--format", "csv"]),
        "import-trf FILE": ("cli.data", None),  # its run writes: timed by bench/import.py
        "pair": ("cli.pair", None),
        "publish": ("cli.publish", None),
        "serve": ("cli.serve", None),
    }


def timed(args: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run; CPU (user + system) moves less than wall when other work loads the machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, capture_output=True, check=False)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode not in (0, 1):  # check-trf answers 1 for a file with errors
        raise SystemExit(f"{args}: exit {done.returncode}\n{done.stderr.decode(errors='replace')}")
    return elapsed, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        events = Path(folder)
        subprocess.run([sys.executable, "-c", MAIN, "import-trf", str(TRF), "--events", str(events), "--event",
                        "small"], cwd=ROOT, check=True, capture_output=True)
        table = commands(events)
        starts: dict[str, list[tuple[float, float]]] = {name: [] for name in table}
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name, (_, args) in table.items() if args is not None}
        for _ in range(options.repeat):
            for name, (module, args) in table.items():
                starts[name].append(timed([sys.executable, "-c", "pass" if module == "sys" else f"import {module}"]))
                if args is not None:
                    runs[name].append(timed([sys.executable, "-c", MAIN, *args]))
    print(f"echiquier command start, {options.repeat} runs each, seconds: median (min-max)")
    print(f"  {'command':<16} {'start wall':>20} {'start CPU':>20} {'whole run wall':>20} {'whole run CPU':>20}")
    for name in table:
        run = [figure(runs[name], 0), figure(runs[name], 1)] if name in runs else ["", ""]
        print(f"  {name:<16} {figure(starts[name], 0):>20} {figure(starts[name], 1):>20} {run[0]:>20} {run[1]:>20}")


def figure(pairs: list[tuple[float, float]], which: int) -> str:
    values = [pair[which] for pair in pairs]
    return f"{statistics.median(values):.3f} ({min(values):.3f}-{max(values):.3f})"


if __name__ == "__main__":
    main()
