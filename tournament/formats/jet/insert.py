"""Adding rows to a table of a Jet4 file, as Jackcess's `Table.addRow` does, one row after the other: the row's
bytes (its layout as Jackcess's createRow writes it) on the table's last page with free space, or on a new data
page appended to the file; an entry in every index (full pages split as for updates, tree.py); the row count and
the indexes' unique entry counts in the table definition."""

from __future__ import annotations

import datetime as dt
import struct
from collections.abc import Mapping, Sequence

from .header import PAGE_DATA, PAGE_SIZE, JetError
from .index import IndexEntry, encode_key_column
from .rows import DATA_ROW_TABLE, usage_map_pages
from .tdef import COLUMN_AUTO_LONG, T_BOOL, T_DATETIME, T_LONG, T_TEXT, Column, TableDef, unique_count_position
from .tree import IndexTree
from .usage import set_usage_bit
from .write import FORMATS, add_data_row, check_value, encode_text, new_data_page, plan_index, row_fits

_EPOCH = dt.datetime(1899, 12, 30)
_OFF_NUM_ROWS = 16
_OFF_AUTONUMBER = 20
MAX_ROW_SIZE = PAGE_SIZE - DATA_ROW_TABLE - 2  # one row alone on a data page, with its offset entry


def _datetime_days(column_name: str, value: object) -> float:
    if isinstance(value, dt.datetime):
        moment = value.replace(tzinfo=None)
    elif isinstance(value, dt.date):
        moment = dt.datetime(value.year, value.month, value.day)
    else:
        raise JetError(f"column {column_name} (DateTime): {value!r} is not a date")
    return (moment - _EPOCH) / dt.timedelta(days=1)


def fixed_area(table: TableDef) -> int:
    """The size of a row's fixed-length area (Booleans live in the null mask)."""
    return max((c.fixed_offset + c.length for c in table.columns if c.fixed and c.type != T_BOOL), default=0)


