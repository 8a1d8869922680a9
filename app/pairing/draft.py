"""The arbiter's pairing draft of a tournament's next round, kept server-side (per event and tournament, in the
events folder's shared state: `Drafts`, the same for every worker) between "Pair round N" and "Publish": the
proposed boards, the players left out with their bye, the manual changes made. Built from the store, checked by
tournament/pairing/checks.py, published by database/rounds.py.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable

import msgspec

from app.pairing.engine import propose
from database.rounds import NewPairing
from database.shared_state import OnStateFile
from database.store import EventStore
from tournament.boards import number_boards
from tournament.errors import Conflict, Invalid
from tournament.messages import N_
from tournament.models import Pairing, Player, Tournament
from tournament.pairing import virtual_points
from tournament.pairing.checks import Board, Checked, History, Problem, check, histories, not_to_pair
from tournament.results import ByeKind


class Draft(msgspec.Struct, kw_only=True):
    tid: int
    round: int
    boards: list[Board]
    left_out: dict[int, ByeKind]  # players not paired, with the bye they get
    forced: bool = False  # paired although earlier rounds lacked results (the arbiter confirmed)
    changes: list[str] = msgspec.field(default_factory=list)  # manual changes, in English, for the journal
    base: str = ""  # fingerprint of what the draft was made from (players, earlier rounds, byes)
    revision: int = 0  # of its record in the shared state (Drafts): a change is refused if it moved meanwhile


def fingerprint(players: list[Player], pairings: list[Pairing], left_out: dict[int, ByeKind]) -> str:
    """What a draft depends on: a result corrected, a player added or a bye requested since changes it."""
    rows = sorted((p.round, p.white_player_id, p.black_player_id or 0, int(p.result or 0), str(p.bye_kind or ""))
                  for p in pairings)
    data = msgspec.json.encode([sorted(p.id for p in players), rows, sorted(left_out.items())])
    return hashlib.sha256(data).hexdigest()


class Drafts(OnStateFile):
    """Drafts by (event id, tournament id), one per tournament at a time, kept in the events folder's shared state
    (database/shared_state.py): every worker of `serve --workers N` shows, changes and publishes the same draft.
    Until the server sets its folder's (web/app.py), in a database in memory."""

    async def get(self, event_id: str, tid: int) -> Draft | None:
        found = await (await self._file()).draft(event_id, tid)
        if found is None:
            return None
        try:
            draft = msgspec.msgpack.decode(found[1], type=Draft)
        except (msgspec.DecodeError, msgspec.ValidationError):  # of another version: pair the round again
            return None
        draft.revision = found[0]
        return draft

    async def put(self, event_id: str, draft: Draft) -> None:
        """A new draft (it replaces the tournament's previous one)."""
        draft.revision = await (await self._file()).put_draft(event_id, draft.tid, msgspec.msgpack.encode(draft)) or 0

    async def change(self, event_id: str, draft: Draft) -> None:
        """Store a changed draft read with `get`; refused if someone changed, published or dropped it meanwhile."""
        revision = await (await self._file()).put_draft(event_id, draft.tid, msgspec.msgpack.encode(draft),
                                                        revision=draft.revision)
        if revision is None:
            raise Conflict(CHANGED_MEANWHILE)
        draft.revision = revision

    async def drop(self, event_id: str, tid: int, revision: int | None = None) -> None:
        """Drop the tournament's draft (only that revision, when given: a newer draft stays)."""
        await (await self._file()).drop_draft(event_id, tid, revision=revision)


CHANGED_MEANWHILE = "The pairing draft was changed meanwhile (another arbiter?): reload the page."


class Status(msgspec.Struct, frozen=True, kw_only=True):
    """Where a tournament stands between rounds."""

    tournament: Tournament
    last_paired: int  # 0 before round 1
    next_round: int
    missing: int  # games without result in the paired rounds
    missing_rounds: list[int]
    last_round_results: int  # results already entered in the last paired round
    finished: bool  # every round of the tournament is paired

    @property
    def can_unpair(self) -> bool:
        return self.last_paired > 0 and self.last_round_results == 0


