"""Replay the pairing corpus (tests/fixtures/pairing: 40 Swiss tournaments every round of which bbpPairings
paired by the FIDE Dutch rules) round by round through `echiquier pair-trf`: each round must come out
identical, pairs, colours and bye, and in the same board order as bbpPairings published it (boards/<name>.txt:
`round: white-black ...`, the bye as `id-0`, one line per round, made by bbpPairings 6 on the same cut files).

For round k+1 the tournament is cut to its first k rounds (points recomputed), keeping the absences
already declared for round k+1 (a block without opponent that is not a pairing-allocated bye), with
`XXR` (the rounds scheduled) and `XXC` (the colour player 1's side had in round 1).

The whole corpus (267 rounds) runs by default; ECHIQUIER_QUICK_REPLAY=1 keeps one file in four.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.main import main
from tests.support.files import ROOT
from tests.support.pairing import CORPUS, Line, corpus_file, cut_file

FILES = sorted(CORPUS.glob("*.trf"))
if os.environ.get("ECHIQUIER_QUICK_REPLAY"):
    FILES = FILES[::4]
TIMES: list[float] = []


def expected_round(players: list[Line], rnd: int) -> tuple[set[tuple[int, int]], set[int]]:
    pairs: set[tuple[int, int]] = set()
    byes: set[int] = set()
    for p in players:
        if len(p.blocks) < rnd:
            continue
        opp, colour, code = p.blocks[rnd - 1]
        if not opp and code == "U":
            byes.add(p.number)
        elif opp and colour == "w":
            pairs.add((p.number, opp))
    return pairs, byes


def engine_pairs(path: Path) -> list[tuple[int, int]]:
    """The `white black` lines of an engine's output, in board order (the bye last, as `id 0`)."""
    words = path.read_text().split()
    count = int(words[0])
    return [(int(words[1 + 2 * i]), int(words[2 + 2 * i])) for i in range(count)]


def engine_output(path: Path) -> tuple[set[tuple[int, int]], set[int]]:
    pairs = engine_pairs(path)
    return {p for p in pairs if p[1]}, {w for w, b in pairs if not b}


def reference_boards(path: Path) -> dict[int, list[tuple[int, int]]]:
    """bbpPairings' boards of every round of a corpus file, in its board order."""
    text = (CORPUS / "boards" / f"{path.stem}.txt").read_text()
    rounds: dict[int, list[tuple[int, int]]] = {}
    for line in text.splitlines():
        rnd, _, pairs = line.partition(":")
        rounds[int(rnd)] = [(int(w), int(b)) for w, b in (p.split("-") for p in pairs.split())]
    return rounds


@pytest.fixture(scope="module", autouse=True)
def report_speed(request: pytest.FixtureRequest) -> object:
    yield
    if TIMES:
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        line = (f"\npairing replay: {len(TIMES)} rounds in {sum(TIMES):.1f} s, median "
                f"{statistics.median(TIMES):.3f} s/round, max {max(TIMES):.2f} s")
        with capture.global_and_fixture_disabled():
            print(line)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_round_identical(path: Path, tmp_path: Path) -> None:
    others, players = corpus_file(path)
    total = max(len(p.blocks) for p in players)
    assert total >= 4
    source, target = tmp_path / "in.trf", tmp_path / "out.txt"
    differing = []
    order = reference_boards(path)
    for k in range(1, total):
        source.write_text(cut_file(others, players, k, total), encoding="latin-1")
        start = time.perf_counter()
        assert main(["pair-trf", str(source), "-p", str(target)]) == 0
        TIMES.append(time.perf_counter() - start)
        got, want = engine_output(target), expected_round(players, k + 1)
        assert {p for p in order[k + 1] if p[1]} == want[0], "the board order file does not hold the corpus' round"
        if got != want:
            differing.append((k + 1, sorted(want[0] - got[0])[:3], sorted(got[0] - want[0])[:3], want[1], got[1]))
        elif engine_pairs(target) != order[k + 1]:
            boards = [b for b, (g, w) in enumerate(zip(engine_pairs(target), order[k + 1], strict=True), 1) if g != w]
            differing.append((k + 1, f"board order differs from board {boards[0]}"))
    assert not differing, f"{path.name}: rounds differ (round, missing, extra, bye wanted, bye got): {differing}"


def test_cut_keeps_declared_absences_and_recomputes_points() -> None:
    others, players = corpus_file(CORPUS / "dutch-016p-7r-s759.trf")
    text = cut_file(others, players, 1, 7)
    line1 = next(t for t in text.splitlines() if t.startswith("001    1"))
    # player 1: Z in round 1, H declared for round 2: kept, half a point
    assert line1[80:84] == " 0.5" and line1[91:].split() == ["0000", "-", "Z", "0000", "-", "H"]
    assert "XXR 7" in text and "XXC white1" in text


def test_pair_trf_subprocess(tmp_path: Path) -> None:
    others, players = corpus_file(CORPUS / "dutch-020p-7r-s895.trf")
    source, target = tmp_path / "in.trf", tmp_path / "out.txt"
    source.write_text(cut_file(others, players, 3, 7), encoding="latin-1")
    done = subprocess.run([sys.executable, "-m", "cli.main", "pair-trf", str(source), "-p", str(target)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert engine_output(target) == expected_round(players, 4)
    first = target.read_text().splitlines()[0]
    assert int(first) == len(target.read_text().splitlines()) - 1


def test_pair_trf_refuses_a_file_without_rounds_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.trf"
    source.write_bytes((CORPUS / "dutch-016p-7r-s759.trf").read_bytes())  # all 7 rounds played, no XXR
    assert main(["pair-trf", str(source), "-p", str(tmp_path / "out.txt")]) == 3  # an invalid file
    assert "how many rounds" in capsys.readouterr().err
    assert not (tmp_path / "out.txt").exists()
