"""The Papi loop through the server (docs/papi-loop.md): the admin links a tournament to its .papi file, a result
entered on the input screen reaches the file by the background task, Papi's lock file holds the write back and
the desk says why; the desk's fragment in French."""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.imports import import_papi
from database.registry import EventRegistry
from database.store import EventStore
from tests.support.clients import in_app
from tests.support.files import fixture_path
from tests.support.papi import PAIRED, SMALL, cells, copy_fixture, games_by_ref, reimported
from tests.support.servers import HANG_LIMIT
from tournament.models import Pairing
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
EVENT = "papi-loop"
HX = {"HX-Request": "true"}


async def until(condition: Callable[[], bool], cap: float = HANG_LIMIT) -> None:
    """Wait for `condition` (looked at again and again), at most `cap` seconds: a readiness wait, no timing."""
    deadline = time.monotonic() + cap
    while not await asyncio.to_thread(condition):
        assert time.monotonic() < deadline, "the condition never came true"
        await asyncio.sleep(0.05)


async def setup(client: Client, tmp_path: Path, name: str = PAIRED) -> tuple[EventStore, int, Path]:
    path = copy_fixture(name, tmp_path / "papi")
    registry: EventRegistry = app_state(client.app).registry

    async def make() -> tuple[EventStore, int]:
        store = await registry.create(EVENT, name="Open", start=0.0, stop=4e9)
        await import_papi(store, path.read_bytes(), None)
        tid = (await store.tournaments())[0].id
        await store.add_screen(uniq_id="input", type="input", public=True, sets=[{"tournament_id": tid}])
        return store, tid

    store, tid = await in_app(client, make)
    response = await client.post(f"/arbiter/{EVENT}/papi/{tid}/link", data={"path": str(path)},
                                 follow_redirects=False)
    assert response.status_code == 303, response.text
    return store, tid, path


async def a_game(client: Client, store: EventStore, tid: int) -> Pairing:
    async def pick() -> Pairing:
        return next(g for g in await store.pairings(tid) if g.round == 4 and g.black_player_id and g.result is None)
    return await in_app(client, pick)


def form(p: Pairing, result: Result) -> dict[str, str]:
    return {"tournament_id": str(p.tournament_id), "round": str(p.round), "white_player_id": str(p.white_player_id),
            "black_player_id": str(p.black_player_id), "result": str(int(result)), "board": str(p.board or 0)}


async def refs(client: Client, store: EventStore, tid: int) -> dict[int, int]:
    async def read() -> dict[int, int]:
        return {p.id: p.papi_ref or 0 for p in await store.players(tid)}
    return await in_app(client, read)


async def test_a_result_entered_on_the_input_screen_reaches_the_papi_file(admin_client: Client,
                                                                          tmp_path: Path) -> None:
    store, tid, path = await setup(admin_client, tmp_path)
    g = await a_game(admin_client, store, tid)
    ref = await refs(admin_client, store, tid)
    response = await admin_client.post(f"/screen/{EVENT}/input/result", data=form(g, Result.DRAW), headers=HX)
    assert response.status_code == 200, response.text
    await until(lambda: cells(path)[ref[g.white_player_id]]["Rd04Res"] == 2)
    assert cells(path)[ref[g.black_player_id or 0]]["Rd04Res"] == 2
    fragment = (await admin_client.get(f"/arbiter/{EVENT}/papi/{tid}")).text
    assert "Last written to Papi:" in fragment and "never" not in fragment.split("Last written to Papi:")[1][:20]


async def test_papi_lock_file_holds_the_write_and_the_desk_says_why(admin_client: Client, tmp_path: Path) -> None:
    store, tid, path = await setup(admin_client, tmp_path)
    lock = path.with_suffix(".ldb")
    lock.write_bytes(b"")
    original = path.read_bytes()
    g = await a_game(admin_client, store, tid)
    ref = await refs(admin_client, store, tid)
    await admin_client.post(f"/screen/{EVENT}/input/result", data=form(g, Result.WHITE_WIN), headers=HX)

    async def says_busy() -> bool:
        text = (await admin_client.get(f"/arbiter/{EVENT}/papi/{tid}?lang=fr")).text
        return "Papi a le fichier ouvert" in text

    deadline = time.monotonic() + HANG_LIMIT
    while not await says_busy():
        assert time.monotonic() < deadline
        await asyncio.sleep(0.05)
    assert path.read_bytes() == original and not list(path.parent.glob("*.bak"))
    lock.unlink()
    await until(lambda: cells(path)[ref[g.white_player_id]]["Rd04Res"] == 3)


async def test_write_to_papi_now_and_the_french_desk(admin_client: Client, tmp_path: Path) -> None:
    _store, tid, path = await setup(admin_client, tmp_path)
    desk = (await admin_client.get(f"/arbiter/{EVENT}/desk?lang=fr")).text
    assert f'hx-get="/arbiter/{EVENT}/papi/{tid}"' in desk
    fragment = (await admin_client.get(f"/arbiter/{EVENT}/papi/{tid}?lang=fr")).text
    assert "Écrire dans Papi maintenant" in fragment and path.name in fragment
    response = await admin_client.post(f"/arbiter/{EVENT}/papi/{tid}/write", follow_redirects=False)
    assert response.status_code == 303
    assert (await admin_client.get(f"/arbiter/{EVENT}/papi/{tid}/file")).content == path.read_bytes()


