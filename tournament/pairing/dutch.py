"""FIDE Dutch system (C.04.3, 2025 rules in force in 2026): an adapter over gacrux's Dutch engine.

gacrux (PyPI, MIT, FIDE's reference tools by Otto Milvang) is called in-process on the structures it
builds from a TRF file (its "chessjson" tournament: competitors, game list, score system), which this
module builds directly from a `PairingInput`, then reads its boards back. Nothing is read or written.

What the adapter maps, and where it does the work itself:
- pairing numbers: gacrux numbers competitors 1..N in order; ours may have gaps and separate ids, so
  players are renumbered 1..N by pairing number and mapped back;
- absent players (withdrawn, requested bye) are marked not present, as gacrux's own `-u` option does;
- forbidden pairs become gacrux's `prohibited` groups (TRF-2026 record 260), valid for this round only;
- the initial colour is gacrux's `topColor` (its `-t` option, TRF 152 / `XXC white1`);
- virtual points (accelerated pairings) become gacrux's `accelerated` values (TRF 250 / `XXA`), one
  per player for this round; gacrux adds them to the pairing score (brackets, floats, board order);
- Baku acceleration (C.04.5.1): gacrux reads virtual points but does not compute them; the adapter
  does: the first 2*ceil(N/4) players by pairing number (GA) get 1 virtual point before the first half
  (rounded up) of the accelerated rounds, 0.5 before the others, where the accelerated rounds are the
  first half (rounded up) of the tournament.
"""

from __future__ import annotations

import contextlib
import math
from decimal import Decimal
from typing import Any

from gacrux.gacruxexeptions import GacruxError  # type: ignore[import-untyped]
from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

from tournament.errors import Conflict
from tournament.pairing.fast_brackets import pause_collector, resume_collector
from tournament.pairing.fast_dutch import FastDutch
from tournament.pairing.matching import fast_matching
from tournament.pairing.model import Board, Outcome, PairingInput, PairingPlayer, RoundPairing, check_input

ONE = Decimal("1.0")
HALF = Decimal("0.5")
ZERO = Decimal("0.0")
#: gacrux's score system for individual tournaments (1, ½, 0; a pairing-allocated bye scores as a win).
SCORE_SYSTEM: dict[str, Any] = {"W": ONE, "D": HALF, "L": ZERO, "F": "W", "H": "D", "Z": ZERO, "P": "W", "A": "D",
                                "U": "Z"}
#: Our outcome -> (gacrux result letter, game played).
GACRUX_RESULT: dict[Outcome, tuple[str, bool]] = {
    Outcome.WIN: ("W", True), Outcome.DRAW: ("D", True), Outcome.LOSS: ("L", True),
    Outcome.FORFEIT_WIN: ("W", False), Outcome.FORFEIT_LOSS: ("Z", False),
    Outcome.PAB: ("P", True), Outcome.FULL_BYE: ("W", False), Outcome.HALF_BYE: ("D", False),
    Outcome.ZERO_BYE: ("Z", False),
}


def baku_virtual_points(players: int, rounds: int, rnd: int) -> tuple[int, float]:
    """(size of group GA, virtual points of a GA player) before pairing round `rnd` (C.04.5.1).

    >>> [baku_virtual_points(161, 9, r) for r in (1, 3, 4, 5, 6)]
    [(82, 1.0), (82, 1.0), (82, 0.5), (82, 0.5), (82, 0.0)]
    >>> [baku_virtual_points(20, 7, r)[1] for r in range(1, 8)]
    [1.0, 1.0, 0.5, 0.5, 0.0, 0.0, 0.0]
    """
    ga = 2 * math.ceil(players / 4)
    accelerated = math.ceil(rounds / 2)
    full = math.ceil(accelerated / 2)
    return ga, 1.0 if rnd <= full else 0.5 if rnd <= accelerated else 0.0


def gacrux_tournament(data: PairingInput) -> tuple[dict[str, Any], list[int]]:
    """The tournament as gacrux's engine reads it, and its competitor numbers' ids (index = cid)."""
    rnd = data.round_to_pair
    order = sorted(data.players, key=lambda p: p.number)
    ids = [0] + [p.id for p in order]
    cid = {p.id: i for i, p in enumerate(order, start=1)}
    competitors = [{"cid": cid[p.id], "present": p.available, "rank": cid[p.id],
                    "rating": {"list": "TRF", "rating": p.rating} if p.rating else None, "random": cid[p.id]}
                   for p in order]
    by_id = {p.id: p for p in order}
    games: list[dict[str, Any]] = []
    for p in order:
        me = cid[p.id]
        for k, r in enumerate(p.history, start=1):
            letter, played = GACRUX_RESULT[r.outcome]
            if r.opponent is None:
                games.append({"round": k, "white": {"cid": me, "result": letter}, "black": None,
                              "played": played, "rated": False})
            elif r.colour == "w":  # each game once, from White's line
                other = by_id[r.opponent].history[k - 1].outcome  # check_input: both sides agree
                games.append({"round": k, "white": {"cid": me, "result": letter},
                              "black": {"cid": cid[r.opponent], "result": GACRUX_RESULT[other][0]},
                              "played": played, "rated": played})
    tournament: dict[str, Any] = {
        "tournamentNo": 1, "tournamentType": "SWISS FIDE_DUTCH_2025", "tournamentInfo": {},
        "numRounds": data.rounds, "currentRound": rnd - 1, "teamTournament": False, "teamSize": 0,
        "rankOrder": ["PTS"], "scoreSystem": {"game": dict(SCORE_SYSTEM), "match": {}},
        "competitors": competitors, "gameList": games, "matchList": [],
        "topColor": data.initial_colour.lower(), "pairingSystem": ["dutch"],
    }
    prohibited = [[cid[i] for i in dict.fromkeys(group)] for group in data.forbidden]
    if any(len(g) > 1 for g in prohibited):
        tournament["prohibited"] = [{"firstRound": rnd, "lastRound": rnd, "competitors": g}
                                    for g in prohibited if len(g) > 1]
    values = acceleration_values(data, order)
    if values:
        # gacrux adds the value for round r+1 to the score after round r (the round-1 value to 0).
        tournament["accelerated"] = {"name": "Acc", "values": values}
    return tournament, ids


