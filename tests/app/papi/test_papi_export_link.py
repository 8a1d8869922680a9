"""A tournament made from a TRF file (its players have no Papi Ref) linked to its own export-papi file: the link
gives each player the Ref the export gave (pairing number + 1), and results entered afterwards reach the file on
disk, as mdbtools reads it. A file whose players are not the tournament's is refused, nothing changed."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from app.imports import import_trf
from app.papi.export import papi_bytes
from app.papi.link import link_file
from app.papi.write_back import write_back
from database.events import GameKey
from database.registry import EventRegistry
from database.store import EventStore
from tests.support.files import fixture_path
from tests.support.papi import copy_fixture, mdb_export
from tournament.errors import Conflict
from tournament.formats.papi_write import MIRROR
from tournament.results import Result


async def _trf_event(tmp_path: Path) -> tuple[EventRegistry, EventStore, int]:
    events = tmp_path / "events"
    await import_trf(fixture_path("small-20p-5r.trf").read_bytes(), "small-20p-5r.trf", events, "small", None)
    registry = EventRegistry(events)
    store = await registry.get("small")
    return registry, store, (await store.tournaments())[0].id


def _joueur(path: Path) -> dict[int, dict[str, str]]:
    """JOUEUR by Ref as mdb-export prints it (mdbtools, not our reader)."""
    rows = list(csv.DictReader(io.StringIO("\n".join(mdb_export(path)))))
    return {int(r["Ref"]): r for r in rows}


async def test_a_trf_tournament_is_linked_to_its_export_and_written_back(tmp_path: Path) -> None:
    registry, store, tid = await _trf_event(tmp_path)
    try:
        players = await store.players(tid)
        assert all(p.papi_ref is None for p in players)
        last = max(g.round for g in await store.pairings(tid))
        game = next(g for g in await store.pairings(tid) if g.round == last and g.black_player_id and g.result)
        assert game.black_player_id is not None and game.result is not None
        key = GameKey(tournament_id=tid, round=last, white_player_id=game.white_player_id,
                      black_player_id=game.black_player_id)
        await store.delete_result(key)  # not entered yet when the file is made
        path = tmp_path / "papi" / "small.papi"
        path.parent.mkdir()
        path.write_bytes(await papi_bytes(store, tid))

        await link_file(store, tid, path)
        refs = {p.id: p.papi_ref for p in await store.players(tid)}
        assert refs == {p.id: p.pairing_number + 1 for p in players}
        assert (await store.papi.link_of(tid)) is not None

        new = Result.BLACK_WIN if game.result != Result.BLACK_WIN else Result.WHITE_WIN
        await store.record_result(key, new, game.board or 0)
        outcome = await write_back(store, tid)
        assert outcome.written, outcome
        rows = _joueur(path)
        white, black = refs[game.white_player_id], refs[game.black_player_id]
        rd = f"Rd{last:02d}"
        assert (rows[white][f"{rd}Res"], rows[white][f"{rd}Adv"]) == (str(int(new)), str(black))
        assert (rows[black][f"{rd}Res"], rows[black][f"{rd}Adv"]) == (str(MIRROR[int(new)]), str(white))
    finally:
        await registry.close()


async def test_a_file_of_other_players_is_not_linked_to_a_trf_tournament(tmp_path: Path) -> None:
    registry, store, tid = await _trf_event(tmp_path)
    try:
        other = copy_fixture("papi/club-64p-7r.papi", tmp_path / "papi")
        with pytest.raises(Conflict, match="not made from this Papi file"):
            await link_file(store, tid, other)
        assert all(p.papi_ref is None for p in await store.players(tid))
        assert await store.papi.link_of(tid) is None
    finally:
        await registry.close()
