"""The demo event created on first start with an empty events folder."""

from __future__ import annotations

import asyncio
import fcntl
import json
import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import IO

from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tournament.demo import demo_tournament, store_rows
from tournament.messages import N_
from tournament.results import Result

DEMO_ID = "demo"


@asynccontextmanager
async def creating(folder: Path) -> AsyncIterator[None]:
    """Held while the demo is made: several workers (`serve --workers N`) start at once on one folder, and
    only the first may create it (the others wait, then open what it made)."""
    handle = await asyncio.to_thread(_lock_file, folder)
    try:
        await asyncio.to_thread(fcntl.flock, handle.fileno(), fcntl.LOCK_EX)
        yield
    finally:
        handle.close()  # closing the file releases the lock


def _lock_file(folder: Path) -> IO[str]:
    folder.mkdir(parents=True, exist_ok=True)
    return open(folder / ".demo.lock", "a", encoding="utf-8")  # held open while the lock is


async def ensure_demo(registry: EventRegistry) -> EventStore:
    """Create `demo.db` unless it exists; returns its store."""
    if DEMO_ID in registry.ids():
        return await registry.get(DEMO_ID)
    async with creating(registry.events_dir):
        if DEMO_ID in registry.ids():  # another worker made it meanwhile
            return await registry.get(DEMO_ID)
        return await _make_demo(registry)


async def _make_demo(registry: EventRegistry) -> EventStore:
    now = time.time()
    store = await registry.create(DEMO_ID, name=N_("Echiquier demo open"), start=now - 86400, stop=now + 2 * 86400)
    rng = random.Random(7)
    tids = []
    for uniq_id, name, count, seed in (("open-a", "Open A", 60, 1), ("open-b", "Open B", 24, 2)):
        tid = await store.add_tournament(uniq_id=uniq_id, name=name, rounds=7, tournament_type="swiss",
                                         pairing_system="standard", rating_kind="standard",
                                         tie_breaks="BH/C1,BH,SB,PS", time_control_initial_time=5400,
                                         time_control_increment=30)
        players, pairings = demo_tournament(count, seed)
        player_rows, pairing_rows = store_rows(players, pairings)
        await store.fill_tournament(tid, player_rows, pairing_rows)
        tids.append(tid)
        games = [g for g in await store.pairings(tid, 3) if g.is_game]
        for game in rng.sample(games, k=len(games) // 3):
            result = rng.choice([Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN])
            key = GameKey(tournament_id=tid, round=3, white_player_id=game.white_player_id,
                          black_player_id=game.black_player_id or 0)
            await store.record_result(key, result, game.board or 0, now - rng.randint(60, 3600))
    a, b = tids
    start = datetime.now().replace(second=0, microsecond=0) + timedelta(hours=2)
    timer = await store.add_timer(uniq_id="rounds", hours=[
        {"uniq_id": "3", "date_str": (start - timedelta(hours=4)).strftime("%Y-%m-%d"),
         "time_str": (start - timedelta(hours=4)).strftime("%H:%M")},
        {"uniq_id": "4", "date_str": start.strftime("%Y-%m-%d"), "time_str": start.strftime("%H:%M")},
    ])
    menu = "@input,@boards,@players,@results,@standings"
    await store.add_screen(uniq_id="input", type="input", public=True, name=N_("Result entry"), columns=1,
                           menu_link=True, menu=menu, sets=[{"tournament_id": a}, {"tournament_id": b}])
    await store.add_screen(uniq_id="boards-a", type="boards", public=True, columns=2, menu_link=True, menu=menu,
                           timer_id=timer, sets=[{"tournament_id": a}])
    await store.add_screen(uniq_id="boards-b", type="boards", public=True, columns=1, menu_link=True, menu=menu,
                           sets=[{"tournament_id": b}])
    await store.add_screen(uniq_id="players-a", type="players", public=True, columns=2, menu_link=True,
                           menu=menu, players_show_unpaired=True, sets=[{"tournament_id": a}])
    await store.add_screen(uniq_id="results", type="results", public=True, columns=1, menu_link=True, menu=menu,
                           results_limit=20, results_tournament_ids="[]")
    await store.add_screen(uniq_id="standings", type="standings", public=True, columns=2, menu_link=True, menu=menu,
                           sets=[{"tournament_id": a}, {"tournament_id": b}])
    image = await store.add_screen(uniq_id="welcome", type="image", public=True, name=N_("Welcome"),
                                   background_color="#1d3557")
    await store.add_family(uniq_id="boards-a-part", type="boards", public=True, tournament_id=a, parts=2,
                           columns=1, menu_link=True, menu_text="", menu=menu)
    screens = {s.uniq_id: s.id for s in await store.screens()}
    await store.add_rotator(uniq_id="hall", public=True, delay=15, show_menus=False,
                            screen_ids=json.dumps([screens["boards-a"], screens["results"], image]),
                            family_ids="[]")
    return store
