"""The one API of the store: `EventStore` with its areas (`store.admin`, `store.roster`, `store.teams`…), each
write a typed method of one transaction."""

from __future__ import annotations

import pytest

from database.events import Change, EventChanged, TournamentChanged
from database.store import EventStore
from tournament.errors import Invalid


async def test_each_area_holds_its_store(store: EventStore) -> None:
    areas = [store.admin, store.roster, store.teams, store.rounds, store.imports, store.papi]
    assert [a._store for a in areas] == [store] * 6
    assert len({type(a) for a in areas}) == 6


async def test_typed_config_writes_by_kind(store: EventStore) -> None:
    timer_id = await store.admin.add_timer({"uniq_id": "t"})
    first = await store.admin.add_timer_hour(timer_id, {"uniq_id": "h1", "time_str": "14:00"})
    second = await store.admin.add_timer_hour(timer_id, {"uniq_id": "h2", "time_str": "15:00"})
    await store.admin.move_timer_hour(timer_id, second, -1)
    assert [h.id for h in await store.timer_hours(timer_id)] == [second, first]
    screen_id = await store.admin.add_screen({"uniq_id": "s", "type": "results", "timer_id": timer_id})
    await store.admin.update_screen(screen_id, {"name": "Hall"})
    assert (await store.screen("s")).name == "Hall"
    await store.admin.delete_timer(timer_id)
    assert (await store.screen("s")).timer_id is None
    assert await store.timers() == []


async def test_a_column_of_another_kind_is_refused_and_nothing_written(store: EventStore) -> None:
    timer_id = await store.admin.add_timer({"uniq_id": "t"})
    before = await store.journal_entries()
    with pytest.raises(Invalid):
        await store.admin.update_timer(timer_id, {"uniq_id": "u", "columns": 2})  # a screen's column
    assert [t.uniq_id for t in await store.timers()] == ["t"]
    assert await store.journal_entries() == before


async def test_a_tournament_update_announces_the_config_and_the_tournament(store: EventStore) -> None:
    tid = await store.admin.add_tournament({"uniq_id": "a", "name": "A"})
    seen: list[Change] = []
    store.subscribe(seen.append)
    await store.admin.update_tournament(tid, {"name": "Open A", "rounds": 7})
    assert [(type(e), getattr(e, "tid", None), e.what) for e in seen] == [
        (EventChanged, None, "config"), (TournamentChanged, tid, "tournament")]
    assert (await store.tournament(tid)).name == "Open A"
    await store.admin.delete_tournament(tid)
    assert await store.tournaments() == []


async def test_roster_adds_and_edits_players(store: EventStore) -> None:
    tid = await store.admin.add_tournament({"uniq_id": "a", "name": "A"})
    low = await store.roster.add_player(tid, {"last_name": "Low", "fide_rating": 1500})
    high = await store.roster.add_player(tid, {"last_name": "High", "fide_rating": 2000})
    assert [p.id for p in await store.players(tid)] == [high, low]  # renumbered by rating before round 1
    await store.roster.edit_player(tid, low, {"fide_rating": 2100})
    assert [p.id for p in await store.players(tid)] == [low, high]
    await store.roster.delete_player(tid, high)
    assert [p.last_name for p in await store.players(tid)] == ["Low"]
