"""Team screens as hall screen types over HTTP: a team boards / team standings / team cross-table screen created
in the admin pages (offered only for team tournaments), put in a rotator and a family, read as the hall reads
it, and its set refreshed after a board result."""

from __future__ import annotations

import re

import pytest

from database.store import EventStore
from tests.support.clients import Client, expect_error, new_event, post, registry_of
from tests.support.teams import EVENT, make_team_event
from tournament.hall import screen_rules as rules
from tournament.results import Result

pytestmark = pytest.mark.asyncio(loop_scope="module")
ADMIN = f"/admin/events/{EVENT}"


async def team_event(client: Client) -> tuple[EventStore, int, int]:
    store, tid, mid = await make_team_event(registry_of(client), captain_password=False)
    await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, 4])
    await store.teams.set_lineup(tid, mid, "B", [6, 7, 8, 9])
    return store, tid, mid


async def screen(client: Client, store: EventStore, uniq_id: str, kind: str, tid: int, **extra: str) -> int:
    answer = await post(client, f"{ADMIN}/screens", {"uniq_id": uniq_id, "type": kind, "tournament_id": str(tid),
                                                     "public": "1", "menu_link": "1", **extra})
    assert answer.status_code == 303, answer.text[:400]
    return next(s.id for s in await store.screens() if s.uniq_id == uniq_id)


def score(text: str) -> str:
    found = re.search(r'class="match-score"[^>]*>([^<]*)<', text)
    assert found, text[:2000]
    return found[1].strip()


async def test_team_screen_types_offered_only_with_a_team_tournament(admin_web: Client) -> None:
    store = await new_event(admin_web, "solo")
    tid = await store.add_tournament(uniq_id="open", name="Open", rounds=5)
    page = await admin_web.get("/admin/events/solo/screens")
    assert 'value="boards"' in page.text and 'value="team_boards"' not in page.text
    refused = await post(admin_web, "/admin/events/solo/screens", {"uniq_id": "tb", "type": "team_boards",
                                                                   "tournament_id": str(tid)})
    expect_error(refused, "type", rules.NO_TEAM_TOURNAMENT)
    assert await store.screens() == []
    families = (await admin_web.get("/admin/events/solo/families")).text
    assert 'value="team_boards"' not in families
    assert 'data-token="@team_boards"' not in page.text + families  # nor in the menu builder

    team_store, team_tid, _mid = await team_event(admin_web)
    other = await team_store.add_tournament(uniq_id="open", name="Open", rounds=5)
    page = await admin_web.get(f"{ADMIN}/screens")
    assert all(f'value="{kind}"' in page.text for kind in rules.TEAM_SCREEN_TYPES)
    families = (await admin_web.get(f"{ADMIN}/families")).text
    assert all(f'data-token="@{kind}"' in page.text and f'data-token="@{kind}"' in families
               for kind in rules.TEAM_SCREEN_TYPES)  # the menu builder links to them
    refused = await post(admin_web, f"{ADMIN}/screens", {"uniq_id": "tb", "type": "team_boards",
                                                         "tournament_id": str(other)})
    expect_error(refused, "tournament_id", rules.NOT_TEAM)
    sid = await screen(admin_web, team_store, "tb", "team_boards", team_tid)
    edit = await admin_web.get(f"{ADMIN}/screens/{sid}")
    assert edit.status_code == 200 and f'<option value="{other}"' not in edit.text  # only team tournaments
    bad_set = await post(admin_web, f"{ADMIN}/screens/{sid}/sets", {"tournament_id": str(other)})
    assert bad_set.status_code == 422 and "not a team tournament" in bad_set.text
    assert len(await team_store.screen_sets(sid)) == 1


