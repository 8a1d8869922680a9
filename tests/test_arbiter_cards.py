"""Board cards and the journal page over HTTP: QR cards for arbiters, one game per card, expiry, undo."""

from __future__ import annotations

import re

from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.store import GameKey
from tests.arbiter_kit import EVENT, HX, INPUT_URL, form, games, login_arbiter, make_event, stored
from tournament.models import Pairing
from tournament.results import Result
from web.state import app_state

Client = AsyncTestClient[Litestar]
CARD = re.compile(r'href="https?://[^"/]+(/board-card/arb/game/[^"]+)"')


def key(p: Pairing) -> GameKey:
    return GameKey(tournament_id=p.tournament_id, round=p.round, white_player_id=p.white_player_id,
                   black_player_id=p.black_player_id)


async def card_paths(client: Client, tid: int) -> list[str]:
    await login_arbiter(client)
    page = await client.get(f"/board-card/{EVENT}/cards/{tid}")
    assert page.status_code == 200
    assert page.text.count("<svg") == len(CARD.findall(page.text)) == 4  # one QR code per board
    assert "size: A4" in page.text
    client.cookies.clear()
    return CARD.findall(page.text)


async def test_a_card_enters_its_own_game_only_until_the_round_is_complete(client: Client) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    paths = await card_paths(client, tid)
    from tests.conftest import prime_csrf

    await prime_csrf(client)
    first = await client.get(paths[0])
    assert first.status_code == 200 and 'name="result" value="2"' in first.text
    assert 'value="4"' not in first.text  # no forfeit on a card
    done = await client.post(paths[0], data={"result": "2", "key": "card-1"}, follow_redirects=False)
    assert done.status_code == 303
    g = await games(store, tid)
    board_1 = next(p for p in g if p.board == 1)
    assert await stored(store, board_1) is Result.DRAW
    assert sum(1 for p in g if p.result is not None) == 1
    assert "Result recorded: ½-½" in (await client.get(paths[0])).text
    assert (await client.post(paths[0], data={"result": "3"})).status_code == 409
    forfeit = await client.post(paths[1], data={"result": "6"})
    assert forfeit.status_code == 400
    tampered = re.sub(r"\.(\d+)\.(\d+)\.", lambda m: f".{m.group(2)}.{m.group(1)}.", paths[1], count=1)
    assert (await client.post(tampered, data={"result": "3"})).status_code == 403
    for path in paths[1:3]:
        assert (await client.post(path, data={"result": "1"})).status_code == 200
    entry = (await store.journal_entries())[0]
    assert entry.role == "board" and entry.client.startswith("board card")
    for p in await games(store, tid):  # the arbiter closes the round on the last board
        if p.result is None:
            await store.record_result(key(p), Result.WHITE_WIN, p.board or 0)
    finished = await client.get(paths[3])
    assert finished.status_code == 200 and "Result recorded" in finished.text  # a finished card still shows
    assert (await client.post(paths[3], data={"result": "2"})).status_code == 409


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
