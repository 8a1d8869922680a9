"""Events built in a store for the tests: a TRF fixture imported, a small paired event with an input screen and
an arbiter password (the arbiter, auth, idempotency and board-card tests), the 9-player Swiss after round 1 (the
desk, pairing and print tests), the demo event's open games, a folder of many small events; result forms and
arbiter logins."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.demo import ensure_demo
from app.publication.publisher import Publisher
from app.settings import Settings
from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.support.files import fixture_path
from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf
from tournament.models import Pairing
from tournament.results import Result
from web.app import template_engine
from web.auth import hash_password
from web.state import app_state

EVENT = "arb"
HX = {"HX-Request": "true"}
ARBITER_PASSWORD = "arbiter-secret-1"
INPUT_URL = f"/screen/{EVENT}/input"


async def import_fixture(store: EventStore, name: str, uniq_id: str = "t1") -> int:
    """Import a TRF fixture of tests/fixtures/ as a new tournament of `store`; returns its id."""
    trf, errors = parse_trf(decode(fixture_path(name).read_bytes()))
    assert not errors, errors
    tid = await store.add_tournament(uniq_id=uniq_id, name=trf.name, rounds=trf.rounds)
    players, pairings = trf_rows(trf)
    await store.fill_tournament(tid, players, pairings)
    return tid


def made_players(n: int) -> list[dict[str, Any]]:
    return [{"pairing_number": i, "last_name": f"Player{i:02d}", "first_name": "Test", "fide_rating": 2100 - i}
            for i in range(1, n + 1)]


def made_round(n: int, rnd: int, seed: int) -> list[dict[str, Any]]:
    order = list(range(1, n + 1))
    random.Random(seed).shuffle(order)
    return [{"round": rnd, "white": order[i], "black": order[i + 1], "board": b, "board_order": b}
            for b, i in enumerate(range(0, n, 2), start=1)]


async def make_event(registry: EventRegistry, *, players: int = 8, seed: int = 1, **info: Any) -> tuple[EventStore,
                                                                                                         int]:
    """An event with one tournament paired for round 1 (no result), an input and a boards screen."""
    store = await registry.create(EVENT, name="Arbiter test", start=0.0, stop=4e9)
    tid = await store.add_tournament(uniq_id="t", name="Open", rounds=5)
    await store.fill_tournament(tid, made_players(players), made_round(players, 1, seed))
    await store.add_screen(uniq_id="input", type="input", public=True, sets=[{"tournament_id": tid}])
    await store.add_screen(uniq_id="boards", type="boards", public=True, sets=[{"tournament_id": tid}])
    await store.update_info(arbiter_password=await hash_password(ARBITER_PASSWORD), **info)
    return store, tid


async def repair(store: EventStore, tid: int, seed: int) -> None:
    """Pair round 1 again (new pairings, same players re-created)."""
    await store.fill_tournament(tid, made_players(len(await store.players(tid))),
                                made_round(len(await store.players(tid)), 1, seed))


async def games(store: EventStore, tid: int) -> list[Pairing]:
    return [p for p in await store.pairings(tid, 1) if p.is_game]


async def game(store: EventStore, tid: int, index: int = 0) -> Pairing:
    return (await games(store, tid))[index]


def form(p: Pairing, result: Result | int, **extra: Any) -> dict[str, str]:
    data = {"tournament_id": p.tournament_id, "round": p.round, "white_player_id": p.white_player_id,
            "black_player_id": p.black_player_id, "result": int(result), "board": p.board or 0, **extra}
    return {k: str(v) for k, v in data.items()}


async def login_arbiter(client: AsyncTestClient[Litestar], password: str = ARBITER_PASSWORD) -> int:
    response = await client.post(f"/arbiter/{EVENT}/login", data={"password": password}, follow_redirects=False)
    return response.status_code


async def stored(store: EventStore, p: Pairing) -> Result | None:
    for q in await store.pairings(p.tournament_id, p.round):
        if (q.white_player_id, q.black_player_id) == (p.white_player_id, p.black_player_id):
            return q.result
    raise AssertionError("game not found")


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


async def demo_store(client: AsyncTestClient[Litestar]) -> EventStore:
    """The demo event of a client's app (made at its start-up: the `demo_client` fixture)."""
    return await app_state(client.app).registry.get("demo")


async def open_game(store: EventStore, tournament: str = "open-a") -> Pairing:
    """A game of the demo's round 3 without a result."""
    t = await store.tournament_by_uniq_id(tournament)
    return next(g for g in await store.pairings(t.id, 3) if g.is_game and g.result is None)


async def make_folder(events: Path, count: int, private: int) -> None:
    """`count` small event files e000.db, e001.db ..., the last `private` ones not public: copies of two
    templates (fast: no store per file)."""
    events.mkdir(parents=True, exist_ok=True)
    templates = events.parent / "templates"
    templates.mkdir(exist_ok=True)
    for name, public in (("public", True), ("private", False)):
        store = await EventStore.create(templates / f"{name}.db", name=f"Open {name}", start=0.0, stop=4e9,
                                        public=public)
        await store.close()  # the last connection: the WAL is folded into the file
    for n in range(count):
        kind = "private" if n >= count - private else "public"
        shutil.copyfile(templates / f"{kind}.db", events / f"e{n:03d}.db")


async def demo_file(folder: Path, **info: Any) -> Path:
    """A demo event file in `folder` with these `info` settings (a name, a remote to publish to), closed (its WAL
    written back)."""
    registry = EventRegistry(folder)
    try:
        store = await ensure_demo(registry)
        await store.update_info(**info)
    finally:
        await registry.close()
    return folder / "demo.db"


def publisher_of(store: EventStore, events: Path) -> Publisher:
    """The publisher the server would attach to `store`, running at once (no minimum interval between runs)."""
    settings = Settings(events_dir=events)
    return Publisher(store, events, template_engine(settings).engine, settings.static_dir, min_interval=0)
