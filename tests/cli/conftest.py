"""Fixtures of the worker tests: two workers joined by a real redis-server (tests/support/workers.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.demo import ensure_demo
from database.registry import EventRegistry
from tests.support.servers import Process, redis
from tests.support.workers import ADMIN_PASSWORD, ARBITER_PASSWORD, Workers, worker
from web.auth import hash_password, save_admin_password


@pytest.fixture
def workers_and_redis(tmp_path: Path) -> Iterator[tuple[Workers, Process]]:
    """Worker A's URL, worker B's, an open game of round 3 (white id, black id) of the demo event; and their
    redis-server (to stop and start again)."""
    events = tmp_path / "events"
    events.mkdir()

    async def build() -> tuple[int, int]:
        registry = EventRegistry(events)
        try:
            store = await ensure_demo(registry)
            game = next(g for g in await store.pairings(1, 3) if g.black_player_id is not None and g.result is None)
            return game.white_player_id, game.black_player_id or 0
        finally:
            await registry.close()

    game = asyncio.run(build())
    server, redis_url = redis(tmp_path)
    a, url_a = worker(events, redis_url, tmp_path / "a.log")
    b, url_b = worker(events, redis_url, tmp_path / "b.log")
    with server, a, b:
        yield (url_a, url_b, game), server


@pytest.fixture
def two_workers(workers_and_redis: tuple[Workers, Process]) -> Workers:
    return workers_and_redis[0]


@pytest.fixture
def two_remote_workers(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Workers A and B as a client elsewhere sees them: behind a reverse proxy (`--forwarded-allow-ips`), so the
    loopback is no admin and every role comes from a login; the admin and arbiter passwords of the demo are set."""
    events = tmp_path / "events"
    events.mkdir()

    async def build() -> None:
        registry = EventRegistry(events)
        try:
            store = await ensure_demo(registry)
            await store.update_info(arbiter_password=await hash_password(ARBITER_PASSWORD))
            await save_admin_password(events, ADMIN_PASSWORD)
        finally:
            await registry.close()

    asyncio.run(build())
    server, redis_url = redis(tmp_path)
    behind_proxy = ("--forwarded-allow-ips", "127.0.0.1")
    a, url_a = worker(events, redis_url, tmp_path / "a.log", *behind_proxy)
    b, url_b = worker(events, redis_url, tmp_path / "b.log", *behind_proxy)
    with server, a, b:
        yield url_a, url_b
