"""The one API of the store: `EventStore` with its areas (`store.admin`, `store.roster`, `store.teams`…), each
write a typed method of one transaction."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

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


# -- the one API: what code outside database/ may take from it -------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
#: Where the rule holds: the program, the benchmarks and every test but those of database/ itself.
CHECKED = ("app", "web", "cli", "bench", "tests")
#: Tests and benchmarks of database/'s own internals (the journal's triggers).
INSIDE = ("tests/database/", "bench/journal_triggers.py")
#: Functions of database/ that take no store: the actor of a request's writes, an undo's rule, an event id's
#: check, SQLite's errors in an arbiter's words, a file's stamp, the schema's script and migrations, the rating
#: list's own file (database/ratings.py: not an event file) replaced.
NOT_STORE_FUNCTIONS = {("database.journal", "acting_as"), ("database.journal", "may_undo"),
                       ("database.registry", "check_event_id"), ("database.connection", "storage_error"),
                       ("database.watch", "stamp"), ("database.template", "creation_script"),
                       ("database.template", "dump"), ("database.migrations", "sql_of"),
                       ("database.ratings", "replace_list")}


def offences(source: str, where: str) -> list[str]:
    """Imports of database/ that bypass the store's API: a module of database/ (its functions take a store or
    a transaction), or a function of one (other than the few that take no store)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"{where}:{node.lineno}: import {a.name}" for a in node.names if a.name.startswith("database.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("database"):
            for alias in node.names:
                module = importlib.import_module(node.module or "")
                value = getattr(module, alias.name, None)
                if value is None and hasattr(module, "__path__"):  # a package: its module not imported yet
                    value = importlib.import_module(f"{node.module}.{alias.name}")
                if inspect.ismodule(value):
                    found.append(f"{where}:{node.lineno}: from {node.module} import {alias.name} (a module)")
                elif inspect.isroutine(value) and (node.module, alias.name) not in NOT_STORE_FUNCTIONS:
                    found.append(f"{where}:{node.lineno}: from {node.module} import {alias.name} (a function)")
    return found


def test_the_rule_sees_a_function_or_a_module_of_database() -> None:
    assert offences("from database.tournaments import renumber\n", "x.py") == [
        "x.py:1: from database.tournaments import renumber (a function)"]
    assert offences("from database import admin\nimport database.rounds\n", "x.py") == [
        "x.py:1: from database import admin (a module)", "x.py:2: import database.rounds"]
    allowed = ("from database.store import EventStore\nfrom database.rounds import NewPairing\n"
               "from database.journal import acting_as\nfrom database.errors import ResultConflict\n")
    assert offences(allowed, "x.py") == []


def test_code_outside_database_uses_only_the_store_api() -> None:
    """Outside database/ a write goes through `store.<area>.<method>()` (or the store's own methods): no module
    or function of database/ is imported, so none is called with a store or a transaction."""
    found = []
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if not where.startswith(INSIDE):
                found += offences(path.read_text(encoding="utf-8"), where)
    assert found == []
