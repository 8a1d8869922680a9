"""A small team event for the HTTP and browser tests: two teams of four boards (five members each), one
match in round 1 without line-ups, an arbiter password and a captains' (input) password."""

from __future__ import annotations

from database import teams as db
from database.registry import EventRegistry
from database.store import EventStore
from web.auth import hash_password

EVENT = "teams"
UNIQ = "interclubs"
ARBITER_PASSWORD = "arbiter-secret-1"
CAPTAIN_PASSWORD = "captain-code-1"
BASE = f"/teams/{EVENT}/{UNIQ}"


async def make_team_event(registry: EventRegistry, *, captain_password: bool = True) -> tuple[EventStore, int, int]:
    store = await registry.create(EVENT, name="Team test", start=0.0, stop=4e9)
    tid = await store.add_tournament(uniq_id=UNIQ, name="Interclubs", rounds=3)
    await store.fill_tournament(tid, [{"pairing_number": n, "last_name": f"Player{n:02d}", "first_name": "Test"}
                                      for n in range(1, 11)], [])
    await db.make_team_tournament(store, tid, 4)
    await db.add_team(store, tid, "Cavaliers", members=[1, 2, 3, 4, 5])
    await db.add_team(store, tid, "Fous", members=[6, 7, 8, 9, 10])
    mid = await db.add_match(store, tid, 1, 1, 2)
    await store.update_info(arbiter_password=await hash_password(ARBITER_PASSWORD))
    if captain_password:  # without it, anyone at the tables may enter results (as on input screens)
        await store.update_info(update_password=await hash_password(CAPTAIN_PASSWORD))
    return store, tid, mid
