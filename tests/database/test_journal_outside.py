"""Issue 15, item 10: writes by other programs (the sqlite3 shell, an older Papi-web) succeed and are journalled
as "outside Echiquier", never attached to one of Echiquier's entries; the running server notices them."""

from __future__ import annotations

import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database import journal as jn
from database.events import Change, EventChanged
from database.journal import Actor, acting_as
from database.outside import OutsideWatch
from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.support.events import EVENT, login_arbiter, make_event
from tournament.models import Pairing
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
ARBITER = Actor(role="arbiter", client="test")
ADMIN = Actor(role="admin", client="test")


def shell(path: Path, sql: str) -> None:
    """The sqlite3 command-line shell (Debian package sqlite3, in .ci/run), as a person at the server would."""
    binary = shutil.which("sqlite3")
    assert binary, "the sqlite3 shell is missing: apt-get install sqlite3 (.ci/run installs it)"
    done = subprocess.run([binary, "-bail", str(path)], input=sql, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def key(p: Pairing) -> GameKey:
    return GameKey(tournament_id=p.tournament_id, round=p.round, white_player_id=p.white_player_id,
                   black_player_id=p.black_player_id)


async def paired(store: EventStore) -> tuple[int, Pairing]:
    tid = await store.add_tournament(uniq_id="t", name="Open", rounds=5)
    await store.fill_tournament(tid, [{"pairing_number": i, "last_name": f"P{i}"} for i in (1, 2, 3, 4)],
                                [{"round": 1, "white": 1, "black": 2, "board": 1, "board_order": 1},
                                 {"round": 1, "white": 3, "black": 4, "board": 2, "board_order": 2}])
    return tid, (await store.pairings(tid, 1))[0]


def tables_of(changes: list[jn.Change]) -> list[str]:
    return sorted(c.tbl for c in changes)


async def test_the_shell_writes_a_file_whose_journal_is_empty(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    store = await EventStore.create(path, name="Empty journal", start=0, stop=4e9)
    tid, p = await paired(store)
    await store.close()
    with sqlite3.connect(path) as conn:  # a journal emptied by hand (or never written)
        conn.execute("DELETE FROM journal_change")
        conn.execute("DELETE FROM journal")
    # before 2.11.0: "NOT NULL constraint failed: journal_change.entry_id"
    shell(path, f"INSERT INTO illegal_move (tournament_id, round, player_id, date) "
                f"VALUES ({tid}, 1, {p.white_player_id}, 0);")
    store = await EventStore.open(path)
    try:
        entries = await store.journal_entries()
        assert [(e.what, e.role, e.target, e.undo_role) for e in entries] == [
            (jn.OUTSIDE, jn.OUTSIDE_ROLE, "illegal_move", "admin")]
        assert tables_of(await store.journal_changes(entries[0].id)) == ["illegal_move"]
        assert len(await store.illegal_moves(tid, 1)) == 1
        # and Echiquier's next write has an entry of its own
        with acting_as(ARBITER):
            await store.record_result(key(p), Result.DRAW, 1)
        mine = (await store.journal_entries(limit=1))[0]
        assert mine.what == "result" and "illegal_move" not in tables_of(await store.journal_changes(mine.id))
    finally:
        await store.close()


async def test_a_shell_write_under_a_running_server_is_not_attached_to_its_entry(registry: EventRegistry) -> None:
    store = await registry.create("live", name="Live", start=0, stop=4e9)
    tid, p = await paired(store)
    seen: list[Change] = []
    store.subscribe(seen.append)
    with acting_as(ARBITER):
        await store.record_result(key(p), Result.WHITE_WIN, 1)
    result = (await store.journal_entries(limit=1))[0]
    before = await store.journal_changes(result.id)
    assert [x.last_name for x in await store.players(tid)][:1] == ["P1"]  # cached now

    # one transaction of the shell: two changes, one outside entry
    shell(store.path, f"BEGIN; INSERT INTO illegal_move (tournament_id, round, player_id, date) VALUES "
                      f"({tid}, 1, {p.black_player_id}, 0); UPDATE player SET last_name = 'Renamed' "
                      f"WHERE pairing_number = 1; COMMIT;")
    outside = (await store.journal_entries(limit=1))[0]
    assert (outside.what, outside.role, outside.target) == (jn.OUTSIDE, "outside", "illegal_move,player")
    assert outside.outside and outside.undo_role == "admin"
    assert tables_of(await store.journal_changes(outside.id)) == ["illegal_move", "player"]
    assert await store.journal_changes(result.id) == before  # nothing attached to Echiquier's entry

    # the server notices: cached reads dropped, screens told to reload
    assert await store.notice_foreign() is True
    assert seen[-1] == EventChanged(what="outside", generation=store.generation)
    assert [x.last_name for x in await store.players(tid)][:1] == ["Renamed"]
    assert await store.notice_foreign() is False  # once

    # undoing Echiquier's latest entry does not revert the outside change
    await store.undo(result.id, who=ARBITER)
    assert (await store.pairings(tid, 1))[0].result is None
    assert len(await store.illegal_moves(tid, 1)) == 1
    assert (await store.players(tid))[0].last_name == "Renamed"
    assert await store.rebuilt_state() == await store.live_state()
    # the outside entry is the admin's to undo
    with pytest.raises(Exception, match="only the server administrator"):
        await store.undo(outside.id, who=ARBITER)
    await store.undo(outside.id, who=ADMIN)
    assert await store.illegal_moves(tid, 1) == []
    assert (await store.players(tid))[0].last_name == "P1"
    assert await store.rebuilt_state() == await store.live_state()


async def test_another_connection_groups_its_writes_until_echiquier_writes(registry: EventRegistry) -> None:
    """Python's sqlite3 module in a connection of its own (as an older Papi-web would write)."""
    store = await registry.create("papi", name="Papi", start=0, stop=4e9)
    tid, p = await paired(store)
    watch = OutsideWatch(registry)
    assert await watch.look() == []  # takes note of the file as it is
    other = sqlite3.connect(store.path, isolation_level=None)
    try:
        other.execute("UPDATE pairing SET result = 3 WHERE id = ?", (p.id,))
        other.execute("INSERT INTO illegal_move (tournament_id, round, player_id, date) VALUES (?, 1, ?, 0)",
                      (tid, p.white_player_id))
        first = (await store.journal_entries(limit=1))[0]
        assert first.outside and first.target == "illegal_move,pairing"  # writes close in time: one entry
        assert await watch.look() == ["papi"]
        assert await watch.look() == []
        assert (await store.pairings(tid, 1))[0].result is Result.WHITE_WIN

        await store.update_tournament(tid, name="Open A")
        mine = (await store.journal_entries(limit=1))[0]
        assert not mine.outside and tables_of(await store.journal_changes(mine.id)) == ["tournament"]
        assert await watch.look() == []  # Echiquier's own commit

        other.execute("DELETE FROM illegal_move")
        second = (await store.journal_entries(limit=1))[0]
        assert second.outside and second.id > mine.id  # after an entry of Echiquier's: a new outside entry
        assert tables_of(await store.journal_changes(second.id)) == ["illegal_move"]
        assert tables_of(await store.journal_changes(first.id)) == ["illegal_move", "pairing"]
        assert await watch.look() == ["papi"]
    finally:
        other.close()
    assert await store.rebuilt_state() == await store.live_state()
    assert await store.undo(mine.id, who=ADMIN)  # Echiquier's entry undoes alone: the outside ones stay
    assert (await store.tournament(tid)).name == "Open"
    assert (await store.pairings(tid, 1))[0].result is Result.WHITE_WIN
    assert await store.illegal_moves(tid, 1) == []


async def test_the_journal_page_shows_outside_entries(client: Client, admin_client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    shell(store.path, f"UPDATE tournament SET name = 'Changed by hand' WHERE id = {tid};")
    outside = (await store.journal_entries(limit=1))[0]
    assert outside.outside
    assert await login_arbiter(client) == 303
    page = (await client.get(f"/arbiter/{EVENT}/journal")).text
    row = re.search(rf'<tr id="entry-{outside.id}" class=" outside">(.*?)</tr>', page, re.S)
    assert row, page
    assert "outside Echiquier" in row[1] and "administrator only" in row[1] and "/undo" not in row[1]
    french = (await client.get(f"/arbiter/{EVENT}/journal?lang=fr")).text
    assert "hors d’Echiquier" in french
    admin_page = (await admin_client.get(f"/arbiter/{EVENT}/journal")).text
    assert f"/journal/{outside.id}/undo" in admin_page
    undone = await admin_client.post(f"/arbiter/{EVENT}/journal/{outside.id}/undo", follow_redirects=False)
    assert undone.status_code == 303
    assert (await store.tournament(tid)).name == "Open"
