"""The live push's fan-out: encoded SSE frames handed to every screen's stream of an event, in this process.

The hub (app/live/hub.py) publishes on an event's channel; web/live.py streams a subscription to a screen;
with several workers, web/relay.py carries the frames to the other processes.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

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
