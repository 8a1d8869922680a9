"""Helpers of the desk, pairing and print tests: a 9-player Swiss after round 1, results for a round."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.arbiter_kit import ARBITER_PASSWORD, EVENT, made_players
from tournament.results import Result
from web.auth import hash_password
from web.state import app_state

PLAYERS = 9


async def nine_player_event(registry: EventRegistry) -> tuple[EventStore, int]:
    """Round 1 of a 9-player Swiss: 1-5, 6-2, 3-7, 8-4 and the bye for 9; no result yet."""
    store = await registry.create(EVENT, name="Desk test", start=0.0, stop=4e9)
    tid = await store.add_tournament(uniq_id="open", name="Open", rounds=5)
    games = [(1, 5), (6, 2), (3, 7), (8, 4)]
    pairings: list[dict[str, Any]] = [{"round": 1, "white": w, "black": b, "board": i, "board_order": i}
                                      for i, (w, b) in enumerate(games, start=1)]
    pairings.append({"round": 1, "white": 9, "board": 5, "board_order": 5, "bye_kind": "U"})
    await store.fill_tournament(tid, made_players(PLAYERS), pairings)
    await store.add_screen(uniq_id="boards", type="boards", public=True, sets=[{"tournament_id": tid}])
    await store.add_screen(uniq_id="input", type="input", public=True, sets=[{"tournament_id": tid}])
    await store.update_info(arbiter_password=await hash_password(ARBITER_PASSWORD))
    return store, tid


async def finish_round(store: EventStore, tid: int, rnd: int, result: Result = Result.WHITE_WIN) -> None:
    for p in await store.pairings(tid, rnd):
        if p.is_game and p.result is None:
            assert p.black_player_id is not None
            await store.record_result(GameKey(tournament_id=tid, round=rnd, white_player_id=p.white_player_id,
                                              black_player_id=p.black_player_id), result, p.board or 0)




T = TypeVar("T")


async def in_app(client: AsyncTestClient[Litestar], work: Callable[..., Awaitable[T]], *args: Any) -> T:
    """Run a store write on the app's own event loop (the test client's portal thread): the live feed's queued
    notifications must all belong to one loop."""
    return await asyncio.to_thread(client.blocking_portal.call, work, *args)


async def settle(client: AsyncTestClient[Litestar]) -> None:
    """Wait, on the app's loop, until the live notifications of the test's writes went out."""
    state = app_state(client.app)
    for live in (getattr(state, "feeds", {}).get(EVENT), getattr(state, "hubs", {}).get(EVENT)):
        if live is not None:  # the row feed of main, or the live hub of the store's rewrite
            await in_app(client, live.idle)
