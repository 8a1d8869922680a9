"""The team entry page over HTTP (issue 25): every refusal (a bad line-up, a result against nobody, a captain's
forfeit or correction, a wrong input code) changes nothing and says why; line-ups stay open until a game is played
(then only with the arbiter's override, journalled); a whole-team forfeit closes the boards of line-ups in and the
forfeit control shows it; a team short of players loses by forfeit; an entry sent twice writes once."""

from __future__ import annotations

import re

from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.views.tournament import tournament_state
from database.store import EventStore
from tests.support.teams import ARBITER_PASSWORD, BASE, CAPTAIN_PASSWORD, EVENT, make_team_event
from tournament.results import Result
from tournament.teams.core import BoardGame, match_score, team_scoring
from web.state import app_state

HX = {"HX-Request": "true"}
Client = AsyncTestClient[Litestar]


async def arbiter(client: Client) -> None:
    answer = await client.post(f"/arbiter/{EVENT}/login", data={"password": ARBITER_PASSWORD}, follow_redirects=False)
    assert answer.status_code in (200, 302, 303)


async def boards(store: EventStore, tid: int) -> tuple[BoardGame, ...]:
    return (await store.teams.load_team_event(tid)).matches[0].boards


async def lined_up(client: Client, b_side: list[int | None]) -> tuple[EventStore, int, int]:
    store, tid, mid = await make_team_event(app_state(client.app).registry)
    await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, 4])
    await store.teams.set_lineup(tid, mid, "B", b_side)
    return store, tid, mid


async def test_no_result_against_nobody(client: Client) -> None:
    store, tid, mid = await lined_up(client, [6, 7, 8, None])
    await arbiter(client)
    before = await boards(store, tid)
    assert before[3].result is Result.BLACK_FORFEIT_WIN  # board 4: A (Black there) present, B fielded nobody
    for result in (Result.DRAW, Result.WHITE_WIN, Result.WHITE_FORFEIT_WIN):
        refused = await client.post(f"{BASE}/result", headers=HX, data={
            "match_id": mid, "board": 4, "result": int(result), "correction": 1, "expected": int(before[3].result)})
        assert refused.status_code == 422 and "against nobody" in refused.text, refused.text
    assert await boards(store, tid) == before
    # a board with no line-up at all: no result either
    empty = await store.teams.add_match(tid, 2, 1, 2)
    refused = await client.post(f"{BASE}/result", headers=HX, data={"match_id": empty, "board": 1, "result": 2})
    assert refused.status_code == 422 and "enter both line-ups first" in refused.text
    assert all(g.result is None for m in (await store.teams.load_team_event(tid)).matches if m.id == empty
               for g in m.boards)
    page = (await client.get(f"{BASE}/input?round=1")).text
    board4 = page[page.index('<tr data-board="4">'):]
    assert "board-entry" not in board4[:board4.index("</tr>")]  # no buttons on a board without a game


async def test_line_up_refusals_change_nothing(client: Client) -> None:
    store, tid, mid = await lined_up(client, [6, 7, 8, None])
    before = await boards(store, tid)
    captain = await client.post(f"{BASE}/lineup", headers=HX, data={"match_id": mid, "side": "B", "players": "6 7 8 9"})
    assert captain.status_code == 403
    await arbiter(client)
    for players, status, why in (("7 6 8 9", 422, "declared board order"), ("6 7 8 1", 422, "not a member"),
                                 ("6 7 8", 422, "4 boards"), ("- - - -", 422, "declare a team forfeit"),
                                 ("6 7 x 9", 404, "No player x")):
        refused = await client.post(f"{BASE}/lineup", headers=HX, data={"match_id": mid, "side": "B",
                                                                           "players": players})
        assert refused.status_code == status and why in refused.text, (players, refused.text)
    assert await boards(store, tid) == before
    # the empty board is a board forfeit that can be corrected: the line-up is not locked
    ok = await client.post(f"{BASE}/lineup", headers=HX, data={"match_id": mid, "side": "B", "players": "6 7 8 9"})
    assert ok.status_code == 200
    after = await boards(store, tid)
    assert after[3].b_player == 9 and after[3].result is None
    assert after[:3] == before[:3]  # the other boards keep their games


