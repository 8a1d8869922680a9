"""Team pages over HTTP: line-ups entered by the arbiter (board order checked, refusals change nothing),
per-board results (the match score follows), team forfeits, who may do what, the hall pages."""

from __future__ import annotations

import re

from litestar import Litestar
from litestar.testing import AsyncTestClient

from tests.support.teams import ARBITER_PASSWORD, BASE, EVENT, make_team_event
from tournament.results import Result
from tournament.teams.core import match_score
from tournament.teams.pairing import pair_team_round
from web.state import app_state

HX = {"HX-Request": "true"}


async def login(client: AsyncTestClient[Litestar]) -> None:
    response = await client.post(f"/arbiter/{EVENT}/login", data={"password": ARBITER_PASSWORD},
                                 follow_redirects=False)
    assert response.status_code in (200, 302, 303)


async def test_lineup_entry(client: AsyncTestClient[Litestar]) -> None:
    store, tid, mid = await make_team_event(app_state(client.app).registry)
    refused = await client.post(f"{BASE}/lineup", data={"match_id": str(mid), "side": "A", "players": "1 2 3 4"},
                                headers=HX)
    assert refused.status_code == 403
    await login(client)
    wrong = await client.post(f"{BASE}/lineup", data={"match_id": str(mid), "side": "A", "players": "2 1 3 4"},
                              headers=HX)
    assert wrong.status_code == 422 and "declared board order" in wrong.text
    stranger = await client.post(f"{BASE}/lineup", data={"match_id": str(mid), "side": "B", "players": "6 7 8 1"},
                                 headers=HX)
    assert stranger.status_code == 422 and "not a member" in stranger.text
    assert all(g.a_player is None and g.b_player is None
               for g in (await store.teams.load_team_event(tid)).matches[0].boards)
    ok = await client.post(f"{BASE}/lineup", data={"match_id": str(mid), "side": "A", "players": "1 2 4 5"},
                           headers=HX)
    assert ok.status_code == 200 and "Player05" in ok.text
    ok = await client.post(f"{BASE}/lineup", data={"match_id": str(mid), "side": "B", "players": "6 7 8 -"},
                           headers=HX)
    assert ok.status_code == 200
    m = (await store.teams.load_team_event(tid)).matches[0]
    assert [(g.a_player, g.b_player) for g in m.boards] == [(1, 6), (2, 7), (4, 8), (5, None)]
    assert m.boards[3].result is Result.BLACK_FORFEIT_WIN  # board 4: B fielded nobody, A (Black) wins
    assert "line-up" in [e.what for e in await store.journal_entries(tournament_id=tid)]


async def test_per_board_entry_makes_the_match_score(client: AsyncTestClient[Litestar]) -> None:
    store, tid, mid = await make_team_event(app_state(client.app).registry)
    await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, 4])
    await store.teams.set_lineup(tid, mid, "B", [6, 7, 8, 9])
    visitor = await client.get(f"{BASE}/input")  # the login form in place, not a bare 403 (issue 25)
    assert visitor.status_code == 401 and f'action="{BASE}/login"' in visitor.text and 'name="password"' in visitor.text
    await login(client)
    page = await client.get(f"{BASE}/input")
    assert page.status_code == 200 and "Cavaliers" in page.text and 'name="result"' in page.text
    for board, result in ((1, Result.WHITE_WIN), (2, Result.DRAW), (3, Result.DRAW)):
        answer = await client.post(f"{BASE}/result", data={"match_id": str(mid), "board": str(board),
                                                           "result": str(int(result))}, headers=HX)
        assert answer.status_code == 200
    assert "2-1" in answer.text  # the running score: 1 + ½ + ½ against 0 + ½ + ½
    again = await client.post(f"{BASE}/result", data={"match_id": str(mid), "board": "1", "result": "2"},
                              headers=HX)
    assert again.status_code == 409  # a result is there: only a correction changes it
    done = await client.post(f"{BASE}/result", data={"match_id": str(mid), "board": "4", "result": "1"},
                             headers=HX)
    assert done.status_code == 200 and "3-1" in done.text  # board 4: B has White, 0-1 is A's
    ev = await store.teams.load_team_event(tid)
    sc = match_score(ev.matches[0], ev.scoring, 4)
    assert (sc.a_match, sc.b_match) == (2, 0)
    fixed = await client.post(f"{BASE}/result", data={"match_id": str(mid), "board": "1", "result": "1",
                                                      "correction": "1", "expected": "3"}, headers=HX)
    assert fixed.status_code == 200 and "2-2" in fixed.text
    boards = await client.get(f"{BASE}/boards")
    assert boards.status_code == 200 and "2-2" in boards.text and "Fous" in boards.text
    standings = await client.get(f"{BASE}/standings")
    assert standings.status_code == 200 and "Cavaliers" in standings.text
    cross = await client.get(f"{BASE}/crosstable")
    assert cross.status_code == 200 and ">2<" in cross.text
    whats = [e.what for e in await store.journal_entries(tournament_id=tid)]
    assert whats.count("result") == 4 and "result corrected" in whats


