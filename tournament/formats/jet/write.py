"""Changing cells of existing rows of a Jet4 file, and keeping the indexes on those cells in step."""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Mapping, Sequence

from .header import PAGE_DATA, PAGE_SIZE, JetError
from .index import IndexEntry, encode_key_column
from .rows import (
    DATA_FREE_SPACE,
    DATA_NUM_ROWS,
    DATA_ROW_TABLE,
    ROW_DELETED,
    ROW_OFFSET_MASK,
    ROW_OVERFLOW,
    RowLayout,
    row_layout,
    row_slots,
    usage_map_pages,
)
from .tdef import (
    INDEX_IGNORE_NULLS,
    INDEX_REQUIRED,
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
from .usage import allocate_page, set_usage_bit

_RANGES = {T_BYTE: (0, 255), T_INT: (-32768, 32767), T_LONG: (-(2**31), 2**31 - 1)}
FORMATS = {T_BYTE: "<B", T_INT: "<h", T_LONG: "<i", T_FLOAT: "<f", T_DOUBLE: "<d"}


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
    columns rebuilt. A row that would be shorter is padded to its old size with zeros after the variable
    values (as Jackcess does); a longer one is longer."""
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
            raw = bytes(column.length) if value is None else struct.pack(FORMATS[column.type], value)
            out[at : at + column.length] = raw
            _set_bit(out, layout, column, value is not None)
        else:
            var_values[column.var_index] = None if value is None else encode_text(column, str(value))
            _set_bit(out, layout, column, value is not None)
    if not var_values:
        return bytes(out)
    return _rebuild_var_area(out, layout, var_values, len(row))


def _rebuild_var_area(row: bytearray, layout: RowLayout, new: dict[int, bytes | None], min_size: int) -> bytes:
    """Rebuild the variable area: values in var-index order, zeros up to `min_size`, the end of the values (eod),
    the reversed offset table."""
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
    trailer = 2 * (count + 2) + len(row) - layout.null_mask
    body += bytes(max(0, min_size - len(body) - trailer))
    for offset in reversed(offsets):
        body += struct.pack("<H", offset)
    body += struct.pack("<H", count)
    body += row[layout.null_mask :]
    return bytes(body)


def store_row(
    data: bytearray, table: TableDef, header: tuple[int, int], holder: tuple[int, int], new_row: bytes
) -> None:
    """Put a row's new bytes where Jackcess's updateRow would. `header` is the row's slot (what indexes point
    at), `holder` the slot holding its bytes (the same, or the target of an overflow pointer).

    Not longer than the old bytes: written over them (patch_row pads it to the old size). Longer: added as a
    new row, flagged 0x8000, to the last page of the table marked as having free space if it fits there
    (else that page leaves the free-space map and a new data page is added to the file and to the table's
    maps); the header row becomes a pointer to it (row number, 3-byte page, zeros) flagged 0x4000. Readers
    that follow pointers skip 0x8000 rows; mdbtools and mdb-reader skip 0x4000 rows and read 0x8000 ones."""
    label = f"table {table.name}"
    holder_slot = row_slots(data, holder[0])[holder[1]]
    base = holder[0] * PAGE_SIZE
    old_length = holder_slot.end - holder_slot.start
    if len(new_row) == old_length:
        data[base + holder_slot.start : base + holder_slot.end] = new_row
        return
    if len(new_row) < old_length:
        raise JetError(f"{label}: a shorter row must be padded to its old size")
    free_map = set(usage_map_pages(data, table.free_pages))
    target = None
    for number in reversed(usage_map_pages(data, table.owned_pages)):
        if number in free_map and data[number * PAGE_SIZE] == PAGE_DATA:
            target = number
            break
    if target is not None and not row_fits(data, target, len(new_row)):
        set_usage_bit(data, table.free_pages, target, False, label)
        target = None
    if target is None:
        target = new_data_page(data, table, label)
    row_number = add_data_row(data, target, new_row, ROW_DELETED)
    if holder != header:
        # The row had been moved before: its old bytes become a deleted row (0xC000, as Jackcess's deleteRow
        # flags rows). Jackcess itself leaves them flagged 0x8000 only, which mdbtools and mdb-reader then
        # read as a row of its own (they skip 0x4000 headers and read 0x8000 rows in place).
        at = holder[0] * PAGE_SIZE + DATA_ROW_TABLE + 2 * holder[1]
        struct.pack_into("<H", data, at, int(struct.unpack_from("<H", data, at)[0]) | ROW_DELETED | ROW_OVERFLOW)
    header_slot = row_slots(data, header[0])[header[1]]
    hbase = header[0] * PAGE_SIZE
    pointer = bytes((row_number,)) + target.to_bytes(3, "little")
    length = header_slot.end - header_slot.start
    if length < 4:
        raise JetError(f"{label}: row {header[0]}:{header[1]} is too short to hold an overflow pointer")
    data[hbase + header_slot.start : hbase + header_slot.end] = pointer + bytes(length - 4)
    at = hbase + DATA_ROW_TABLE + 2 * header[1]
    struct.pack_into("<H", data, at, int(struct.unpack_from("<H", data, at)[0]) | ROW_OVERFLOW)


def new_data_page(data: bytearray, table: TableDef, label: str) -> int:
    """A new, empty data page of `table` (allocated in the file, owned by the table and marked as having room)."""
    number = allocate_page(data, label)
    start = number * PAGE_SIZE
    data[start : start + DATA_ROW_TABLE] = struct.pack(
        "<BBHIIH", PAGE_DATA, 1, PAGE_SIZE - DATA_ROW_TABLE, table.tdef_page, 0, 0
    )
    set_usage_bit(data, table.owned_pages, number, True, label)
    set_usage_bit(data, table.free_pages, number, True, label)
    return number


def row_fits(data: bytearray, page_number: int, length: int) -> bool:
    base = page_number * PAGE_SIZE
    free = int(struct.unpack_from("<H", data, base + DATA_FREE_SPACE)[0])
    count = int(struct.unpack_from("<H", data, base + DATA_NUM_ROWS)[0])
    return length + 2 <= free and count < 255


def add_data_row(data: bytearray, page_number: int, row: bytes, flags: int) -> int:
    """Jackcess's addDataPageRow: the row below the page's last row, a new offset entry, less free space."""
    base = page_number * PAGE_SIZE
    free = int(struct.unpack_from("<H", data, base + DATA_FREE_SPACE)[0])
    count = int(struct.unpack_from("<H", data, base + DATA_NUM_ROWS)[0])
    end = PAGE_SIZE if count == 0 else int(struct.unpack_from("<H", data, base + DATA_ROW_TABLE + 2 * (count - 1))[0])
    start = (end & ROW_OFFSET_MASK) - len(row)
    struct.pack_into("<H", data, base + DATA_FREE_SPACE, free - len(row) - 2)
    struct.pack_into("<H", data, base + DATA_NUM_ROWS, count + 1)
    struct.pack_into("<H", data, base + DATA_ROW_TABLE + 2 * count, start | flags)
    data[base + start : base + start + len(row)] = row
    return count


def index_key(table: TableDef, real: RealIndex, values: Mapping[str, object]) -> bytes:
    """The key bytes of a row's values in a real index."""
    by_number = {c.number: c for c in table.columns}
    return b"".join(encode_key_column(by_number[n], asc, values[by_number[n].name]) for n, asc in real.columns)