async def test_linking_refuses_what_is_not_a_papi_file(admin_client: Client, tmp_path: Path) -> None:
    _store, tid, _path = await setup(admin_client, tmp_path)
    other = tmp_path / "notes.papi"
    other.write_bytes(b"hello" * 2000)
    response = await admin_client.post(f"/arbiter/{EVENT}/papi/{tid}/link", data={"path": str(other)})
    assert response.status_code == 422 and "not a Papi file" in response.text
    missing = await admin_client.post(f"/arbiter/{EVENT}/papi/{tid}/link", data={"path": str(tmp_path / "x.papi")})
    assert missing.status_code == 404 and "No file" in missing.text


async def test_round_trip_results_entered_on_screens_written_back_and_reimported(admin_client: Client,
                                                                                 tmp_path: Path) -> None:
    """Import a .papi, enter results on the input screen, write back, import the file again: identical games."""
    store, tid, path = await setup(admin_client, tmp_path)

    async def games() -> list[Pairing]:
        return [g for g in await store.pairings(tid) if g.round == 4 and g.black_player_id]

    for g, result in zip(await in_app(admin_client, games), [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN] * 9,
                         strict=False):
        response = await admin_client.post(f"/screen/{EVENT}/input/result", data=form(g, result), headers=HX)
        assert response.status_code == 200, response.text
    assert (await admin_client.post(f"/arbiter/{EVENT}/papi/{tid}/write", follow_redirects=False)).status_code == 303
    assert await reimported(tmp_path, path.read_bytes()) == await in_app(admin_client, games_by_ref, store, tid)


async def test_a_late_entry_made_in_echiquier_is_named_on_the_desk(admin_client: Client, tmp_path: Path) -> None:
    """Papi files get new rows from Papi only: the desk says which players to add there."""
    store, tid, _path = await setup(admin_client, tmp_path)
    await in_app(admin_client, store.roster.add_player, tid, {"last_name": "TARDIF", "first_name": "Léa"})
    assert (await admin_client.post(f"/arbiter/{EVENT}/papi/{tid}/write", follow_redirects=False)).status_code == 303
    fragment = (await admin_client.get(f"/arbiter/{EVENT}/papi/{tid}?lang=fr")).text
    assert "ne sont pas dans le fichier Papi (ajoutez-les dans Papi)\u202f: TARDIF Léa" in fragment


async def test_a_round_papi_saved_is_read_once_papi_closes_the_file(admin_client: Client, tmp_path: Path) -> None:
    store, tid, path = await setup(admin_client, tmp_path, SMALL)
    lock = path.with_suffix(".ldb")
    lock.write_bytes(b"")  # the tournament open in Papi
    saving = path.with_name("saving.tmp")
    shutil.copyfile(fixture_path(PAIRED), saving)
    os.replace(saving, path)  # Papi saves round 4

    async def rounds() -> set[int]:
        return {g.round for g in await store.pairings(tid)}

    async def says(text: str) -> bool:
        return text in (await admin_client.get(f"/arbiter/{EVENT}/papi/{tid}?lang=fr")).text

    deadline = time.monotonic() + HANG_LIMIT
    while not await says("Papi a enregistré le fichier et l’a encore ouvert"):
        assert time.monotonic() < deadline
        await asyncio.sleep(0.05)
    assert 4 not in await in_app(admin_client, rounds)  # not read while Papi holds it
    lock.unlink()  # the arbiter closes the tournament in Papi
    while 4 not in await in_app(admin_client, rounds):
        assert time.monotonic() < deadline + HANG_LIMIT
        await asyncio.sleep(0.05)


async def test_the_admin_uploads_the_file_into_the_events_folder_and_it_is_linked(admin_client: Client,
                                                                                  tmp_path: Path) -> None:
    registry: EventRegistry = app_state(admin_client.app).registry
    data = fixture_path(PAIRED).read_bytes()

    async def make() -> tuple[EventStore, int]:
        store = await registry.create(EVENT, name="Open", start=0.0, stop=4e9)
        await import_papi(store, data, None)
        return store, (await store.tournaments())[0].id

    _store, tid = await in_app(admin_client, make)
    refused = await admin_client.post(f"/arbiter/{EVENT}/papi/{tid}/upload",
                                      files={"file": ("notes.papi", b"x" * 5000, "application/octet-stream")})
    assert refused.status_code == 422 and "not a Papi file" in refused.text
    response = await admin_client.post(f"/arbiter/{EVENT}/papi/{tid}/upload", follow_redirects=False,
                                       files={"file": ("Open de Fouville.papi", data, "application/octet-stream")})
    assert response.status_code == 303, response.text
    saved = app_state(admin_client.app).settings.events_dir / "papi" / EVENT / "Open de Fouville.papi"
    assert saved.read_bytes() == data
    assert not (saved.parent / "notes.papi").exists()
    fragment = (await admin_client.get(f"/arbiter/{EVENT}/papi/{tid}")).text
    assert "Linked to Open de Fouville.papi" in fragment
