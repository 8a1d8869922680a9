"""The arbiter's pairing workflow over HTTP: pair, change by hand, publish, unpair, and every refusal."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.pairing.draft import Drafts
from database.store import EventStore, GameKey
from tests.support.clients import in_app, prime_csrf, settle
from tests.support.events import EVENT, HX, finish_round, login_arbiter, made_players, nine_player_event
from tournament.models import Pairing
from tournament.results import Result
from web.state import app_state


async def draft_boards(client: AsyncTestClient[Litestar], tid: int) -> list[tuple[int, int | None]]:
    drafts: Drafts = app_state(client.app).drafts
    draft = await drafts.get(EVENT, tid)
    assert draft is not None
    return [(b.white, b.black) for b in draft.boards]


async def draft_numbers(client: AsyncTestClient[Litestar], store: EventStore, tid: int) -> list[tuple[int, int]]:
    """The draft's boards by pairing numbers (0: the bye)."""
    number = {p.id: p.pairing_number for p in await store.players(tid)}
    return [(number[w], number.get(b or 0, 0)) for w, b in await draft_boards(client, tid)]


def url(tid: int, action: str = "") -> str:
    return f"/arbiter/{EVENT}/pair/{tid}" + (f"/{action}" if action else "")


async def post(client: AsyncTestClient[Litestar], target: str, **data: Any) -> int:
    response = await client.post(target, data={k: str(v) for k, v in data.items()}, follow_redirects=False)
    return response.status_code


@pytest.fixture
async def paired(client: AsyncTestClient[Litestar]) -> AsyncIterator[tuple[EventStore, int]]:
    """The event, written through the app's own registry (a second connection would not refresh its caches)."""
    yield await in_app(client, nine_player_event, app_state(client.app).registry)
    await settle(client, EVENT)  # no live notification left running after the test


