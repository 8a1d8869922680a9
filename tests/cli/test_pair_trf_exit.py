"""`echiquier pair-trf`'s exit status, as bbpPairings gives it (issue 28, item 6): 1 when no pairing respects the
rules of a valid file, 3 for an invalid file, 5 for a file that cannot be read; nothing written but on success."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main
from tests.support.files import ROOT
from tests.support.pairing import CORPUS, corpus_file, cut_file


def field(players: int, *records: str) -> str:
    """Round 1 of `players` to pair, with extra records."""
    lines = ["012 Test"] + [f"001 {n:4d}      Player{n:04d}, Test{'':18}{2500 - n:4d}" for n in range(1, players + 1)]
    return "\n".join([*lines, *records]) + "\n"


def pair_trf(tmp_path: Path, text: str) -> tuple[int, str, Path]:
    source, target = tmp_path / "in.trf", tmp_path / "out.txt"
    source.write_text(text, encoding="latin-1")
    done = subprocess.run([sys.executable, "-m", "cli", "pair-trf", str(source), "-p", str(target)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT, check=False)
    return done.returncode, done.stderr, target


def test_a_valid_file_is_paired_with_status_0(tmp_path: Path) -> None:
    status, _, target = pair_trf(tmp_path, field(4, "XXR 3"))
    assert status == 0
    assert target.read_text().splitlines()[0] == "2"


def test_no_valid_pairing_is_status_1(tmp_path: Path) -> None:
    """Two players who may not meet (XXP): a valid file that no pairing of round 1 satisfies (C.04.3 art. 1.9.3)."""
    status, err, target = pair_trf(tmp_path, field(2, "XXR 3", "XXP 1 2"))
    assert status == 1
    assert "No pairing of round 1 respects the rules" in err
    assert not target.exists()


def unknown_opponent() -> str:
    """Round 3 of a corpus tournament to pair, player 2's opponent 10 replaced by one not in the file."""
    others, players = corpus_file(CORPUS / "dutch-016p-7r-s759.trf")
    lines = cut_file(others, players, 2, 7).splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("001    2 "))
    assert "    10 w 1" in lines[i]
    lines[i] = lines[i].replace("    10 w 1", "    99 w 1")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("text", "told"), [
    (field(4), "how many rounds"),  # no XXR nor 142
    (field(4, "XXR 3").replace("001    3", "001 abcd"), "starting rank"),  # a record that cannot be read
    (unknown_opponent(), "opponent 99 does not exist"),
])
def test_an_invalid_file_is_status_3(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, told: str) -> None:
    source, target = tmp_path / "in.trf", tmp_path / "out.txt"
    source.write_text(text, encoding="latin-1")
    assert main(["pair-trf", str(source), "-p", str(target)]) == 3
    assert told in capsys.readouterr().err
    assert not target.exists()


def test_a_file_that_cannot_be_read_is_status_5(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair-trf", str(tmp_path / "missing.trf")]) == 5
    assert "missing.trf" in capsys.readouterr().err
