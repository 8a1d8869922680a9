"""`echiquier pair-trf`: the TRF records the pairing reads (forbidden pairs, round robin, Baku, XXC)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.main import main
from tests.support.pairing import CORPUS, corpus_file, cut_file


def pair(tmp_path: Path, text: str, *options: str) -> list[tuple[int, int]]:
    source, target = tmp_path / "in.trf", tmp_path / "out.txt"
    source.write_text(text, encoding="latin-1")
    assert main(["pair-trf", str(source), "-p", str(target), *options]) == 0
    words = target.read_text().split()
    return [(int(words[1 + 2 * i]), int(words[2 + 2 * i])) for i in range(int(words[0]))]


def round_one(players: int, *records: str) -> str:
    lines = ["012 Test"] + [f"001 {n:4d}      Player{n:04d}, Test{'':18}{2500 - n:4d}" for n in range(1, players + 1)]
    return "\n".join([*lines, *records]) + "\n"


@pytest.mark.parametrize("record", ["XXP {a} {b}", "260 {rnd:3d} {rnd:3d} {a:4d} {b:4d}"])
def test_forbidden_pair_records(tmp_path: Path, record: str) -> None:
    others, players = corpus_file(CORPUS / "dutch-054p-7r-s351.trf")
    text = cut_file(others, players, 3, 7)
    free = pair(tmp_path, text)
    a, b = free[0]
    boards = pair(tmp_path, text + record.format(a=a, b=b, rnd=4) + "\n")
    assert (a, b) not in boards and (b, a) not in boards
    assert sorted(p for board in boards for p in board) == sorted(p for board in free for p in board)
    # a 260 record for another round does not apply
    if record.startswith("260"):
        assert pair(tmp_path, text + record.format(a=a, b=b, rnd=5) + "\n") == free


def test_round_robin_from_the_092_record_or_the_option(tmp_path: Path) -> None:
    assert pair(tmp_path, round_one(5, "092 Individual: round robin", "XXR 5")) == [(2, 5), (3, 4), (1, 0)]
    assert pair(tmp_path, round_one(6, "XXR 5"), "--system", "berger") == [(1, 6), (2, 5), (3, 4)]
    assert pair(tmp_path, round_one(6, "XXR 5"))[0] == (1, 4)  # Dutch: 1 v 4


def test_initial_colour_and_baku(tmp_path: Path) -> None:
    assert pair(tmp_path, round_one(8, "XXR 5", "XXC black1"))[0] == (5, 1)
    assert pair(tmp_path, round_one(8, "XXR 5", "152 W"))[0] == (1, 5)
    assert pair(tmp_path, round_one(8, "XXR 5"), "--baku")[0] == (1, 3)  # GA = players 1-4
    assert pair(tmp_path, round_one(8, "XXR 5", "092 FIDE_DUTCH_BAKU"))[0] == (1, 3)


def test_declared_byes_keep_players_out(tmp_path: Path) -> None:
    boards = pair(tmp_path, round_one(8, "XXR 5", "240 H   1    3    4", "XXZ 7"))
    seated = {p for board in boards for p in board}
    assert not seated & {3, 4, 7}
    assert seated == {1, 2, 5, 6, 8, 0}  # five players: one pairing-allocated bye
