#!/usr/bin/env python3
"""Set-up launcher: `python3 run.py serve` or `python3 run.py test` on a machine that only has python3.

It creates `.venv` beside this file and installs what the command needs: Echiquier alone for `serve`, Echiquier
with its test extra for `test` (again only when pyproject.toml changed). Then:
- `serve` becomes the Echiquier server (the same process: stopping this process id stops the server);
- `test` runs ruff and mypy, then the whole test suite; SIGTERM or SIGHUP to this process stops the tests.

ECHIQUIER_VENV=DIR uses that virtualenv as it is (nothing created or installed): for a venv you manage yourself.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import venv
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent
MANAGED = not os.environ.get("ECHIQUIER_VENV")
VENV = Path(os.environ.get("ECHIQUIER_VENV") or ROOT / ".venv")
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
# one stamp per install target; a test install also serves
STAMPS = {"serve": VENV / ".installed-serve", "test": VENV / ".installed-test"}
TARGETS = {"serve": f"{ROOT}", "test": f"{ROOT}[test]"}


def ensure_venv(command: str) -> None:
    if not MANAGED:
        return
    if not (BIN / "python").exists() and not (BIN / "python.exe").exists():
        print("Creating .venv ...", flush=True)
        try:
            venv.EnvBuilder(with_pip=True).create(VENV)
        except (OSError, subprocess.CalledProcessError) as exc:
            sys.exit(f"Could not create {VENV} ({exc}). On Debian or Ubuntu install the venv module first:"
                     " apt-get install python3-venv")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    enough = [STAMPS[command]] + ([STAMPS["test"]] if command == "serve" else [])
    if any(stamp.exists() and stamp.read_text() == digest for stamp in enough):
        return
    what = "Echiquier and its dependencies" if command == "serve" else "Echiquier with its test tools"
    print(f"Installing {what} into .venv ...", flush=True)
    python = str(BIN / "python")
    subprocess.run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run([python, "-m", "pip", "install", "-q", "-e", TARGETS[command]], check=True)
    STAMPS[command].write_text(digest)


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
    if not argv or argv[0] not in {"serve", "test"}:
        print("usage: python3 run.py serve [echiquier serve options] | python3 run.py test [pytest options]")
        return 2
    command, rest = argv[0], argv[1:]
    ensure_venv(command)
    os.chdir(ROOT)
    if command == "serve":
        server = str(BIN / "echiquier")
        sys.stdout.flush()
        os.execv(server, [server, "serve", *rest])  # this process becomes the server
    lint = subprocess.call([str(BIN / "ruff"), "check", "."])
    types = subprocess.call([str(BIN / "mypy")])  # files and strictness: [tool.mypy] in pyproject.toml
    tests = run_tests([str(BIN / "python"), "-m", "pytest", *rest])
    return tests or lint or types


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
