"""A small team event for the HTTP and browser tests: two teams of four boards (five members each), one
match in round 1 without line-ups, an arbiter password and a captains' (input) password."""

from __future__ import annotations

from database import teams as db
from database.registry import EventRegistry
from database.store import EventStore
from tournament.results import Result
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


async def walk_team_tournament(store: EventStore) -> list[str]:
    """A team tournament in an existing event for the French walk (team names are words of its own name):
    round 1 paired, line-ups in, one board result and a board forfeit, its three team screens; returns the team
    pages and screens to start from (and the desk's team pairing page)."""
    tid = await store.add_tournament(uniq_id="equipes", name="Interclubs Cavaliers Fous", rounds=1)
    await store.fill_tournament(tid, [{"pairing_number": n, "last_name": f"Joueur{n:02d}", "first_name": "Marc"}
                                      for n in range(1, 9)], [])
    await db.make_team_tournament(store, tid, 4)
    await db.add_team(store, tid, "Cavaliers", members=[1, 2, 3, 4])
    await db.add_team(store, tid, "Fous", members=[5, 6, 7, 8])
    await db.pair_round(store, tid, 1)
    mid = (await db.load_team_event(store, tid)).matches[0].id or 0
    await db.set_lineup(store, tid, mid, "A", [1, 2, 3, 4])
    await db.set_lineup(store, tid, mid, "B", [5, 6, 7, None])
    await db.set_board_result(store, tid, mid, 1, Result.DRAW)
    screens = []
    for kind, screen_id in (("team_boards", "equipes-echiquiers"), ("team_standings", "equipes-classement"),
                            ("team_crosstable", "equipes-grille")):
        await store.add_screen(uniq_id=screen_id, type=kind, public=True, columns=1, menu_link=True,
                               menu="@team_boards,@team_standings,@team_crosstable", sets=[{"tournament_id": tid}])
        screens.append(f"/screen/{store.event_id}/{screen_id}")
    return [f"/teams/{store.event_id}/equipes/{page}" for page in ("boards", "standings", "crosstable", "input")
            ] + screens + [f"/arbiter/{store.event_id}/pair/{tid}"]  # the desk's team pairing page
