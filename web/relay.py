"""Live frames across worker processes: Litestar's Redis pub/sub channels backend under the in-process fan-out.

Each worker delivers its own frames to its own screens at once (as with one worker) and sends them to Redis,
tagged with its id; what comes back from Redis tagged by another worker is delivered to this worker's screens.
One sender task keeps the frames in commit order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Callable, Iterable

from litestar.channels.backends.redis import RedisChannelsPubSubBackend
from redis.asyncio import Redis

from web.hub import Channels

log = logging.getLogger("echiquier")

Deliver = Callable[[bytes, list[str]], None]


class RedisRelay:
    def __init__(self, url: str) -> None:
        self.url = url
        self.worker = uuid.uuid4().hex[:12].encode()
        self.redis: Redis = Redis.from_url(url)
        self.backend = RedisChannelsPubSubBackend(redis=self.redis)
        self.outbox: asyncio.Queue[tuple[bytes, list[str]]] = asyncio.Queue()
        self.channels: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._deliver: Deliver | None = None

    async def start(self, deliver: Deliver) -> None:
        self._deliver = deliver
        await self.backend.on_startup()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._send(), name="redis relay: send"),
                       loop.create_task(self._receive(), name="redis relay: receive")]

    def send(self, data: bytes, channels: list[str]) -> None:
        """Queue a frame for the other workers (never blocks the caller)."""
        self.outbox.put_nowait((data, channels))

    def follow(self, channels: Iterable[str]) -> None:
        """Receive the other workers' frames on these channels (from now on)."""
        wanted = set(channels) - self.channels
        if wanted:
            self.channels |= wanted
            asyncio.get_running_loop().create_task(self.backend.subscribe(sorted(wanted)))

    async def subscribe_now(self, channels: Iterable[str]) -> None:
        wanted = set(channels) - self.channels
        if wanted:
            self.channels |= wanted
            await self.backend.subscribe(sorted(wanted))

    async def _send(self) -> None:
        while True:
            data, channels = await self.outbox.get()
            try:
                await self.backend.publish(self.worker + b"\n" + data, channels)
            except Exception:  # Redis gone for a moment: this frame is lost for other workers' screens
                log.exception("relaying a live frame through %s failed", self.url)

    async def _receive(self) -> None:
        while True:
            try:
                async for channel, message in self.backend.stream_events():
                    sender, _, data = bytes(message).partition(b"\n")
                    if sender != self.worker and self._deliver is not None:
                        self._deliver(data, [channel])
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reading live frames from %s failed; retrying", self.url)
                await asyncio.sleep(1)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        with contextlib.suppress(Exception):
            await self.backend.on_shutdown()
        with contextlib.suppress(Exception):
            await self.redis.aclose()


class RedisRelayedChannels(Channels):
    """The hub's channels (web/hub.py) whose frames also reach, and come from, the other workers."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.relay = RedisRelay(url)

    def publish(self, data: bytes, channels: list[str]) -> None:
        super().publish(data, channels)  # this worker's screens: at once, as with one worker
        self.relay.send(data, channels)

    def deliver(self, data: bytes, channels: list[str]) -> None:
        super().publish(data, channels)

    def follow(self, channels: Iterable[str]) -> None:
        self.relay.follow(channels)

    async def start(self) -> None:
        await self.relay.start(self.deliver)

    async def close(self) -> None:
        await self.relay.close()


RelayedChannels = RedisRelayedChannels
