"""Admin writes on an event file: create, update, delete, reorder and clone configuration.

Every function is one transaction of the store and announces what screens must refresh:
`("config", None)` (screens reload) or `(kind, tournament_id)` (that tournament's sections refetch).
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from database.base import convert
from database.event_file import EventFile
from database.screens import changed_columns
from database.tournaments import renumber, round_one_paired
from database.tx import Tx, columns_of
from tournament.errors import Conflict, Invalid, NotFound
from tournament.models import (
    Family,
    Pairing,
    Player,
    Rotator,
    Row,
    Screen,
    ScreenSet,
    SkippedRound,
    Timer,
    TimerHour,
    Tournament,
)
from tournament.player_rules import ranking_changed
from tournament.results import ByeKind

CONFIG = ("config", None)
TABLES: dict[str, type[Row]] = {
    "tournament": Tournament, "player": Player, "screen": Screen, "screen_set": ScreenSet, "family": Family,
    "rotator": Rotator, "timer": Timer, "timer_hour": TimerHour, "skipped_round": SkippedRound,
}
#: Ordered children: table → the column naming their parent.
ORDERED = {"screen_set": "screen_id", "timer_hour": "timer_id"}


@asynccontextmanager
async def write(store: EventFile, *changes: tuple[str, int | None], what: str, target: str | None = None,
                tournament_id: int | None = None, undo_role: str = "admin") -> AsyncIterator[Tx]:
    """One admin transaction, journalled as `admin: <what>` (the single place admin writes are opened).
    `undo_role`: who may undo it; a player's record, which the arbiter's desk edits too, is the arbiter's."""
    async with store.transaction(*changes) as tx:
        tx.journal(f"admin: {what}", target, tournament_id=tournament_id)
        tx.needs(undo_role)  # a change made on the admin pages is undone there (database/journal.py)
        yield tx


def _label(table: str, values: dict[str, Any], row_id: int | None = None) -> str:
    name = values.get("uniq_id") or values.get("name") or values.get("last_name")
    return f"{table.replace('_', ' ')} {name or row_id or ''}".strip()


def _stamped(kind: type[Row], values: dict[str, Any]) -> dict[str, Any]:
    if "last_update" in columns_of(kind):
        return {**values, "last_update": time.time()}
    return dict(values)


async def _row(tx: Tx, table: str, row_id: int) -> dict[str, Any]:
    cursor = await tx.execute(f"SELECT * FROM {table} WHERE id = ?", (row_id,))
    row = await cursor.fetchone()
    if row is None:
        raise NotFound("No %s %s.", table.replace("_", " "), row_id)
    return dict(row)


async def insert(store: EventFile, table: str, values: dict[str, Any], *changes: tuple[str, int | None]) -> int:
    kind = TABLES[table]
    async with write(store, *(changes or (CONFIG,)), what="create", target=_label(table, values),
                     tournament_id=values.get("tournament_id")) as tx:
        return await tx.insert(table, kind, _stamped(kind, values))


async def update(store: EventFile, table: str, row_id: int, values: dict[str, Any],
                 *changes: tuple[str, int | None]) -> None:
    kind = TABLES[table]
    label = _label(table, values, row_id)
    async with write(store, *(changes or (CONFIG,)), what="edit", target=label,
                     tournament_id=values.get("tournament_id")) as tx:
        before = await _row(tx, table, row_id)
        changed = [k for k, v in values.items() if k != "last_update" and before.get(k) != v]
        if changed:  # what the save changed, not every field of its form
            tx.journal("admin: edit", f"{label}: {', '.join(changed)}", tournament_id=values.get("tournament_id"))
        await tx.update(table, kind, row_id, _stamped(kind, values))


async def delete(store: EventFile, table: str, row_id: int, *changes: tuple[str, int | None]) -> None:
    if table not in TABLES:
        raise Invalid("Unknown table %r.", table)
    async with write(store, *(changes or (CONFIG,)), what="delete", target=_label(table, {}, row_id)) as tx:
        await _row(tx, table, row_id)
        if table == "screen":
            await _drop_from_rotators(tx, "screen_ids", row_id)
        elif table == "family":
            await _drop_from_rotators(tx, "family_ids", row_id)
        elif table == "timer":
            for owner in ("screen", "family"):
                await tx.execute(f"UPDATE {owner} SET timer_id = NULL WHERE timer_id = ?", (row_id,))
        elif table == "tournament":
            await _drop_tournament_references(tx, row_id)
        await tx.execute(f"DELETE FROM {table} WHERE id = ?", (row_id,))  # gaps in "order" are harmless


