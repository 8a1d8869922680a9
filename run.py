#!/usr/bin/env python3
"""Set-up launcher: `python3 run.py serve` or `python3 run.py test` on a machine that only has python3.

It creates `.venv` beside this file and installs what the command needs: Echiquier alone for `serve`, Echiquier
with its test extra for `test` (again only when pyproject.toml changed). Then:
- `serve` becomes the Echiquier server (the same process: stopping this process id stops the server);
- `test` runs ruff and mypy, then the whole test suite; SIGTERM or SIGHUP to this process stops the tests.

A `.venv` that cannot serve (made by a Python older than 3.11, its python gone or unable to start, no pip) is
removed and made again. ECHIQUIER_VENV=DIR uses that virtualenv as it is (nothing created, checked or installed):
for a venv you manage yourself.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from types import FrameType
from venv import EnvBuilder

ROOT = Path(__file__).resolve().parent
MANAGED = not os.environ.get("ECHIQUIER_VENV")
VENV = Path(os.environ.get("ECHIQUIER_VENV") or ROOT / ".venv")
NEEDED = (3, 11)  # pyproject.toml's requires-python
TARGETS = {"serve": f"{ROOT}", "test": f"{ROOT}[test]"}
# what a usable virtualenv's python prints: its version, once it has imported pip (a venv made where ensurepip was
# missing has a python and no pip: every install would fail)
PROBE = "import sys, pip; print('%d.%d' % sys.version_info[:2])"


def bin_dir(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


def python_of(venv: Path) -> Path:
    return bin_dir(venv) / ("python.exe" if os.name == "nt" else "python")


def stamp(venv: Path, command: str) -> Path:
    """One stamp per install target, holding pyproject.toml's digest when installed; a test install also serves."""
    return venv / f".installed-{command}"


def venv_problem(venv: Path) -> str | None:
    """Why `venv` cannot be used (None: it can): no python, one that does not start or has no pip, or too old."""
    python = python_of(venv)
    if not python.exists():  # also a link to an interpreter that was removed (a Python upgrade)
        return "it has no working python"
    try:
        done = subprocess.run([str(python), "-c", PROBE], capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"its python does not start ({exc})"
    try:
        version = tuple(int(part) for part in done.stdout.strip().split("."))
    except ValueError:
        version = ()
    if done.returncode != 0 or len(version) != 2:
        return "its python does not start, or has no pip"
    if version < NEEDED:
        return f"it was made by Python {version[0]}.{version[1]} and Echiquier needs {NEEDED[0]}.{NEEDED[1]} or later"
    return None


def install(venv: Path, command: str) -> None:
    python = str(python_of(venv))
    subprocess.run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run([python, "-m", "pip", "install", "-q", "-e", TARGETS[command]], check=True)


def ensure_venv(command: str, venv: Path = VENV) -> None:
    """A usable virtualenv at `venv` with what `command` needs: made, or made again when stale or broken."""
    if not MANAGED:
        return
    problem = venv_problem(venv) if venv.exists() else None
    if problem is not None:
        print(f"Rebuilding {venv.name}: {problem}.", flush=True)
        shutil.rmtree(venv)
    if not venv.exists():
        print(f"Creating {venv.name} ...", flush=True)
        try:
            EnvBuilder(with_pip=True).create(venv)
        except (OSError, subprocess.CalledProcessError) as exc:
            shutil.rmtree(venv, ignore_errors=True)  # no half-made venv left for the next run to trip on
            sys.exit(f"Could not create {venv} ({exc}). On Debian or Ubuntu install the venv module first:"
                     " apt-get install python3-venv")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    enough = [stamp(venv, command)] + ([stamp(venv, "test")] if command == "serve" else [])
    if any(done.exists() and done.read_text() == digest for done in enough):
        return
    what = "Echiquier and its dependencies" if command == "serve" else "Echiquier with its test tools"
    print(f"Installing {what} into {venv.name} ...", flush=True)
    install(venv, command)
    stamp(venv, command).write_text(digest)


def run_tests(args: list[str]) -> int:
    """Run pytest as a child. SIGTERM or SIGHUP sent to this process stops it as Ctrl+C does (SIGINT: fixtures
    are torn down, the servers it started are stopped); a second one sends SIGTERM. Ctrl+C itself reaches pytest
    from the terminal (same process group), so it is not sent twice."""
    children: list[subprocess.Popen[bytes]] = []
    asked: list[int] = []

    def forward(signum: int, _frame: FrameType | None) -> None:
        if signum != signal.SIGINT and children:
            children[0].send_signal(signal.SIGTERM if asked else signal.SIGINT)
            asked.append(signum)

    # set before the child starts: it then gets the default actions back (even where this process was started
    # with SIGINT ignored, as background jobs of a script are), so pytest turns SIGINT into KeyboardInterrupt
    for signum in (signal.SIGTERM, signal.SIGINT, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])):
        signal.signal(signum, forward)
    children.append(subprocess.Popen(args))
    return children[0].wait()


def main(argv: list[str]) -> int:
    if sys.version_info < NEEDED:
        print(f"Echiquier needs Python {NEEDED[0]}.{NEEDED[1]} or later; this python3 is {sys.version.split()[0]}."
              " Install a newer one (python.org, or your system's python3.11 package) and run this again with it.")
        return 2
    if not argv or argv[0] not in {"serve", "test"}:
        print("usage: python3 run.py serve [echiquier serve options] | python3 run.py test [pytest options]")
        return 2
    command, rest = argv[0], argv[1:]
    ensure_venv(command)
    os.chdir(ROOT)
    if command == "serve":
        server = str(bin_dir(VENV) / "echiquier")
        sys.stdout.flush()
        os.execv(server, [server, "serve", *rest])  # this process becomes the server
    lint = subprocess.call([str(bin_dir(VENV) / "ruff"), "check", "."])
    types = subprocess.call([str(bin_dir(VENV) / "mypy")])  # files and strictness: [tool.mypy] in pyproject.toml
    tests = run_tests([str(python_of(VENV)), "-m", "pytest", *rest])
    return tests or lint or types


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
