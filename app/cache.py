"""The render cache: one per event, the second and last cache between the event file and a screen.

(The first is the store's read cache, database/cache.py: rows of the file until a commit writes their table.)
It holds two kinds of entries:

- **values of a commit** (`memo`): tournament states, board rows, standings, screen specs, rendered
  pages and sets. Keyed by the store's commit generation (`store.generation`, bumped after every
  commit): a value computed for one generation is never served for another, and a commit forgets
  them all, but for the tournament state and board rows the live hub carries over a result (the
  values of the commit before with the result put in). Concurrent requests for the same missing
  value wait for one computation (16 screens asking right after a result cost one render, not 16).
- **fragments** (`fragment`): rendered HTML keyed by what it shows, e.g. a board row by (the row's
  content, screen variant, language). They outlive commits, since the same content renders the same
  HTML: after a result the live hub (app/live/hub.py) renders the changed row once per variant and
  language for the stream, and every page and set rendered after it is assembled from the fragments
  (the 299 unchanged rows and the new one) instead of rendering its rows again. No HTML is patched.
  The least recently used fragments go when there are too many (two generations of buckets).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from database.store import EventStore

#: Fragments kept per bucket: a 300-board screen in two languages and a few input variants fits many times.
FRAGMENTS = 8192


class Memo:
    """One store's render cache: the values of its current generation, and its fragments."""

    def __init__(self) -> None:
        self.generation = -1
        self.values: dict[Hashable, Any] = {}
        self.pending: dict[Hashable, asyncio.Future[Any]] = {}
        self.recent: dict[Hashable, str] = {}  # fragments used since the last turn of buckets
        self.older: dict[Hashable, str] = {}  # fragments of the previous bucket, moved back on use

    def _roll(self, generation: int) -> None:
        if generation != self.generation:
            self.generation, self.values, self.pending = generation, {}, {}

    def peek(self, generation: int, key: Hashable) -> Any | None:
        """The value kept for `generation`, if that is the generation held (the live hub reads the
        state of the commit before a result)."""
        return self.values.get(key) if generation == self.generation else None

    def carry(self, generation: int, key: Hashable, value: Any) -> None:
        """Keep `value` for `generation`: a value of the previous generation with a result put in (the live
        hub does so with the tournament state and the board rows, so that pages do not compute them again)."""
        if generation < self.generation:
            return
        self._roll(generation)
        self.values.setdefault(key, value)

    def clear(self) -> None:
        """Forget every value and fragment (the next reads compute them again)."""
        self.values, self.pending, self.recent, self.older = {}, {}, {}, {}

    def fragment(self, key: Hashable, render: Callable[[], str]) -> str:
        """The HTML of `key`, rendered by `render` the first time it is asked for.

        Called from the event loop (the live hub, answers) and from the worker threads rendering pages:
        each dictionary operation is atomic, and two threads missing the same key at once at worst render
        it twice."""
        found = self.recent.get(key)
        if found is None:
            found = self.older.get(key)
            if found is None:
                found = render()
            self.recent[key] = found
            if len(self.recent) > FRAGMENTS:
                self.older, self.recent = self.recent, {}
        return found

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


def fragment(store: EventStore, key: Hashable, render: Callable[[], str]) -> str:
    """A rendered fragment of the event, cached by what it shows (`key`), across commits."""
    if not store.caching:  # the benchmarks' naive baseline renders everything every time
        return render()
    return memo_of(store).fragment(key, render)
