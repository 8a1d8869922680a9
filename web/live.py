"""Live updates: every committed change is published on the event's channel and streamed as SSE.

Server-sent events (htmx SSE extension) rather than polling or WebSockets: one long-lived HTTP
response per screen, automatic reconnection by the browser, and no message from the screens.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from jinja2 import Environment
from litestar import Request, get
from litestar.channels import ChannelsPlugin
from litestar.channels.backends.memory import MemoryChannelsBackend
from litestar.params import FromPath
from litestar.response import ServerSentEvent, ServerSentEventMessage

from database.registry import check_event_id
from database.store import EventStore
from web.relay import redis_backend
from web.row_feed import RowFeed
from web.state import app_state

log = logging.getLogger("echiquier")



def make_channels(redis_url: str | None = None) -> ChannelsPlugin:
    """In-process channels; through Redis when several workers serve (web/workers.py)."""
    return ChannelsPlugin(
        backend=MemoryChannelsBackend() if redis_url is None else redis_backend(redis_url),
        arbitrary_channels_allowed=True,
        subscriber_max_backlog=64,
        subscriber_backlog_strategy="dropleft",
    )


def channel_of(event_id: str) -> str:
    return f"event:{event_id}"


def event_name(kind: str, tid: int | None) -> str:
    """SSE event name: `tournament-<id>` for anything about one tournament, else `config`."""
    return f"tournament-{tid}" if tid is not None else "config"


def publisher(channels: ChannelsPlugin, store: EventStore, environment: Environment) -> RowFeed:
    """Subscribe a store so that each of its commits is announced on its event's channel.

    A result becomes `result-<tid>` carrying the changed rows (web/row_feed.py); anything else about a
    tournament becomes `tournament-<tid>` (screens refetch their sets), event-wide changes `config`.
    """
    feed = RowFeed(environment, store)

    def publish(name: str, data: str) -> None:
        try:
            channels.publish(f"{name}\n{data}".encode(), channels=[channel_of(store.event_id)])
        except RuntimeError:  # not started yet (demo built during start-up): nobody is listening
            pass

    async def push(kind: str, tid: int) -> None:
        try:
            if kind == "result":
                event = await feed.event(tid)
                if event is not None:
                    publish(*event)
                return
            publish(event_name(kind, tid), str(tid))
            await feed.remember(tid)
        except Exception:  # the write is committed: never fail it over a notification
            log.exception("live update of tournament %s failed", tid)
            publish(event_name(kind, tid), str(tid))

    def announce(kind: str, tid: int | None) -> None:
        """After a commit: the writer's answer does not wait for the screens' update (FIFO, in order)."""
        if tid is None:
            publish("config", "config")
            return
        feed.follow(lambda: push(kind, tid))

    store.subscribe(announce)

    return feed


async def live_messages(channels: ChannelsPlugin, event_id: str) -> AsyncIterator[ServerSentEventMessage]:
    yield ServerSentEventMessage(event="hello", data="connected", retry=1000)
    async with channels.start_subscription([channel_of(event_id)]) as subscriber:
        async for message in subscriber.iter_events():
            text = message.decode() if isinstance(message, bytes) else str(message)
            name, _, data = text.partition("\n")
            yield ServerSentEventMessage(event=name, data=data or name)


@get("/live/{event_id:str}")
async def live(request: Request, event_id: FromPath[str]) -> ServerSentEvent:
    check_event_id(event_id)
    state = app_state(request)
    store = await state.registry.get(event_id)  # 404 for an unknown event
    feeds = state.feeds
    if store.event_id in feeds:
        feeds[store.event_id].start()  # a screen is live: know its rows, so the first result is a push too
    return ServerSentEvent(live_messages(state.channels, event_id), headers={"Cache-Control": "no-cache",
                                                                       "X-Accel-Buffering": "no"})