async def _drop_from_rotators(tx: Tx, column: str, row_id: int) -> None:
    cursor = await tx.execute(f"SELECT id, {column} FROM rotator")
    for rotator_id, text in await cursor.fetchall():
        ids = _ids(text)
        if row_id in ids:
            kept = json.dumps([i for i in ids if i != row_id])
            await tx.execute(f"UPDATE rotator SET {column} = ? WHERE id = ?", (kept, rotator_id))


async def _drop_tournament_references(tx: Tx, tid: int) -> None:
    cursor = await tx.execute(
        "SELECT id, results_tournament_ids FROM screen WHERE results_tournament_ids IS NOT NULL")
    for screen_id, text in await cursor.fetchall():
        ids = _ids(text)
        if tid in ids:
            kept = json.dumps([i for i in ids if i != tid])
            await tx.execute("UPDATE screen SET results_tournament_ids = ? WHERE id = ?", (kept, screen_id))
    cursor = await tx.execute("SELECT id FROM family WHERE tournament_id = ?", (tid,))
    for (family_id,) in await cursor.fetchall():
        await _drop_from_rotators(tx, "family_ids", family_id)


def _ids(text: str | None) -> list[int]:
    try:
        values = json.loads(text or "[]")
    except ValueError:
        return []
    return [int(v) for v in values if isinstance(v, int)] if isinstance(values, list) else []


# -- ordered children (sets of a screen, hours of a timer, items of a rotator) -----------------

async def add_child(store: EventFile, table: str, parent_id: int, values: dict[str, Any]) -> int:
    """Append a set or an hour after its siblings."""
    parent = ORDERED[table]
    kind = TABLES[table]
    async with write(store, CONFIG, what="create", target=_label(table, values)) as tx:
        cursor = await tx.execute(f'SELECT coalesce(max("order"), 0) FROM {table} WHERE {parent} = ?', (parent_id,))
        row = await cursor.fetchone()
        position = (row[0] if row else 0) + 1
        return await tx.insert(table, kind, _stamped(kind, {**values, parent: parent_id, "order": position}))


async def move_child(store: EventFile, table: str, parent_id: int, row_id: int, delta: int) -> None:
    """Move a set or an hour up (`delta` = -1) or down (+1); positions are renumbered 1..n."""
    parent = ORDERED[table]
    async with write(store, CONFIG, what="reorder", target=_label(table, {}, row_id)) as tx:
        cursor = await tx.execute(f'SELECT id FROM {table} WHERE {parent} = ? ORDER BY "order", id', (parent_id,))
        ids = [r[0] for r in await cursor.fetchall()]
        if row_id not in ids:
            raise NotFound("No %s %s here.", table.replace("_", " "), row_id)
        index = ids.index(row_id)
        target = max(0, min(len(ids) - 1, index + delta))
        ids.insert(target, ids.pop(index))
        for position, child_id in enumerate(ids, start=1):
            await tx.execute(f'UPDATE {table} SET "order" = ? WHERE id = ?', (position, child_id))


async def move_rotator_item(store: EventFile, rotator_id: int, column: str, item_id: int, delta: int) -> None:
    if column not in ("screen_ids", "family_ids"):
        raise Invalid("Unknown rotator column %r.", column)
    async with write(store, CONFIG, what="reorder", target=f"rotator {rotator_id}") as tx:
        ids = _ids((await _row(tx, "rotator", rotator_id))[column])
        if item_id not in ids:
            raise NotFound("Item %s is not in this rotator.", item_id)
        index = ids.index(item_id)
        ids.insert(max(0, min(len(ids) - 1, index + delta)), ids.pop(index))
        await tx.execute(f"UPDATE rotator SET {column} = ? WHERE id = ?", (json.dumps(ids), rotator_id))


# -- screens ------------------------------------------------------------------------------------

async def create_screen(store: EventFile, values: dict[str, Any], first_set: dict[str, Any] | None) -> int:
    now = time.time()
    async with write(store, CONFIG, what="create", target=_label("screen", values)) as tx:
        screen_id = await tx.insert("screen", Screen, {**values, "last_update": now})
        if first_set is not None:
            await tx.insert("screen_set", ScreenSet,
                                {**first_set, "screen_id": screen_id, "order": 1, "last_update": now})
        return screen_id


