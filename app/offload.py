"""Heavy pure work off the event loop: standings and tie-breaks (tournament/), big page and site renders.

A small pool of threads of its own (`COMPUTE_THREADS`), started on first use: a burst of heavy requests
queues here instead of taking every thread of asyncio's default pool (which aiosqlite-free `to_thread` file
work shares). Threads rather than processes, measured (bench/stalls.py, bench/README.md): pure Python in a
thread still holds the GIL, but the interpreter hands it back to the loop every 5 ms (`sys.getswitchinterval`),
so the loop's longest stall during the 600-player open's tie-breaks stays near 10 ms (1-3 ms in a process
pool, at the price of pickling the players and pairings both ways and a process per worker to start).

What threads cannot avoid is a full garbage collection: it holds the GIL for its whole length, whichever thread
triggers it, and with the objects of a started server (modules, templates, Litestar's routes) it took 50 to
150 ms. `settle_heap()`, once the server has started, moves those objects out of the collector's sight
(`gc.freeze`): later full collections walk what requests allocated only.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

COMPUTE_THREADS = 2
_pool: ThreadPoolExecutor | None = None
_guard = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _guard:
        if _pool is None:
            _pool = ThreadPoolExecutor(COMPUTE_THREADS, thread_name_prefix="echiquier-compute")
        return _pool


async def off_loop(work: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """`work(*args, **kwargs)` on a compute thread; the loop serves other requests meanwhile."""
    call = functools.partial(work, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_executor(), call)


_settled = False


def settle_heap() -> None:
    """At the end of the first start-up in this process: collect once, then keep what is left out of every later
    collection (once only: a process that builds many apps, such as the tests, does not pay it again)."""
    global _settled
    if not _settled:
        _settled = True
        gc.collect()
        gc.freeze()
