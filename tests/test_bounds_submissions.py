"""Refused results cannot grow the event file without bound (issue 21, item 4): each refusal is remembered for its
key's retries, but only the newest `MAX_REFUSED` refusals are kept, pruned in the same transaction; accepted
submissions stay with the results they wrote."""

from __future__ import annotations

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database import journal
from tests.arbiter_kit import HX, INPUT_URL, form, game, make_event
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]


async def test_refusals_with_fresh_keys_keep_the_newest_only(client: Client, monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setattr(journal, "MAX_REFUSED", 5)
    store, tid = await make_event(app_state(client.app).registry)
    p = await game(store, tid)
    accepted = await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW, key="accepted-1"), headers=HX)
    assert accepted.status_code == 200
    for n in range(12):  # the same game again, another result each time, a fresh key each time: refused
        refused = await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN, key=f"refused-{n:02d}"),
                                    headers=HX)
        assert refused.status_code == 409
    kept = await store.rows("SELECT key, status FROM submission ORDER BY key", ())
    refusals = [r["key"] for r in kept if r["status"] >= 400]
    assert refusals == [f"hx:refused-{n:02d}" for n in range(7, 12)]  # the five newest
    assert [r["key"] for r in kept if r["status"] < 400] == ["hx:accepted-1"]
    again = await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN, key="refused-11"), headers=HX)
    assert again.status_code == 409  # a kept refusal is replayed
    assert await store.recall("hx:refused-00") is None
