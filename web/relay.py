"""Live frames across worker processes: Litestar's Redis pub/sub channels backend under the in-process fan-out.

Each worker delivers its own frames to its own screens at once (as with one worker) and sends them to Redis,
tagged with its id; what comes back from Redis tagged by another worker is delivered to this worker's screens.
One sender task keeps the frames in commit order.

A Redis outage: Redis pub/sub keeps nothing, so what was sent meanwhile is lost for the screens of the other workers.
The outage is logged once (a warning, then "back" when Redis answers again), never once per frame; while it lasts,
frames are not tried more than once a second (never queued without bound). When Redis is back, every screen that
may have missed a frame refetches: the sender publishes a `config` frame (what makes a screen page refetch its
content, app/live/hub.py) on the channels whose frames were lost, and a worker whose subscription broke delivers one to
its own screens once it is subscribed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Callable, Iterable

from litestar.channels.backends.redis import RedisChannelsPubSubBackend
from redis.asyncio import Redis

from app.live.channels import Channels, frame

log = logging.getLogger("echiquier")

Deliver = Callable[[bytes, list[str]], None]
RETRY = 1.0  # seconds between two tries while Redis is unreachable
OUTBOX = 10_000  # frames waiting for Redis at most; older ones are dropped (their screens refetch)
REFETCH = frame("config", "missed")  # a screen that may have missed a frame reloads its content


class RedisRelay:
    def __init__(self, url: str) -> None:
        self.url = url
        self.worker = uuid.uuid4().hex[:12].encode()
        self.redis: Redis = Redis.from_url(url)
        self.backend = RedisChannelsPubSubBackend(redis=self.redis)
        self.outbox: asyncio.Queue[tuple[bytes, list[str]]] = asyncio.Queue()
        self.channels: set[str] = set()
        self.lost: set[str] = set()  # channels whose frames did not reach Redis: they get REFETCH when it is back
        self.up = True
        self._next_try = 0.0
        self._tasks: list[asyncio.Task[None]] = []
        self._deliver: Deliver | None = None

    async def start(self, deliver: Deliver) -> None:
        self._deliver = deliver
        await self.backend.on_startup()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._send(), name="redis relay: send"),
                       loop.create_task(self._receive(), name="redis relay: receive")]

    # -- the state of Redis, logged once per change -------------------------------------------------

    def _down(self, exc: BaseException) -> None:
        self._next_try = time.monotonic() + RETRY
        if self.up:
            self.up = False
            log.warning("Redis at %s does not answer (%s): live updates no longer reach the screens held by the other"
                        " workers; they will refetch when it is back", self.url, str(exc) or type(exc).__name__)

    def _back(self) -> None:
        if not self.up:
            self.up = True
            log.warning("Redis at %s is back: live updates reach every worker's screens again", self.url)

    # -- sending --------------------------------------------------------------------------------------

    def send(self, data: bytes, channels: list[str]) -> None:
        """Queue a frame for the other workers (never blocks the caller)."""
        if self.outbox.qsize() >= OUTBOX:
            _data, dropped = self.outbox.get_nowait()
            self.lost.update(dropped)
        self.outbox.put_nowait((data, channels))

    async def _publish(self, data: bytes, channels: Iterable[str]) -> bool:
        """One frame to Redis, tagged with this worker; False (the outage noted) when Redis does not take it."""
        wanted = sorted(set(channels))
        if not self.up and time.monotonic() < self._next_try:
            self.lost.update(wanted)
            return False
        try:
            await self.backend.publish(self.worker + b"\n" + data, wanted)
        except Exception as exc:  # Redis gone: this frame is lost for other workers' screens
            self.lost.update(wanted)
            self._down(exc)
            return False
        self._back()
        return True

    async def _send(self) -> None:
        while True:
            try:
                async with asyncio.timeout(RETRY if self.lost else None):
                    data, channels = await self.outbox.get()
            except TimeoutError:  # nothing to send, frames were lost: is Redis back?
                data, channels = b"", []
            if channels and not await self._publish(data, channels):
                continue
            if self.lost and (self.up or time.monotonic() >= self._next_try):
                lost, self.lost = self.lost, set()
                await self._publish(REFETCH, lost)  # on failure they are lost again, and tried later

    # -- receiving ------------------------------------------------------------------------------------

    def follow(self, channels: Iterable[str]) -> None:
        """Receive the other workers' frames on these channels (from now on)."""
        wanted = set(channels) - self.channels
        if wanted:
            self.channels |= wanted
            asyncio.get_running_loop().create_task(self._subscribe(sorted(wanted)))

    async def subscribe_now(self, channels: Iterable[str]) -> None:
        wanted = set(channels) - self.channels
        if wanted:
            self.channels |= wanted
            await self._subscribe(sorted(wanted))

    async def _subscribe(self, channels: list[str]) -> None:
        try:
            await self.backend.subscribe(channels)
        except Exception as exc:  # subscribed again with the others when Redis is back (_receive)
            self._down(exc)

    async def _receive(self) -> None:
        while True:
            try:
                async for channel, message in self.backend.stream_events():
                    sender, _, data = bytes(message).partition(b"\n")
                    if sender != self.worker and self._deliver is not None:
                        self._deliver(data, [channel])
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._down(exc)
                await self._resubscribe()

    async def _resubscribe(self) -> None:
        """After a broken subscription: once Redis answers, subscribe again, then this worker's screens refetch
        (what the other workers sent meanwhile never came)."""
        while True:
            await asyncio.sleep(RETRY)
            try:
                await self.redis.ping()
                if self.channels:
                    await self.backend.subscribe(sorted(self.channels))
            except Exception as exc:
                self._down(exc)
                continue
            self._back()
            if self._deliver is not None and self.channels:
                self._deliver(REFETCH, sorted(self.channels))
            return

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
    """The hub's channels (app/live/channels.py) whose frames also reach, and come from, the other workers."""

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


def relayed_channels(url: str) -> RedisRelayedChannels:
    """The channels of one worker among several (web/app.py names this function in a lazy table: the Redis client
    and Litestar's Redis backend are imported only when a server runs several workers)."""
    return RedisRelayedChannels(url)
