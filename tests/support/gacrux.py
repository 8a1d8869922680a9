"""FIDE's reference implementation of the tie-breaks (`gacrux`, the test extra), run on a TRF text, and our
standings compared with what it says: points exact, tie-break values within 0.001, ranks equal."""

from __future__ import annotations

import csv
import importlib.util
import io
import subprocess
import sys
from pathlib import Path

from tournament.standings import Standings

CODES = ["BH/C1", "BH", "BH/M1", "BH/C2", "FB", "SB", "SB/C1", "PS", "PS/C1", "WIN", "WON", "BPG", "BWG", "REP",
         "DE", "KS", "KS/L+1", "AOB", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "TPN", "RTNG"]
START = {"2024-08": "2026/01/08", "2026-03": "2026/04/04"}  # gacrux picks the edition by the start date
HAVE_GACRUX = importlib.util.find_spec("gacrux") is not None


def compare(standings: Standings, rows: dict[int, list[str]], codes: list[str]) -> list[str]:
    problems = []
    for row in standings.rows:
        theirs = rows[row.start_rank]
        if int(theirs[1]) != row.rank:
            problems.append(f"{row.start_rank}: rank {row.rank} vs {theirs[1]}")
        if float(theirs[2]) != float(row.points):
            problems.append(f"{row.start_rank}: points {row.points} vs {theirs[2]}")
        for code, mine, value in zip(codes, row.values, theirs[3:], strict=True):
            if value in ("-0", "None", ""):
                ok = mine is None
            else:
                ok = mine is not None and abs(float(mine) - float(value)) < 0.001
            if not ok:
                problems.append(f"{row.start_rank}: {code} {mine} vs {value}")
    return problems


def read_tsv(text: str) -> tuple[list[str], dict[int, list[str]]]:
    rows = list(csv.reader(io.StringIO(text), delimiter="\t"))
    return rows[0], {int(r[0]): r for r in rows[1:] if r and r[0].isdigit()}


def tiebreakchecker(text: str, played: int, codes: list[str], tmp_path: Path) -> dict[int, list[str]]:
    """gacrux's tie-break checker on a TRF text (individual or team file): its rows by start rank or team
    number (rank, points, then one value per code)."""
    path = tmp_path / "in.trf"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-b", "utf-8", "-n",
                           str(played), "-t", "PTS", *codes, "-d", "T"], capture_output=True, text=True,
                          cwd=tmp_path, timeout=300, check=False)
    header, rows = read_tsv(done.stdout)
    assert header[3:] == codes, done.stderr[-2000:]
    return rows


def with_edition(text: str, edition: str, rate_unrated: bool = True) -> str:
    """Set the start date (042) that makes gacrux use `edition`; give unrated players a rating so that the
    rating tie-breaks are computed (C.07 Art. 10 drops them when a player is unrated)."""
    out = []
    for line in text.split("\n"):
        if line.startswith("042 "):
            line = f"042 {START[edition]}"
        elif line.startswith("001") and rate_unrated and line[48:52].strip() in ("", "0"):
            line = line[:48] + f"{1000 + int(line[4:8]):>4}" + line[52:]
        out.append(line)
    if not any(line.startswith("042 ") for line in out):
        out.insert(1, f"042 {START[edition]}")
    return "\n".join(out)