def status_of(tournament: Tournament, pairings: list[Pairing]) -> Status:
    last = max((p.round for p in pairings), default=0)
    missing = [p.round for p in pairings if p.is_game and p.result is None]
    return Status(tournament=tournament, last_paired=last, next_round=last + 1, missing=len(missing),
                  missing_rounds=sorted(set(missing)),
                  last_round_results=sum(1 for p in pairings if p.round == last and p.result is not None),
                  finished=tournament.rounds is not None and last >= tournament.rounds)


async def tournament_status(store: EventStore, tournament: Tournament) -> Status:
    """`status_of` from the store; a team tournament's rounds are its matches (a board without a result, line-up
    still to come included, is a game without a result)."""
    if not await store.teams.is_team_tournament(tournament.id):
        return status_of(tournament, await store.pairings(tournament.id))
    ev = await store.teams.load_team_event(tournament.id)
    last = max((m.round for m in ev.matches), default=0)
    boards = [(m.round, g.result) for m in ev.matches if m.team_b is not None and not m.forfeit for g in m.boards]
    missing = [rnd for rnd, result in boards if result is None]
    done_last = sum(1 for rnd, result in boards if rnd == last and result is not None)
    done_last += sum(1 for m in ev.matches if m.round == last and m.forfeit)
    return Status(tournament=tournament, last_paired=last, next_round=last + 1, missing=len(missing),
                  missing_rounds=sorted(set(missing)), last_round_results=done_last,
                  finished=tournament.rounds is not None and last >= tournament.rounds)


def check_round(status: Status, rnd: int) -> None:
    """Refuse a round that is not the next one to pair."""
    total = status.tournament.rounds
    if rnd < 1 or (total is not None and rnd > total):
        raise Invalid("Round %s does not exist: this tournament has %s rounds.", rnd, total or "?")
    if rnd != status.next_round:
        raise Conflict("Round %s is not the next round to pair (that is round %s).", rnd, status.next_round)


async def make_draft(store: EventStore, tid: int, rnd: int, *, confirm: bool) -> Draft:
    """Ask the engine for round `rnd`; refused while earlier rounds lack results, unless confirmed."""
    tournament = await store.tournament(tid)
    pairings = await store.pairings(tid)
    status = status_of(tournament, pairings)
    check_round(status, rnd)
    if status.missing and not confirm:
        raise Conflict("%s games of round %s still have no result: enter them first, or confirm to pair anyway.",
                       status.missing, ", ".join(map(str, status.missing_rounds)))
    players = await store.players(tid)
    if not players:
        raise Invalid("This tournament has no player to pair.")
    left_out = not_to_pair(players, await store.skipped_rounds(tid), rnd)
    if len(players) - len(left_out) < 2:
        raise Invalid("Fewer than two players to pair in round %s.", rnd)
    boards = await asyncio.to_thread(propose, tournament, players, pairings, left_out, rnd)
    return Draft(tid=tid, round=rnd, boards=boards, left_out=left_out, forced=bool(status.missing),
                 base=fingerprint(players, pairings, left_out))


class PreviewSeat(msgspec.Struct, frozen=True, kw_only=True):
    player: Player
    history: History


class PreviewBoard(msgspec.Struct, frozen=True, kw_only=True):
    index: int  # 1-based position in the draft (what manual changes name)
    number: int | None  # the board number it will be published with
    white: PreviewSeat
    black: PreviewSeat | None
    problems: list[str]


class Preview(msgspec.Struct, frozen=True, kw_only=True):
    draft: Draft
    boards: list[PreviewBoard]
    left_out: list[tuple[Player, ByeKind]]
    problems: list[str]  # the round's own problems: they block publishing
    warnings: int  # rules broken on boards (allowed: the arbiter decides)
    players: list[Player]  # every player, for the manual-change selects
    stale: bool = False  # the tournament changed since the draft was made: the desk offers to pair again


STALE = (N_("The tournament changed since this draft was made (a result, a player or a requested bye):"
         " pair the round again."))


