#!/usr/bin/env python3
"""Set-up launcher: `python3 run.py serve` or `python3 run.py test` on a machine that only has python3.

It creates `.venv` beside this file, installs the project with its test extra (again only when
pyproject.toml changed), then runs the Echiquier server or the whole test suite.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"


def ensure_venv() -> None:
    if not (BIN / "python").exists() and not (BIN / "python.exe").exists():
        print("Creating .venv ...", flush=True)
        try:
            venv.EnvBuilder(with_pip=True).create(VENV)
        except (OSError, subprocess.CalledProcessError) as exc:
            sys.exit(f"Could not create {VENV} ({exc}). On Debian or Ubuntu install the venv module first:"
                     " apt-get install python3-venv")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return
    print("Installing Echiquier and its dependencies into .venv ...", flush=True)
    python = str(BIN / "python")
    subprocess.run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run([python, "-m", "pip", "install", "-q", "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(digest)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"serve", "test"}:
        print("usage: python3 run.py serve [echiquier serve options] | python3 run.py test [pytest options]")
        return 2
    ensure_venv()
    command, rest = argv[0], argv[1:]
    os.chdir(ROOT)
    if command == "serve":
        return subprocess.call([str(BIN / "echiquier"), "serve", *rest])
    lint = subprocess.call([str(BIN / "ruff"), "check", "."])
    types = subprocess.call([str(BIN / "mypy")])  # files and strictness: [tool.mypy] in pyproject.toml
    tests = subprocess.call([str(BIN / "python"), "-m", "pytest", *rest])
    return tests or lint or types


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
