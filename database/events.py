"""Typed commit events: what a committed transaction changed, emitted by the store after COMMIT.

Subscribers (the live hub of web/live.py, tests) get one event per change, in order:

- `ResultChanged`: one game's result, with the result before and after (None = no result);
- `TournamentChanged`: anything else about one tournament (settings, players, pairings, check-in,
  illegal moves, an undo): screens showing it refetch;
- `EventChanged`: event-wide configuration (screens, families, rotators, timers, settings, the event
  file leaving the folder): screens reload their content.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import msgspec

from tournament.results import Result


class GameKey(msgspec.Struct, frozen=True, kw_only=True):
    """The identity of a game: never a board position."""

    tournament_id: int
    round: int
    white_player_id: int
    black_player_id: int

    def astuple(self) -> tuple[int, int, int, int]:
        return (self.tournament_id, self.round, self.white_player_id, self.black_player_id)


class ResultChanged(msgspec.Struct, frozen=True, kw_only=True):
    """A game's result was recorded, corrected or deleted."""

    game: GameKey
    board: int  # the board shown when it was entered
    old: Result | None
    new: Result | None
    date: float
    generation: int = 0  # the store's commit generation after this change

    @property
    def tournament_id(self) -> int:
        return self.game.tournament_id

    @property
    def key(self) -> tuple[str, int | None]:
        return ("result", self.game.tournament_id)


class TournamentChanged(msgspec.Struct, frozen=True, kw_only=True):
    """Something about one tournament other than a single result: `what` is players, pairings, checkin…"""

    tid: int
    what: str
    generation: int = 0

    @property
    def tournament_id(self) -> int:
        return self.tid

    @property
    def key(self) -> tuple[str, int | None]:
        return (self.what, self.tid)


class EventChanged(msgspec.Struct, frozen=True, kw_only=True):
    """Event-wide configuration changed: `what` is config, info…"""

    what: str = "config"
    generation: int = 0

    @property
    def tournament_id(self) -> None:
        return None

    @property
    def key(self) -> tuple[str, int | None]:
        return (self.what, None)


Change = ResultChanged | TournamentChanged | EventChanged

#: A subscriber: called after every commit with each of its events, in order.
Listener = Callable[[Change], Awaitable[None] | None]
