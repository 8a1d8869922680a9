"""The writer's event loop: a second asyncio loop, in a thread of its own, for the store's hot writes.

A result write is about ten statements, each a round trip between the aiosqlite thread and an event
loop. On the server's loop every round trip waits for a whole turn of that loop, and under page
traffic a turn is long: the write took 50-300 ms. Run on this loop, which does nothing else, the
round trips are immediate and the server's loop waits for the finished transaction only once.
aiosqlite creates each statement's future on the loop that awaits it, so the same connection serves
both loops (never at the same time: the store's write lock is held by the caller meanwhile).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

_loop: asyncio.AbstractEventLoop | None = None
_guard = threading.Lock()


def writer_loop() -> asyncio.AbstractEventLoop:
    """The writer's loop, started on first use (a daemon thread: it ends with the process)."""
    global _loop
    with _guard:
        if _loop is None:
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="echiquier-writer", daemon=True).start()
            _loop = loop
        return _loop


async def on_writer(work: Coroutine[Any, Any, T]) -> T:
    """Run `work` on the writer's loop; the caller's loop waits for its outcome only."""
    return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, writer_loop()))