# -- players ------------------------------------------------------------------------------------

async def skipped_rounds(store: EventFile, tid: int) -> list[SkippedRound]:
    return await store.skipped_rounds(tid)


async def add_player(store: EventFile, tid: int, values: dict[str, Any], missed: ByeKind = ByeKind.ZERO) -> int:
    """A new player; before round 1 everyone is renumbered by the initial ranking, after it the entrant gets the next
    number and a `missed` bye (zero or half a point) in every round already paired."""
    async with write(store, ("players", tid), what="late entrant", target=_label("player", values),
                     tournament_id=tid, undo_role="arbiter") as tx:
        cursor = await tx.execute("SELECT coalesce(max(pairing_number), 0) FROM player WHERE tournament_id = ?",
                                    (tid,))
        row = await cursor.fetchone()
        number = (row[0] if row else 0) + 1
        values = {**values, "tournament_id": tid, "pairing_number": number}
        player_id = await tx.insert("player", Player, _stamped(Player, values))
        if not await round_one_paired(tx, tid):  # before round 1 the numbers follow the initial ranking (C.04.2)
            await renumber(tx, tid)
            return player_id
        rounds = await tx.fetchall("SELECT DISTINCT round FROM pairing WHERE tournament_id = ?", (tid,))
        await tx.insert_many("pairing", Pairing, [
            {"tournament_id": tid, "round": r[0], "white_player_id": player_id, "bye_kind": missed.value,
             "last_update": values.get("last_update", time.time())} for r in rounds])
        tx.changed("pairings", tid)
        return player_id


async def _player(tx: Tx, tid: int, player_id: int) -> Player:
    rows = await tx.fetchall("SELECT * FROM player WHERE id = ? AND tournament_id = ?", (player_id, tid))
    if not rows:
        raise NotFound("No player %s in this tournament.", player_id)
    return convert(rows, Player)[0]


async def edit_player(store: EventFile, tid: int, player_id: int, values: dict[str, Any]) -> None:
    """A player's record changed (any field, at any time); before round 1, an edit that moves the player in the
    initial ranking (rating, title, name) renumbers the tournament in the same transaction."""
    async with write(store, ("players", tid), what="player record", target=_label("player", values, player_id),
                     tournament_id=tid, undo_role="arbiter") as tx:
        before = await _player(tx, tid, player_id)
        await tx.update("player", Player, player_id, _stamped(Player, values))
        tx.journal("admin: player record", _label("player", values, player_id), tournament_id=tid,
                   players=(player_id,))
        if ranking_changed(before, await _player(tx, tid, player_id)) and not await round_one_paired(tx, tid):
            await renumber(tx, tid)


async def delete_player(store: EventFile, tid: int, player_id: int) -> None:
    """Remove a player who has no pairing yet (no game, no bye); with a pairing the player stays (withdraw)."""
    async with write(store, ("players", tid), what="delete", tournament_id=tid, undo_role="arbiter") as tx:
        player = await _player(tx, tid, player_id)
        tx.journal("admin: delete", _label("player", {"last_name": player.shown_name}), tournament_id=tid,
                   players=(player_id,))
        if await tx.fetchone("SELECT 1 FROM pairing WHERE tournament_id = ? AND (white_player_id = ?"
                             " OR black_player_id = ?) LIMIT 1", (tid, player_id, player_id)) is not None:
            raise Conflict("%s is in the pairings already: withdraw the player instead. Nothing was changed.",
                           player.shown_name)
        for table in ("skipped_round", "illegal_move"):
            column = "papi_player_id" if table == "skipped_round" else "player_id"
            await tx.execute(f"DELETE FROM {table} WHERE tournament_id = ? AND {column} = ?", (tid, player_id))
        await tx.execute("DELETE FROM player WHERE id = ?", (player_id,))
        if not await round_one_paired(tx, tid):
            await renumber(tx, tid)


