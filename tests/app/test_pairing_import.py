"""A round paired by another program (`-p` output) published as the next round: over HTTP from the pairing
page and with `echiquier import-pairing`; every refusal changes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from cli.main import main
from database.registry import EventRegistry
from database.store import EventStore
from tests.support.clients import in_app, settle
from tests.support.events import EVENT, finish_round, login_arbiter, nine_player_event
from tournament.results import ByeKind
from web.state import app_state

# round 2 of the nine-player Swiss (round 1: 1-5, 6-2, 3-7, 8-4, bye 9), by pairing number
ROUND_2 = "4\n5 1\n2 3\n7 8\n4 9\n6 0\n"


@pytest.fixture
async def paired(client: AsyncTestClient[Litestar]) -> AsyncIterator[tuple[EventStore, int]]:
    yield await in_app(client, nine_player_event, app_state(client.app).registry)
    await settle(client, EVENT)


async def upload(client: AsyncTestClient[Litestar], tid: int, text: str, confirm: bool = False) -> tuple[int, str]:
    response = await client.post(f"/arbiter/{EVENT}/pair/{tid}/import", files={"file": ("round.txt", text.encode())},
                                 data={"confirm": "1"} if confirm else {}, follow_redirects=False)
    return response.status_code, response.text


async def test_import_over_http_with_refusals(client: AsyncTestClient[Litestar],
                                              paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    assert (await upload(client, tid, ROUND_2))[0] in (401, 403, 200)  # not an arbiter: nothing published
    assert {g.round for g in await store.pairings(tid)} == {1}
    assert await login_arbiter(client) == 303
    page = (await client.get(f"/arbiter/{EVENT}/pair/{tid}")).text
    assert 'id="pair-import"' in page
    # round 1 lacks results: refused unless confirmed
    status, text = await upload(client, tid, ROUND_2)
    assert status == 409 and "still have no result" in text
    await in_app(client, finish_round, store, tid, 1)
    for bad, message in (("4\n5 1\n2 3\n7 8\n4 99\n6 0\n", "not in the tournament"),
                         ("4\n5 1\n2 3\n7 8\n4 1\n6 0\n", "paired twice"),
                         ("hello\n", "number of pairs")):
        status, text = await upload(client, tid, bad)
        assert status == 422 and message in text, (bad, status, text[:300])
    assert {g.round for g in await store.pairings(tid)} == {1}  # nothing was published
    status, _text = await upload(client, tid, ROUND_2)
    assert status == 303
    number = {p.id: p.pairing_number for p in await store.players(tid)}
    r2 = sorted(await store.pairings(tid, 2), key=lambda g: (g.board is None, g.board or 0))
    assert [(number[g.white_player_id], number[g.black_player_id] if g.black_player_id else None) for g in r2] == [
        (5, 1), (2, 3), (7, 8), (4, 9), (6, None)]
    assert r2[-1].bye_kind == ByeKind.PAB
    assert [e for e in await store.journal_entries(tournament_id=tid) if e.what == "round published"]
    # round 2 has no result yet: round 3 is refused unless confirmed
    status, text = await upload(client, tid, "1\n1 2\n")
    assert status == 409 and "still have no result" in text
    assert {g.round for g in await store.pairings(tid)} == {1, 2}


async def _event(events: Path, finished: bool) -> int:
    registry = EventRegistry(events)
    try:
        store, tid = await nine_player_event(registry)
        if finished:
            await finish_round(store, tid, 1)
        return tid
    finally:
        await registry.close()


def test_import_pairing_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = tmp_path / "events"
    events.mkdir()
    asyncio.run(_event(events, finished=False))
    good = tmp_path / "r2.txt"
    good.write_text(ROUND_2)
    twice = tmp_path / "twice.txt"
    twice.write_text("4\n5 1\n2 3\n7 8\n4 1\n6 0\n")
    args = ["--events", str(events), "--event", EVENT]
    assert main(["import-pairing", str(good), *args]) == 1  # results of round 1 missing
    assert "still have no result" in capsys.readouterr().err
    assert main(["import-pairing", str(twice), *args, "--confirm"]) == 1
    assert "paired twice" in capsys.readouterr().err
    assert main(["import-pairing", str(good), *args, "--confirm"]) == 0
    assert "Round 2 published: 4 games, 1 byes." in capsys.readouterr().out
    assert asyncio.run(_round_size(events, 2)) == 5


async def _round_size(events: Path, rnd: int) -> int:
    registry = EventRegistry(events)
    try:
        store = await registry.get(EVENT)
        [t] = await store.tournaments()
        return len(await store.pairings(t.id, rnd))
    finally:
        await registry.close()
