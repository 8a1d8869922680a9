"""`store.admin`: the admin pages' writes on an event file, one typed method per kind of row (create, update,
delete, reorder) and the configuration cloned from another event.

`values` are columns of the row written (the fields of its struct in tournament/models.py: `Screen`,
`ScreenSet`, `Family`, `Rotator`, `Timer`, `TimerHour`, `Tournament`); a name that is not one is refused
(Invalid) and nothing is written. Every write is one transaction journalled `admin: …` (`write`, also used by
database/roster.py) and announces what screens must refresh: `("config", None)` (screens reload) or
`(kind, tournament_id)` (that tournament's sections refetch). The generic writes by table name (`_insert`,
`_update`, `_delete`…) are this module's own: the typed methods of `Admin` are the entry.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

from database.event_file import Area, EventFile
from database.screens import changed_columns
from database.tx import Tx, columns_of
from tournament.errors import Invalid, NotFound
from tournament.models import (
    Family,
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

#: The columns of one row, by name (checked against the row's struct before anything is written).
Values = Mapping[str, Any]
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


def label(table: str, values: dict[str, Any], row_id: int | None = None) -> str:
    name = values.get("uniq_id") or values.get("name") or values.get("last_name")
    return f"{table.replace('_', ' ')} {name or row_id or ''}".strip()


def stamped(kind: type[Row], values: dict[str, Any]) -> dict[str, Any]:
    if "last_update" in columns_of(kind):
        return {**values, "last_update": time.time()}
    return dict(values)


async def row_of(tx: Tx, table: str, row_id: int) -> dict[str, Any]:
    cursor = await tx.execute(f"SELECT * FROM {table} WHERE id = ?", (row_id,))
    row = await cursor.fetchone()
    if row is None:
        raise NotFound("No %s %s.", table.replace("_", " "), row_id)
    return dict(row)


async def _insert(store: EventFile, table: str, values: dict[str, Any], *changes: tuple[str, int | None]) -> int:
    kind = TABLES[table]
    async with write(store, *(changes or (CONFIG,)), what="create", target=label(table, values),
                     tournament_id=values.get("tournament_id")) as tx:
        return await tx.insert(table, kind, stamped(kind, values))


async def _update(store: EventFile, table: str, row_id: int, values: dict[str, Any],
                 *changes: tuple[str, int | None]) -> None:
    kind = TABLES[table]
    target = label(table, values, row_id)
    async with write(store, *(changes or (CONFIG,)), what="edit", target=target,
                     tournament_id=values.get("tournament_id")) as tx:
        before = await row_of(tx, table, row_id)
        changed = [k for k, v in values.items() if k != "last_update" and before.get(k) != v]
        if changed:  # what the save changed, not every field of its form
            tx.journal("admin: edit", f"{target}: {', '.join(changed)}", tournament_id=values.get("tournament_id"))
        await tx.update(table, kind, row_id, stamped(kind, values))


async def _delete(store: EventFile, table: str, row_id: int, *changes: tuple[str, int | None]) -> None:
    if table not in TABLES:
        raise Invalid("Unknown table %r.", table)
    async with write(store, *(changes or (CONFIG,)), what="delete", target=label(table, {}, row_id)) as tx:
        await row_of(tx, table, row_id)
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

async def _add_child(store: EventFile, table: str, parent_id: int, values: dict[str, Any]) -> int:
    """Append a set or an hour after its siblings."""
    parent = ORDERED[table]
    kind = TABLES[table]
    async with write(store, CONFIG, what="create", target=label(table, values)) as tx:
        cursor = await tx.execute(f'SELECT coalesce(max("order"), 0) FROM {table} WHERE {parent} = ?', (parent_id,))
        row = await cursor.fetchone()
        position = (row[0] if row else 0) + 1
        return await tx.insert(table, kind, stamped(kind, {**values, parent: parent_id, "order": position}))


async def _move_child(store: EventFile, table: str, parent_id: int, row_id: int, delta: int) -> None:
    """Move a set or an hour up (`delta` = -1) or down (+1); positions are renumbered 1..n."""
    parent = ORDERED[table]
    async with write(store, CONFIG, what="reorder", target=label(table, {}, row_id)) as tx:
        cursor = await tx.execute(f'SELECT id FROM {table} WHERE {parent} = ? ORDER BY "order", id', (parent_id,))
        ids = [r[0] for r in await cursor.fetchall()]
        if row_id not in ids:
            raise NotFound("No %s %s here.", table.replace("_", " "), row_id)
        index = ids.index(row_id)
        target = max(0, min(len(ids) - 1, index + delta))
        ids.insert(target, ids.pop(index))
        for position, child_id in enumerate(ids, start=1):
            await tx.execute(f'UPDATE {table} SET "order" = ? WHERE id = ?', (position, child_id))


async def _move_rotator_item(store: EventFile, rotator_id: int, column: str, item_id: int, delta: int) -> None:
    if column not in ("screen_ids", "family_ids"):
        raise Invalid("Unknown rotator column %r.", column)
    async with write(store, CONFIG, what="reorder", target=f"rotator {rotator_id}") as tx:
        ids = _ids((await row_of(tx, "rotator", rotator_id))[column])
        if item_id not in ids:
            raise NotFound("Item %s is not in this rotator.", item_id)
        index = ids.index(item_id)
        ids.insert(max(0, min(len(ids) - 1, index + delta)), ids.pop(index))
        await tx.execute(f"UPDATE rotator SET {column} = ? WHERE id = ?", (json.dumps(ids), rotator_id))


# -- screens ------------------------------------------------------------------------------------

async def _create_screen(store: EventFile, values: dict[str, Any], first_set: dict[str, Any] | None) -> int:
    now = time.time()
    async with write(store, CONFIG, what="create", target=label("screen", values)) as tx:
        screen_id = await tx.insert("screen", Screen, {**values, "last_update": now})
        if first_set is not None:
            await tx.insert("screen_set", ScreenSet,
                                {**first_set, "screen_id": screen_id, "order": 1, "last_update": now})
        return screen_id


# -- players ------------------------------------------------------------------------------------

# -- clone --------------------------------------------------------------------------------------

CLONED_INFO = ("path", "background_image", "background_color", "update_password", "record_illegal_moves",
               "allow_results_deletion_on_input_screens", "timer_colors", "timer_delays", "arbiter_password")
RESET_TOURNAMENT = ("last_illegal_move_update", "last_result_update", "last_check_in_update", "last_ffe_upload",
                    "last_chessevent_download_md5")


async def _copy_configuration(source: EventFile, target: EventFile) -> None:
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


async def _update_info(store: EventFile, values: dict[str, Any]) -> None:
    unknown = set(values) - INFO_COLUMNS
    if unknown or not values:
        raise Invalid("Bad event settings: %s.", ", ".join(sorted(unknown)) or "none")
    values = {**values, "last_update": time.time()}
    sets = ", ".join(f'"{k}" = ?' for k in values)
    async with write(store, CONFIG, what="event settings") as tx:
        tx.journal("admin: event settings", await changed_columns(tx, values))
        await tx.execute(f"UPDATE info SET {sets}", tuple(values.values()))


class Admin(Area):
    """Screens and their sets, families, rotators, timers and their hours, tournaments, the event's settings."""

    # -- screens -------------------------------------------------------------------------------------------

    async def add_screen(self, values: Values, first_set: Values | None = None) -> int:
        """A new screen (and its first set, when given); returns its id."""
        return await _create_screen(self._store, dict(values), None if first_set is None else dict(first_set))

    async def update_screen(self, screen_id: int, values: Values) -> None:
        await _update(self._store, "screen", screen_id, dict(values))

    async def delete_screen(self, screen_id: int) -> None:
        """Delete a screen, its sets, and its place in every rotator."""
        await _delete(self._store, "screen", screen_id)

    async def add_screen_set(self, screen_id: int, values: Values) -> int:
        """A set appended after the screen's others; returns its id."""
        return await _add_child(self._store, "screen_set", screen_id, dict(values))

    async def update_screen_set(self, set_id: int, values: Values) -> None:
        await _update(self._store, "screen_set", set_id, dict(values))

    async def move_screen_set(self, screen_id: int, set_id: int, delta: int) -> None:
        """Move a set up (`delta` -1) or down (+1) among its screen's sets."""
        await _move_child(self._store, "screen_set", screen_id, set_id, delta)

    async def delete_screen_set(self, set_id: int) -> None:
        await _delete(self._store, "screen_set", set_id)

    # -- families and rotators -----------------------------------------------------------------------------

    async def add_family(self, values: Values) -> int:
        return await _insert(self._store, "family", dict(values))

    async def update_family(self, family_id: int, values: Values) -> None:
        await _update(self._store, "family", family_id, dict(values))

    async def delete_family(self, family_id: int) -> None:
        """Delete a family and its place in every rotator."""
        await _delete(self._store, "family", family_id)

    async def add_rotator(self, values: Values) -> int:
        return await _insert(self._store, "rotator", dict(values))

    async def update_rotator(self, rotator_id: int, values: Values) -> None:
        await _update(self._store, "rotator", rotator_id, dict(values))

    async def move_rotator_item(self, rotator_id: int, column: str, item_id: int, delta: int) -> None:
        """Move a screen (`column` "screen_ids") or a family ("family_ids") up (-1) or down (+1) in a rotator."""
        await _move_rotator_item(self._store, rotator_id, column, item_id, delta)

    async def delete_rotator(self, rotator_id: int) -> None:
        await _delete(self._store, "rotator", rotator_id)

    # -- timers --------------------------------------------------------------------------------------------

    async def add_timer(self, values: Values) -> int:
        return await _insert(self._store, "timer", dict(values))

    async def update_timer(self, timer_id: int, values: Values) -> None:
        await _update(self._store, "timer", timer_id, dict(values))

    async def delete_timer(self, timer_id: int) -> None:
        """Delete a timer; the screens and families that showed it show none."""
        await _delete(self._store, "timer", timer_id)

    async def add_timer_hour(self, timer_id: int, values: Values) -> int:
        """An hour appended after the timer's others; returns its id."""
        return await _add_child(self._store, "timer_hour", timer_id, dict(values))

    async def update_timer_hour(self, hour_id: int, values: Values) -> None:
        await _update(self._store, "timer_hour", hour_id, dict(values))

    async def move_timer_hour(self, timer_id: int, hour_id: int, delta: int) -> None:
        """Move an hour up (`delta` -1) or down (+1) among its timer's hours."""
        await _move_child(self._store, "timer_hour", timer_id, hour_id, delta)

    async def delete_timer_hour(self, hour_id: int) -> None:
        await _delete(self._store, "timer_hour", hour_id)

    # -- tournaments and the event -------------------------------------------------------------------------

    async def add_tournament(self, values: Values) -> int:
        """A new tournament (no player yet); returns its id."""
        return await _insert(self._store, "tournament", dict(values))

    async def update_tournament(self, tid: int, values: Values) -> None:
        """A tournament's settings; announces `("config", None)` and `("tournament", tid)`."""
        await _update(self._store, "tournament", tid, dict(values), CONFIG, ("tournament", tid))

    async def delete_tournament(self, tid: int) -> None:
        """Delete a tournament with its players and games, and its place in screens and rotators."""
        await _delete(self._store, "tournament", tid)

    async def update_settings(self, values: Values) -> None:
        """The event's settings (columns of `info`: name, dates, passwords, background, language…)."""
        await _update_info(self._store, dict(values))

    async def copy_configuration(self, source: EventFile) -> None:
        """Copy settings, tournaments (without players or results), screens, families, rotators, timers from
        `source`, row ids kept (a new event made from another one)."""
        await _copy_configuration(source, self._store)
