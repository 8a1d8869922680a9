"""Results pushed to the screens as rendered rows, so that no screen refetches anything for a result.

After a result commit, the rows of the current round that changed are rendered once per screen
kind (input, boards) and language, and published in one SSE event `result-<tid>` whose data is
JSON: `{"tid", "missing", "rows": [{"id", "html": {"input:en": "<tr…>", …}}]}` (another language's
variant only where it differs from English). Each page picks its variant, puts its own screen id in
place of `SCREEN_SLOT` and swaps the row in place (web/static/echiquier.js). When the published
rows themselves changed (a new round, a re-pairing) the publisher falls back to
`tournament-<tid>`, on which screens refetch their sets.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import msgspec
from jinja2 import Environment

from database.store import EventStore
from tournament.models import Pairing
from web.i18n import LANGUAGES, translator
from web.views import board_row, on_boards, row_id, tournament_state

log = logging.getLogger("echiquier")

SCREEN_SLOT = "__SCREEN__"
KINDS = ("input", "boards")


class Snapshot(msgspec.Struct):
    """The current round's published pairings as screens were last told about them."""

    round: int | None
    pairings: dict[str, Pairing]  # by row id


class SlotScreen(msgspec.Struct, frozen=True):
    """What `_row.html` reads of a screen, with a placeholder for the id."""

    type: str
    uniq_id: str = SCREEN_SLOT


class RowFeed:
    """Per event store: the last published rows of each tournament, to send only what changed."""

    def __init__(self, environment: Environment, store: EventStore) -> None:
        self.environment = environment
        self.store = store
        self.snapshots: dict[int, Snapshot] = {}
        self._lock = asyncio.Lock()
        self.task: asyncio.Task[None] | None = None  # the first snapshots, taken when a screen goes live
        self.pending: asyncio.Task[None] | None = None  # the last queued notification

    async def snapshot(self, tid: int) -> Snapshot:
        state = await tournament_state(self.store, tid)
        return Snapshot(round=state.round, pairings={
            row_id(tid, p.round, p.white_player_id): p for p in state.pairings if on_boards(p)})

    def follow(self, work: Callable[[], Awaitable[None]]) -> None:
        """Run a notification after the ones already queued, without making the writer wait for it."""
        previous = self.pending

        async def chained() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            await work()

        self.pending = asyncio.get_running_loop().create_task(chained())

    async def idle(self) -> None:
        """Wait until every queued notification went out (tests, shutdown)."""
        while self.pending is not None and not self.pending.done():
            await asyncio.gather(self.pending, return_exceptions=True)

    def start(self) -> None:
        """Take the first snapshots in the background, once (when the event's first screen goes live)."""
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self.remember_all())

    async def remember_all(self) -> None:
        try:
            for t in await self.store.tournaments():
                if t.id not in self.snapshots:
                    await self.remember(t.id)
        except Exception:
            log.exception("live rows of %s could not be read", self.store.event_id)

    async def remember(self, tid: int) -> None:
        """Record the rows as screens got them (before a write is announced)."""
        async with self._lock:
            self.snapshots[tid] = await self.snapshot(tid)

    async def event(self, tid: int) -> tuple[str, str] | None:
        """What to publish after a result write: the changed rows, a full refresh, or nothing (an earlier
        event already carried this change)."""
        async with self._lock:
            before = self.snapshots.get(tid)
            after = await self.snapshot(tid)
            self.snapshots[tid] = after
            if before is None or before.round != after.round or before.pairings.keys() != after.pairings.keys():
                return f"tournament-{tid}", str(tid)
            changed = [p for key, p in after.pairings.items() if p != before.pairings[key]]
            if not changed:
                return None
            return f"result-{tid}", await self.payload(tid, changed)

    async def payload(self, tid: int, changed: list[Pairing]) -> str:
        """Players and points do not move with a result of the current round: only these rows do."""
        state = await tournament_state(self.store, tid)
        template = self.environment.get_template("screen/_row.html")
        rows = []
        for row in (board_row(state, p) for p in changed):
            html: dict[str, str] = {}
            for kind in KINDS:
                for lang in LANGUAGES:
                    text = template.render(row=row, screen=SlotScreen(kind), event_id=self.store.event_id,
                                           _=translator(lang)).strip()
                    if lang == LANGUAGES[0] or text != html[f"{kind}:{LANGUAGES[0]}"]:
                        html[f"{kind}:{lang}"] = text  # a language is sent only where its row differs
            rows.append({"id": row.dom_id, "html": html})
        return msgspec.json.encode({"tid": tid, "missing": state.missing, "rows": rows}).decode()