async def _context(store: EventStore, draft: Draft) -> tuple[list[Player], dict[int, History], Checked, dict[int, int]]:
    """Players, histories, the draft's problems (a stale draft is one) and the points boards are ordered by."""
    tournament = await store.tournament(draft.tid)
    players = await store.players(draft.tid)
    pairings = await store.pairings(draft.tid)
    history = histories(players, pairings, draft.round)
    names = {p.id: p.shown_name for p in players}
    checked = check(draft.boards, history, names, draft.left_out)
    left_out = not_to_pair(players, await store.skipped_rounds(draft.tid), draft.round)
    if fingerprint(players, pairings, left_out) != draft.base:
        checked = Checked(boards=checked.boards, round=[Problem(STALE), *checked.round])
    return players, history, checked, shown_points(tournament, players, history, draft.round)


def shown_points(tournament: Tournament, players: list[Player], history: dict[int, History], rnd: int
                 ) -> dict[int, int]:
    """Half-points before the round, with the virtual points of accelerated systems (screens.md §2.3, §2.4)."""
    t = tournament
    shown = {pid: h.half_points for pid, h in history.items()}
    if virtual_points.applies(t.pairing_system, rnd, t.rounds):
        for p in players:
            shown[p.id] += virtual_points.virtual_half_points(t.pairing_system, p.rating, t.rating_limit_1,
                                                              t.rating_limit_2, rnd, t.rounds, shown[p.id])
    return shown


def numbered(draft: Draft, players: dict[int, Player], shown: dict[int, int]) -> list[Pairing]:
    """The draft's games and PAB as pairing rows with their board number and position (screens.md §2.4)."""
    rows = [Pairing(tournament_id=draft.tid, round=draft.round, white_player_id=b.white, black_player_id=b.black,
                    bye_kind=None if b.black is not None else ByeKind.PAB) for b in draft.boards]
    try:
        return number_boards(rows, players, shown)
    except ValueError:
        raise Invalid("Two boards would get the same number: check the players' fixed boards.") from None


async def preview(store: EventStore, draft: Draft, translate: Callable[..., str]) -> Preview:
    players, history, checked, shown = await _context(store, draft)
    by_id = {p.id: p for p in players}
    index = {(b.white, b.black): i for i, b in enumerate(draft.boards, start=1)}
    boards = []
    for row in numbered(draft, by_id, shown):
        i = index[(row.white_player_id, row.black_player_id)]
        black = row.black_player_id
        boards.append(PreviewBoard(
            index=i, number=row.board, white=PreviewSeat(player=by_id[row.white_player_id],
                                                         history=history[row.white_player_id]),
            black=PreviewSeat(player=by_id[black], history=history[black]) if black is not None else None,
            problems=[translate(p.key, *p.args) for p in checked.boards[i - 1]]))
    left_out = [(by_id[pid], kind) for pid, kind in draft.left_out.items() if pid in by_id]
    return Preview(draft=draft, boards=boards, left_out=left_out,
                   problems=[translate(p.key, *p.args) for p in checked.round],
                   warnings=sum(len(b) for b in checked.boards),
                   players=sorted(players, key=lambda p: p.shown_name),
                   stale=any(p.key == STALE for p in checked.round))


async def publish(store: EventStore, draft: Draft) -> None:
    """Publish a draft as its round, in one transaction; refused if it no longer fits the players."""
    players, _history, checked, shown = await _context(store, draft)
    if checked.round:
        raise Conflict("The draft no longer fits the tournament (%s): pair the round again.",
                       "; ".join(p.key % p.args for p in checked.round))
    rows = [NewPairing(white_player_id=p.white_player_id, black_player_id=p.black_player_id, board=p.board,
                       board_order=p.board_order, bye_kind=p.bye_kind)
            for p in numbered(draft, {p.id: p for p in players}, shown)]
    rows += [NewPairing(white_player_id=pid, bye_kind=kind) for pid, kind in draft.left_out.items()]
    await store.rounds.publish_round(draft.tid, draft.round, rows, note="; ".join(draft.changes))
