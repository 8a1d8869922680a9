"""`Server-Timing: app;dur=<ms>` on every response: how long the server itself took, so a benchmark
can tell its own queueing from the server's (bench/hall.py reports both)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]


def timing_middleware(app: ASGIApp) -> ASGIApp:
    async def middleware(scope: Scope, receive: Callable[[], Awaitable[Message]],
                         send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        started = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - started) * 1000
                message["headers"] = [*message.get("headers", []), (b"server-timing", f"app;dur={took:.1f}".encode())]
            await send(message)

        await app(scope, receive, timed)

    return middleware
