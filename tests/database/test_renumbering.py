"""Issue 24, item 1: pairing numbers follow the initial ranking until round 1 is paired, in the event file and on the
admin's players page (entry by hand, ChessEvent import, the "renumber" action); after round 1 a late entrant gets the
next number and renumbering is refused."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.rounds import NewPairing
from database.store import EventStore
from tournament.errors import Conflict

Client = AsyncTestClient[Litestar]


async def new_tournament(store: EventStore) -> int:
    return await store.add_tournament(uniq_id="open", name="Open", rounds=5, tournament_type="swiss",
                                      pairing_system="standard", rating_kind="standard")


def entrant(last: str, rating: int | None, title: str | None = None) -> dict[str, Any]:
    return {"last_name": last, "first_name": "", "fide_rating": rating, "title": title}


async def numbers(store: EventStore, tid: int) -> dict[str, int]:
    return {p.last_name: p.pairing_number for p in await store.players(tid)}


async def test_players_entered_by_hand_are_numbered_by_the_initial_ranking(store: EventStore) -> None:
    tid = await new_tournament(store)
    for last, rating, title in [("Weak", 1400, None), ("Middle", 1800, None), ("Strong", 2290, "FM"),
                                ("Unrated", None, None), ("Equal", 1800, "CM")]:
        await store.roster.add_player(tid, entrant(last, rating, title))
    assert await numbers(store, tid) == {"Strong": 1, "Equal": 2, "Middle": 3, "Weak": 4, "Unrated": 5}


async def test_after_round_one_a_late_entrant_gets_the_next_number(store: EventStore) -> None:
    tid = await new_tournament(store)
    for last, rating in [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)]:
        await store.roster.add_player(tid, entrant(last, rating))
    ids = {p.last_name: p.id for p in await store.players(tid)}
    await store.rounds.publish_round(tid, 1, [NewPairing(white_player_id=ids["A"], black_player_id=ids["C"], board=1),
                                              NewPairing(white_player_id=ids["D"], black_player_id=ids["B"], board=2)])
    await store.roster.add_player(tid, entrant("Late", 2500, "GM"))
    assert (await numbers(store, tid))["Late"] == 5  # the strongest, but round 1 is paired: the next number
    with pytest.raises(Conflict):
        await store.renumber_players(tid)
    assert await numbers(store, tid) == {"A": 1, "B": 2, "C": 3, "D": 4, "Late": 5}


async def test_the_renumber_action_and_its_rule_on_the_players_page(admin_client: Client, store: EventStore) -> None:
    tid = await new_tournament(store)
    await store.roster.add_player(tid, entrant("Second", 1500))
    await store.roster.add_player(tid, entrant("First", 1600))
    assert await numbers(store, tid) == {"First": 1, "Second": 2}
    with sqlite3.connect(store.path) as other:  # numbers put out of order by another program
        for sql in ("UPDATE player SET pairing_number = 9 WHERE last_name = 'First'",
                    "UPDATE player SET pairing_number = 1 WHERE last_name = 'Second'",
                    "UPDATE player SET pairing_number = 2 WHERE last_name = 'First'"):
            other.execute(sql)
    store.changed_elsewhere()
    assert await numbers(store, tid) == {"First": 2, "Second": 1}
    page = await admin_client.get(f"/admin/events/{store.event_id}/tournaments/{tid}/players?lang=fr")
    assert page.status_code == 200
    assert "classement initial (FIDE C.04.2)" in page.text and "Renuméroter selon le classement initial" in page.text
    answer = await admin_client.post(f"/admin/events/{store.event_id}/tournaments/{tid}/players/renumber",
                                     follow_redirects=False)
    assert answer.status_code == 303, answer.text[:300]
    store.changed_elsewhere()  # the app wrote through its own store of the same file
    assert await numbers(store, tid) == {"First": 1, "Second": 2}