async def test_team_forfeit_over_http(client: AsyncTestClient[Litestar]) -> None:
    store, tid, mid = await make_team_event(app_state(client.app).registry)
    await login(client)
    answer = await client.post(f"{BASE}/forfeit", data={"match_id": str(mid), "forfeit": "B"}, headers=HX)
    assert answer.status_code == 200 and "4-0" in answer.text
    bad = await client.post(f"{BASE}/forfeit", data={"match_id": str(mid), "forfeit": "C"}, headers=HX)
    assert bad.status_code in (400, 422)
    assert (await store.teams.load_team_event(tid)).matches[0].forfeit == "B"
    assert (await client.get(f"/teams/{EVENT}/nope/boards")).status_code == 404


async def test_pairing_a_team_round_robin_round(client: AsyncTestClient[Litestar]) -> None:
    store, tid, _mid = await make_team_event(app_state(client.app).registry)
    for name in ("Tours", "Dames"):
        await store.teams.add_team(tid, name)
    await login(client)
    answer = await client.post(f"{BASE}/pair", data={"round": "2", "system": "berger"})
    assert answer.status_code == 200
    ev = await store.teams.load_team_event(tid)
    second = [(m.team_a, m.team_b) for m in ev.matches if m.round == 2]
    assert second == [(4, 3), (1, 2)]  # the Berger table of 4 teams, round 2: 4-3, 1-2
    assert all(len(m.boards) == 4 for m in ev.matches if m.round == 2)
    again = await client.post(f"{BASE}/pair", data={"round": "2"}, headers=HX)
    assert again.status_code == 409
    assert len([m for m in (await store.teams.load_team_event(tid)).matches if m.round == 2]) == 2


async def test_pairing_follows_the_tournaments_own_system(client: AsyncTestClient[Litestar]) -> None:
    """Without a system named, /pair pairs as the tournament says: here a Swiss, so FIDE's team Swiss."""
    store, tid, _mid = await make_team_event(app_state(client.app).registry)
    for name in ("Tours", "Dames"):
        await store.teams.add_team(tid, name)
    await store.teams.unpair_team_round(tid, 1)
    before = await store.teams.load_team_event(tid)
    assert not before.round_robin and not before.matches
    expected = [(m.team_a, m.team_b) for m in pair_team_round(before, 1, "fideteam")]
    assert expected != [(m.team_a, m.team_b) for m in pair_team_round(before, 1, "berger")]
    await login(client)
    assert (await client.post(f"{BASE}/pair", data={"round": "1"})).status_code == 200
    after = await store.teams.load_team_event(tid)
    assert [(m.team_a, m.team_b) for m in after.matches if m.round == 1] == expected


async def test_boards_read_from_left_to_right(client: AsyncTestClient[Litestar]) -> None:
    """Issue 25: team boards show team A's player on the left; where A has Black, "1-0" must still sit next to the
    winner, and the captain's "1-0" button must record a win of the left player (Black there)."""
    store, tid, mid = await make_team_event(app_state(client.app).registry)
    await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, 4])
    await store.teams.set_lineup(tid, mid, "B", [6, 7, 8, 9])
    await login(client)
    page = (await client.get(f"{BASE}/input")).text
    board2 = page[page.index('<tr data-board="2">'):page.index('<tr data-board="3">')]
    assert re.search(r'<td class="colour" title="Black">●</td>\s*<td class="player-a">Player02', board2)  # A has Black
    sent = re.search(r'<input type="hidden" name="result" value="(\d)">\s*<input[^>]*name="key"[^>]*>\s*'
                     r'<button type="submit" data-result="1-0" aria-label="Player02, Test \(Cavaliers\) wins"', board2)
    assert sent is not None and Result(int(sent.group(1))) is Result.BLACK_WIN  # the left player, Black, won
    answer = await client.post(f"{BASE}/result", data={"match_id": str(mid), "board": "2", "result": sent.group(1)},
                               headers=HX)
    assert answer.status_code == 200
    assert (await store.teams.load_team_event(tid)).matches[0].boards[1].result is Result.BLACK_WIN
    boards = (await client.get(f"{BASE}/boards")).text
    row = boards[boards.index('<tr data-board="2">'):]
    row = row[:row.index("</tr>")]
    cells = re.findall(r'<td class="(player-a|result|player-b)">(.*?)</td>', row)
    assert [c[0] for c in cells] == ["player-a", "result", "player-b"]
    assert "Player02" in cells[0][1] and cells[1][1] == "1-0" and "Player07" in cells[2][1]
    assert 'class="match-score" data-complete="0">1-0<' in boards  # the match score reads the same way