IndexMove = tuple[IndexEntry | None, IndexEntry | None]


def plan_index(
    tree: IndexTree, real: RealIndex, moves: Sequence[tuple[IndexEntry | None, IndexEntry]], label: str,
    primary: bool = False,
) -> tuple[int, list[IndexMove]]:
    """Check an index's moves (old -> new entry of a row) on the final state, before anything is written: a
    unique index refuses a second equal key unless all its columns are NULL; a primary key or a "required"
    index refuses any NULL column; an index that ignores NULLs holds no entry for an all-NULL key (those
    become None); an old entry None is a new row's. Returns how many added keys are new to the index (Access's
    "unique entry count" only ever grows by those) and the moves to make, in order, with IndexTree.move."""
    null_key = bytes(0x00 if asc else 0xFF for _col, asc in real.columns)
    ignore_nulls = bool(real.flags & INDEX_IGNORE_NULLS)
    present = Counter(e.key for p in tree.pages.values() if p.leaf for e in p.entries)
    for old, _new in moves:
        if old is None or (ignore_nulls and old.key == null_key):
            continue
        if not present[old.key]:
            raise JetError(f"{label}: no entry for row {old.page}:{old.row} (the index disagrees with the rows)")
        present[old.key] -= 1
    keys = {key for key, count in present.items() if count}
    added_new = 0
    for _old, new in moves:
        if (primary or real.flags & INDEX_REQUIRED) and _has_null(real, new.key):
            raise JetError(f"{label}: a primary key or required index cannot hold NULL")
        if ignore_nulls and new.key == null_key:
            continue
        if new.key in keys:
            if real.unique and new.key != null_key:
                raise JetError(f"{label}: a second row would hold the same key (unique index)")
        else:
            added_new += 1
            keys.add(new.key)
    planned: list[IndexMove] = [
        (
            None if old is None or (ignore_nulls and old.key == null_key) else old,
            None if ignore_nulls and new.key == null_key else new,
        )
        for old, new in moves
    ]
    return added_new, planned


def _has_null(real: RealIndex, key: bytes) -> bool:
    """Whether a key holds a NULL column (only single-column keys can be told apart without their types)."""
    if len(real.columns) != 1:
        return key[:1] in (b"\x00", b"\xff")
    asc = real.columns[0][1]
    return key == bytes((0x00 if asc else 0xFF,))
