"""The live hub: one per event, it turns the store's typed commit events into SSE messages.

Server-sent events (htmx SSE extension) rather than polling or WebSockets: one long-lived HTTP
response per screen, automatic reconnection by the browser, and no message from the screens.

What a commit publishes on the event's channel (each message an already-encoded SSE frame, shared
by every screen):

- `ResultChanged` of the round on the boards: the game's row, rendered once per screen variant
  (`boards`, or `input-<screen id>` since an input row links to its screen's dialog) and language, in
  a message `rows-<tid>-<variant>[-<lang>]` (without the language when every language reads the
  same) whose data is the `<tr>` with `hx-swap-oob` and the tournament's count of games without
  result; pages swap it with `sse-swap` (templates/screen/page.html). Then `result-<tid>`, on which
  standings and results screens refetch (`hx-trigger="sse:result-<tid>"`).
- anything else about a tournament (or a result in an earlier round, which moves the points
  shown): `tournament-<tid>`, on which screens refetch their sets;
- event-wide changes: `config`, on which screen pages refetch their content.

The rows are rendered from the event and the tournament state of the previous commit, patched with
the result (app/cache.py carries it into the new generation): no re-read of the tournament and no
diffing. This runs in the writer's task right after COMMIT, before the next write and before any
page render queued behind it, so the push does not wait for page serving.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from contextlib import asynccontextmanager
from typing import Any

import msgspec
from jinja2 import Environment

from app.cache import memo_of
from app.views.screens import all_specs
from app.views.tournament import BoardRow, TournamentState, board_row, on_boards, tournament_state
from database.events import Change, EventChanged, ResultChanged, TournamentChanged
from database.store import EventStore
from i18n import LANGUAGES, translator
from tournament.models import Pairing
from web.page_patch import patch_page

log = logging.getLogger("echiquier")


BACKLOG = 64  # frames kept for a screen that reads slowly; older ones are dropped (it refetches on reconnect)


class Subscription:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[bytes] = asyncio.Queue()

    def put(self, data: bytes) -> None:
        if self.queue.qsize() >= BACKLOG:
            self.queue.get_nowait()
        self.queue.put_nowait(data)

    async def iter_events(self) -> AsyncIterator[bytes]:
        while True:
            yield await self.queue.get()


class Channels:
    """In-process fan-out of encoded frames to the screens' streams.

    `publish` puts the frame in every subscriber's queue at once (no broker task in between): a
    stream wakes up on the next turn of the event loop after the commit.
    """

    def __init__(self) -> None:
        self.subscribers: dict[str, set[Subscription]] = {}

    def publish(self, data: bytes, channels: list[str]) -> None:
        for channel in channels:
            for subscriber in self.subscribers.get(channel, ()):
                subscriber.put(data)

    @asynccontextmanager
    async def start_subscription(self, channels: list[str]) -> AsyncIterator[Subscription]:
        subscription = Subscription()
        for channel in channels:
            self.subscribers.setdefault(channel, set()).add(subscription)
        try:
            yield subscription
        finally:
            for channel in channels:
                self.subscribers.get(channel, set()).discard(subscription)


def make_channels() -> Channels:
    return Channels()


def channel_of(event_id: str) -> str:
    return f"event:{event_id}"


def frame(name: str, data: str) -> bytes:
    """One SSE message, encoded once for every screen."""
    lines = "".join(f"data: {line}\n" for line in (data.splitlines() or [""]))
    return f"event: {name}\n{lines}\n".encode()


def rows_event(tid: int, variant: str, lang: str | None = None) -> str:
    """The SSE event of a tournament's pushed rows for one screen variant (and language, if it matters)."""
    return f"rows-{tid}-{variant}" + (f"-{lang}" if lang else "")


def variant_of(screen_type: str, screen_id: str) -> str:
    return f"input-{screen_id}" if screen_type == "input" else screen_type


class SlotScreen(msgspec.Struct, frozen=True):
    """What `_row.html` reads of a screen."""

    type: str
    uniq_id: str


