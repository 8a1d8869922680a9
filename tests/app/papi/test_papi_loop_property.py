"""Round trip of the Papi loop over random result sequences (hypothesis): results entered, corrected and deleted
in the event file, written back now and then; the file, imported again, has the event's games and results."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.imports import import_papi
from app.papi.link import link_file
from app.papi.write_back import write_back
from database.registry import EventRegistry
from tests.support.files import fixture_path
from tests.support.papi import PAIRED, games_by_ref, reimported

#: (index of a game of round 4, result code or None = deleted, write back after this step)
STEPS = st.lists(st.tuples(st.integers(0, 8), st.sampled_from([None, 1, 2, 3, 4, 5, 6]), st.booleans()),
                 min_size=1, max_size=8)


async def scenario(folder: Path, steps: list[tuple[int, int | None, bool]]) -> None:
    path = folder / "tournoi.papi"
    shutil.copyfile(fixture_path(PAIRED), path)
    registry = EventRegistry(folder / "events")
    try:
        store = await registry.create("prop", name="prop", start=0.0, stop=4e9)
        await import_papi(store, path.read_bytes(), None)
        tid = (await store.tournaments())[0].id
        await link_file(store, tid, path)
        games = [g for g in await store.pairings(tid, 4) if g.black_player_id]
        for index, code, write in steps:
            g = games[index % len(games)]
            async with store.transaction(("pairings", tid)) as tx:
                await tx.execute("UPDATE pairing SET result = ? WHERE id = ?", (code, g.id))
            if write:
                await write_back(store, tid)
        await write_back(store, tid)
        assert await reimported(folder, path.read_bytes()) == await games_by_ref(store, tid)
    finally:
        await registry.close()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STEPS)
def test_random_results_corrections_and_deletions_round_trip(steps: list[tuple[int, int | None, bool]]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="papi-prop-"))
    try:
        asyncio.run(scenario(folder, steps))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
