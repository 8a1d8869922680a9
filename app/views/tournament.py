"""What a tournament looks like on a screen, built from the store and the pure domain (no SQL, no HTML).

`tournament_state` is computed once per commit (store.memo); rows and A-Z lists are derived from it
and memoised too, so a hall of screens costs one computation per change. Screen assembly (sets,
families, menus, timers) is in `app/views/screens.py`.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from datetime import datetime

import msgspec

from app.cache import memo
from database.store import EventStore
from tournament.boards import current_round, half_points, split_columns
from tournament.hall.handicap import handicap_times, is_handicap
from tournament.models import Info, Pairing, Player, Screen, Tournament
from tournament.names import collate
from tournament.notices import Notice
from tournament.pairing import virtual_points
from tournament.results import ByeKind, Result, format_points

Translate = Callable[..., str]


class PlayerCell(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    name: str
    title: str | None
    rating: int
    rating_type: str | None = None  # F, N or E
    points: str  # shown points (with virtual points)
    real: str | None = None  # real points, printed in brackets while virtual points apply
    time: str | None = None  # handicap clock
    reduced: bool = False  # this player's time is reduced
    illegal: int = 0  # illegal moves recorded in the current round
    fixed_board: int | None = None
    checked_in: bool = False
    last_name: str = ""


def row_id(tid: int, rnd: int, white_id: int) -> str:
    """The id of a board's row in every page: the game's identity, never its position."""
    return f"game-{tid}-{rnd}-{white_id}"


class BoardRow(msgspec.Struct, frozen=True, kw_only=True):
    board: int | None
    tid: int
    round: int
    white: PlayerCell
    black: PlayerCell | None
    result: Result | None
    bye_kind: ByeKind | None
    fixed: bool = False  # the number is a player's fixed board
    virtual: bool = False  # the tournament prints real points beside the shown ones
    handicap: bool = False  # the tournament has a handicap time control
    illegal_limit: int = 0  # illegal moves recordable per player (0 = off)
    team: tuple[int, int, str, str] | None = None  # a team game: table, board in the match, White's and Black's team

    @property
    def dom_id(self) -> str:
        return row_id(self.tid, self.round, self.white.id)

    @property
    def label(self) -> str:
        return self.result.label() if self.result is not None else ""


class AlphaRow(msgspec.Struct, frozen=True, kw_only=True):
    player: PlayerCell
    colour: str | None  # "white", "black" or None
    board: int | None
    opponent: PlayerCell | None
    bye_kind: ByeKind | None  # None with colour None: not paired
    checked_in: bool

    @property
    def dom_id(self) -> str:
        return f"player-{self.player.id}"


class TournamentState(msgspec.Struct, frozen=True, kw_only=True):
    tournament: Tournament
    players: dict[int, Player]
    round: int | None
    pairings: list[Pairing]  # of the current round, in board order
    shown: dict[int, int]  # half-points before the current round, with virtual points
    real: dict[int, int]  # half-points before the current round
    virtual: bool  # virtual points apply this round (real points are printed too)
    illegal: dict[int, int]  # illegal moves per player in the current round
    illegal_limit: int  # 0 = feature off
    handicap: bool
    last_round: int | None = None  # the highest paired round (a result may make it the current one)
    teams: dict[int, tuple[int, int, str, str]] = {}  # a team tournament's games by White's id (BoardRow.team)

    def cell(self, player_id: int, opponent_id: int | None = None, white: bool = True) -> PlayerCell:
        p = self.players[player_id]
        time_label: str | None = None
        reduced = False
        if self.handicap and opponent_id is not None:
            other = self.players[opponent_id]
            times = (handicap_times(self.tournament, p.rating, other.rating) if white
                     else handicap_times(self.tournament, other.rating, p.rating))
            if times is not None:
                colour = "white" if white else "black"
                time_label, reduced = times.label(colour), times.reduced == colour
        return PlayerCell(
            id=p.id, name=p.shown_name, title=p.title, rating=p.rating, rating_type=p.rating_type if p.rating else None,
            points=format_points(self.shown.get(p.id, 0)),
            real=format_points(self.real.get(p.id, 0)) if self.virtual else None,
            time=time_label, reduced=reduced, illegal=self.illegal.get(p.id, 0), fixed_board=p.fixed_board,
            checked_in=p.checked_in, last_name=p.display_name or p.last_name,
        )

    @property
    def missing(self) -> int:
        return sum(1 for p in self.pairings if p.is_game and p.result is None)


def illegal_limit(tournament: Tournament, info: Info) -> int:
    """Illegal moves recordable per player and round: the tournament's value, else the event's, else 0."""
    if tournament.record_illegal_moves is not None:
        return max(tournament.record_illegal_moves, 0)
    return max(info.record_illegal_moves or 0, 0)


async def tournament_state(store: EventStore, tid: int) -> TournamentState:
    async def compute() -> TournamentState:
        tournament = await store.tournament(tid)
        info = await store.info()
        players = {p.id: p for p in await store.players(tid)}
        everything = await store.pairings(tid)
        rnd = current_round(everything)
        this_round = [p for p in everything if p.round == rnd]
        this_round.sort(key=lambda p: (p.board_order is None, p.board_order or 0))
        real = half_points(everything, before_round=rnd)
        t = tournament
        virtual = virtual_points.applies(t.pairing_system, rnd, t.rounds)
        shown = dict(real)
        if virtual:
            for p in players.values():
                shown[p.id] = real.get(p.id, 0) + virtual_points.virtual_half_points(
                    t.pairing_system, p.rating, t.rating_limit_1, t.rating_limit_2, rnd, t.rounds, real.get(p.id, 0))
        illegal: dict[int, int] = {}
        if rnd is not None:
            illegal = dict(Counter(m.player_id for m in await store.illegal_moves(tid, rnd)))
        return TournamentState(tournament=tournament, players=players, round=rnd, pairings=this_round,
                               shown=shown, real=real, virtual=virtual, illegal=illegal,
                               illegal_limit=illegal_limit(tournament, info), handicap=is_handicap(tournament),
                               last_round=max((p.round for p in everything), default=None),
                               teams=await store.teams.board_teams(tid, rnd) if rnd else {})

    state: TournamentState = await memo(store, ("state", tid), compute)
    return state


def on_boards(p: Pairing) -> bool:
    """Games and the PAB are published on the boards; other byes are not."""
    return p.is_game or p.bye_kind == ByeKind.PAB


def board_row(state: TournamentState, p: Pairing) -> BoardRow:
    white = state.players[p.white_player_id]
    black = state.players[p.black_player_id] if p.black_player_id else None
    fixed = p.is_game and p.board is not None and p.board in (white.fixed_board, black and black.fixed_board)
    return BoardRow(
        board=p.board, tid=state.tournament.id, round=p.round,
        white=state.cell(p.white_player_id, p.black_player_id, white=True),
        black=state.cell(p.black_player_id, p.white_player_id, white=False) if p.black_player_id else None,
        result=p.result, bye_kind=p.bye_kind, fixed=bool(fixed), virtual=state.virtual,
        handicap=state.handicap, illegal_limit=state.illegal_limit,
        team=state.teams.get(p.white_player_id) if p.black_player_id else None,
    )


def board_rows(state: TournamentState) -> list[BoardRow]:
    """The published boards of the current round (games and PAB), in position order."""
    return [board_row(state, p) for p in state.pairings if on_boards(p)]


def alpha_key(p: Player) -> tuple[str, str, int]:
    """Alphabetical order (docs/screens.md §2.5): the displayed name, then first name, then pairing number."""
    return (collate(p.display_name or p.last_name), collate(p.first_name), p.pairing_number)


def alpha_rows(state: TournamentState, show_unpaired: bool = True) -> list[AlphaRow]:
    """Players A-Z with their board, colour and opponent in the current round (everybody before round 1)."""
    by_player: dict[int, tuple[str | None, Pairing]] = {}
    for p in state.pairings:
        by_player[p.white_player_id] = ("white" if p.is_game else None, p)
        if p.black_player_id is not None:
            by_player[p.black_player_id] = ("black", p)
    rows = []
    for player in sorted(state.players.values(), key=alpha_key):
        colour, pairing = by_player.get(player.id, (None, None))
        bye = pairing.bye_kind if pairing is not None else None
        playing = pairing is not None and (pairing.is_game or bye == ByeKind.PAB)
        if not show_unpaired and state.round is not None and not playing:
            continue
        opponent = None
        if pairing is not None and pairing.is_game:
            other = pairing.black_player_id if colour == "white" else pairing.white_player_id
            opponent = state.cell(other) if other is not None else None
        rows.append(AlphaRow(player=state.cell(player.id), colour=colour,
                             board=pairing.board if playing and pairing is not None else None,
                             opponent=opponent, bye_kind=bye, checked_in=player.checked_in))
    return rows


async def cached_board_rows(store: EventStore, tid: int) -> list[BoardRow]:
    async def compute() -> list[BoardRow]:
        return board_rows(await tournament_state(store, tid))

    rows: list[BoardRow] = await memo(store, ("boards", tid), compute)
    return rows


async def cached_alpha_rows(store: EventStore, tid: int, show_unpaired: bool) -> list[AlphaRow]:
    async def compute() -> list[AlphaRow]:
        return alpha_rows(await tournament_state(store, tid), show_unpaired)

    rows: list[AlphaRow] = await memo(store, ("alpha", tid, show_unpaired), compute)
    return rows


class ResultLine(msgspec.Struct, frozen=True, kw_only=True):
    time: str
    tournament: str
    round: int
    board: int
    white: PlayerCell
    black: PlayerCell
    label: str


class ResultsView(msgspec.Struct, frozen=True, kw_only=True):
    tournament_ids: list[int]
    columns: list[list[ResultLine]]
    limit: int  # effective limit (0 = all)
    notices: list[Notice]


def results_tournaments(raw: str | None, known: set[int]) -> tuple[list[int], list[Notice]]:
    """The tournaments of a results screen: the listed known ids, or all (empty list / NULL)."""
    try:
        listed = json.loads(raw) if raw else []
    except ValueError:
        return sorted(known), [Notice("results_tournament_ids is not a JSON list; all tournaments shown.")]
    if not isinstance(listed, list):
        listed = [listed]
    wanted = [i for i in listed if isinstance(i, int) and i in known]
    notices = [Notice("Unknown tournament %s on this results screen; ignored.", (i,))
               for i in listed if i not in wanted]
    return (list(dict.fromkeys(wanted)) or sorted(known)), notices


def effective_limit(limit: int | None, columns: int) -> int:
    """`results_limit` rounded up to a multiple of the columns (0 = all).

    >>> effective_limit(10, 3), effective_limit(0, 3), effective_limit(None, 2)
    (12, 0, 0)
    """
    if not limit or limit <= 0:
        return 0
    return -(-limit // columns) * columns


async def results_view(store: EventStore, screen: Screen) -> ResultsView:
    """Latest results of the screen's tournaments, newest first, dealt into columns (nothing dropped)."""
    known = {t.id for t in await store.tournaments()}
    wanted, notices = results_tournaments(screen.results_tournament_ids, known)
    columns = max(screen.columns or 1, 1)
    limit = effective_limit(screen.results_limit, columns)
    if limit != (screen.results_limit or 0):
        notices.append(Notice("The limit %s is rounded up to %s (a multiple of the columns).",
                              (screen.results_limit, limit)))
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
    return ResultsView(tournament_ids=wanted, columns=split_columns(lines, columns), limit=limit, notices=notices)


def _plain_cell(state: TournamentState, player_id: int) -> PlayerCell:
    p = state.players[player_id]
    return PlayerCell(id=p.id, name=p.shown_name, title=p.title, rating=p.rating,
                      rating_type=p.rating_type if p.rating else None, points="")


def event_period(start: float, stop: float, now: float | None = None) -> str:
    """"current", "coming" or "past" (docs/screens.md §9)."""
    now = time.time() if now is None else now
    if now < start:
        return "coming"
    if stop < now:
        return "past"
    return "current"