async def test_a_played_game_fixes_the_line_ups_but_for_the_override(client: Client) -> None:
    store, tid, mid = await lined_up(client, [6, 7, 8, 9])
    await arbiter(client)
    assert (await client.post(f"{BASE}/result", headers=HX, data={"match_id": mid, "board": 1, "result": 2}
                              )).status_code == 200
    before = await boards(store, tid)
    refused = await client.post(f"{BASE}/lineup", headers=HX,
                                data={"match_id": mid, "side": "B", "players": "6 7 8 10"})
    assert refused.status_code == 409 and "override" in refused.text
    assert await boards(store, tid) == before
    page = (await client.get(f"{BASE}/input")).text
    assert 'name="override"' in page and 'value="6 7 8 9"' in page  # the line-up as it is, the override offered
    forced = await client.post(f"{BASE}/lineup", headers=HX, data={"match_id": mid, "side": "B", "players": "6 7 8 10",
                                                                    "override": 1})
    assert forced.status_code == 200
    after = await boards(store, tid)
    assert after[0] == before[0] and after[0].result is Result.DRAW  # the played game stays
    assert after[3].b_player == 10 and after[3].result is None
    entries = await store.journal_entries(tournament_id=tid)
    assert any(e.what == "line-up changed by the arbiter's override" and e.new == "6 7 8 10" for e in entries)


async def test_a_team_forfeit_closes_the_boards_and_shows_in_its_control(client: Client) -> None:
    store, tid, mid = await lined_up(client, [6, 7, 8, 9])
    await arbiter(client)
    assert (await tournament_state(store, tid)).missing == 4
    answer = await client.post(f"{BASE}/forfeit", headers=HX, data={"match_id": mid, "forfeit": "B"})
    assert answer.status_code == 200 and '<option value="B" selected>' in answer.text
    closed = await boards(store, tid)
    # A's players win by forfeit whatever their colour: the games are closed, the round is complete
    assert [g.result for g in closed] == [Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN] * 2
    assert (await tournament_state(store, tid)).missing == 0
    page = (await client.get(f"{BASE}/input")).text
    assert '<option value="B" selected>' in page  # saving the form again keeps the forfeit
    again = await client.post(f"{BASE}/forfeit", headers=HX, data={"match_id": mid, "forfeit": "B"})
    assert again.status_code == 200 and (await store.teams.load_team_event(tid)).matches[0].forfeit == "B"
    refused = await client.post(f"{BASE}/result", headers=HX, data={"match_id": mid, "board": 1, "result": 2,
                                                                    "correction": 1, "expected": 6})
    assert refused.status_code == 409 and "team forfeit" in refused.text
    lifted = await client.post(f"{BASE}/forfeit", headers=HX, data={"match_id": mid, "forfeit": ""})
    assert lifted.status_code == 200 and '<option value="" selected>' in lifted.text
    assert all(g.result is None for g in await boards(store, tid))  # the games are open again
    await client.post(f"{BASE}/result", headers=HX, data={"match_id": mid, "board": 2, "result": 3})
    played = await boards(store, tid)
    refused = await client.post(f"{BASE}/forfeit", headers=HX, data={"match_id": mid, "forfeit": "A"})
    assert refused.status_code == 409 and "cannot be a team forfeit" in refused.text
    assert await boards(store, tid) == played and (await store.teams.load_team_event(tid)).matches[0].forfeit is None


