"""Issue 15, item 4: a journal entry carries the role its undo needs; an arbiter cannot undo an admin's change.

Admin changes (input codes, visibility, event settings, screens, tournaments) need the server admin; results,
corrections and pairings the arbiter. Below that role the undo is refused (403, nothing changed), and the
journal page shows no undo button for such entries.
"""

from __future__ import annotations

import html
import re
import sqlite3
from pathlib import Path

from litestar import Litestar
from litestar.testing import AsyncTestClient

from database import journal as jn
from database import journal_triggers as jt
from database.journal import Actor
from database.migrations import MIGRATIONS, sql_of
from database.store import EventStore, GameKey
from tests.support.clients import prime_csrf
from tests.support.events import EVENT, HX, INPUT_URL, form, games, login_arbiter, make_event, stored
from tournament.errors import Forbidden
from tournament.results import Result
from web.auth import hash_password, verify_password
from web.state import app_state

Client = AsyncTestClient[Litestar]
ARBITER = Actor(role="arbiter", client="test")
ADMIN = Actor(role="admin", client="test")
SETTINGS = {"name": "Arbiter test", "start": "2026-07-01", "stop": "2026-07-03"}
REFUSED = "only the server administrator may undo it"


def undo_buttons(page: str) -> set[int]:
    return {int(n) for n in re.findall(r'action="/arbiter/[^/]+/journal/(\d+)/undo"', page)}


async def latest(store: EventStore) -> jn.Entry:
    return (await store.journal_entries(limit=1))[0]


async def test_an_arbiter_cannot_undo_a_revoked_input_code_or_a_visibility_change(
        client: Client, admin_client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry, public=True)
    await store.update_info(update_password=await hash_password("input-code-1"))
    # the arbiter enters a result: that one an arbiter may undo
    assert await login_arbiter(client) == 303
    await prime_csrf(client)
    p = (await games(store, tid))[0]
    entered = await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)
    assert entered.status_code == 200, entered.text
    result = await latest(store)
    assert (result.what, result.undo_role) == ("result", "arbiter")
    # the admin revokes the input code, then makes the event private (the admin pages)
    revoke_code = {**SETTINGS, "public": "1", "clear_input_code": "1"}
    revoked = await admin_client.post(f"/admin/events/{EVENT}", data=revoke_code, follow_redirects=False)
    assert revoked.status_code == 303, revoked.text
    revoke = await latest(store)
    assert (await store.info()).update_password is None and revoke.undo_role == "admin"
    hidden = await admin_client.post(f"/admin/events/{EVENT}", data=SETTINGS, follow_redirects=False)
    assert hidden.status_code == 303
    private = await latest(store)
    assert (await store.info()).public is False and private.undo_role == "admin"

    page = (await client.get(f"/arbiter/{EVENT}/journal")).text
    buttons = undo_buttons(page)
    assert result.id in buttons and revoke.id not in buttons and private.id not in buttons
    assert page.count("administrator only") >= 2

    for entry in (revoke, private):
        refused = await client.post(f"/arbiter/{EVENT}/journal/{entry.id}/undo", follow_redirects=False)
        assert refused.status_code == 403
        assert REFUSED in html.unescape(refused.text)
    info = await store.info()
    assert info.update_password is None and info.public is False  # nothing changed
    assert (await latest(store)).id == private.id  # and nothing journalled

    undone = await client.post(f"/arbiter/{EVENT}/journal/{result.id}/undo", follow_redirects=False)
    assert undone.status_code == 303
    assert await stored(store, p) is None

    # the admin may undo both (on the same page)
    admin_page = (await admin_client.get(f"/arbiter/{EVENT}/journal")).text
    assert {revoke.id, private.id} <= undo_buttons(admin_page)
    for entry in (private, revoke):
        done = await admin_client.post(f"/arbiter/{EVENT}/journal/{entry.id}/undo", follow_redirects=False)
        assert done.status_code == 303, done.text
    info = await store.info()
    assert info.public is True and info.update_password and await verify_password(info.update_password,
                                                                                   "input-code-1")
    assert await store.rebuilt_state() == await store.live_state()


