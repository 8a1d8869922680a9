"""The Papi loop's tests (tests/app/papi/, tests/web/, tests/cli/, tests/browser/, the French walk): the Papi
fixtures copied where a test links them, the written file read back by independent readers (access-parser,
mdbtools), an event made from a Papi file and linked to it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from app.imports import import_papi
from app.papi.link import link_file
from database.events import GameKey
from database.registry import EventRegistry
from database.store import EventStore
from tests.support.files import fixture_path
from tournament.formats.papi import read_papi
from tournament.results import Result

SMALL, PAIRED = "papi/small-20p-5r.papi", "papi/small-20p-5r-r4-paired.papi"


def copy_fixture(name: str, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "tournoi.papi"
    shutil.copyfile(fixture_path(name), target)
    return target


def cells(path: Path) -> dict[int, dict[str, object]]:
    """JOUEUR by Ref, read by access-parser (the import's reader, independent of tournament/formats/jet)."""
    papi = read_papi(path.read_bytes())
    return {p.ref: {**p.values} for p in papi.players}


def mdb_export(path: Path) -> list[str]:
    """JOUEUR as mdbtools exports it (another independent reader)."""
    done = subprocess.run(["mdb-export", str(path), "JOUEUR"], capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def mdb_ver(path: Path) -> str:
    return subprocess.run(["mdb-ver", str(path)], capture_output=True, text=True, check=True).stdout.strip()


async def linked(store: EventStore, tmp_path: Path, name: str = PAIRED) -> tuple[int, Path]:
    path = copy_fixture(name, tmp_path / "papi")
    await link_file_new(store, path)
    tid = (await store.tournaments())[0].id
    return tid, path


async def link_file_new(store: EventStore, path: Path) -> None:
    await import_papi(store, path.read_bytes(), None)
    tid = (await store.tournaments())[0].id
    await link_file(store, tid, path)


async def open_game(store: EventStore, tid: int) -> tuple[int, int, int]:
    """(round, white id, black id) of a game of the last round without result."""
    games = [g for g in await store.pairings(tid) if g.black_player_id and g.result is None]
    g = max(games, key=lambda g: (g.round, -(g.board or 0)))
    assert g.black_player_id is not None
    return g.round, g.white_player_id, g.black_player_id


async def enter(store: EventStore, tid: int, rnd: int, white: int, black: int, result: Result) -> None:
    board = next(g.board for g in await store.pairings(tid) if g.round == rnd and g.white_player_id == white)
    await store.record_result(GameKey(tournament_id=tid, round=rnd, white_player_id=white, black_player_id=black),
                              result, board or 0)


Game = tuple[int, int, int | None, int | None]  # round, White's Ref, Black's Ref (None: a bye), result code


async def games_by_ref(store: EventStore, tid: int) -> list[Game]:
    """A tournament's games and byes, players named by their Papi Ref, in order."""
    ref = {p.id: p.papi_ref or 0 for p in await store.players(tid)}
    return sorted((g.round, ref[g.white_player_id], ref[g.black_player_id] if g.black_player_id else None,
                   int(g.result) if g.result else None) for g in await store.pairings(tid))


async def reimported(folder: Path, data: bytes) -> list[Game]:
    """The games of a Papi file imported into a new event (by access-parser, independent of the writer)."""
    registry = EventRegistry(folder / "again")
    try:
        again = await registry.create("again", name="again", start=0.0, stop=4e9)
        await import_papi(again, data, None)
        return await games_by_ref(again, (await again.tournaments())[0].id)
    finally:
        await registry.close()


async def link_for_the_walk(store: EventStore, folder: Path) -> list[str]:
    """A tournament of the demo made from a Papi file and linked to it, for tests/test_french_walk.py (the linked
    desk block and the file's download are pages too); returns where the walk starts to reach them."""
    path = copy_fixture(PAIRED, folder / "papi-walk")
    await import_papi(store, path.read_bytes(), "Open Papi")
    tid = next(t.id for t in await store.tournaments() if t.name == "Open Papi")
    await link_file(store, tid, path)
    return [f"/arbiter/{store.event_id}/desk"]