async def test_team_boards_screen_in_a_rotator_follows_the_results(admin_web: Client) -> None:
    store, tid, mid = await team_event(admin_web)
    boards = await screen(admin_web, store, "tb", "team_boards", tid, columns="2")
    standings = await screen(admin_web, store, "ts", "team_standings", tid, menu="@team_boards,@team_crosstable")
    cross = await screen(admin_web, store, "tx", "team_crosstable", tid)
    answer = await post(admin_web, f"{ADMIN}/rotators", {"uniq_id": "hall", "public": "1", "delay": "10",
                                                         "screen_ids": [str(boards), str(standings), str(cross)]})
    assert answer.status_code == 303, answer.text[:300]

    page = await admin_web.get(f"/screen/{EVENT}/tb")
    assert page.status_code == 200 and "Cavaliers" in page.text and "PLAYER01 Test" not in page.text
    assert score(page.text) == "0-0" and 'data-teamfit="true"' in page.text and "/static/teams.css" in page.text
    [s] = await store.screen_sets(boards)
    assert f'hx-get="/screen/{EVENT}/tb/team/{s.id}"' in page.text
    assert f'hx-trigger="sse:tournament-{tid}, sse:result-{tid}"' in page.text

    rotator = await admin_web.get(f"/rotator/{EVENT}/hall")
    assert rotator.status_code == 200 and 'class="team-match"' in rotator.text and score(rotator.text) == "0-0"
    assert f"/rotator/{EVENT}/hall/1" in rotator.text
    second = await admin_web.get(f"/rotator/{EVENT}/hall/1")
    assert 'class="standings team-standings"' in second.text and "Fous" in second.text
    third = await admin_web.get(f"/rotator/{EVENT}/hall/2")
    assert 'class="crosstable team-crosstable"' in third.text

    await store.teams.set_board_result(tid, mid, 1, Result.WHITE_WIN)
    await store.teams.set_board_result(tid, mid, 2, Result.DRAW)
    fragment = await admin_web.get(f"/screen/{EVENT}/tb/team/{s.id}")
    assert fragment.status_code == 200 and score(fragment.text) == "1½-½" and "<html" not in fragment.text
    assert "1-0" in fragment.text
    assert (await admin_web.get(f"/screen/{EVENT}/tb/team/999")).status_code == 404
    assert (await admin_web.get(f"/screen/{EVENT}/ts/team/{s.id}")).status_code == 404  # another screen's set

    for board, result in ((3, Result.DRAW), (4, Result.WHITE_WIN)):  # board 4: B has White
        await store.teams.set_board_result(tid, mid, board, result)
    [ts_set] = await store.screen_sets(standings)
    table = await admin_web.get(f"/screen/{EVENT}/ts/team/{ts_set.id}")
    row = (r'<tr data-team="\d+"><td>([^<]*)</td><td><span class="name">([^<]+)</span></td><td>([^<]+)</td>'
           r'\s*<td>([^<]+)</td>')
    rows = re.findall(row, table.text)
    assert sorted(rows) == [("1–2", "Cavaliers", "1", "2"), ("1–2", "Fous", "1", "2")]  # 2-2: a drawn match
    [tx_set] = await store.screen_sets(cross)
    assert ">2<" in (await admin_web.get(f"/screen/{EVENT}/tx/team/{tx_set.id}")).text

    menu = await admin_web.get(f"/screen/{EVENT}/ts")
    # the menus link team screens by their kind
    assert "Interclubs (team boards)" in menu.text and "Interclubs (cross-table)" in menu.text


async def test_team_boards_family(admin_web: Client) -> None:
    store, tid, _mid = await team_event(admin_web)
    await store.teams.add_team(tid, "Tours", members=[])
    await store.teams.add_team(tid, "Rois", members=[])
    await store.teams.add_match(tid, 1, 3, 4)
    answer = await post(admin_web, f"{ADMIN}/families", {"uniq_id": "room", "type": "team_boards",
                                                         "tournament_id": str(tid), "number": "1", "public": "1",
                                                         "menu_link": "1", "menu": "@family"})
    assert answer.status_code == 303, answer.text[:300]
    family = next(f for f in await store.families() if f.uniq_id == "room")
    listing = await admin_web.get(f"{ADMIN}/families/{family.id}")
    assert "room-1" in listing.text and "room-2" in listing.text
    first = await admin_web.get(f"/screen/{EVENT}/room-1")
    second = await admin_web.get(f"/screen/{EVENT}/room-2")
    assert "Cavaliers" in first.text and "Tours" not in first.text
    assert "Tours" in second.text and "Cavaliers" not in second.text
    answer = await post(admin_web, f"{ADMIN}/rotators", {"uniq_id": "hall", "public": "1",
                                                         "family_ids": [str(family.id)]})
    assert answer.status_code == 303
    assert "Rois" in (await admin_web.get(f"/rotator/{EVENT}/hall/1")).text
    assert "Tables 1 to 1" in first.text  # the family's menu labels
