"""The live hub: one per event, it turns the store's typed commit events into SSE messages.

Server-sent events (htmx SSE extension) rather than polling or WebSockets: one long-lived HTTP
response per screen, automatic reconnection by the browser, and no message from the screens.

What a commit publishes on the event's channel (each message an already-encoded SSE frame, shared
by every screen):

- `ResultChanged` of the round on the boards: the game's row, once per screen variant (`boards`, or
  `input-<screen id>` since an input row opens its screen's dialog) and language, in a message
  `rows-<tid>-<variant>[-<lang>]` (without the language when every language reads the same). Its data
  is the row exactly as pages show it (app/live/fragments.py: the same fragment, rendered once and kept in
  the render cache, from which pages are assembled afterwards) and the tournament's count of games
  without result; echiquier.js puts the row in place of the one with its id. Then `standings-<tid>`
  when the round is or was complete (standings count complete rounds only), and `result-<tid>`, on
  which results and team screens refetch.
- anything else about a tournament (or a result in an earlier round, which moves the points
  shown, or completing a round when the next is paired): `tournament-<tid>`, on which screens refetch
  their sets;
- event-wide changes: `config`, on which screen pages refetch their content.

The row is built from the tournament state of the previous commit with the result put in (no re-read,
no diffing). This runs in the writer's task right after COMMIT, before the next write and before any
page render queued behind it, so the push does not wait for page serving.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import msgspec
from jinja2 import Environment

from app.cache import memo_of
from app.live.channels import Channels, channel_of, frame
from app.live.fragments import board_row_html, missing_html, variant_of
from app.views.screens import all_specs
from app.views.tournament import BoardRow, TournamentState, board_row, on_boards, tournament_state
from database.events import Change, EventChanged, GameKey, ResultChanged, TournamentChanged
from database.store import EventStore
from i18n import LANGUAGES

log = logging.getLogger("echiquier")


def rows_event(tid: int, variant: str, lang: str | None = None) -> str:
    """The SSE event of a tournament's pushed rows for one screen variant (and language, if it matters)."""
    return f"rows-{tid}-{variant}" + (f"-{lang}" if lang else "")


def position(state: TournamentState, game: GameKey) -> int | None:
    """Where the game is in the state's pairings of the current round (None: not there)."""
    key = game.astuple()
    return next((i for i, p in enumerate(state.pairings)
                 if (p.tournament_id, p.round, p.white_player_id, p.black_player_id) == key), None)


def with_result(state: TournamentState, event: ResultChanged) -> TournamentState:
    """The state with the game's new result (unchanged if the game is not on its boards)."""
    i = position(state, event.game)
    if i is None:
        return state
    game = msgspec.structs.replace(state.pairings[i], result=event.new, result_date=event.date, last_update=event.date)
    return msgspec.structs.replace(state, pairings=[*state.pairings[:i], game, *state.pairings[i + 1:]])


def moves(state: TournamentState, event: ResultChanged) -> bool:
    """Whether screens refetch the tournament's sets after this result (`state` has it): a result of an earlier
    round moves the points shown, a game no longer there was re-paired, a complete round lets the next one show."""
    if state.round != event.game.round or position(state, event.game) is None:
        return True
    return state.missing == 0 and (state.last_round or 0) > (state.round or 0)


