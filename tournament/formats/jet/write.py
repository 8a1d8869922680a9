"""Changing cells of existing rows of a Jet4 file, and keeping the indexes on those cells in step."""

from __future__ import annotations

import struct
from collections.abc import Mapping

from .header import PAGE_SIZE, JetError
from .index import IndexEntry, encode_key_column
from .rows import DATA_FREE_SPACE, DATA_ROW_TABLE, ROW_OFFSET_MASK, RowLayout, row_layout, row_slots
from .tdef import (
    T_BOOL,
    T_BYTE,
    T_DOUBLE,
    T_FLOAT,
    T_INT,
    T_LONG,
    T_TEXT,
    Column,
    RealIndex,
    TableDef,
)
from .tree import IndexTree

_RANGES = {T_BYTE: (0, 255), T_INT: (-32768, 32767), T_LONG: (-(2**31), 2**31 - 1)}
_FORMATS = {T_BYTE: "<B", T_INT: "<h", T_LONG: "<i", T_FLOAT: "<f", T_DOUBLE: "<d"}


def encode_text(column: Column, value: str) -> bytes:
    """Text as Jackcess stores it: compressed unicode when the column allows it, the text has more than
    two characters and all are in U+0001..U+00FF; UTF-16LE otherwise."""
    if len(value) > column.length // 2:
        raise JetError(f"column {column.name}: {value!r} is longer than {column.length // 2} characters")
    if column.compressed_unicode and 2 < len(value) <= 1024 and all(1 <= ord(c) <= 0xFF for c in value):
        return b"\xff\xfe" + value.encode("latin-1")
    return value.encode("utf-16-le")


def check_value(column: Column, value: object) -> None:
    """Refuse what the writer cannot store in this column."""
    if value is None:
        if column.type == T_BOOL:
            raise JetError(f"column {column.name} (Boolean) cannot be NULL")
        return
    if column.type == T_BOOL:
        if not isinstance(value, bool):
            raise JetError(f"column {column.name} (Boolean): {value!r} is not a bool")
    elif column.type in _RANGES:
        low, high = _RANGES[column.type]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise JetError(f"column {column.name} ({column.type_name}): {value!r} is not an integer in {low}..{high}")
    elif column.type in (T_FLOAT, T_DOUBLE):
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise JetError(f"column {column.name} ({column.type_name}): {value!r} is not a number")
    elif column.type == T_TEXT:
        if not isinstance(value, str):
            raise JetError(f"column {column.name} (Text): {value!r} is not a string")
        encode_text(column, value)
    else:
        raise JetError(f"column {column.name}: writing {column.type_name} columns is not supported")


def _set_bit(row: bytearray, layout: RowLayout, column: Column, on: bool) -> None:
    if column.number >= layout.num_cols:
        raise JetError(f"column {column.name} is not stored in this row (older row layout)")
    at = layout.null_mask + column.number // 8
    if on:
        row[at] |= 1 << (column.number % 8)
    else:
        row[at] &= ~(1 << (column.number % 8)) & 0xFF


def patch_row(row: bytes, table: TableDef, changes: dict[str, object]) -> bytes:
    """The row with `changes` applied: fixed-length columns and the null mask in place; variable-length
    columns rebuilt (the row may then change length)."""
    out = bytearray(row)
    layout = row_layout(out, table)
    var_values: dict[int, bytes | None] = {}
    for name, value in changes.items():
        column = table.column(name)
        check_value(column, value)
        if column.type == T_BOOL:
            _set_bit(out, layout, column, bool(value))
        elif column.fixed:
            at = 2 + column.fixed_offset
            raw = bytes(column.length) if value is None else struct.pack(_FORMATS[column.type], value)
            out[at : at + column.length] = raw
            _set_bit(out, layout, column, value is not None)
        else:
            var_values[column.var_index] = None if value is None else encode_text(column, str(value))
            _set_bit(out, layout, column, value is not None)
    if not var_values:
        return bytes(out)
    return _rebuild_var_area(out, table, layout, var_values)


