"""Pairing to the letter (issue 28): board order, absences written `0000 - -`, acceleration records (`250`, `XXA`)
and the Baku acceleration over several rounds, each checked against FIDE's text and against gacrux's own reading
of the same TRF file (its pairing checker, run as a program)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.pairing import corpus_cut
from tournament.errors import Invalid
from tournament.formats.trf import decode, parse_trf
from tournament.pairing.dutch import baku_virtual_points, board_order
from tournament.pairing.engines import pair_next_round
from tournament.pairing.model import Board, Outcome, PairingInput, PairingPlayer, RoundPairing, RoundRecord
from tournament.pairing.trf_input import pairing_input

#: FIDE's rule for the order of published pairings (C.04.2, as the 1992 Swiss rules already wrote it, F.1):
#: "the score of the higher player of the pairing involved; the sum of the scores of both players of the
#: pairing involved; the rank according to A2 [score, then pairing number] of the higher player of the pairing".
RULE = ("score of the higher player", "sum of the scores of both players", "rank of the higher player")


def pair_file(text: str) -> RoundPairing:
    trf, errors = parse_trf(decode(text.encode("latin-1")))
    assert not errors, errors
    return pair_next_round(pairing_input(trf))


def gacrux_pairs(text: str, tmp_path: Path) -> set[frozenset[int]]:
    """The pairs gacrux's pairing checker (FIDE's reference tools) makes of the same file, by itself."""
    source = tmp_path / "gacrux.trf"
    source.write_text(text, encoding="latin-1")
    done = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-p", "-m", "dutch", "-i", str(source),
                           "-F", "TXT"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    words = [int(w) for w in done.stdout.split()]
    return {frozenset(words[1 + 2 * k: 3 + 2 * k]) for k in range(words[0])}


def our_pairs(pairing: RoundPairing) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in pairing.boards} | (
        {frozenset((pairing.bye, 0))} if pairing.bye else set())


# -- 1. board order ---------------------------------------------------------------------------------------------

def test_boards_tied_on_max_and_sum_follow_the_higher_ranked_player() -> None:
    def player(number: int, points: float) -> PairingPlayer:
        outcome = Outcome.FULL_BYE if points else Outcome.ZERO_BYE
        return PairingPlayer(id=number, number=number, history=(RoundRecord(outcome),))

    data = PairingInput(players=(player(1, 0), player(2, 0), player(3, 1), player(5, 1), player(6, 1),
                                 player(7, 0)), rounds=5)
    # board A: 5 (1 point) v 1 (0); board B: 3 (1) v 2 (0): tied on the higher score (1) and on the sum (1).
    # The higher-ranked players are 5 and 3: B first, though A holds the lowest pairing number (gacrux's order).
    a, b, c = Board(1, 5), Board(3, 2), Board(6, 7)
    assert board_order(data, [c, a, b]) == (b, a, c)
    # the higher score first, whatever the numbers; then the larger sum
    data2 = PairingInput(players=(player(1, 0), player(2, 1), player(3, 1), player(4, 1)), rounds=5)
    assert board_order(data2, [Board(1, 2), Board(3, 4)]) == (Board(3, 4), Board(1, 2))
    assert all(RULE)


# -- 2. absences written 0000 - - -------------------------------------------------------------------------------

@pytest.mark.parametrize("k", [1, 2, 3])
def test_an_absence_written_0000_dash_is_not_paired(k: int) -> None:
    text = corpus_cut("dutch-054p-7r-s351.trf", k)
    away = (3, 17, 40)  # absent from round k+1 on, written `0000 - -` in the round to pair
    lines = []
    for line in text.splitlines():
        if line.startswith("001") and int(line[4:8]) in away:
            line = (line[:91 + 10 * k] + "0000 - -").rstrip()
        lines.append(line)
    dashed = "\n".join(lines) + "\n"
    zeds = "\n".join(line[:91 + 10 * k] + "0000 - Z" if line.startswith("001") and int(line[4:8]) in away
                     else line for line in lines) + "\n"
    pairing = pair_file(dashed)
    seated = {p for b in pairing.boards for p in (b.white, b.black)} | {pairing.bye}
    assert not seated & set(away) and set(away) <= set(pairing.unpaired)
    assert pairing == pair_file(zeds)  # the same as a zero-point bye (Z) declared for that round
    trf, _ = parse_trf(decode(dashed.encode("latin-1")))
    said = [w for w in trf.warnings if "reads as an absence" in w.key]
    assert sorted(int(w.params[0]) for w in said) == list(away)


def test_check_trf_says_what_0000_dash_means(capsys: pytest.CaptureFixture[str]) -> None:
    from cli.check_trf import check_trf

    text = corpus_cut("dutch-054p-7r-s351.trf", 2)
    lines = [(line[:111] + "0000 - -").rstrip() if line.startswith("001") and int(line[4:8]) == 17 else line
             for line in text.splitlines()]
    check_trf(("\n".join(lines) + "\n").encode("latin-1"), "in.trf")
    said = [line for line in capsys.readouterr().out.splitlines() if "0000 - -" in line]
    assert len(said) == 1 and "player 17" in said[0] and "round 3" in said[0] and "absence" in said[0]


def test_a_withdrawn_player_never_gets_the_pairing_allocated_bye() -> None:
    text = corpus_cut("dutch-020p-7r-s895.trf", 1)
    players = [line for line in text.splitlines() if line.startswith("001")]
    last = max(int(line[4:8]) for line in players)
    away = {1, last - 1, last}  # the last two are the natural candidates for the bye
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):  # round 1 only (declared absences of round 2 dropped), then the withdrawals
            line = line[:101].rstrip() + ("  0000 - -" if int(line[4:8]) in away else "")
        lines.append(line)
    pairing = pair_file("\n".join(lines) + "\n")
    assert pairing.bye is not None and pairing.bye not in away and away == set(pairing.unpaired)
    assert len(pairing.boards) * 2 + 1 == len(players) - len(away)


# -- 3. acceleration records 250 and XXA -----------------------------------------------------------------------

ACCEL_250 = "250      {:4.1f} {:3d} {:3d} {:4d} {:4d}\n"


def test_250_and_xxa_records_are_used_as_gacrux_reads_them(tmp_path: Path) -> None:
    text = corpus_cut("dutch-058p-7r-s487.trf", 2)  # round 3 to pair: virtual points before rounds 1, 2 and 3
    with_250 = text + ACCEL_250.format(1.0, 1, 2, 1, 20) + ACCEL_250.format(0.5, 3, 3, 1, 20)
    with_xxa = text + "".join(f"XXA {n:4d}  1.0  1.0  0.5\n" for n in range(1, 21))
    plain = pair_file(text)
    accelerated = pair_file(with_250)
    assert accelerated == pair_file(with_xxa)
    assert our_pairs(accelerated) != our_pairs(plain)  # the records change the pairing
    assert our_pairs(accelerated) == gacrux_pairs(with_250, tmp_path)


def test_a_bad_acceleration_record_is_refused_with_a_message() -> None:
    text = corpus_cut("dutch-058p-7r-s487.trf", 2)
    for record, message in ((ACCEL_250.format(0.3, 1, 2, 1, 20), "half points"),
                            (ACCEL_250.format(1.0, 3, 2, 1, 20), "not a range of rounds"),
                            ("XXA  999  1.0\n", "no 001 line")):
        trf, _ = parse_trf(decode((text + record).encode("latin-1")))
        with pytest.raises(Invalid, match=message):
            pairing_input(trf)


# -- 4. Baku acceleration over rounds 1-4 ----------------------------------------------------------------------

def test_baku_group_a_is_the_first_half_rounded_up_to_an_even_number() -> None:
    # C.04.5.1: GA is "the first half of the players, rounded up to the nearest even number" (bbpPairings' own
    # Baku rounds half up to the nearest integer: 11 of 22, where FIDE's text gives 12)
    assert [baku_virtual_points(n, 9, 1)[0] for n in (20, 21, 22, 23, 24)] == [10, 12, 12, 12, 12]
    # 9 rounds: accelerated rounds 1-5 (half, rounded up); 1 point in rounds 1-3, 0.5 in rounds 4-5
    assert [baku_virtual_points(22, 9, r)[1] for r in range(1, 8)] == [1.0, 1.0, 1.0, 0.5, 0.5, 0.0, 0.0]


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_baku_feeds_every_round_of_virtual_points(k: int, tmp_path: Path) -> None:
    text = corpus_cut("dutch-062p-7r-s623.trf", max(k - 1, 1))
    if k == 1:  # round 1: no result yet
        text = "\n".join(line[:91].rstrip() if line.startswith("001") else line for line in text.splitlines()) + "\n"
    trf, _ = parse_trf(decode(text.encode("latin-1")))
    size = len(trf.players)
    ga = [baku_virtual_points(size, 7, r) for r in range(1, k + 1)]
    xxa = "".join(f"XXA {n:4d}" + "".join(f" {points:4.1f}" for _, points in ga) + "\n" for n in range(1, ga[0][0] + 1))
    records = "".join(ACCEL_250.format(points, r, r, 1, size) for r, (size, points) in enumerate(ga, start=1))
    baku = pair_file(text.replace("092 FIDE_DUTCH_2025", "092 FIDE_DUTCH_2025 BAKU"))
    assert baku == pair_file(text + xxa) == pair_file(text + records)
    # gacrux's checker reads XXA values as result letters (1.0 = a win...): it is given the same points as 250
    if k == 1:  # GA is paired apart: its top half against its bottom half (gacrux's checker needs a round played)
        ga_ids = set(range(1, ga[0][0] + 1))
        assert all((b.white in ga_ids) == (b.black in ga_ids) for b in baku.boards)
    else:
        assert our_pairs(baku) == gacrux_pairs(text + records, tmp_path)
