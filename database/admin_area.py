"""`store.admin` and `store.roster`: the admin pages' writes, one typed method per kind of row.

`values` are columns of the row written (the fields of its struct in tournament/models.py: `Screen`,
`ScreenSet`, `Family`, `Rotator`, `Timer`, `TimerHour`, `Tournament`, `Player`); a name that is not one is
refused (Invalid) and nothing is written. Each method is one transaction journalled `admin: …` by
database/admin.py, announcing `("config", None)` (every screen reloads) unless said otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from database import admin as ad
from database.event_file import Area
from tournament.results import ByeKind

#: The columns of one row, by name (checked against the row's struct before anything is written).
Values = Mapping[str, Any]


class Admin(Area):
    """Screens and their sets, families, rotators, timers and their hours, tournaments, the event's settings."""

    # -- screens -------------------------------------------------------------------------------------------

    async def add_screen(self, values: Values, first_set: Values | None = None) -> int:
        """A new screen (and its first set, when given); returns its id."""
        return await ad.create_screen(self._store, dict(values), None if first_set is None else dict(first_set))

    async def update_screen(self, screen_id: int, values: Values) -> None:
        await ad.update(self._store, "screen", screen_id, dict(values))

    async def delete_screen(self, screen_id: int) -> None:
        """Delete a screen, its sets, and its place in every rotator."""
        await ad.delete(self._store, "screen", screen_id)

    async def add_screen_set(self, screen_id: int, values: Values) -> int:
        """A set appended after the screen's others; returns its id."""
        return await ad.add_child(self._store, "screen_set", screen_id, dict(values))

    async def update_screen_set(self, set_id: int, values: Values) -> None:
        await ad.update(self._store, "screen_set", set_id, dict(values))

    async def move_screen_set(self, screen_id: int, set_id: int, delta: int) -> None:
        """Move a set up (`delta` -1) or down (+1) among its screen's sets."""
        await ad.move_child(self._store, "screen_set", screen_id, set_id, delta)

    async def delete_screen_set(self, set_id: int) -> None:
        await ad.delete(self._store, "screen_set", set_id)

    # -- families and rotators -----------------------------------------------------------------------------

    async def add_family(self, values: Values) -> int:
        return await ad.insert(self._store, "family", dict(values))

    async def update_family(self, family_id: int, values: Values) -> None:
        await ad.update(self._store, "family", family_id, dict(values))

    async def delete_family(self, family_id: int) -> None:
        """Delete a family and its place in every rotator."""
        await ad.delete(self._store, "family", family_id)

    async def add_rotator(self, values: Values) -> int:
        return await ad.insert(self._store, "rotator", dict(values))

    async def update_rotator(self, rotator_id: int, values: Values) -> None:
        await ad.update(self._store, "rotator", rotator_id, dict(values))

    async def move_rotator_item(self, rotator_id: int, column: str, item_id: int, delta: int) -> None:
        """Move a screen (`column` "screen_ids") or a family ("family_ids") up (-1) or down (+1) in a rotator."""
        await ad.move_rotator_item(self._store, rotator_id, column, item_id, delta)

    async def delete_rotator(self, rotator_id: int) -> None:
        await ad.delete(self._store, "rotator", rotator_id)

    # -- timers --------------------------------------------------------------------------------------------

    async def add_timer(self, values: Values) -> int:
        return await ad.insert(self._store, "timer", dict(values))

    async def update_timer(self, timer_id: int, values: Values) -> None:
        await ad.update(self._store, "timer", timer_id, dict(values))

    async def delete_timer(self, timer_id: int) -> None:
        """Delete a timer; the screens and families that showed it show none."""
        await ad.delete(self._store, "timer", timer_id)

    async def add_timer_hour(self, timer_id: int, values: Values) -> int:
        """An hour appended after the timer's others; returns its id."""
        return await ad.add_child(self._store, "timer_hour", timer_id, dict(values))

    async def update_timer_hour(self, hour_id: int, values: Values) -> None:
        await ad.update(self._store, "timer_hour", hour_id, dict(values))

    async def move_timer_hour(self, timer_id: int, hour_id: int, delta: int) -> None:
        """Move an hour up (`delta` -1) or down (+1) among its timer's hours."""
        await ad.move_child(self._store, "timer_hour", timer_id, hour_id, delta)

    async def delete_timer_hour(self, hour_id: int) -> None:
        await ad.delete(self._store, "timer_hour", hour_id)

    # -- tournaments and the event -------------------------------------------------------------------------

    async def add_tournament(self, values: Values) -> int:
        """A new tournament (no player yet); returns its id."""
        return await ad.insert(self._store, "tournament", dict(values))

    async def update_tournament(self, tid: int, values: Values) -> None:
        """A tournament's settings; announces `("config", None)` and `("tournament", tid)`."""
        await ad.update(self._store, "tournament", tid, dict(values), ad.CONFIG, ("tournament", tid))

    async def delete_tournament(self, tid: int) -> None:
        """Delete a tournament with its players and games, and its place in screens and rotators."""
        await ad.delete(self._store, "tournament", tid)

    async def update_settings(self, values: Values) -> None:
        """The event's settings (columns of `info`: name, dates, passwords, background, language…)."""
        await ad.update_info(self._store, dict(values))


class Roster(Area):
    """`store.roster`: a tournament's players as the arbiter edits them; each write announces `("players", tid)`
    and is undone by an arbiter (database/journal.py)."""

    async def add_player(self, tid: int, values: Values, missed: ByeKind = ByeKind.ZERO) -> int:
        """A new player; before round 1 everyone is renumbered by the initial ranking, after it the entrant gets
        the next number and a `missed` bye (zero or half a point) in every round already paired."""
        return await ad.add_player(self._store, tid, dict(values), missed)

    async def edit_player(self, tid: int, player_id: int, values: Values) -> None:
        """A player's record changed (any field, at any time); before round 1, an edit that moves the player in
        the initial ranking (rating, title, name) renumbers the tournament in the same transaction."""
        await ad.edit_player(self._store, tid, player_id, dict(values))

    async def delete_player(self, tid: int, player_id: int) -> None:
        """Remove a player who has no pairing yet (no game, no bye); with a pairing the player stays (withdraw)."""
        await ad.delete_player(self._store, tid, player_id)

    async def withdraw_player(self, tid: int, player_id: int, rounds: list[int], score: float) -> None:
        """Skip `rounds` (not yet paired) for a player: one `skipped_round` row each, replacing older ones."""
        await ad.withdraw_player(self._store, tid, player_id, rounds, score)

    async def cancel_withdrawal(self, tid: int, player_id: int) -> None:
        """Remove the player's skipped rounds that are not paired yet."""
        await ad.cancel_withdrawal(self._store, tid, player_id)
