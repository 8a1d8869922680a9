"""Admin upload of a Papi file over an existing tournament: the next round comes in, screen results stay."""

from __future__ import annotations

from typing import Any

import pytest

from database.store import GameKey
from tests.support.clients import Client, new_event
from tests.support.files import fixture_path
from tournament.results import Result

pytestmark = pytest.mark.asyncio(loop_scope="module")
BASE = "/admin/events/open/tournaments"


def upload(name: str, content: bytes) -> dict[str, Any]:
    return {"file": (name, content, "application/octet-stream")}


async def test_a_papi_upload_resyncs_the_tournament(admin_web: Client) -> None:
    store = await new_event(admin_web)
    first = fixture_path("papi/small-20p-5r.papi").read_bytes()
    created = await admin_web.post(BASE, data={"uniq_id": "small", "name": "Small"}, files=upload("a.papi", first))
    assert created.status_code == 200, created.text
    [t] = await store.tournaments()
    rounds = sorted({p.round for p in await store.pairings(t.id)})
    # a correction made on the screens, in a round Papi already has
    game = next(p for p in await store.pairings(t.id, rounds[-1]) if p.is_game and p.result is Result.DRAW)
    key = GameKey(tournament_id=t.id, round=game.round, white_player_id=game.white_player_id,
                  black_player_id=game.black_player_id or 0)
    await store.correct_result(key, Result.DRAW, Result.WHITE_WIN, game.board or 0)

    paired = fixture_path("papi/small-20p-5r-r4-paired.papi").read_bytes()
    response = await admin_web.post(f"{BASE}/{t.id}/upload", files=upload("b.papi", paired))
    assert response.status_code == 200 and 'id="report"' in response.text
    assert sorted({p.round for p in await store.pairings(t.id)}) == [*rounds, rounds[-1] + 1]
    kept = {(p.white_player_id, p.black_player_id): p.result for p in await store.pairings(t.id, game.round)}
    assert kept[(game.white_player_id, game.black_player_id)] is Result.WHITE_WIN  # the event file wins
    assert "conflict" in response.text.lower()  # and the difference is listed for the arbiter
