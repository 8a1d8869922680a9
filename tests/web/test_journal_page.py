"""Check-in toggles and illegal-move marks made on input screens read well on the arbiter's journal page."""

from __future__ import annotations

import html
import re

from litestar import Litestar
from litestar.testing import AsyncTestClient

from tests.support.events import EVENT, HX, games, login_arbiter, made_players, make_event
from web.state import app_state

Client = AsyncTestClient[Litestar]


def journal_rows(page: str) -> list[str]:
    """The journal table's rows as text, newest first, tags stripped."""
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    rows = re.findall(r"<tr id=\"entry-\d+\"[^>]*>(.*?)</tr>", body, flags=re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", r)).split()) for r in rows]


async def test_check_in_and_illegal_moves_are_journalled_with_a_summary(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry, record_illegal_moves=2)
    blitz = await store.add_tournament(uniq_id="blitz", name="Blitz", rounds=7)
    await store.fill_tournament(blitz, made_players(4), [])
    await store.add_screen(uniq_id="checkin", type="input", public=True, sets=[{"tournament_id": blitz}])
    late = next(p for p in await store.players(blitz) if p.pairing_number == 3)
    p = (await games(store, tid))[0]
    white = next(q for q in await store.players(tid) if q.id == p.white_player_id)

    checkin = f"/screen/{EVENT}/checkin/checkin"
    for value in ("1", "0"):
        answer = await client.post(checkin, headers=HX, data={"tournament_id": str(blitz), "player_id": str(late.id),
                                                                "checked_in": value})
        assert answer.status_code == 200
    illegal = f"/screen/{EVENT}/input/illegal"
    for action in ("add", "add", "remove"):
        answer = await client.post(illegal, headers=HX, data={"tournament_id": str(tid), "round": "1",
                                                               "player_id": str(white.id), "action": action})
        assert answer.status_code == 200

    entries = await store.journal_entries(limit=5)
    summary = [(e.what, e.target, e.old, e.new, e.tournament_id, e.round, e.board) for e in entries]
    name = f"{white.last_name} {white.first_name}"
    assert summary == [
        ("illegal move removed", name, "2", "1", tid, 1, p.board),
        ("illegal move added", name, "1", "2", tid, 1, p.board),
        ("illegal move added", name, "0", "1", tid, 1, p.board),
        ("check-in", f"{late.last_name} {late.first_name}", "in", "out", blitz, None, None),
        ("check-in", f"{late.last_name} {late.first_name}", "out", "in", blitz, None, None),
    ]

    assert await login_arbiter(client) == 303
    rows = journal_rows((await client.get(f"/arbiter/{EVENT}/journal")).text)
    assert f"illegal move removed {name}" in rows[0] and rows[0].endswith("2 → 1 Undo")
    assert white.shown_name in rows[0] and "Open" in rows[0]
    assert f"check-in {late.last_name}" in rows[3] and "Blitz" in rows[3]
    assert rows[3].endswith("Checked in → Not checked in Undo")  # stored "in"/"out", shown in words
    # filtered by player: only that player's entries
    only = journal_rows((await client.get(f"/arbiter/{EVENT}/journal?player={late.id}")).text)
    assert len(only) == 2 and all("check-in" in r for r in only)


async def test_undo_of_a_check_in_restores_it(client: Client) -> None:
    store, _tid = await make_event(app_state(client.app).registry)
    blitz = await store.add_tournament(uniq_id="blitz", name="Blitz", rounds=7)
    await store.fill_tournament(blitz, made_players(4), [])
    player = (await store.players(blitz))[0]
    await store.set_checked_in(blitz, player.id, True)
    entry = (await store.journal_entries(limit=1))[0]
    assert (entry.what, entry.old, entry.new) == ("check-in", "out", "in")
    await store.undo(entry.id)
    assert not next(p for p in await store.players(blitz) if p.id == player.id).checked_in
    assert (await store.journal_entries(limit=1))[0].what == "undo: check-in"