async def withdraw_player(store: EventFile, tid: int, player_id: int, rounds: list[int], score: float) -> None:
    """Skip `rounds` (not yet paired) for a player: one `skipped_round` row each, replacing older ones."""
    async with write(store, ("players", tid), what="withdraw", target=f"player {player_id} rounds {rounds}",
                     tournament_id=tid) as tx:
        player = await _row(tx, "player", player_id)
        if player["tournament_id"] != tid:
            raise NotFound("No player %s in this tournament.", player_id)
        for rnd in rounds:
            cursor = await tx.execute("SELECT 1 FROM pairing WHERE tournament_id = ? AND round = ? LIMIT 1",
                                        (tid, rnd))
            if await cursor.fetchone() is not None:
                raise Conflict("Round %s was paired meanwhile; nothing was changed.", rnd)
            await tx.execute("DELETE FROM skipped_round WHERE tournament_id = ? AND round = ? AND papi_player_id = ?",
                               (tid, rnd, player_id))
            await tx.insert("skipped_round", SkippedRound,
                                {"tournament_id": tid, "round": rnd, "papi_player_id": player_id, "score": score})


async def cancel_withdrawal(store: EventFile, tid: int, player_id: int) -> None:
    """Remove the player's skipped rounds that are not paired yet."""
    async with write(store, ("players", tid), what="cancel withdrawal", target=f"player {player_id}",
                     tournament_id=tid) as tx:
        await tx.execute(
            "DELETE FROM skipped_round WHERE tournament_id = ? AND papi_player_id = ? AND round NOT IN"
            " (SELECT DISTINCT round FROM pairing WHERE tournament_id = ?)", (tid, player_id, tid))


# -- clone --------------------------------------------------------------------------------------

CLONED_INFO = ("path", "background_image", "background_color", "update_password", "record_illegal_moves",
               "allow_results_deletion_on_input_screens", "timer_colors", "timer_delays", "arbiter_password")
RESET_TOURNAMENT = ("last_illegal_move_update", "last_result_update", "last_check_in_update", "last_ffe_upload",
                    "last_chessevent_download_md5")


async def copy_configuration(source: EventFile, target: EventFile) -> None:
    """Copy settings, tournaments (without players or results), screens, families, rotators, timers.

    Row ids are kept, so every reference (sets, JSON lists, timers) stays valid in the new file.
    """
    info = await source.info()
    tournaments = await source.tournaments()
    timers = await source.timers()
    hours = [h for t in timers for h in await source.timer_hours(t.id)]
    plan: list[tuple[str, type[Row], list[Row]]] = [
        ("timer", Timer, list(timers)), ("timer_hour", TimerHour, list[Row](hours)),
        ("tournament", Tournament, list(tournaments)), ("screen", Screen, list(await source.screens())),
        ("screen_set", ScreenSet, list(await source.screen_sets())), ("family", Family, list(await source.families())),
        ("rotator", Rotator, list(await source.rotators())),
    ]
    now = time.time()
    async with write(target, CONFIG, what="clone", target=f"from {source.event_id}") as tx:
        values = {k: getattr(info, k) for k in CLONED_INFO}
        sets = ", ".join(f'"{k}" = ?' for k in values)
        await tx.execute(f"UPDATE info SET {sets}, last_update = ?", (*values.values(), now))
        for table, kind, rows in plan:
            for row in rows:
                data = {k: getattr(row, k) for k in kind.__struct_fields__}
                if table == "tournament":
                    data.update({k: None for k in RESET_TOURNAMENT if k.endswith("md5")})
                    data.update({k: 0.0 for k in RESET_TOURNAMENT if not k.endswith("md5")})
                if "last_update" in data:
                    data["last_update"] = now
                await tx.insert(table, kind, data)


# -- event settings -------------------------------------------------------------------------------

INFO_COLUMNS = frozenset({"name", "start", "stop", "public", "path", "background_image", "background_color",
                          "update_password", "record_illegal_moves", "allow_results_deletion_on_input_screens",
                          "timer_colors", "timer_delays", "arbiter_password", "language",
                          "publish_remote", "public_address"})


async def update_info(store: EventFile, values: dict[str, Any]) -> None:
    unknown = set(values) - INFO_COLUMNS
    if unknown or not values:
        raise Invalid("Bad event settings: %s.", ", ".join(sorted(unknown)) or "none")
    values = {**values, "last_update": time.time()}
    sets = ", ".join(f'"{k}" = ?' for k in values)
    async with write(store, CONFIG, what="event settings") as tx:
        tx.journal("admin: event settings", await changed_columns(tx, values))
        await tx.execute(f"UPDATE info SET {sets}", tuple(values.values()))
