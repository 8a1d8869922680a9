"""Changing cells of existing rows of a Jet4 file, and keeping the indexes on those cells in step."""

from __future__ import annotations

import struct
from collections.abc import Mapping

from .header import PAGE_SIZE, JetError
from .index import IndexEntry, IndexPage, encode_key_column, encode_page, index_tree
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
    """Replace entries (old -> new, same row) in an index, as Jackcess would: each removed from its leaf,
    each added to the leaf the tree leads it to, intermediate entries following a leaf's new last entry.
    Writes the changed pages into `data`; returns how many added keys were new to the index (Access's
    "unique entry count" only ever grows by those). JetError for what would need a page split or merge."""
    pages = {p.number: p for p in index_tree(data, real.root_page)}
    entries = {n: list(p.entries) for n, p in pages.items()}
    parent: dict[int, int] = {}
    for p in pages.values():
        if not p.leaf:
            for e in p.entries:
                if e.child is not None:
                    parent[e.child] = p.number
            if p.tail_page:
                parent[p.tail_page] = p.number
    leaf_of: dict[tuple[bytes, int, int], int] = {}
    for n, p in pages.items():
        if p.leaf:
            for e in p.entries:
                leaf_of[(e.key, e.page, e.row)] = n
    before_last = {n: (es[-1] if es else None) for n, es in entries.items()}

    def find_leaf(entry: IndexEntry) -> int:
        number = real.root_page
        while not pages[number].leaf:
            node = pages[number]
            target = None
            for e in entries[number]:
                if (e.key, e.page, e.row) >= (entry.key, entry.page, entry.row):
                    target = e.child
                    break
            if target is None:
                target = node.tail_page or entries[number][-1].child
            if not target:
                raise JetError(f"{label}: intermediate page {number} has no child")
            number = target
        return number

    for old, _new in moves:
        holder = leaf_of.get((old.key, old.page, old.row))
        if holder is None:
            raise JetError(f"{label}: no entry for row {old.page}:{old.row} (the index disagrees with the rows)")
        entries[holder].remove(next(e for e in entries[holder] if e.row_id == old.row_id and e.key == old.key))
    all_keys = {e.key for n, es in entries.items() if pages[n].leaf for e in es}
    added_new = 0
    for _old, new in moves:
        n = find_leaf(new)
        keys = entries[n]
        if real.unique and new.key in all_keys and new.key[:1] not in (b"\x00", b"\xff"):
            raise JetError(f"{label}: a second row would hold the same key (unique index)")
        if new.key not in all_keys:
            added_new += 1
            all_keys.add(new.key)
        keys.append(new)
        keys.sort()
    for n in [n for n, p in pages.items() if p.leaf]:
        if not entries[n]:
            raise JetError(f"{label}: leaf page {n} would become empty (page merges are not supported)")
    _propagate_last(pages, entries, parent, before_last, label)
    for n, p in pages.items():
        if entries[n] != list(p.entries):
            data[n * PAGE_SIZE : (n + 1) * PAGE_SIZE] = encode_page(p, entries[n])
    return added_new


def _propagate_last(
    pages: dict[int, IndexPage],
    entries: dict[int, list[IndexEntry]],
    parent: dict[int, int],
    before_last: dict[int, IndexEntry | None],
    label: str,
) -> None:
    """Where a page's last entry changed, rewrite the parent's entry for that page (up the tree)."""
    changed = [n for n in entries if entries[n] and entries[n][-1] != before_last[n]]
    while changed:
        nxt: list[int] = []
        for n in changed:
            up = parent.get(n)
            if up is None:
                continue
            last = entries[n][-1]
            slots = [i for i, e in enumerate(entries[up]) if e.child == n]
            if not slots:  # a child tail: not represented by an entry
                continue
            old_last = entries[up][-1]
            entries[up][slots[0]] = IndexEntry(last.key, last.page, last.row, n)
            if entries[up] != sorted(entries[up]):
                raise JetError(f"{label}: moving the separator of page {n} would reorder page {up}")
            if entries[up][-1] != old_last:
                nxt.append(up)
        changed = nxt
