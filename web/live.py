"""The live stream of an event: `/live/<event>`, the SSE frames its hub (app/live/hub.py) publishes.

Server-sent events (htmx SSE extension) rather than polling or WebSockets: one long-lived HTTP
response per screen, automatic reconnection by the browser, and no message from the screens.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from litestar import Request, get
from litestar.params import FromPath
from litestar.response import Stream

from app.live.channels import Channels, channel_of
from database.registry import EventRegistry, check_event_id
from tournament.errors import EchiquierError
from web.auth import is_admin
from web.deps import public_event
from web.state import app_state

HELLO = b"retry: 1000\nevent: hello\ndata: connected\n\n"


async def live_stream(channels: Channels, event_id: str,
                      allowed: Callable[[], Awaitable[bool]] | None = None) -> AsyncIterator[bytes]:
    """The event's SSE stream: a hello, then every published frame as it was encoded; it ends when `allowed()` says
    no (a visitor's, when the event stopped being public: another program's write is noticed within a second)."""
    yield HELLO
    async with channels.start_subscription([channel_of(event_id)]) as subscriber:
        async for message in subscriber.iter_events():
            if allowed is not None and not await allowed():
                return
            yield message


async def still_public(registry: EventRegistry, event_id: str) -> bool:
    """The event is still public, as its open store reads it (cached: nothing read per frame while nothing changed)."""
    store = registry.peek(event_id)
    try:
        return store is not None and bool((await store.info()).public)
    except (EchiquierError, ValueError, sqlite3.Error):  # closed or gone meanwhile
        return False


@get("/live/{event_id:str}", guards=[public_event])  # a non-public event streams to its admin only
async def live(request: Request[Any, Any, Any], event_id: FromPath[str]) -> Stream:
    check_event_id(event_id)
    state = app_state(request)
    await state.registry.get(event_id)  # 404 for an unknown event
    allowed = None if is_admin(request) else functools.partial(still_public, state.registry, event_id)
    return Stream(live_stream(state.channels, event_id, allowed), media_type="text/event-stream",
                  headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


