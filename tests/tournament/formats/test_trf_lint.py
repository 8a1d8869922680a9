"""TRF lint: one small bad file per problem (tests/data), the command line, and nothing imported on errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.main import main
from tests.support.files import DATA
from tournament.formats.trf_lint import lint_bytes

# file, severity, (line, column), words of the message
CASES = [
    ("bad-points.trf", "warning", (2, 81), "points column says 2.5"),
    ("bad-not-listed-back.trf", "error", (2, 102), "does not list 1 back"),
    ("bad-colours.trf", "error", (2, 107), "both 1 and 4 have colour 'b'"),
    ("warn-f-for-u.trf", "warning", (4, 109), "'U' seems meant"),
    ("bad-two-byes.trf", "warning", (4, 109), "a second pairing-allocated bye"),
    ("bad-duplicate-rank.trf", "error", (6, 5), "starting rank 2 is used twice"),
    ("warn-trf26-no-142-152.trf", "warning", (1, 0), "number of rounds (record 142)"),
    ("warn-trf26-no-142-152.trf", "warning", (1, 0), "initial colour (record 152)"),
]


def test_the_good_file_is_clean() -> None:
    report = lint_bytes((DATA / "good-4p-2r.trf").read_bytes())
    assert report.items == [] and report.ok and report.players == 4 and report.rounds == 2


@pytest.mark.parametrize(("name", "severity", "where", "words"), CASES)
def test_each_problem_is_caught_with_its_place(name: str, severity: str, where: tuple[int, int], words: str) -> None:
    report = lint_bytes((DATA / name).read_bytes())
    found = [i for i in report.items if words in i.message]
    assert len(found) == 1, report.items
    item = found[0]
    assert (item.severity, (item.line, item.column)) == (severity, where)
    assert item.hint  # a plain explanation comes with every problem
    others = [i for i in report.items if i is not item and i.severity == "error"]
    assert not others, others
    assert report.ok == (severity == "warning" and not report.errors)


def test_check_trf_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-trf", str(DATA / "bad-colours.trf")]) == 1
    out = capsys.readouterr().out
    assert "line 2, column 107: error: round 2: both 1 and 4 have colour 'b'" in out and "cannot be imported" in out
    assert main(["check-trf", str(DATA / "bad-points.trf")]) == 0
    out = capsys.readouterr().out
    assert "line 2, column 81: warning: player 1: points column says 2.5" in out and "the results decide" in out
    assert main(["check-trf", str(DATA / "warn-f-for-u.trf")]) == 0
    assert "can be imported" in capsys.readouterr().out


@pytest.mark.parametrize("name", [c[0] for c in CASES if c[1] == "error"])
def test_nothing_is_imported_from_a_file_with_errors(name: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import-trf", str(DATA / name), "--events", str(tmp_path), "--event", "ev"]) == 1
    assert "Nothing was imported" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.db"))


def test_warnings_do_not_block_an_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import-trf", str(DATA / "warn-f-for-u.trf"), "--events", str(tmp_path), "--event", "ev"]) == 0
    assert "Imported 4 players and 2 rounds" in capsys.readouterr().out
