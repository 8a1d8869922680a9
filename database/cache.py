"""The store's read cache: rows of the event file, kept until a commit writes a table they were read from.

Each cached read names the tables it reads (declared by the read, never parsed from its SQL). A
commit drops the reads of the tables its transaction wrote (the journal's triggers say which,
database/tx.py); a commit that only changed results patches the cached pairing lists instead, so
screens keep their reads between results.
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