async def test_pair_adjust_publish_unpair(client: AsyncTestClient[Litestar], paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    assert await login_arbiter(client) == 303
    # round 1 lacks results: refused without confirmation, nothing drafted
    response = await client.post(url(tid), data={"round": "2"}, headers=HX)
    assert response.status_code == 409
    assert "still have no result" in response.text
    assert await app_state(client.app).drafts.get(EVENT, tid) is None
    await in_app(client, finish_round, store, tid, 1)
    page = (await client.get(url(tid))).text
    assert 'id="pair-button"' in page and "Pair round 2" in page
    assert await post(client, url(tid), round=2) == 303
    boards = await draft_boards(client, tid)
    assert len(boards) == 5 and sum(1 for _w, b in boards if b is None) == 1
    seated = [p for b in boards for p in b if p is not None]
    assert sorted(seated) == sorted(p.id for p in await store.players(tid))
    page = (await client.get(url(tid))).text
    assert 'id="draft"' in page and "Publish round 2" in page
    # the bye went to someone who had none; 9 (PAB in round 1) is not on the bye
    players = {p.pairing_number: p.id for p in await store.players(tid)}
    assert [w for w, b in boards if b is None] != [players[9]]

    # swap colours of board 1
    white, black = boards[0]
    assert await post(client, url(tid, "swap"), board=1) == 303
    assert (await draft_boards(client, tid))[0] == (black, white)
    # pair two players who met in round 1: the repeat shows on the page
    assert await post(client, url(tid, "together"), a=players[1], b=players[5]) == 303
    together = [b for b in await draft_boards(client, tid) if players[1] in b]
    assert set(together[0]) == {players[1], players[5]}
    page = (await client.get(url(tid))).text
    assert "have already played each other" in page
    # exchange two players
    before = await draft_boards(client, tid)
    assert await post(client, url(tid, "exchange"), a=players[2], b=players[3]) == 303
    after = await draft_boards(client, tid)
    spot = {p: (i, side) for i, b in enumerate(before) for side, p in enumerate(b) if p}
    spot_after = {p: (i, side) for i, b in enumerate(after) for side, p in enumerate(b) if p}
    assert spot_after[players[2]] == spot[players[3]] and spot_after[players[3]] == spot[players[2]]
    # move 9 to the bye: a second bye, shown as a broken rule
    assert await post(client, url(tid, "bye"), player=players[9]) == 303
    assert (players[9], None) in await draft_boards(client, tid)
    page = (await client.get(url(tid))).text
    assert "already had a pairing-allocated bye" in page
    # refusals of manual changes change nothing
    kept = await draft_boards(client, tid)
    assert await post(client, url(tid, "swap"), board=99) == 422
    assert await post(client, url(tid, "exchange"), a=players[2], b=players[2]) == 422
    assert await post(client, url(tid, "bye"), player=players[9]) == 422
    assert await post(client, url(tid, "together"), a=players[1], b=99999) == 422
    assert (await draft_boards(client, tid)) == kept

    # publish: one transaction, journalled, the round becomes current
    assert await post(client, url(tid, "publish"), round=2) == 303
    published = await store.pairings(tid, 2)
    assert {(p.white_player_id, p.black_player_id) for p in published} == set(kept)
    assert sorted(p.board_order for p in published if p.board_order) == list(range(1, 6))
    assert [p.bye_kind for p in published if not p.is_game] == ["U"]
    entries = await store.journal_entries(tournament_id=tid)
    assert entries[0].what == "round published" and entries[0].round == 2
    assert await app_state(client.app).drafts.get(EVENT, tid) is None
    boards_page = (await client.get(f"/screen/{EVENT}/boards")).text
    name = next(p for p in await store.players(tid) if p.id == kept[0][0]).shown_name
    assert name in boards_page
    desk = (await client.get(f"/arbiter/{EVENT}/desk")).text
    assert "Round 2 of 5" in desk and "Unpair round 2" in desk

    # unpair round 2 (no result yet), then again with a result: refused
    assert await post(client, url(tid, "unpair"), round=2) == 303
    assert await store.pairings(tid, 2) == []
    assert (await store.journal_entries(tournament_id=tid))[0].what == "round unpaired"
    assert await post(client, url(tid), round=2) == 303
    assert await post(client, url(tid, "publish"), round=2) == 303
    game = next(p for p in await store.pairings(tid, 2) if p.is_game)
    assert game.black_player_id is not None
    key = GameKey(tournament_id=tid, round=2, white_player_id=game.white_player_id,
                  black_player_id=game.black_player_id)
    await in_app(client, store.record_result, key, Result.DRAW, game.board or 0)
    response = await client.post(url(tid, "unpair"), data={"round": "2"}, headers=HX)
    assert response.status_code == 409 and "delete them first" in response.text
    assert len(await store.pairings(tid, 2)) == 5


async def test_missing_results_can_be_confirmed(client: AsyncTestClient[Litestar],
                                                paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    await login_arbiter(client)
    assert await post(client, url(tid), round=2, confirm=1) == 303
    assert len(await draft_boards(client, tid)) == 5
    page = (await client.get(url(tid))).text
    assert "Paired although results were missing" in page
    assert await post(client, url(tid, "discard")) == 303
    assert await app_state(client.app).drafts.get(EVENT, tid) is None
    assert await store.pairings(tid, 2) == []
    # published anyway: the games without result count as played (no repeat), the desk says what the hall shows
    assert await post(client, url(tid), round=2, confirm=1) == 303
    assert await post(client, url(tid, "publish"), round=2) == 303
    met = {frozenset((p.white_player_id, p.black_player_id)) for p in await store.pairings(tid, 1) if p.is_game}
    assert not met & {frozenset((p.white_player_id, p.black_player_id)) for p in await store.pairings(tid, 2)}
    desk = (await client.get(f"/arbiter/{EVENT}/desk")).text
    assert "Round 2 is paired, but the hall screens show round 1" in desk


async def test_refusals(client: AsyncTestClient[Litestar], app: Litestar, paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    await in_app(client, finish_round, store, tid, 1)
    # a visitor: no page, no pairing, no publish, no unpair
    async with AsyncTestClient(app=app) as visitor:
        await prime_csrf(visitor)
        assert (await visitor.get(url(tid))).status_code == 401
        assert (await visitor.get(f"/arbiter/{EVENT}/desk")).status_code == 401
        assert await post(visitor, url(tid), round=2) == 403
        assert await post(visitor, url(tid, "unpair"), round=1) == 403
        assert await post(visitor, url(tid, "publish"), round=2) == 403
        assert (await visitor.get(f"/arbiter/{EVENT}/export/{tid}")).status_code == 403
        first = (await store.players(tid))[0].id
        assert await post(visitor, url(tid, "requested-bye"), player=first, score="0.5") == 403
    store = await app_state(app).registry.get(EVENT)  # the nested start-up's end closed the stores it had open
    await login_arbiter(client)
    # unknown tournament
    assert await post(client, url(999), round=2) == 404
    assert (await client.get(url(999))).status_code == 404
    # out-of-range and wrong rounds
    assert await post(client, url(tid), round=99) == 422
    assert await post(client, url(tid), round=0) == 422
    assert await post(client, url(tid), round=1) == 409
    assert await post(client, url(tid), round=3) == 409
    assert await post(client, url(tid, "unpair"), round=3) == 409
    assert await post(client, url(tid, "unpair"), round=1) == 409  # round 1 has results
    # no draft: manual changes and publish are refused
    assert await post(client, url(tid, "swap"), board=1) == 409
    assert await post(client, url(tid, "publish"), round=2) == 409
    assert len(await store.pairings(tid)) == 5


async def test_draft_no_longer_fits_after_a_late_entry(client: AsyncTestClient[Litestar],
                                                        paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    await in_app(client, finish_round, store, tid, 1)
    await login_arbiter(client)
    assert await post(client, url(tid), round=2) == 303
    late = [{"pairing_number": 10, "last_name": "Late", "first_name": "Comer"}]
    await in_app(client, lambda: store.fill_tournament(tid, late, [], replace=False))
    page = (await client.get(url(tid))).text
    assert "LATE Comer is not paired" in page and "The tournament changed since this draft was made" in page
    assert await post(client, url(tid, "publish"), round=2) == 409
    assert await store.pairings(tid, 2) == []
    # the stale draft offers to pair again; done, the late entrant is on a board and the draft can be published
    assert 'id="repair-button"' in page and "Pair round 2 again" in page and "Print the draft" in page
    assert await post(client, url(tid), round=2) == 303
    page = (await client.get(url(tid))).text
    assert "The tournament changed since this draft was made" not in page and 'id="repair-button"' not in page
    assert any(p.last_name == "Late" for p in await store.players(tid))
    assert any(10 in (w, b) for w, b in await draft_numbers(client, store, tid))


async def test_requested_bye_is_not_paired(client: AsyncTestClient[Litestar], paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    await in_app(client, finish_round, store, tid, 1)
    players = {p.pairing_number: p.id for p in await store.players(tid)}
    await login_arbiter(client)
    # requested at the desk: ½ for 4, 0 for 7, then 7's request withdrawn
    assert await post(client, url(tid, "requested-bye"), player=players[4], score="0.5", round=2) == 303
    assert await post(client, url(tid, "requested-bye"), player=players[7], score="0", round=2) == 303
    page = (await client.get(url(tid))).text
    assert "Half-point bye" in page and "Not paired" in page
    assert await post(client, url(tid, "requested-bye/cancel"), player=players[7], round=2) == 303
    assert (await store.journal_entries(tournament_id=tid))[0].what == "requested bye cancelled"
    # refusals change nothing
    assert await post(client, url(tid, "requested-bye"), player=99999, score="0.5") == 404
    assert await post(client, url(tid, "requested-bye"), player=players[5], score="2") == 422
    assert await post(client, url(tid, "requested-bye"), player=players[5], score="0", round=1) == 409
    assert await post(client, url(tid, "requested-bye/cancel"), player=players[5]) == 409
    assert "Half-point bye" in (await client.get(f"/arbiter/{EVENT}/desk")).text
    assert await post(client, url(tid), round=2) == 303
    boards = await draft_boards(client, tid)
    assert players[4] not in {p for b in boards for p in b} and len(boards) == 4
    assert players[7] in {p for b in boards for p in b}
    assert await post(client, url(tid, "publish"), round=2) == 303
    rows: list[Pairing] = await store.pairings(tid, 2)
    assert [(p.white_player_id, p.bye_kind) for p in rows if not p.is_game] == [(players[4], "H")]
    # once round 2 is paired, its byes can no longer change
    assert await post(client, url(tid, "requested-bye"), player=players[5], score="0", round=2) == 409


async def test_publish_is_undone_from_the_journal(client: AsyncTestClient[Litestar],
                                                 paired: tuple[EventStore, int]) -> None:
    store, tid = paired
    await in_app(client, finish_round, store, tid, 1)
    await login_arbiter(client)
    assert await post(client, url(tid), round=2) == 303
    assert await post(client, url(tid, "publish"), round=2) == 303
    entry = (await store.journal_entries(tournament_id=tid))[0]
    assert entry.what == "round published" and entry.role == "arbiter"
    assert await post(client, f"/arbiter/{EVENT}/journal/{entry.id}/undo") == 303
    assert await store.pairings(tid, 2) == []
    assert len(await store.pairings(tid, 1)) == 5


async def _fresh(client: AsyncTestClient[Litestar], kind: str, players: int) -> tuple[EventStore, int]:
    async def build() -> tuple[EventStore, int]:
        store = await app_state(client.app).registry.create(EVENT, name="Fresh", start=0.0, stop=4e9)
        tid = await store.add_tournament(uniq_id="t", name="T", rounds=players - 1 if kind == "round_robin" else 5,
                                         tournament_type=kind, initial_colour="W")
        await store.fill_tournament(tid, made_players(players), [])
        await store.add_screen(uniq_id="boards", type="boards", public=True, sets=[{"tournament_id": tid}])
        return store, tid

    return await in_app(client, build)


async def test_round_one_of_a_swiss_with_check_in(admin_client: AsyncTestClient[Litestar]) -> None:
    client = admin_client  # the server machine itself: the admin, an arbiter of every event
    store, tid = await _fresh(client, "swiss", 10)
    players = {p.pairing_number: p.id for p in await store.players(tid)}
    for n in range(1, 10):  # number 10 never checks in
        await in_app(client, store.set_checked_in, tid, players[n], True)
    desk = (await client.get(f"/arbiter/{EVENT}/desk")).text
    assert "Before round 1 (check-in)" in desk and "Pair round 1" in desk
    assert await post(client, url(tid), round=1) == 303
    boards = await draft_boards(client, tid)
    assert (players[10], None) not in boards and len(boards) == 5  # 9 present: 4 games and the bye
    assert boards[0] == (players[1], players[5])  # Dutch round 1: 1-4 against 5-8, 1 has White; 9 the bye
    assert (players[9], None) in boards
    assert await post(client, url(tid, "publish"), round=1) == 303
    rows = await store.pairings(tid, 1)
    assert sorted(str(p.bye_kind) for p in rows if not p.is_game) == ["U", "Z"]
    assert (await client.get(f"/screen/{EVENT}/boards")).text.count(f'id="game-{tid}-1-') == 5
    await settle(client, EVENT)


async def test_round_robin_pairs_with_berger_tables(admin_client: AsyncTestClient[Litestar]) -> None:
    client = admin_client
    store, tid = await _fresh(client, "round_robin", 6)
    players = {p.pairing_number: p.id for p in await store.players(tid)}
    number = {v: k for k, v in players.items()}
    assert await post(client, url(tid), round=1) == 303
    pairs = sorted((number[w], number[b] if b else 0) for w, b in await draft_boards(client, tid))
    assert pairs == [(1, 6), (2, 5), (3, 4)]  # FIDE Berger table for 6 players, round 1
    assert await post(client, url(tid, "publish"), round=1) == 303
    assert len(await store.pairings(tid, 1)) == 3
    await settle(client, EVENT)


async def test_nobody_to_pair_is_refused(admin_client: AsyncTestClient[Litestar]) -> None:
    client = admin_client
    store, tid = await _fresh(client, "swiss", 0)
    assert "Pair round 1" in (await client.get(f"/arbiter/{EVENT}/desk")).text
    response = await client.post(url(tid), data={"round": "1"}, headers=HX)
    assert response.status_code == 422 and "no player to pair" in response.text
    assert await store.pairings(tid) == []
    assert await post(client, url(tid, "unpair"), round=1) == 409