async def test_a_team_short_of_players_loses_by_forfeit(client: Client) -> None:
    store, tid, mid = await make_team_event(app_state(client.app).registry)
    await store.teams.make_team_tournament(tid, 4, team_scoring("ffe", min_players=3))
    await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, 4])
    await store.teams.set_lineup(tid, mid, "B", [6, 7, None, None])
    await arbiter(client)
    for board in (1, 2):
        await client.post(f"{BASE}/result", headers=HX, data={"match_id": mid, "board": board, "result": 1})
    ev = await store.teams.load_team_event(tid)
    score = match_score(ev.matches[0], ev.scoring, 4)
    assert score.forfeit == "B" and (score.a_match, score.b_match) == (3, 0)  # 0 under FFE, not a lost match's 1
    page = (await client.get(f"{BASE}/boards")).text
    assert "Forfeit of Fous" in page


async def test_captains_enter_results_but_neither_forfeits_nor_corrections(client: Client) -> None:
    store, tid, mid = await lined_up(client, [6, 7, 8, 9])
    wrong = await client.post(f"{BASE}/login", data={"password": "nope"})
    assert wrong.status_code == 401 and "Wrong code." in wrong.text
    assert (await client.get(f"{BASE}/input")).status_code == 401
    assert (await client.post(f"{BASE}/login", data={"password": CAPTAIN_PASSWORD},
                              follow_redirects=False)).status_code == 303
    page = await client.get(f"{BASE}/input")
    assert page.status_code == 200 and 'data-result="1-F"' not in page.text  # captains: 1-0, ½-½, 0-1 only
    assert "Player01, Test (Cavaliers) wins" in page.text
    for data, why in (({"result": 6}, "entered by an arbiter"), ({"result": 2, "correction": 1, "expected": 3},
                                                                  "Only an arbiter")):
        refused = await client.post(f"{BASE}/result", headers=HX, data={"match_id": mid, "board": 1, **data})
        assert refused.status_code == 403 and why in refused.text
    assert all(g.result is None for g in await boards(store, tid))
    sent = {"match_id": mid, "board": 1, "result": 3, "key": "tablet-key-1"}
    first = await client.post(f"{BASE}/result", headers=HX, data=sent)
    again = await client.post(f"{BASE}/result", headers=HX, data=sent)  # the offline queue sends it again
    assert first.status_code == again.status_code == 200 and first.text == again.text
    assert re.search(r'<td class="result">1-0</td>', first.text)
    whats = [e.what for e in await store.journal_entries(tournament_id=tid)]
    assert whats.count("result") == 1


async def test_links_to_the_entry_page_and_team_games_named_on_the_input_screen(client: Client) -> None:
    store, tid, _mid = await lined_up(client, [6, 7, 8, 9])
    await store.add_screen(uniq_id="saisie", type="input", public=True, sets=[{"tournament_id": tid}])
    await arbiter(client)
    event = (await client.get(f"/event/{EVENT}")).text
    assert f'href="{BASE}/input"' in event
    desk = (await client.get(f"/arbiter/{EVENT}/desk")).text
    assert f'href="{BASE}/input" class="team-entry"' in desk
    screen = (await client.get(f"/screen/{EVENT}/saisie")).text
    assert f'href="{BASE}/input"' in screen
    # board 2: Fous (team B) has White, so the game reads "Fous vs Cavaliers" as its row does (White first)
    assert "Table 1, board 1 — Cavaliers vs Fous" in screen and "Table 1, board 2 — Fous vs Cavaliers" in screen


async def test_teams_left_out_of_a_round_on_the_desk(client: Client) -> None:
    store, tid, _mid = await make_team_event(app_state(client.app).registry)
    await store.teams.unpair_team_round(tid, 1)
    for name in ("Tours", "Dames"):
        await store.teams.add_team(tid, name)
    await arbiter(client)
    page = (await client.get(f"/arbiter/{EVENT}/pair/{tid}")).text
    assert 'name="absent" value="3"' in page  # a Swiss: teams may be left out
    answer = await client.post(f"/arbiter/{EVENT}/pair/{tid}", data={"round": 1, "absent": ["3", "4"]},
                               follow_redirects=False)
    assert answer.status_code == 303
    ev = await store.teams.load_team_event(tid)
    assert [(m.team_a, m.team_b) for m in ev.matches] in ([(1, 2)], [(2, 1)])