def encode_row(
    table: TableDef,
    values: Mapping[str, object],
    fixed_end: int | None = None,
    known: dict[tuple[int, type, object], bytes] | None = None,
) -> bytes:
    """A new row's bytes: the column count, the fixed-length area (NULL cells zeroed), the variable-length values
    in slot order, the end of the values, the reversed offset table, the number of slots, the null mask (one bit
    per column, 1 = not NULL; a Boolean's bit is its value). Columns missing from `values` are NULL (Booleans
    false). `known`: values already checked and encoded, by column (rows of one table share most of them)."""
    unknown = set(values) - {c.name for c in table.columns}
    if unknown:
        raise JetError(f"table {table.name}: no column {sorted(unknown)[0]!r}")
    count = table.max_cols
    mask = bytearray((count + 7) // 8)
    fixed_end = fixed_area(table) if fixed_end is None else fixed_end
    known = {} if known is None else known
    body = bytearray(2 + fixed_end)
    struct.pack_into("<H", body, 0, count)
    var: dict[int, bytes] = {}
    for column in table.columns:
        value = values.get(column.name)
        if column.type == T_BOOL:
            check_value(column, bool(value))
            if value:
                mask[column.number // 8] |= 1 << (column.number % 8)
            continue
        if value is None:
            continue
        key = (column.number, type(value), value)
        raw = known.get(key)
        if raw is None:
            raw = known[key] = _encode_value(column, value)
        mask[column.number // 8] |= 1 << (column.number % 8)
        if column.fixed:
            body[2 + column.fixed_offset : 2 + column.fixed_offset + column.length] = raw
        else:
            var[column.var_index] = raw
    if table.num_var_cols:
        offsets = []
        for slot in range(table.num_var_cols):
            offsets.append(len(body))
            body += var.get(slot, b"")
        body += struct.pack("<H", len(body))  # the end of the variable values
        body += struct.pack(f"<{len(offsets) + 1}H", *reversed(offsets), table.num_var_cols)
    body += mask
    if len(body) > MAX_ROW_SIZE:
        raise JetError(f"table {table.name}: a row of {len(body)} bytes does not fit in a data page")
    return bytes(body)


def _encode_value(column: Column, value: object) -> bytes:
    """One non-NULL cell's bytes, checked (JetError for what the column cannot hold)."""
    if column.type == T_DATETIME:
        return struct.pack("<d", _datetime_days(column.name, value))
    check_value(column, value)
    if column.type == T_TEXT:
        return encode_text(column, str(value))
    if column.fixed and column.type in FORMATS:
        return struct.pack(FORMATS[column.type], value)
    raise JetError(f"column {column.name}: writing {column.type_name} columns is not supported")


class _Pages:
    """Where the next row goes, as Jackcess's findFreeRowSpace finds it: the last page the table owns that its
    free-space map lists and that is a data page, if the row fits there; else that page leaves the free-space map
    and a new data page is appended (the new last one of both maps)."""

    def __init__(self, data: bytearray, table: TableDef) -> None:
        self.data, self.table = data, table
        free = set(usage_map_pages(data, table.free_pages))
        owned = [n for n in usage_map_pages(data, table.owned_pages) if n in free]
        self.current = next((n for n in reversed(owned) if data[n * PAGE_SIZE] == PAGE_DATA), None)

    def page_for(self, size: int) -> int:
        data, table = self.data, self.table
        label = f"table {table.name}"
        if self.current is not None:
            if row_fits(data, self.current, size):
                return self.current
            set_usage_bit(data, table.free_pages, self.current, False, label)
        self.current = new_data_page(data, table, label)
        return self.current


def add_rows(data: bytearray, table: TableDef, rows: Sequence[Mapping[str, object]]) -> None:
    """Add `rows` to `table` in `data`, one after the other as separate Jackcess `addRow` calls would (each row's
    bytes, then its entries, then the full index pages split). Unique, primary and required indexes are checked
    on the final state before anything is written; JetError otherwise (the caller works on a copy)."""
    known = {c.name for c in table.columns}
    unknown = sorted({name for row in rows for name in row} - known)
    if unknown:
        raise JetError(f"table {table.name}: no column {unknown[0]!r}")
    rows = [_complete(table, row) for row in _autonumbered(data, table, rows)]
    fixed_end = fixed_area(table)
    cells: dict[tuple[int, type, object], bytes] = {}
    encoded = [encode_row(table, row, fixed_end, cells) for row in rows]
    names: dict[int, str] = {}
    primary: set[int] = set()
    for logical in table.logical_indexes:
        names.setdefault(logical.real_number, logical.name)
        if logical.index_type == 1:
            primary.add(logical.real_number)
    trees: dict[int, IndexTree] = {}
    by_number = {c.number: c for c in table.columns}
    keys: dict[int, list[bytes | None]] = {}
    for real in table.real_indexes:
        label = f"table {table.name}, index {names.get(real.number, real.number)}"
        trees[real.number] = tree = IndexTree(data, real, label)
        columns = [(by_number[n], asc) for n, asc in real.columns]
        moves = [(None, IndexEntry(_key(columns, row), 0, 0)) for row in rows]
        _new_keys, planned = plan_index(tree, real, moves, label, real.number in primary)
        keys[real.number] = [None if new is None else new.key for _old, new in planned]
    pages = _Pages(data, table)
    for i, raw in enumerate(encoded):
        number = pages.page_for(len(raw))
        row_number = add_data_row(data, number, raw, 0)
        for real in table.real_indexes:
            key = keys[real.number][i]
            if key is not None:
                trees[real.number].move(None, IndexEntry(key, number, row_number))
    for real in table.real_indexes:
        tree = trees[real.number]
        tree.write()
        # Access's "unique entry count": the number of distinct keys (what the Jackcess-built files hold).
        distinct = {e.key for p in tree.pages.values() if p.leaf and p.number not in tree.deleted for e in p.entries}
        struct.pack_into("<I", data, unique_count_position(table, real), len(distinct))
    at = table.tdef_page * PAGE_SIZE + _OFF_NUM_ROWS
    struct.pack_into("<I", data, at, int(struct.unpack_from("<I", data, at)[0]) + len(rows))


def _key(columns: list[tuple[Column, bool]], row: Mapping[str, object]) -> bytes:
    return b"".join(encode_key_column(column, asc, row[column.name]) for column, asc in columns)


def _autonumbered(data: bytearray, table: TableDef, rows: Sequence[Mapping[str, object]]) -> list[dict[str, object]]:
    """The rows with their autonumber (Long, flag 0x04) column filled: a given value is kept, a missing one is the
    table's next number; the table definition's next number becomes the largest (Jackcess's insert of given
    autonumbers)."""
    out = [dict(row) for row in rows]
    at = table.tdef_page * PAGE_SIZE + _OFF_AUTONUMBER
    last = int(struct.unpack_from("<I", data, at)[0])
    for column in table.columns:
        if column.type == T_LONG and column.flags & COLUMN_AUTO_LONG:
            for row in out:
                value = row.get(column.name)
                if value is None:
                    last += 1
                    row[column.name] = last
                elif isinstance(value, int) and not isinstance(value, bool):
                    last = max(last, value)
    struct.pack_into("<I", data, at, last)
    return out


def _complete(table: TableDef, row: Mapping[str, object]) -> dict[str, object]:
    """Every column's value (a missing one NULL, a missing Boolean false)."""
    return {c.name: bool(row.get(c.name)) if c.type == T_BOOL else row.get(c.name) for c in table.columns}
