"""Round robin: the FIDE Berger tables (C.05 Annex 1), single and double, 3 to 16 players."""

from __future__ import annotations

from collections import Counter

import pytest
from gacrux import berger as gacrux_berger

from tournament.errors import Invalid
from tournament.pairing.berger import berger_round, berger_table, schedule_round
from tournament.pairing.engines import pair_next_round
from tournament.pairing.model import PairingInput, PairingPlayer

# The published tables (FIDE Handbook C.05 Annex 1), round by round, "white-black".
PUBLISHED = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: ["1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"],
    10: ["1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7", "10-7 8-6 9-5 1-4 2-3",
         "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4", "4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5",
         "5-10 6-4 7-3 8-2 9-1"],
    12: ["1-12 2-11 3-10 4-9 5-8 6-7", "12-7 8-6 9-5 10-4 11-3 1-2", "2-12 3-1 4-11 5-10 6-9 7-8",
         "12-8 9-7 10-6 11-5 1-4 2-3", "3-12 4-2 5-1 6-11 7-10 8-9", "12-9 10-8 11-7 1-6 2-5 3-4",
         "4-12 5-3 6-2 7-1 8-11 9-10", "12-10 11-9 1-8 2-7 3-6 4-5", "5-12 6-4 7-3 8-2 9-1 10-11",
         "12-11 1-10 2-9 3-8 4-7 5-6", "6-12 7-5 8-4 9-3 10-2 11-1"],
    14: ["1-14 2-13 3-12 4-11 5-10 6-9 7-8", "14-8 9-7 10-6 11-5 12-4 13-3 1-2",
         "2-14 3-1 4-13 5-12 6-11 7-10 8-9", "14-9 10-8 11-7 12-6 13-5 1-4 2-3",
         "3-14 4-2 5-1 6-13 7-12 8-11 9-10", "14-10 11-9 12-8 13-7 1-6 2-5 3-4"],
}
SIZES = range(3, 17)


def parse(text: str) -> list[tuple[int, int]]:
    return [(int(w), int(b)) for w, b in (game.split("-") for game in text.split())]


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_published_tables(n: int) -> None:
    table = berger_table(n)
    for rnd, text in enumerate(PUBLISHED[n], start=1):
        assert table[rnd - 1] == parse(text), f"{n} players, round {rnd}"
    assert berger_table(n - 1) == table  # an odd number plays the next even table, n being the dummy


@pytest.mark.parametrize("n", SIZES)
def test_same_as_gacrux_berger(n: int) -> None:
    theirs = gacrux_berger.bergertables(n)
    for rnd, ours in enumerate(berger_table(n), start=1):
        boards = theirs["pairing"][rnd]
        assert ours == [(boards[b]["white"], boards[b]["black"]) for b in sorted(boards)], f"{n} players, round {rnd}"


@pytest.mark.parametrize("n", SIZES)
def test_table_structure(n: int) -> None:
    even = n + n % 2
    table = berger_table(n)
    assert len(table) == even - 1
    meetings: Counter[frozenset[int]] = Counter()
    colours: dict[int, list[str]] = {p: [] for p in range(1, even + 1)}
    for boards in table:
        seated = [p for board in boards for p in board]
        assert sorted(seated) == list(range(1, even + 1))  # everybody once a round
        meetings.update(frozenset(board) for board in boards)
        for white, black in boards:
            colours[white].append("w")
            colours[black].append("b")
    assert len(meetings) == even * (even - 1) // 2 and set(meetings.values()) == {1}  # everybody meets once
    # the last player alternates: Black in odd rounds, White in even rounds
    assert colours[even] == ["b" if r % 2 else "w" for r in range(1, even)]
    for p, seq in colours.items():  # nobody is more than one colour ahead at the end
        assert abs(seq.count("w") - seq.count("b")) <= 1, (n, p, seq)


def players(n: int) -> tuple[PairingPlayer, ...]:
    return tuple(PairingPlayer(id=100 + k, number=k) for k in range(1, n + 1))


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("double", [False, True])
def test_tournament_schedule(n: int, double: bool) -> None:
    cycle = n + n % 2 - 1
    rounds = 2 * cycle if double else cycle
    games: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    colours: dict[int, list[str]] = {100 + k: [] for k in range(1, n + 1)}
    for rnd in range(1, rounds + 1):
        pairing = pair_next_round(PairingInput(players=players(n), rounds=rounds, round=rnd), system="berger")
        assert pairing.round == rnd and pairing.system == "berger"
        seated = [p for b in pairing.boards for p in (b.white, b.black)] + ([pairing.bye] if pairing.bye else [])
        assert sorted(seated) == sorted(colours)
        assert (pairing.bye is not None) == (n % 2 == 1)
        if pairing.bye is not None:
            byes[pairing.bye] += 1
        for b in pairing.boards:
            games[(b.white, b.black)] += 1
            colours[b.white].append("w")
            colours[b.black].append("b")
    # everybody meets everybody once per cycle; in a double round robin once with each colour
    pairs = Counter(frozenset(g) for g in games.elements())
    assert set(pairs.values()) == {2 if double else 1}
    assert len(pairs) == n * (n - 1) // 2
    if double:
        assert all(games[(w, b)] == 1 and games[(b, w)] == 1 for w, b in games)
    assert set(byes.values()) <= {2 if double else 1}
    if double and n > 4:
        # the swapped last rounds of the first cycle: nobody has three games in a row with one colour
        # where the cycles meet (4 or 3 players cannot avoid it)
        for p, seq in colours.items():
            assert "www" not in "".join(seq) and "bbb" not in "".join(seq), (n, p, seq)


def test_double_round_robin_swaps_the_last_two_rounds_of_the_first_cycle() -> None:
    assert [schedule_round(6, 10, r) for r in range(1, 11)] == [
        (1, False), (2, False), (3, False), (5, False), (4, False),
        (1, True), (2, True), (3, True), (4, True), (5, True)]
    assert [schedule_round(6, 5, r)[0] for r in range(1, 6)] == [1, 2, 3, 4, 5]


def test_odd_number_the_dummys_opponent_has_the_bye_and_ids_map_back() -> None:
    pairing = pair_next_round(PairingInput(players=players(5), rounds=5, round=2), system="berger")
    # table round 2 of 6: 6-4 5-3 1-2 -> player 4 faces the dummy
    assert pairing.bye == 104
    assert [(b.white, b.black) for b in pairing.boards] == [(105, 103), (101, 102)]
    assert pairing.engine_lines() == ["3", "105 103", "101 102", "104 0"]


def test_pairing_numbers_not_ids_order_the_table() -> None:
    field = tuple(PairingPlayer(id=k, number=5 - k) for k in range(1, 5))  # id 4 is number 1
    pairing = pair_next_round(PairingInput(players=field, rounds=3, round=1), system="berger")
    assert [(b.white, b.black) for b in pairing.boards] == [(4, 1), (3, 2)]


def test_round_out_of_range_is_refused() -> None:
    with pytest.raises(Invalid):
        pair_next_round(PairingInput(players=players(4), rounds=3, round=4), system="berger")
    with pytest.raises(Invalid):
        berger_round(4, 0)
    with pytest.raises(Invalid):
        pair_next_round(PairingInput(players=players(4), rounds=3), system="swiss")
