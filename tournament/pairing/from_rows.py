"""The pairing engines' input from the event file's rows (tournament, players, pairings, skipped rounds).

Pure: the caller reads the rows (database/) and writes the answer back. Pairing rows of the round to
pair that are byes (requested before the round, Papi's "exempt" entries) and `SkippedRound` rows make the
player unpaired in that round; every earlier game needs its result.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournament.errors import Invalid
from tournament.models import Pairing, Player, SkippedRound, Tournament
from tournament.pairing.model import Outcome, PairingInput, PairingPlayer, RoundRecord
from tournament.results import ByeKind, Result

#: A stored result -> (White's outcome, Black's outcome).
GAME: dict[Result, tuple[Outcome, Outcome]] = {
    Result.WHITE_WIN: (Outcome.WIN, Outcome.LOSS),
    Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.BLACK_WIN: (Outcome.LOSS, Outcome.WIN),
    Result.WHITE_FORFEIT_WIN: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_FORFEIT_WIN: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
}
BYE: dict[ByeKind, Outcome] = {ByeKind.PAB: Outcome.PAB, ByeKind.FULL: Outcome.FULL_BYE,
                               ByeKind.HALF: Outcome.HALF_BYE, ByeKind.ZERO: Outcome.ZERO_BYE}
SKIP: dict[float, Outcome] = {0.0: Outcome.ZERO_BYE, 0.5: Outcome.HALF_BYE, 1.0: Outcome.FULL_BYE}


def pairing_input_from_rows(
    tournament: Tournament, players: Iterable[Player], pairings: Iterable[Pairing],
    skipped: Iterable[SkippedRound] = (), *, rnd: int | None = None, withdrawn: Iterable[int] = (),
    forbidden: tuple[tuple[int, ...], ...] = (), baku: bool = False,
) -> PairingInput:
    """Input to pair round `rnd` (default: the round after the last one with a game) of `tournament`.

    `withdrawn` are player ids never paired again; `forbidden` groups of player ids (no two of a group
    meet). Players are named by their row id; `pairing_number` orders them.
    """
    roster = sorted(players, key=lambda p: p.pairing_number)
    rows = [p for p in pairings if p.tournament_id == tournament.id]
    played = max((p.round for p in rows if p.black_player_id is not None), default=0)
    target = rnd or played + 1
    if tournament.rounds is None:
        raise Invalid("The number of rounds of tournament %s is not set.", tournament.name)
    history: dict[int, dict[int, RoundRecord]] = {p.id: {} for p in roster}
    requested: dict[int, Outcome] = {}
    for row in rows:
        if row.white_player_id not in history or (row.black_player_id is not None
                                                  and row.black_player_id not in history):
            raise Invalid("Round %s: a pairing names a player who is not in the tournament.", row.round)
        if row.round >= target:
            if row.round == target and row.black_player_id is None and row.bye_kind in BYE \
                    and row.bye_kind != ByeKind.PAB:
                requested[row.white_player_id] = BYE[row.bye_kind]
            continue
        if row.black_player_id is None:
            history[row.white_player_id][row.round] = RoundRecord(BYE[row.bye_kind or ByeKind.ZERO])
        elif row.result is None:
            raise Invalid("Round %s, board %s has no result yet.", row.round, row.board or "?")
        else:
            white, black = GAME[row.result]
            history[row.white_player_id][row.round] = RoundRecord(white, row.black_player_id, "w")
            history[row.black_player_id][row.round] = RoundRecord(black, row.white_player_id, "b")
    by_ref = {p.papi_ref: p.id for p in roster if p.papi_ref is not None}
    for skip in skipped:
        if skip.tournament_id == tournament.id and skip.round == target and skip.papi_player_id in by_ref:
            requested.setdefault(by_ref[skip.papi_player_id], SKIP.get(skip.score, Outcome.ZERO_BYE))
    gone = set(withdrawn)
    absent = RoundRecord(Outcome.ZERO_BYE)
    out = tuple(
        PairingPlayer(id=p.id, number=p.pairing_number, rating=p.rating or None,
                      history=tuple(history[p.id].get(k, absent) for k in range(1, target)),
                      withdrawn=p.id in gone, requested_bye=None if p.id in gone else requested.get(p.id))
        for p in roster)
    colour = (tournament.initial_colour or "W").strip().upper()[:1]
    return PairingInput(players=out, rounds=tournament.rounds, round=target,
                        initial_colour="B" if colour == "B" else "W", forbidden=forbidden, baku=baku)
