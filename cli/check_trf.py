"""`echiquier check-trf FILE`: the TRF linter's report (line, column, explanation); it loads nothing else."""

from __future__ import annotations

import argparse
import sys

from tournament.formats.trf_lint import lint_bytes


def run(args: argparse.Namespace) -> int:
    try:
        data = args.file.read_bytes()
    except OSError as exc:
        print(f"echiquier: {exc}", file=sys.stderr)
        return 1
    return check_trf(data, str(args.file))


def check_trf(data: bytes, name: str) -> int:
    report = lint_bytes(data)
    for item in report.items:
        print(f"{name}: {item.text()}")
    verdict = "can be imported" if report.ok else "cannot be imported"
    teams = f", {report.teams} teams (the games are imported as individual games)" if report.teams else ""
    print(f"{name}: {report.version}, {report.players} players{teams}, {report.rounds} rounds played; "
          f"{len(report.errors)} errors, {len(report.warnings)} warnings: {verdict}.")
    return 0 if report.ok else 1
