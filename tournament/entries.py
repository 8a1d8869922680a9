"""The rounds of an individual tournament as the tie-breaks see them (C.07): one `Entry` per player and counted
round, with the Art. 16 categories resolved, gathered in a `Context` that the tie-breaks (tournament/tiebreaks.py)
read and cache their values in."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from decimal import Decimal

import msgspec

from tournament.models import Pairing, Player
from tournament.results import ByeKind, Result
from tournament.scoring import ZERO, Scoring

Value = Decimal | int | None


class Entry(msgspec.Struct, frozen=True, kw_only=True):
    """One player's round, from their side."""

    opponent: int | None  # player id (games and forfeits)
    points: Decimal
    rpoints: Decimal  # 1 / 0.5 / 0 of a game played over the board (rating tie-breaks)
    played: bool  # over the board
    colour: str | None  # "w" / "b" for games
    vur: bool  # voluntary unplayed round (requested bye, zero bye, absence, forfeit loss)
    paired: bool  # opponent or PAB (Art. 16 "last round met")


class Context(msgspec.Struct, kw_only=True):
    players: dict[int, Player]
    entries: dict[int, list[Entry]]  # player id -> rounds 1..n
    rounds: int  # rounds counted
    total_rounds: int
    scoring: Scoring
    edition: str
    round_robin: bool
    points: dict[int, Decimal]
    cache: dict[str, dict[int, Value]] = msgspec.field(default_factory=dict)
    #: TRF `299` points given or taken (player id -> points): `adjustment` counts in the score (and so in the
    #: opponents' score that KS looks at), `standing_only` (round 999) in the final score only.
    adjustment: dict[int, Decimal] = msgspec.field(default_factory=dict)
    standing_only: dict[int, Decimal] = msgspec.field(default_factory=dict)

    @classmethod
    def build(cls, players: Iterable[Player], pairings: Iterable[Pairing], rounds: int, *,
              total_rounds: int | None = None, scoring: Scoring | None = None, edition: str = "2026-03",
              round_robin: bool = False, adjustment: dict[int, Decimal] | None = None,
              standing_only: dict[int, Decimal] | None = None) -> Context:
        scoring = scoring or Scoring()
        by_id = {p.id: p for p in players}
        # A round without a game or bye, and a game whose result is not in yet: a zero-point unplayed round, not
        # paired (FIDE's reference reads a TRF game without result so; C.07 16.2.5 when no later round is played)
        absent = Entry(opponent=None, points=scoring.zero_bye, rpoints=ZERO, played=False, colour=None, vur=True,
                       paired=False)
        entries = {pid: [absent] * rounds for pid in by_id}
        known = _known_games(scoring)
        for g in pairings:
            if g.round > rounds or g.white_player_id not in entries:
                continue
            if g.black_player_id is None:
                entries[g.white_player_id][g.round - 1] = _bye_entry(g.bye_kind or ByeKind.ZERO, scoring)
            elif g.result is None:  # paired, no result yet (a round counted while it is played): see `absent`
                continue
            elif g.black_player_id in entries:
                key = (g.white_player_id, g.black_player_id, g.result)
                if (pair := known.get(key)) is None:
                    pair = known[key] = _game_entries(g, scoring)
                white, black = pair
                entries[g.white_player_id][g.round - 1] = white
                entries[g.black_player_id][g.round - 1] = black
        points = {pid: sum((e.points for e in rows), ZERO) for pid, rows in entries.items()}
        return cls(players=by_id, entries=entries, rounds=rounds, total_rounds=max(total_rounds or 0, rounds),
                   scoring=scoring, edition=edition, round_robin=round_robin, points=points,
                   adjustment=dict(adjustment or {}), standing_only=dict(standing_only or {}))


#: Both sides of the games seen lately, by scoring then (white, black, result): the standings of a large
#: tournament are recomputed on every result entered, with the same games but one.
_GAMES: dict[Scoring, dict[tuple[int, int, Result | None], tuple[Entry, Entry]]] = {}


def _known_games(scoring: Scoring) -> dict[tuple[int, int, Result | None], tuple[Entry, Entry]]:
    if len(_GAMES) > 8 or sum(len(games) for games in _GAMES.values()) > 100_000:
        _GAMES.clear()
    return _GAMES.setdefault(scoring, {})


def _bye_entry(kind: ByeKind, s: Scoring) -> Entry:
    points = {ByeKind.PAB: s.pab, ByeKind.FULL: s.full_bye, ByeKind.HALF: s.half_bye}.get(kind, s.zero_bye)
    unvoluntary = kind in (ByeKind.PAB, ByeKind.FULL)
    return Entry(opponent=None, points=points, rpoints=ZERO, played=False, colour=None, vur=not unvoluntary,
                 paired=kind == ByeKind.PAB)


def _game_entries(g: Pairing, s: Scoring) -> tuple[Entry, Entry]:
    assert g.black_player_id is not None
    (wp, wr, wplayed, wvur), (bp, br, bplayed, bvur) = _sides(s, g.result)
    return (Entry(opponent=g.black_player_id, points=wp, rpoints=wr, played=wplayed, colour="w", vur=wvur,
                  paired=True),
            Entry(opponent=g.white_player_id, points=bp, rpoints=br, played=bplayed, colour="b", vur=bvur,
                  paired=True))


Side = tuple[Decimal, Decimal, bool, bool]  # points, rating points, played over the board, VUR


@functools.lru_cache(maxsize=256)
def _sides(s: Scoring, result: Result | None) -> tuple[Side, Side]:
    """(White's, Black's) side of a game's result; the same for every game with that result (cached: a 600-player
    open's standings are recomputed on every result entered)."""
    if result is None:  # never counted (`Context.build`: an unplayed round until the result is in)
        return (ZERO, ZERO, False, True), (ZERO, ZERO, False, True)
    if result.is_forfeit:
        w = {Result.WHITE_FORFEIT_WIN: (s.forfeit_win, False), Result.BLACK_FORFEIT_WIN: (s.forfeit_loss, True),
             Result.DOUBLE_FORFEIT: (s.forfeit_loss, True)}[result]
        b = {Result.WHITE_FORFEIT_WIN: (s.forfeit_loss, True), Result.BLACK_FORFEIT_WIN: (s.forfeit_win, False),
             Result.DOUBLE_FORFEIT: (s.forfeit_loss, True)}[result]
        return (w[0], ZERO, False, w[1]), (b[0], ZERO, False, b[1])
    wh, bh = result.half_points()
    value = {2: s.win, 1: s.draw, 0: s.loss}
    return (value[wh], Decimal(wh) / 2, True, False), (value[bh], Decimal(bh) / 2, True, False)
