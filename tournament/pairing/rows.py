"""A tournament of the event file (players and pairing rows) as the pairing engines' input
(tournament/pairing/model.py), and the engine's answer as draft boards. Pure.

A game still without a result (the arbiter confirmed pairing anyway) counts as played, colours and
opponent included, with no point for either player: the engine needs every round, and no result is
ever invented.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from tournament.errors import Invalid
from tournament.models import Pairing, Player, Tournament
from tournament.pairing.checks import Board
from tournament.pairing.model import Outcome, PairingInput, PairingPlayer, RoundPairing, RoundRecord
from tournament.results import ByeKind, Result

BYES: dict[ByeKind, Outcome] = {ByeKind.PAB: Outcome.PAB, ByeKind.FULL: Outcome.FULL_BYE,
                                ByeKind.HALF: Outcome.HALF_BYE, ByeKind.ZERO: Outcome.ZERO_BYE}
#: A result from White's side -> (White's outcome, Black's outcome); None: no result yet.
GAMES: dict[Result | None, tuple[Outcome, Outcome]] = {
    Result.WHITE_WIN: (Outcome.WIN, Outcome.LOSS), Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.BLACK_WIN: (Outcome.LOSS, Outcome.WIN),
    Result.WHITE_FORFEIT_WIN: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_FORFEIT_WIN: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
    None: (Outcome.LOSS, Outcome.LOSS),
}


def system_of(tournament: Tournament) -> str:
    """"berger" for a round robin, else "dutch"."""
    robin = tournament.tournament_type == "round_robin" or tournament.pairing_system == "berger"
    return "berger" if robin else "dutch"


def _initial_colour(tournament: Tournament, players: Sequence[Player], pairings: Iterable[Pairing]
                    ) -> Literal["W", "B"]:
    """The tournament's setting, else read off round 1 (the lower pairing number's colour), else White."""
    stated = (tournament.initial_colour or "").upper()[:1]
    if stated in ("W", "B"):
        return "W" if stated == "W" else "B"
    number = {p.id: p.pairing_number for p in players}
    firsts = sorted((min(number[p.white_player_id], number[p.black_player_id]), number[p.white_player_id])
                    for p in pairings if p.round == 1 and p.black_player_id is not None
                    and p.white_player_id in number and p.black_player_id in number)
    if firsts:
        low, white = firsts[0]
        return "W" if low == white else "B"
    return "W"


def pairing_input(tournament: Tournament, players: Sequence[Player], pairings: Iterable[Pairing],
                  left_out: Mapping[int, ByeKind], rnd: int) -> PairingInput:
    """The engines' view of the tournament before round `rnd`; `left_out`: players not to pair, with their bye.

    >>> mk = lambda i: Player(id=10 + i, tournament_id=1, pairing_number=i, last_name=f"P{i}")
    >>> rows = [Pairing(tournament_id=1, round=1, white_player_id=11, black_player_id=12, result=Result.DRAW),
    ...         Pairing(tournament_id=1, round=1, white_player_id=13, bye_kind=ByeKind.PAB)]
    >>> data = pairing_input(Tournament(id=1, uniq_id="t", name="T", rounds=3), [mk(1), mk(2), mk(3)], rows,
    ...                      {12: ByeKind.HALF}, 2)
    >>> [(p.id, [r.outcome.value for r in p.history], p.requested_bye) for p in data.players]
    [(11, ['='], None), (12, ['='], <Outcome.HALF_BYE: 'H'>), (13, ['U'], None)]
    """
    if tournament.rounds is None:
        raise Invalid("Set the number of rounds of %s before pairing it.", tournament.name)
    known = {p.id for p in players}
    records: dict[int, dict[int, RoundRecord]] = {p.id: {} for p in players}
    for p in pairings:
        if not 1 <= p.round < rnd or p.white_player_id not in known:
            continue
        if p.black_player_id is None:
            records[p.white_player_id][p.round] = RoundRecord(BYES[p.bye_kind or ByeKind.ZERO])
            continue
        if p.black_player_id not in known:
            continue
        white, black = GAMES[p.result]
        records[p.white_player_id][p.round] = RoundRecord(white, p.black_player_id, "w")
        records[p.black_player_id][p.round] = RoundRecord(black, p.white_player_id, "b")
    absent = RoundRecord(Outcome.ZERO_BYE)
    entries = tuple(
        PairingPlayer(id=p.id, number=p.pairing_number, rating=p.rating or None,
                      history=tuple(records[p.id].get(k, absent) for k in range(1, rnd)),
                      requested_bye=BYES[left_out[p.id]] if p.id in left_out else None)
        for p in sorted(players, key=lambda q: q.pairing_number))
    return PairingInput(players=entries, rounds=tournament.rounds, round=rnd,
                        initial_colour=_initial_colour(tournament, players, pairings))


def draft_boards(answer: RoundPairing) -> list[Board]:
    """The engine's boards in its order, then the pairing-allocated bye."""
    boards = [Board(white=b.white, black=b.black) for b in answer.boards]
    if answer.bye is not None:
        boards.append(Board(white=answer.bye))
    return boards
