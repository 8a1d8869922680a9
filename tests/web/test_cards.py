"""Board cards and the journal page over HTTP: QR cards for arbiters, one board per card (its current game),
signed, no forfeit, no overwrite; the journal's filters and undo."""

from __future__ import annotations

import re

from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.store import GameKey
from tests.support.events import EVENT, HX, INPUT_URL, form, games, login_arbiter, make_event, stored
from tournament.models import Pairing
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
CARD = re.compile(r'href="https?://[^"/]+(/board/arb/t/\d+\?k=[^"]+)"')
HIDDEN = re.compile(r'name="(round|white_player_id|black_player_id)" value="(\d+)"')


def key(p: Pairing) -> GameKey:
    return GameKey(tournament_id=p.tournament_id, round=p.round, white_player_id=p.white_player_id,
                   black_player_id=p.black_player_id)


async def card_paths(client: Client, tid: int) -> list[str]:
    await login_arbiter(client)
    page = await client.get(f"/board-card/{EVENT}/cards/{tid}")
    assert page.status_code == 200
    assert page.text.count('<div class="qr">') == len(CARD.findall(page.text)) == 4  # one QR code per board
    assert "size: A4" in page.text
    client.cookies.clear()
    return CARD.findall(page.text)


async def card_post(client: Client, path: str, result: str, key: str = "") -> int:
    """Send `result` from the card's page as a phone would: with the game the page shows."""
    page = (await client.get(path)).text
    game = dict(HIDDEN.findall(page)) or {"round": "1", "white_player_id": "1", "black_player_id": "2"}
    return (await client.post(path, data={"result": result, "key": key, **game},
                              follow_redirects=False)).status_code


async def test_a_card_enters_the_current_game_of_its_board_only(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    paths = await card_paths(client, tid)
    from tests.support.clients import prime_csrf

    await prime_csrf(client)
    first = await client.get(paths[0])
    assert first.status_code == 200 and 'name="result" value="2"' in first.text
    assert 'name="result" value="4"' not in first.text  # no forfeit on a card
    assert await card_post(client, paths[0], "2", "card-1") == 303
    g = await games(store, tid)
    board_1 = next(p for p in g if p.board == 1)
    assert await stored(store, board_1) is Result.DRAW
    assert sum(1 for p in g if p.result is not None) == 1
    assert "Result recorded: ½-½" in (await client.get(paths[0])).text
    game_1 = {"round": "1", "white_player_id": str(board_1.white_player_id),
              "black_player_id": str(board_1.black_player_id)}
    assert (await client.post(paths[0], data={"result": "3", **game_1})).status_code == 409  # no overwrite
    assert await card_post(client, paths[1], "6") == 400  # no forfeit on a card
    tampered = paths[1].replace("/t/2?", "/t/3?")
    assert (await client.post(tampered, data={"result": "3", **game_1})).status_code == 403
    # a page showing another game (an old round, re-paired board) changes nothing
    assert (await client.post(paths[1], data={"result": "3", **game_1})).status_code == 409
    for path in paths[1:3]:
        assert await card_post(client, path, "1") == 303
    entry = (await store.journal_entries())[0]
    assert entry.role == "board" and entry.client.startswith("board card")
    for p in await games(store, tid):  # the arbiter closes the round on the last board
        if p.result is None:
            await store.record_result(key(p), Result.WHITE_WIN, p.board or 0)
    finished = await client.get(paths[3])
    assert finished.status_code == 200 and "Result recorded" in finished.text  # a finished card still shows
    assert await card_post(client, paths[3], "2") == 409


async def test_journal_page_filters_and_undoes_a_correction(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    p, q = (await games(store, tid))[:2]
    await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)
    await client.post(f"{INPUT_URL}/result", data=form(q, Result.BLACK_WIN), headers=HX)
    await login_arbiter(client)
    await client.post(f"{INPUT_URL}/result", data=form(p, Result.WHITE_WIN, old=2), headers=HX)
    page = (await client.get(f"/arbiter/{EVENT}/journal?tid={tid}&player={p.black_player_id}")).text
    assert "result corrected" in page and page.count('class="undo"') == 2  # the entry and the correction of p
    by_board = (await client.get(f"/arbiter/{EVENT}/journal?rnd=1&board={q.board}")).text
    assert by_board.count('class="undo"') == 1
    correction = (await store.journal_entries())[0]
    undo = await client.post(f"/arbiter/{EVENT}/journal/{correction.id}/undo", follow_redirects=False)
    assert undo.status_code == 303
    assert await stored(store, p) is Result.DRAW
    assert (await store.journal_entries())[0].undoes == correction.id
    again = await client.post(f"/arbiter/{EVENT}/journal/{correction.id}/undo")
    assert again.status_code == 409 and "already undone" in again.text
    assert await store.rebuilt_state() == await store.live_state()