def acceleration_values(data: PairingInput, order: list[PairingPlayer]) -> list[dict[str, Any]]:
    """gacrux's `accelerated` values (TRF 250 lines) for every round up to the one to pair: the virtual points
    each player had before each round (given, plus Baku's), as runs of consecutive numbers with one value."""
    rnd = data.round_to_pair
    values: list[dict[str, Any]] = []
    for k in range(1, rnd + 1):
        baku_size, baku_points = baku_virtual_points(len(order), data.rounds, k) if data.baku else (0, 0.0)
        for number, p in enumerate(order, start=1):
            given = p.virtual_points if k == rnd else (
                p.earlier_virtual_points[k - 1] if k <= len(p.earlier_virtual_points) else 0.0)
            points = Decimal(str(given + (baku_points if number <= baku_size else 0.0)))
            if not points:
                continue
            last = values[-1] if values else None
            if last is not None and last["firstRound"] == k and last["lastCompetitor"] == number - 1 \
                    and last["gamePoints"] == points:
                last["lastCompetitor"] = number
            else:
                values.append({"matchPoints": points, "gamePoints": points, "firstRound": k, "lastRound": k,
                               "firstCompetitor": number, "lastCompetitor": number})
    return values


def pair_dutch(data: PairingInput, fast: bool = True) -> RoundPairing:
    """Pair the next round with the FIDE Dutch system.

    `fast` uses gacrux's engine with our faster equivalents of its table-wide steps (fast_dutch.py) and of the
    graph networkx's matching reads (matching.py);
    False runs gacrux's own engine unchanged (the two give the same pairing; bench/ compares them).
    """
    check_input(data)
    rnd = data.round_to_pair
    tournament, ids = gacrux_tournament(data)
    unpaired = tuple(p.id for p in sorted(data.players, key=lambda p: p.number) if not p.available)
    if sum(p.available for p in data.players) == 0:
        return RoundPairing(round=rnd, system="dutch", boards=(), unpaired=unpaired)
    params = {"experimental": [], "verbose": 0, "top_color": data.initial_colour}
    engine = (FastDutch if fast else pairing_dutch)(tournament, rnd, params)
    paused = fast and pause_collector()  # until the engine's ~10^6 objects are freed (fast_brackets.py)
    try:
        with fast_matching() if fast else contextlib.nullcontext():
            brackets = engine.compute_pairing(False, 0)
    except GacruxError as exc:
        raise Conflict("No pairing of round %s respects the rules (%s).", rnd, str(exc)) from None
    finally:
        del engine
        resume_collector(paused)
    boards: list[Board] = []
    bye: int | None = None
    for bracket in brackets:
        for pair in bracket["pairs"]:
            white, black = pair["w"], pair["b"]
            if black == 0 or white == 0:
                bye = ids[white or black]
            else:
                boards.append(Board(ids[white], ids[black]))
    return RoundPairing(round=rnd, system="dutch", boards=board_order(data, boards), bye=bye, unpaired=unpaired)


def board_order(data: PairingInput, boards: list[Board]) -> tuple[Board, ...]:
    """The boards in the order FIDE publishes them (C.04.2, order of the pairings): by the score of the pair's
    higher-ranked player, then the sum of both scores, then the rank of the higher-ranked player (score, then
    pairing number), all on real scores (virtual points of an acceleration left out).

    gacrux breaks the last tie on the lower pairing number of the board, whoever holds it, and sorts on
    accelerated scores: that order is replaced here.
    """
    by_id = {p.id: p for p in data.players}

    def rank(pid: int) -> tuple[float, int]:
        player = by_id[pid]
        return (-player.points, player.number)

    def key(board: Board) -> tuple[float, float, int]:
        high, low = sorted((rank(board.white), rank(board.black)))
        return (high[0], high[0] + low[0], high[1])

    return tuple(sorted(boards, key=key))
