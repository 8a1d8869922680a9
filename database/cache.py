"""The store's read cache: rows of the event file, kept until a commit writes a table they were read from.

Every read of an event's rows goes one way: `StoreCore.rows()` (database/base.py), one call on the reader
connection (the journal's own reads, database/journal.py, use that connection too). What is cached and what is
not:

- CACHED: the store's typed reads of database/reads.py (`info`, `tournaments`/`tournament`, `players`,
  `pairings`, `skipped_rounds`, `results_log`, `screens`/`screen`, `screen_sets`, `families`, `rotators`,
  `timers`, `timer_hours`, `illegal_moves`), through `StoreCore._all`: rows converted to their struct, kept
  here by (SQL, parameters) with the tables the read declares. These are what every screen reads on every
  request.
- NOT CACHED: the areas' reads (`store.teams.team_settings`/`load_team_event`, `store.papi.links`/`link_of`,
  `store.imports.stored_source`/`import_notes`), which call `rows()` directly and read the file each time
  (values derived from them may be kept by app/cache.py, keyed on the store's commit generation); and the
  journal's reads (`journal_entries`, `journal_players`,
  `recall`…), made by database/journal.py on the reader connection.

A commit drops the cached reads of the tables its transaction wrote (the journal's triggers say which,
database/tx.py); a commit that only changed results patches the cached pairing lists instead, so screens
keep their reads between results. A commit by another program clears the whole cache
(`StoreCore.changed_elsewhere`). `store.caching = False` turns the cache off (the benchmarks' baseline).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from database.events import ResultChanged
from tournament.models import Pairing

Key = tuple[str, tuple[Any, ...]]


def patched(p: Pairing, changed: dict[tuple[int, int, int, int], ResultChanged]) -> Pairing:
    if p.black_player_id is None:
        return p
    found = changed.get((p.tournament_id, p.round, p.white_player_id, p.black_player_id))
    if found is None:
        return p
    return msgspec.structs.replace(p, result=found.new, result_date=found.date, last_update=found.date)


class ReadCache:
    """Rows by (SQL, parameters), each with the tables it was read from."""

    def __init__(self) -> None:
        self._rows: dict[Key, tuple[frozenset[str], list[Any]]] = {}

    def get(self, key: Key) -> list[Any] | None:
        found = self._rows.get(key)
        return None if found is None else found[1]

    def put(self, key: Key, tables: frozenset[str], rows: list[Any]) -> None:
        self._rows[key] = (tables, rows)

    def clear(self) -> None:
        self._rows = {}

    def __len__(self) -> int:
        return len(self._rows)

    def drop(self, written: Iterable[str]) -> None:
        """Forget every read of a table that was written."""
        tables = frozenset(written)
        if tables:
            self._rows = {k: v for k, v in self._rows.items() if not v[0] & tables}

    def patch(self, results: list[ResultChanged], written: Iterable[str]) -> None:
        """After a commit that only changed results: the cached pairing lists with those results replaced;
        other reads of the written tables (result log, tournaments) dropped."""
        changed = {r.game.astuple(): r for r in results}
        tables = frozenset(written)
        kept: dict[Key, tuple[frozenset[str], list[Any]]] = {}
        for key, (read, rows) in self._rows.items():
            if read == {"pairing"}:
                kept[key] = (read, [patched(p, changed) for p in rows])
            elif not read & tables:
                kept[key] = (read, rows)
        self._rows = kept
