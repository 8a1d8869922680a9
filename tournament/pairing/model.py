"""The pairing engines' input and output: plain msgspec Structs, no I/O.

A `PairingInput` is a tournament as the pairing rules see it: the players in pairing-number order, what
each of them did in every round played so far, who is not to be paired in the round to pair, the
forbidden pairs, the initial colour and the number of rounds. A `RoundPairing` is the answer: the boards
(white, black) in board order and the pairing-allocated bye.

Players are named by `id`, the caller's own key (a TRF starting rank, a store player id); `number` is the
pairing number, which orders the players (C.04.3 art. 1.1 / C.05). Both may be the same values.
"""

from __future__ import annotations

import enum
from typing import Literal

import msgspec

from tournament.errors import Invalid


class Outcome(enum.StrEnum):
    """What a round gave a player, in TRF result letters."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"  # an opponent who did not come: a win, not a game played
    FORFEIT_LOSS = "-"  # did not come to the board (also both sides of a double forfeit)
    PAB = "U"  # pairing-allocated bye (as many points as a win)
    FULL_BYE = "F"  # requested full-point bye
    HALF_BYE = "H"  # requested half-point bye
    ZERO_BYE = "Z"  # absent, zero-point bye, not paired

    @property
    def has_opponent(self) -> bool:
        return self in GAME_OUTCOMES

    @property
    def points(self) -> float:
        return POINTS[self]


GAME_OUTCOMES = frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS})
POINTS: dict[Outcome, float] = {
    Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0, Outcome.FORFEIT_WIN: 1.0, Outcome.FORFEIT_LOSS: 0.0,
    Outcome.PAB: 1.0, Outcome.FULL_BYE: 1.0, Outcome.HALF_BYE: 0.5, Outcome.ZERO_BYE: 0.0,
}
#: The byes a player may ask for before a round (the pairing-allocated bye is the engine's to give).
REQUESTED_BYES = frozenset({Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE})

Colour = Literal["w", "b"]


class RoundRecord(msgspec.Struct, frozen=True):
    """One round of a player's history: the opponent's id and colour for a game (played or forfeited),
    nothing for a bye or an absence."""

    outcome: Outcome
    opponent: int | None = None
    colour: Colour | None = None


class PairingPlayer(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    number: int  # pairing number: orders the players (1 = strongest)
    rating: int | None = None
    #: Rounds 1, 2, ... played so far; a round missing at the end counts as an absence (zero, unpaired).
    history: tuple[RoundRecord, ...] = ()
    withdrawn: bool = False  # left the tournament: never paired again
    #: A bye asked for the round to pair (FULL_BYE, HALF_BYE or ZERO_BYE): not paired in that round.
    requested_bye: Outcome | None = None
    #: Points added to the score for pairing this round only (accelerated systems); never a real point.
    virtual_points: float = 0.0
    #: The virtual points the player had before each round already played (1, 2, ...; missing = 0): the floats
    #: of those rounds are read on the scores the engine paired them with.
    earlier_virtual_points: tuple[float, ...] = ()

    @property
    def points(self) -> float:
        return sum(r.outcome.points for r in self.history)

    @property
    def available(self) -> bool:
        return not self.withdrawn and self.requested_bye is None


class PairingInput(msgspec.Struct, frozen=True, kw_only=True):
    players: tuple[PairingPlayer, ...]
    rounds: int  # rounds scheduled in all
    #: The round to pair; None = the one after the longest history.
    round: int | None = None
    #: Colour of the first player (pairing number order) in round 1: the drawing of lots (C.04.3 E.5, C.05).
    initial_colour: Literal["W", "B"] = "W"
    #: Groups of player ids no two of whom may be paired together (same family, same club, ...).
    forbidden: tuple[tuple[int, ...], ...] = ()
    #: Baku acceleration (C.04.5.1): virtual points to the first half of the field in the first rounds.
    baku: bool = False

    @property
    def round_to_pair(self) -> int:
        if self.round is not None:
            return self.round
        return max((len(p.history) for p in self.players), default=0) + 1


class Board(msgspec.Struct, frozen=True):
    white: int
    black: int


class RoundPairing(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    system: str
    boards: tuple[Board, ...]  # board order
    bye: int | None = None  # the player given the pairing-allocated bye (round robin: the free player)
    #: Withdrawn players and requested byes: not paired (round robin: they keep their board, a forfeit).
    unpaired: tuple[int, ...] = ()

    def engine_lines(self) -> list[str]:
        """The JaVaFo / bbpPairings output: the number of pairs, `white black` per board, `id 0` for the bye.

        >>> RoundPairing(round=2, system="dutch", boards=(Board(3, 1),), bye=2).engine_lines()
        ['2', '3 1', '2 0']
        """
        lines = [f"{b.white} {b.black}" for b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines)), *lines]


def check_input(data: PairingInput) -> None:
    """Refuse an input no engine can pair, with a message naming the fault (nothing is paired)."""
    ids = [p.id for p in data.players]
    if len(set(ids)) != len(ids):
        raise Invalid("Two players have the same id.")
    numbers = [p.number for p in data.players]
    if len(set(numbers)) != len(numbers) or any(n < 1 for n in numbers):
        raise Invalid("Pairing numbers must be distinct positive numbers.")
    if data.rounds < 1:
        raise Invalid("The tournament needs at least one round.")
    rnd = data.round_to_pair
    if rnd < 1 or rnd > data.rounds:
        raise Invalid("Round %s cannot be paired: the tournament has %s rounds.", rnd, data.rounds)
    known = {p.id: p for p in data.players}
    for p in data.players:
        if len(p.history) >= rnd:
            raise Invalid("Player %s already has a result in round %s.", p.id, rnd)
        if any(v < 0 or v * 2 != int(v * 2) for v in (p.virtual_points, *p.earlier_virtual_points)):
            raise Invalid("Player %s: virtual points are a non-negative number of half points.", p.id)
        if p.requested_bye is not None and p.requested_bye not in REQUESTED_BYES:
            raise Invalid("Player %s: a requested bye is a full, half or zero-point bye.", p.id)
        for k, r in enumerate(p.history, start=1):
            if r.outcome.has_opponent:
                if r.opponent not in known or r.opponent == p.id or r.colour not in ("w", "b"):
                    raise Invalid("Player %s, round %s: a game needs a known opponent and a colour.", p.id, k)
                theirs = known[r.opponent].history
                if len(theirs) < k or theirs[k - 1].opponent != p.id or theirs[k - 1].colour == r.colour:
                    raise Invalid("Round %s: players %s and %s do not agree on their game.", k, p.id, r.opponent)
            elif r.opponent is not None:
                raise Invalid("Player %s, round %s: a bye has no opponent.", p.id, k)
    for group in data.forbidden:
        for pid in group:
            if pid not in known:
                raise Invalid("Forbidden pairs name an unknown player %s.", pid)


class TeamPairingInput(msgspec.Struct, frozen=True, kw_only=True):
    """A team tournament as the team pairing rules see it."""

    #: The FIDE team records (TRF-2026) of the rounds played so far; `142` gives the rounds scheduled.
    trf26: str
    round: int  # the round to pair
    #: Team pairing numbers (1..N, `310`) not to pair in this round.
    absent: tuple[int, ...] = ()
    #: Colour of team 1 on board 1 in round 1 (C.04.6 art. 4.3.1: the drawing of lots).
    initial_colour: Literal["W", "B"] = "W"