def _rebuild_var_area(row: bytearray, table: TableDef, layout: RowLayout, new: dict[int, bytes | None]) -> bytes:
    """Rebuild the variable area: values in var-index order, the end offset (eod), the reversed offset table."""
    if layout.var_count == 0:
        raise JetError("row without a variable-length area: not supported")
    fixed_end = layout.var_offsets[0]
    count = max([layout.var_count, *(i + 1 for i, v in new.items() if v is not None)])
    values: list[bytes] = []
    for i in range(count):
        if i in new:
            values.append(new[i] or b"")
        elif i < layout.var_count:
            values.append(bytes(row[layout.var_offsets[i] : layout.var_offsets[i + 1]]))
        else:
            values.append(b"")
    body = bytearray(row[:fixed_end])
    offsets = []
    for value in values:
        offsets.append(len(body))
        body += value
    offsets.append(len(body))  # eod
    for offset in reversed(offsets):
        body += struct.pack("<H", offset)
    body += struct.pack("<H", count)
    body += row[layout.null_mask :]
    return bytes(body)


def replace_row(data: bytearray, page_number: int, row_number: int, new_row: bytes) -> None:
    """Put `new_row` in place of row `row_number` of a data page, moving the rows below it when the length
    changes (the row offset table and the free space follow); JetError if the page has no room."""
    slots = row_slots(data, page_number)
    slot = slots[row_number]
    base = page_number * PAGE_SIZE
    delta = len(new_row) - (slot.end - slot.start)
    if delta == 0:
        data[base + slot.start : base + slot.end] = new_row
        return
    low = min(s.start for s in slots)
    free = low - (DATA_ROW_TABLE + 2 * len(slots))
    if delta > free:
        raise JetError(f"data page {page_number} has {free} bytes free, row {row_number} needs {delta} more")
    moved = bytes(data[base + low : base + slot.start])
    if delta < 0:
        data[base + low : base + low - delta] = bytes(-delta)
    data[base + low - delta : base + slot.start - delta] = moved
    data[base + slot.start - delta : base + slot.end] = new_row
    for s in slots[row_number:]:
        at = base + DATA_ROW_TABLE + 2 * s.row
        raw = int(struct.unpack_from("<H", data, at)[0])
        struct.pack_into("<H", data, at, (raw & ~ROW_OFFSET_MASK) | ((raw & ROW_OFFSET_MASK) - delta))
    old_free = int(struct.unpack_from("<H", data, base + DATA_FREE_SPACE)[0])
    struct.pack_into("<H", data, base + DATA_FREE_SPACE, old_free - delta)


def index_key(table: TableDef, real: RealIndex, values: Mapping[str, object]) -> bytes:
    """The key bytes of a row's values in a real index."""
    by_number = {c.number: c for c in table.columns}
    return b"".join(encode_key_column(by_number[n], asc, values[by_number[n].name]) for n, asc in real.columns)


def update_index(data: bytearray, real: RealIndex, moves: list[tuple[IndexEntry, IndexEntry]], label: str) -> int:
    """Replace entries (old -> new, same row) in an index, one row after the other as Jackcess would (see
    tree.py). The uniqueness of a unique index is checked on the final state first (a second non-NULL equal
    key is refused). Writes the changed pages into `data` (new pages appended); returns how many added keys
    were new to the index (Access's "unique entry count" only ever grows by those)."""
    tree = IndexTree(data, real, label)
    keys = [e.key for p in tree.pages.values() if p.leaf for e in p.entries]
    remaining = list(keys)
    for old, _new in moves:
        if old.key not in remaining:
            raise JetError(f"{label}: no entry for row {old.page}:{old.row} (the index disagrees with the rows)")
        remaining.remove(old.key)
    present = set(remaining)
    added_new = 0
    for _old, new in moves:
        if new.key in present:
            if real.unique and new.key[:1] not in (b"\x00", b"\xff"):
                raise JetError(f"{label}: a second row would hold the same key (unique index)")
        else:
            added_new += 1
            present.add(new.key)
    for old, new in moves:
        tree.move(old, new)
    tree.write()
    return added_new
