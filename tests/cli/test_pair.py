"""`echiquier pair`: the next round of a tournament paired and published inside an event file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cli.main import main
from database.registry import EventRegistry
from tests.support.events import EVENT, finish_round, nine_player_event


async def _prepare(events: Path, results: bool) -> None:
    registry = EventRegistry(events)
    try:
        store, tid = await nine_player_event(registry)
        if results:
            await finish_round(store, tid, 1)
    finally:
        await registry.close()


async def _rounds(events: Path) -> dict[int, int]:
    registry = EventRegistry(events)
    try:
        store = await registry.get(EVENT)
        out: dict[int, int] = {}
        for p in await store.pairings((await store.tournaments())[0].id):
            out[p.round] = out.get(p.round, 0) + 1
        entries = await store.journal_entries(limit=1)
        assert entries[0].what in ("round published", "result")
        return out
    finally:
        await registry.close()


def test_pair_publishes_the_next_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = tmp_path / "events"
    events.mkdir()
    asyncio.run(_prepare(events, results=True))
    assert main(["pair", "--events", str(events), "--event", EVENT, "--tournament", "open"]) == 0
    out = capsys.readouterr().out
    assert "Round 2 of Open published:" in out and out.count(" - ") == 4
    assert asyncio.run(_rounds(events)) == {1: 5, 2: 5}
    # round 2 has no result: refused, nothing changed; --force pairs round 3 anyway
    assert main(["pair", "--events", str(events), "--event", EVENT]) == 1
    assert "still have no result" in capsys.readouterr().err
    assert asyncio.run(_rounds(events)) == {1: 5, 2: 5}
    assert main(["pair", "--events", str(events), "--event", EVENT, "--force"]) == 0
    assert asyncio.run(_rounds(events)) == {1: 5, 2: 5, 3: 5}


def test_pair_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = tmp_path / "events"
    events.mkdir()
    asyncio.run(_prepare(events, results=True))
    assert main(["pair", "--events", str(events), "--event", "nope"]) == 1
    assert "No event nope" in capsys.readouterr().err
    assert main(["pair", "--events", str(events), "--event", EVENT, "--tournament", "zzz"]) == 1
    assert "No tournament" in capsys.readouterr().err
    assert asyncio.run(_rounds(events)) == {1: 5}
