"""Round robin by the FIDE Berger tables (C.05 Annex 1), single or double, pure.

With an even number n of players (an odd number gets a dummy player n, the highest number, whose
opponent has the bye), players 1..n-1 turn around player n:
- in round r, player n meets p = ((r-1) * n/2 mod (n-1)) + 1, p having White in odd rounds and n in even
  rounds (so the last player alternates colours);
- the other boards k = 2..n/2 are (p + k - 1) with White against (p - k + 1) with Black, counted around
  1..n-1.
Round 1 of 14 players is therefore 1-14, 2-13, ..., 7-8 and round 2 is 14-8, 9-7, ..., 1-2.

A double round robin plays the table twice, colours reversed in the second cycle; as C.05 recommends,
the last two rounds of the first cycle are swapped so that nobody gets the same colour three times in a
row across the two cycles.
"""

from __future__ import annotations

from tournament.errors import Invalid
from tournament.pairing.model import Board, PairingInput, RoundPairing, check_input


def berger_round(players: int, rnd: int) -> list[tuple[int, int]]:
    """Round `rnd` (1 .. n-1) of the Berger table for `players` (made even), as (white, black), board order.

    >>> berger_round(6, 2)
    [(6, 4), (5, 3), (1, 2)]
    >>> berger_round(5, 1)
    [(1, 6), (2, 5), (3, 4)]
    """
    n = players + players % 2
    if n < 2 or not 1 <= rnd <= n - 1:
        raise Invalid("A round robin of %s players has no round %s.", players, rnd)
    m = n - 1
    p = (rnd - 1) * (n // 2) % m + 1
    boards = [(p, n) if rnd % 2 else (n, p)]
    for k in range(2, n // 2 + 1):
        boards.append(((p + k - 2) % m + 1, (p - k) % m + 1))
    return boards


def berger_table(players: int) -> list[list[tuple[int, int]]]:
    """Every round of a single round robin's table (index 0 = round 1)."""
    n = players + players % 2
    return [berger_round(players, r) for r in range(1, n)]


def schedule_round(players: int, rounds: int, rnd: int) -> tuple[int, bool]:
    """(table round, colours reversed) for tournament round `rnd` of a single or double round robin.

    >>> [schedule_round(6, 10, r) for r in (3, 4, 5, 6, 10)]
    [(3, False), (5, False), (4, False), (1, True), (5, True)]
    >>> [schedule_round(6, 5, r) for r in (4, 5)]
    [(4, False), (5, False)]
    """
    cycle = players + players % 2 - 1
    if not 1 <= rnd <= 2 * cycle:
        raise Invalid("A round robin of %s players has no round %s.", players, rnd)
    second = rnd > cycle
    table_round = rnd - cycle if second else rnd
    if rounds > cycle and not second and cycle >= 3 and table_round in (cycle - 1, cycle):
        table_round = 2 * cycle - 1 - table_round
    return table_round, second


def pair_berger(data: PairingInput) -> RoundPairing:
    """The round `data.round_to_pair` of the Berger table, players taken in pairing-number order.

    The table is fixed: withdrawn or absent players keep their boards (their games are forfeits), and
    only the player facing the dummy (odd numbers) has a bye.
    """
    check_input(data)
    rnd = data.round_to_pair
    order = sorted(data.players, key=lambda p: p.number)
    count = len(order)
    if count < 2:
        raise Invalid("A round robin needs at least two players.")
    table_round, reversed_colours = schedule_round(count, data.rounds, rnd)
    ids = [0] + [p.id for p in order]
    boards: list[Board] = []
    bye: int | None = None
    for white, black in berger_round(count, table_round):
        if reversed_colours:
            white, black = black, white
        if white > count or black > count:
            bye = ids[min(white, black)]
        else:
            boards.append(Board(ids[white], ids[black]))
    unpaired = tuple(p.id for p in order if not p.available)
    return RoundPairing(round=rnd, system="berger", boards=tuple(boards), bye=bye, unpaired=unpaired)