class LiveHub:
    """The live side of one event: subscribed to its store, publishing on its channel."""

    def __init__(self, channels: Channels, store: EventStore, environment: Environment) -> None:
        self.channels = channels
        self.store = store
        self.environment = environment
        self.inputs: dict[int, tuple[str, ...]] | None = None  # input screens by tournament (their rows differ)
        self.pending: asyncio.Task[None] | None = None  # the last queued slow notification
        store.subscribe(self.on_change)

    # -- publishing ----------------------------------------------------------------------------------

    def publish(self, data: bytes) -> None:
        self.channels.publish(data, channels=[channel_of(self.store.event_id)])

    def follow(self, work: Callable[[], Awaitable[None]]) -> None:
        """Run a notification after the ones already queued, without making the writer wait for it."""
        previous = self.pending

        async def chained() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            try:
                await work()
            except Exception:  # the write is committed: never fail it over a notification
                log.exception("live update of %s failed", self.store.event_id)

        self.pending = asyncio.get_running_loop().create_task(chained())

    def busy(self) -> bool:
        return self.pending is not None and not self.pending.done()

    async def idle(self) -> None:
        """Wait until every queued notification went out (tests, shutdown)."""
        while self.busy():
            assert self.pending is not None
            await asyncio.gather(self.pending, return_exceptions=True)

    def send(self, frames: list[bytes]) -> None:
        """Publish now, or after the queued notifications (messages keep the order of the commits)."""
        if self.busy():
            async def later() -> None:
                for data in frames:
                    self.publish(data)
            self.follow(later)
        else:
            for data in frames:
                self.publish(data)

    # -- commit events -------------------------------------------------------------------------------

    def on_change(self, event: Change) -> None:
        """Called by the store right after each commit, in the writer's task."""
        if isinstance(event, ResultChanged):
            self.on_result(event)
        elif isinstance(event, TournamentChanged):
            self.inputs = None
            self.send([frame(f"tournament-{event.tid}", str(event.tid))])
        elif isinstance(event, EventChanged):
            self.inputs = None
            self.send([frame("config", event.what)])

    def on_result(self, event: ResultChanged) -> None:
        tid = event.tournament_id
        memo = memo_of(self.store)
        before: TournamentState | None = memo.peek(event.generation - 1, ("state", tid))
        if before is not None and self.inputs is not None and not self.busy():  # the fast path: nothing to read
            state = with_result(before, event)
            rows: list[BoardRow] | None = memo.peek(event.generation - 1, ("boards", tid))
            self.send(self.result_frames(event, state))
            if not moves(state, event):  # the state and rows of this commit: those of the last one, with the result
                memo.carry(event.generation, ("state", tid), state)
                if rows is not None:
                    i = position(state, event.game)
                    fresh = board_row(state, state.pairings[i]) if i is not None else None
                    memo.carry(event.generation, ("boards", tid),
                               [fresh if fresh is not None and r.dom_id == fresh.dom_id else r for r in rows])
            return

        async def slow() -> None:
            if self.inputs is None:
                self.inputs = await self.input_screens()
            # the state now (a later commit may be in it): this game's row shows its latest result
            for data in self.result_frames(event, await tournament_state(self.store, tid)):
                self.publish(data)

        self.follow(slow)

    def result_frames(self, event: ResultChanged, state: TournamentState) -> list[bytes]:
        """What the screens are told of a result, given the tournament's state with it."""
        tid = event.tournament_id
        done = frame(f"result-{tid}", str(tid))
        i = position(state, event.game)
        if i is None or moves(state, event):
            return [frame(f"tournament-{tid}", str(tid)), done]
        game = state.pairings[i]
        frames = self.row_frames(state, board_row(state, game)) if on_boards(game) else []
        missing_before = state.missing - (event.new is None) + (event.old is None)
        if state.missing == 0 or missing_before == 0:  # standings count complete rounds: this one is or was
            frames.append(frame(f"standings-{tid}", str(tid)))
        return [*frames, done]

    def row_frames(self, state: TournamentState, row: BoardRow) -> list[bytes]:
        """The row once per screen variant and language, with the tournament's count of games left."""
        count = missing_html(self.environment, self.store, row.tid, state.missing)
        screens = [("boards", "boards")] + [("input", s) for s in (self.inputs or {}).get(row.tid, ())]
        frames = []
        for kind, screen_id in screens:
            texts = {lang: f"{board_row_html(self.environment, self.store, row, kind, screen_id, lang)}\n{count}"
                     for lang in LANGUAGES}
            variant = variant_of(kind, screen_id)
            if len(set(texts.values())) == 1:  # every language reads the same: one message
                frames.append(frame(rows_event(row.tid, variant), texts[LANGUAGES[0]]))
            else:
                frames.extend(frame(rows_event(row.tid, variant, lang), text) for lang, text in texts.items())
        return frames

    async def input_screens(self) -> dict[int, tuple[str, ...]]:
        """The input screens showing each tournament (plain and family-generated)."""
        out: dict[int, list[str]] = {}
        for spec in await all_specs(self.store):
            if spec.type == "input":
                for s in spec.sets:
                    out.setdefault(s.tournament_id, []).append(spec.uniq_id)
        return {tid: tuple(dict.fromkeys(ids)) for tid, ids in out.items()}


def publisher(channels: Channels, store: EventStore, environment: Environment) -> LiveHub:
    """The live hub of a store: each of its commits is announced on its event's channel."""
    return LiveHub(channels, store, environment)
