"""Derived values of an event, computed once per commit and shared: tournament states, rows, rendered pages.

Keyed by the store's commit generation (`store.generation`, bumped after every commit): a value
computed for one generation is never served for another. Concurrent requests for the same missing
value wait for one computation (16 screens asking right after a result cost one render, not 16).
The live hub (web/hub.py) carries a tournament state patched with a result into the new
generation, so that screens do not recompute it.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from database.store import EventStore


class Memo:
    """One store's derived values for its current generation."""

    def __init__(self) -> None:
        self.generation = -1
        self.values: dict[Hashable, Any] = {}
        self.pending: dict[Hashable, asyncio.Future[Any]] = {}

    def _roll(self, generation: int) -> None:
        if generation != self.generation:
            self.generation, self.values, self.pending = generation, {}, {}

    def peek(self, generation: int, key: Hashable) -> Any | None:
        """The value kept for `generation`, if that is the generation held."""
        return self.values.get(key) if generation == self.generation else None

    def clear(self) -> None:
        """Forget every value (the next reads compute them again)."""
        self.values, self.pending = {}, {}

    def items(self, generation: int) -> list[tuple[Hashable, Any]]:
        """Every value kept for `generation`, if that is the generation held."""
        return list(self.values.items()) if generation == self.generation else []

    def carry(self, generation: int, key: Hashable, value: Any) -> None:
        """Keep `value` for `generation` (a value derived from the previous one, e.g. patched with a result)."""
        if generation < self.generation:
            return
        self._roll(generation)
        self.values.setdefault(key, value)

    async def get(self, store: EventStore, key: Hashable, compute: Callable[[], Awaitable[Any]]) -> Any:
        generation = store.generation
        self._roll(generation)
        if key in self.values:
            return self.values[key]
        running = self.pending.get(key)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending[key] = future
        try:
            value = await compute()
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            if self.pending.get(key) is future:
                del self.pending[key]
        future.set_result(value)
        if generation == store.generation == self.generation and store.caching:
            self.values[key] = value
        return value


_MEMOS: weakref.WeakKeyDictionary[EventStore, Memo] = weakref.WeakKeyDictionary()


def memo_of(store: EventStore) -> Memo:
    found = _MEMOS.get(store)
    if found is None:
        found = _MEMOS[store] = Memo()
    return found


async def memo(store: EventStore, key: Hashable, compute: Callable[[], Awaitable[Any]]) -> Any:
    """A value derived from the event, cached until the next commit."""
    return await memo_of(store).get(store, key, compute)
