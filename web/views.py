"""What a screen shows, built from the store and the pure domain (no SQL, no HTML here)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import datetime

import msgspec

from database.store import EventStore
from tournament.boards import current_round, half_points, slice_items, split_columns
from tournament.models import Pairing, Player, Screen, ScreenSet, Tournament
from tournament.names import collate
from tournament.results import ByeKind, Result, format_points

Translate = Callable[..., str]


class PlayerCell(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    name: str
    title: str | None
    rating: int
    points: str


class BoardRow(msgspec.Struct, frozen=True, kw_only=True):
    board: int | None
    tid: int
    round: int
    white: PlayerCell
    black: PlayerCell | None
    result: Result | None
    bye_kind: ByeKind | None

    @property
    def dom_id(self) -> str:
        return f"game-{self.tid}-{self.round}-{self.white.id}"

    @property
    def label(self) -> str:
        return self.result.label() if self.result is not None else ""


class AlphaRow(msgspec.Struct, frozen=True, kw_only=True):
    player: PlayerCell
    colour: str | None  # "white", "black" or None
    board: int | None
    opponent: PlayerCell | None
    bye_kind: ByeKind | None
    checked_in: bool


class TournamentState(msgspec.Struct, frozen=True, kw_only=True):
    tournament: Tournament
    players: dict[int, Player]
    round: int | None
    pairings: list[Pairing]  # of the current round, in board order
    shown: dict[int, int]  # half-points before the current round

    def cell(self, player_id: int) -> PlayerCell:
        p = self.players[player_id]
        return PlayerCell(id=p.id, name=p.shown_name, title=p.title, rating=p.rating,
                          points=format_points(self.shown.get(p.id, 0)))

    @property
    def missing(self) -> int:
        return sum(1 for p in self.pairings if p.is_game and p.result is None)


class SetView(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    tid: int
    title: str
    mode: str  # "boards", "players", "checkin" or "empty"
    round: int | None
    columns: list[list[BoardRow]] | list[list[AlphaRow]]
    missing: int


async def tournament_state(store: EventStore, tid: int) -> TournamentState:
    async def compute() -> TournamentState:
        tournament = await store.tournament(tid)
        players = {p.id: p for p in await store.players(tid)}
        everything = await store.pairings(tid)
        rnd = current_round(everything)
        this_round = [p for p in everything if p.round == rnd]
        this_round.sort(key=lambda p: (p.board_order is None, p.board_order or 0))
        return TournamentState(tournament=tournament, players=players, round=rnd, pairings=this_round,
                               shown=half_points(everything, before_round=rnd))

    state: TournamentState = await store.memo(("state", tid), compute)
    return state


def board_rows(state: TournamentState) -> list[BoardRow]:
    """The published boards of the current round (games and PAB), in position order."""
    return [
        BoardRow(board=p.board, tid=state.tournament.id, round=p.round, white=state.cell(p.white_player_id),
                 black=state.cell(p.black_player_id) if p.black_player_id else None,
                 result=p.result, bye_kind=p.bye_kind)
        for p in state.pairings
        if p.is_game or p.bye_kind == ByeKind.PAB
    ]


def alpha_rows(state: TournamentState, show_unpaired: bool = True) -> list[AlphaRow]:
    by_player: dict[int, tuple[str | None, Pairing]] = {}
    for p in state.pairings:
        by_player[p.white_player_id] = ("white" if p.is_game else None, p)
        if p.black_player_id is not None:
            by_player[p.black_player_id] = ("black", p)
    rows = []
    for player in sorted(state.players.values(),
                         key=lambda p: (collate(p.shown_name), collate(p.first_name), p.pairing_number)):
        colour, pairing = by_player.get(player.id, (None, None))
        if pairing is None:
            bye: ByeKind | None = ByeKind.ZERO if state.round else None
        else:
            bye = pairing.bye_kind
        if not show_unpaired and state.round and (pairing is None or bye not in (None, ByeKind.PAB)):
            continue
        opponent = None
        if pairing is not None and pairing.is_game:
            other = pairing.black_player_id if colour == "white" else pairing.white_player_id
            opponent = state.cell(other) if other is not None else None
        rows.append(AlphaRow(player=state.cell(player.id), colour=colour,
                             board=pairing.board if pairing is not None else None,
                             opponent=opponent, bye_kind=bye, checked_in=player.checked_in))
    return rows


def set_title(s: ScreenSet, state: TournamentState, _: Translate) -> str:
    base = (s.name or "%t").replace("%t", state.tournament.name)
    if state.round is None:
        return f"{base} ({_('check-in')})"
    return f"{base} ({_('round')} {state.round})"


async def set_view(store: EventStore, screen: Screen, s: ScreenSet, _: Translate) -> SetView:
    state = await tournament_state(store, s.tournament_id)
    columns = screen.columns or 1
    if screen.type == "players" or state.round is None:
        mode = "players" if state.round is not None else "checkin"
        show_unpaired = screen.players_show_unpaired is not False
        items: list[AlphaRow] = slice_items(alpha_rows(state, show_unpaired), s.first, s.last)
        return SetView(id=s.id, tid=state.tournament.id, title=set_title(s, state, _), mode=mode,
                       round=state.round, columns=split_columns(items, columns), missing=state.missing)
    rows = board_rows(state)
    if s.fixed_boards_str is not None:
        wanted = {int(x) for x in s.fixed_boards_str.replace(" ", "").split(",") if x.isdigit()}
        fixed = {p.fixed_board for p in state.players.values() if p.fixed_board}
        rows = [r for r in rows if r.board in (wanted or fixed)]
    else:
        rows = slice_items(rows, s.first, s.last)
    return SetView(id=s.id, tid=state.tournament.id, title=set_title(s, state, _), mode="boards",
                   round=state.round, columns=split_columns(rows, columns), missing=state.missing)


class ResultLine(msgspec.Struct, frozen=True, kw_only=True):
    time: str
    tournament: str
    round: int
    board: int
    white: PlayerCell
    black: PlayerCell
    label: str


async def results_view(store: EventStore, screen: Screen) -> tuple[list[int], list[list[ResultLine]]]:
    """(tournament ids covered, results dealt into columns), newest first."""
    known = {t.id: t for t in await store.tournaments()}
    wanted = [i for i in json.loads(screen.results_tournament_ids or "[]") if i in known] or list(known)
    columns = screen.columns or 1
    limit = screen.results_limit or 0
    if limit > 0:
        limit = -(-limit // columns) * columns
    lines = []
    states = {tid: await tournament_state(store, tid) for tid in wanted}
    for r in await store.results_log(wanted, limit):
        state = states[r.tournament_id]
        if r.white_player_id not in state.players or r.black_player_id not in state.players:
            continue
        lines.append(ResultLine(
            time=datetime.fromtimestamp(r.date).strftime("%H:%M"), tournament=state.tournament.name,
            round=r.round, board=r.board_id, white=_plain_cell(state, r.white_player_id),
            black=_plain_cell(state, r.black_player_id), label=r.value.label(),
        ))
    return wanted, split_columns(lines, columns)


def _plain_cell(state: TournamentState, player_id: int) -> PlayerCell:
    p = state.players[player_id]
    return PlayerCell(id=p.id, name=p.shown_name, title=p.title, rating=p.rating, points="")


def event_period(start: float, stop: float, now: float | None = None) -> str:
    """"current", "coming" or "past" (screens.md §9)."""
    now = time.time() if now is None else now
    if now < start:
        return "coming"
    if stop < now:
        return "past"
    return "current"