def patched_state(state: TournamentState, event: ResultChanged) -> tuple[TournamentState, Pairing] | None:
    """The state with the game's new result, and the game; None if the game is not on the boards."""
    key = event.game.astuple()
    pairings = list(state.pairings)
    for i, p in enumerate(pairings):
        if (p.tournament_id, p.round, p.white_player_id, p.black_player_id) == key:
            game = msgspec.structs.replace(p, result=event.new, result_date=event.date, last_update=event.date)
            pairings[i] = game
            return msgspec.structs.replace(state, pairings=pairings), game
    return None


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
        if before is not None and self.inputs is not None and not self.busy():
            self.send(self.result_frames(event, before))  # the fast path: nothing to read
            return

        async def slow() -> None:
            if self.inputs is None:
                self.inputs = await self.input_screens()
            # the state now (a later commit may be in it): this game's row shows its latest result
            state = await tournament_state(self.store, tid)
            for data in self.result_frames(event, state, current=True):
                self.publish(data)

        self.follow(slow)

    def result_frames(self, event: ResultChanged, state: TournamentState, current: bool = False) -> list[bytes]:
        tid = event.tournament_id
        done = frame(f"result-{tid}", str(tid))
        previous: list[tuple[Hashable, Any]] = []
        if state.round != event.game.round:  # an earlier round: the points shown move, screens refetch
            return [frame(f"tournament-{tid}", str(tid)), done]
        if current:
            game = next((p for p in state.pairings if (p.tournament_id, p.round, p.white_player_id,
                                                       p.black_player_id) == event.game.astuple()), None)
            if game is None:  # re-paired meanwhile
                return [frame(f"tournament-{tid}", str(tid)), done]
        else:
            patched = patched_state(state, event)
            if patched is None:
                return [frame(f"tournament-{tid}", str(tid)), done]
            state, game = patched
            previous = memo_of(self.store).items(event.generation - 1)  # before the new generation replaces it
            if state.missing == 0 and (state.last_round or 0) > (state.round or 0):
                return [frame(f"tournament-{tid}", str(tid)), done]  # the round is complete: the next one shows
            memo = memo_of(self.store)
            rows: list[BoardRow] | None = memo.peek(event.generation - 1, ("boards", tid))
            memo.carry(event.generation, ("state", tid), state)
            if rows is not None and on_boards(game):  # the boards' rows too, with this one replaced
                fresh = board_row(state, game)
                memo.carry(event.generation, ("boards", tid), [fresh if r.dom_id == fresh.dom_id else r for r in rows])
        if not on_boards(game):
            return [done]
        row = board_row(state, game)
        if not current:
            self.carry_pages(event, state, row, previous)
        return [*self.row_frames(state, row), done]

    def render_row(self, row: BoardRow, kind: str, screen_id: str, lang: str) -> str:
        template = self.environment.get_template("screen/_row.html")
        return template.render(row=row, screen=SlotScreen(kind, screen_id), event_id=self.store.event_id,
                               _=translator(lang)).strip()

    def carry_pages(self, event: ResultChanged, state: TournamentState, row: BoardRow,
                    previous: list[tuple[Hashable, Any]]) -> None:
        """The screen pages of the previous commit, patched with this result, kept for the new one
        (web/page_patch.py): screens loading a page after a result do not wait for a full render."""
        memo = memo_of(self.store)
        inputs = (self.inputs or {}).get(row.tid, ())
        delta = (event.old is not None) - (event.new is not None)
        rendered: dict[tuple[str, str, str], str] = {}
        for key, html in previous:
            if not (isinstance(key, tuple) and len(key) > 4 and key[0] == "html" and key[1] == "screen/page.html"):
                continue
            parts = str(key[2]).split("/")  # /screen/<event>/<screen>
            if len(parts) != 4 or parts[1] != "screen":
                continue
            screen_id, lang = parts[3], str(key[4])
            kind = "input" if screen_id in inputs else "boards"
            variant = (kind, screen_id if kind == "input" else "boards", lang)
            if variant not in rendered:
                rendered[variant] = self.render_row(row, *variant)
            patched = patch_page(html.decode(), row.tid, row.dom_id, rendered[variant], delta, state.missing)
            if patched is not None:
                memo.carry(event.generation, key, patched.encode())

    def row_frames(self, state: TournamentState, row: BoardRow) -> list[bytes]:
        """The row once per screen variant and language, with the tournament's count of games left."""
        tid = row.tid
        count = (f'<span hx-swap-oob="innerHTML:section.set[data-tid=\'{tid}\'] .missing-tournament">'
                 f"{state.missing}</span>")
        variants = [("boards", "boards")] + [("input", s) for s in (self.inputs or {}).get(tid, ())]
        frames = []
        for kind, screen_id in variants:
            texts: dict[str, str] = {}
            for lang in LANGUAGES:
                html = self.render_row(row, kind, screen_id, lang)
                texts[lang] = html.replace("<tr ", '<tr hx-swap-oob="true" ', 1) + count
            variant = variant_of(kind, screen_id)
            if len(set(texts.values())) == 1:  # every language reads the same: one message
                frames.append(frame(rows_event(tid, variant), texts[LANGUAGES[0]]))
            else:
                frames.extend(frame(rows_event(tid, variant, lang), text) for lang, text in texts.items())
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
