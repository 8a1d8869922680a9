"""Checking a written file against the file it came from and the changes asked for, by reading both back:
for the caller that must verify a copy before it replaces the arbiter's file (issue 23, item 5)."""

from __future__ import annotations

from collections.abc import Mapping

from .database import JetDatabase
from .header import PAGE_INDEX_LEAF, PAGE_INDEX_NODE, PAGE_SIZE, JetError
from .rows import Value, decode_row, iter_rows, key_cell
from .tdef import INDEX_IGNORE_NULLS
from .write import index_key


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _same(a: object, b: object) -> bool:
    """Equal, floats within Single precision (a Single column reads back 0.1 as 0.10000000149)."""
    x, y = _number(a), _number(b)
    if x is not None and y is not None and (isinstance(a, float) or isinstance(b, float)):
        return abs(x - y) <= 1e-6 * max(1.0, abs(x))
    return a == b


def verify_changes(
    before: bytes, after: bytes, table: str, key_column: str, changes: Mapping[object, Mapping[str, object]]
) -> None:
    """JetError unless `after` reads as `before` with exactly `changes` made (rows of every table, cell by
    cell), with page 0 and the table definitions unchanged (but for index statistics), and every index of
    every table consistent with its rows (see check_indexes)."""
    old, new = JetDatabase.from_bytes(before), JetDatabase.from_bytes(after)
    if before[:PAGE_SIZE] != after[:PAGE_SIZE]:
        raise JetError("page 0 changed")
    if old.table_names(system=True) != new.table_names(system=True):
        raise JetError("the list of tables changed")
    for name in old.table_names():
        a, b = old.table(name), new.table(name)
        if (a.columns, a.logical_indexes, a.num_rows) != (b.columns, b.logical_indexes, b.num_rows):
            raise JetError(f"table {name}: its definition changed")
        raw_a = {(s.page, s.row): (x, y) for s, x, y in iter_rows(before, a)}
        raw_b = {(s.page, s.row): (x, y) for s, x, y in iter_rows(after, b)}
        if raw_a.keys() != raw_b.keys():
            raise JetError(f"table {name}: rows were added or lost")
        key_col = a.column(key_column) if name == table else None
        for row_id, (xa, ya) in raw_a.items():
            xb, yb = raw_b[row_id]
            key = None if key_col is None else key_cell(before, before[xa:ya], a, key_col)
            if before[xa:ya] == after[xb:yb] and key not in changes:
                continue  # the same bytes: the same cells (long values aside: Papi tables have none)
            row_a = decode_row(before, a, xa, ya)
            row_b: Mapping[str, Value] = decode_row(after, b, xb, yb)
            expected: dict[str, object] = {**row_a, **(changes.get(key, {}) if key_col is not None else {})}
            wrong = [c for c in expected if not _same(expected[c], row_b[c])]
            if wrong:
                raise JetError(
                    f"table {name}: row {key!r} reads {wrong[0]} = {row_b[wrong[0]]!r}, not {expected[wrong[0]]!r}"
                )
        if name == table:
            keys = [key_cell(after, after[x:y], b, b.column(key_column)) for x, y in raw_b.values()]
            if len(set(keys)) != len(keys) or any(k not in keys for k in changes):
                raise JetError(f"table {name}: rows with the keys asked for are missing or duplicated")
    changed = {column for cells in changes.values() for column in cells}
    numbers = {c.number for c in new.table(table).columns if c.name in changed}
    allowed: set[int] = set()  # the pages of the indexes on changed columns, as they are now
    for logical in new.table(table).logical_indexes:
        if any(n in numbers for n, _asc in new.table(table).real_indexes[logical.real_number].columns):
            allowed.update(p.number for p in new.index_pages(table, logical.name))
    index_types = {PAGE_INDEX_NODE, PAGE_INDEX_LEAF}
    for number in range(len(after) // PAGE_SIZE):
        at = number * PAGE_SIZE
        page_a, page_b = before[at : at + PAGE_SIZE] or bytes(PAGE_SIZE), after[at : at + PAGE_SIZE]
        if page_a != page_b and {page_a[0], page_b[0]} & index_types and number not in allowed:
            raise JetError(f"index page {number} changed though it belongs to no index on a changed column")
    check_indexes(after, {table: changed})


def check_indexes(data: bytes, only: Mapping[str, set[str]] | None = None) -> None:
    """JetError unless every index of every user table has one entry per row (none for an all-NULL key of an
    index that ignores NULLs), in order, each the key of the row it points at (where the key can be encoded),
    every intermediate entry its child's last entry, the leaves chained from first to last. With `only`,
    just the indexes of those tables on those columns."""
    db = JetDatabase.from_bytes(data)
    for name in db.table_names():
        if only is not None and name not in only:
            continue
        table = db.table(name)
        rows: dict[tuple[int, int], dict[str, Value]] = {}
        for logical in table.logical_indexes:
            real = table.real_indexes[logical.real_number]
            if only is not None:
                numbers = {c.number for c in table.columns if c.name in only[name]}
                if not any(n in numbers for n, _asc in real.columns):
                    continue
            label = f"table {name}, index {logical.name}"
            if not rows:
                rows = {(s.page, s.row): decode_row(data, table, a, b) for s, a, b in iter_rows(data, table)}
            entries = db.index_entries(name, logical.name)
            if entries != sorted(entries):
                raise JetError(f"{label}: entries out of order")
            null_key = bytes(0x00 if asc else 0xFF for _c, asc in real.columns)
            wanted: dict[tuple[int, int], bytes | None] = {}
            for row_id, row in rows.items():
                try:
                    wanted[row_id] = index_key(table, real, row)
                except JetError:
                    wanted[row_id] = None  # characters the encoder refuses: the entry is only counted
            if real.flags & INDEX_IGNORE_NULLS:
                wanted = {k: v for k, v in wanted.items() if v != null_key}
            if sorted(e.row_id for e in entries) != sorted(wanted):
                raise JetError(f"{label}: entries and rows disagree")
            for e in entries:
                key = wanted[e.row_id]
                if key is not None and key != e.key:
                    raise JetError(f"{label}: the entry of row {e.page}:{e.row} is not its key")
            pages = {p.number: p for p in db.index_pages(name, logical.name)}
            for p in pages.values():
                for e in p.entries if not p.leaf else ():
                    child = pages.get(e.child or 0)
                    if child is None or not child.entries or child.entries[-1].row_id != e.row_id:
                        raise JetError(f"{label}: page {p.number} names page {e.child} wrongly")
            leaves = [p for p in pages.values() if p.leaf]
            chain = [p for p in leaves if p.prev_page == 0]
            while chain and chain[-1].next_page and len(chain) <= len(leaves):
                chain.append(pages[chain[-1].next_page])
            if [e for p in chain for e in p.entries] != entries:
                raise JetError(f"{label}: the leaves are not chained in order")