async def test_roles_follow_what_an_entry_changed(store: EventStore) -> None:
    tid = await store.add_tournament(uniq_id="t", name="Open", rounds=5)
    assert (await latest(store)).undo_role == "admin"  # a tournament added
    await store.fill_tournament(tid, [{"pairing_number": i, "last_name": f"P{i}"} for i in (1, 2)],
                                [{"round": 1, "white": 1, "black": 2, "board": 1, "board_order": 1}])
    p = (await store.pairings(tid, 1))[0]
    key = GameKey(tournament_id=tid, round=1, white_player_id=p.white_player_id, black_player_id=p.black_player_id)
    await store.record_result(key, Result.WHITE_WIN, 1)
    assert (await latest(store)).undo_role == "arbiter"  # a result stamps the tournament: still the arbiter's
    await store.correct_result(key, Result.WHITE_WIN, Result.DRAW, 1)
    correction = await latest(store)
    assert correction.undo_role == "arbiter"
    undo_id = await store.undo(correction.id, who=ARBITER)
    undo = await latest(store)
    assert undo.id == undo_id and undo.undo_role == "arbiter"
    await store.update_tournament(tid, name="Open A")
    settings = await latest(store)
    assert settings.undo_role == "admin"
    await store.add_screen(uniq_id="s", type="boards", public=True, sets=[{"tournament_id": tid}])
    assert (await latest(store)).undo_role == "admin"

    # below the role: refused, nothing changed, nothing journalled
    try:
        await store.undo(settings.id, who=ARBITER)
    except Forbidden as refused:
        assert REFUSED in str(refused)
    else:
        raise AssertionError("an arbiter undid a tournament's settings")
    assert (await store.tournament(tid)).name == "Open A"
    assert (await latest(store)).what == "screen added"
    await store.undo(settings.id, who=ADMIN)
    assert (await store.tournament(tid)).name == "Open"
    assert (await latest(store)).undo_role == "admin"  # the undo of an admin change is the admin's too


async def test_migration_0008_derives_the_roles_of_existing_entries(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    store = await EventStore.create(path, name="Old", start=0, stop=4e9)
    tid = await store.add_tournament(uniq_id="t", name="Open", rounds=5)
    await store.fill_tournament(tid, [{"pairing_number": i, "last_name": f"P{i}"} for i in (1, 2)],
                                [{"round": 1, "white": 1, "black": 2, "board": 1, "board_order": 1}])
    p = (await store.pairings(tid, 1))[0]
    await store.record_result(GameKey(tournament_id=tid, round=1, white_player_id=p.white_player_id,
                                      black_player_id=p.black_player_id), Result.BLACK_WIN, 1)
    await store.update_info(public=0)
    expected = {e.id: e.undo_role for e in await store.journal_entries()}
    assert set(expected.values()) == {"admin", "arbiter"}
    await store.close()
    # the file as the version before 0008 left it: no undo_role, no journal_open, its old triggers
    before = [v for v, name in MIGRATIONS][[name for _v, name in MIGRATIONS].index("0008_journal_roles.sql") - 1]
    with sqlite3.connect(path) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")]
        for name in names:
            conn.execute(f'DROP TRIGGER "{name}"')
        conn.execute("ALTER TABLE journal DROP COLUMN undo_role")
        conn.execute("DROP TABLE journal_open")
        conn.execute("DROP TABLE papi_link")  # and what the later migrations made (0009)
        for column in ("standard_rating", "rapid_rating", "blitz_rating"):  # and what 0010 made
            conn.execute(f"ALTER TABLE player DROP COLUMN {column}")
        conn.execute("ALTER TABLE info DROP COLUMN public_address")  # and what 0011 made
        for table in ("screen", "family"):  # and what 0012 made
            for column in ("readable_m", "message"):
                conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        conn.execute("UPDATE info SET version = ?", (before,))
    store = await EventStore.open(path)
    try:
        migrated = {e.id: e.undo_role for e in await store.journal_entries() if e.id in expected}
        assert migrated == {i: r for i, r in expected.items()
                            if i != min(expected)} | {min(expected): "admin"}  # the first baseline: admin
        assert await jt.triggers_complete(store._writer)
    finally:
        await store.close()


def test_the_migration_applies_the_rule_of_the_code() -> None:
    def words(text: str) -> str:
        return " ".join(text.replace("(", " ( ").replace(")", " ) ").split())

    assert words(jn.ADMIN_CHANGE) in words(sql_of("0008_journal_roles.sql"))
