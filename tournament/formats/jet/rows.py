"""Data pages (type 0x01), rows, cell values and usage maps of a Jet4 file."""

from __future__ import annotations

import datetime as dt
import struct
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .header import PAGE_DATA, PAGE_SIZE, PAGE_USAGE_MAP, JetError, page
from .tdef import (
    T_BINARY,
    T_BOOL,
    T_BYTE,
    T_DATETIME,
    T_DOUBLE,
    T_FLOAT,
    T_GUID,
    T_INT,
    T_LONG,
    T_MEMO,
    T_MONEY,
    T_NUMERIC,
    T_OLE,
    T_TEXT,
    Column,
    TableDef,
)

ROW_DELETED = 0x8000
ROW_OVERFLOW = 0x4000
ROW_OFFSET_MASK = 0x1FFF
DATA_ROW_TABLE = 14  # first entry of a data page's row offset table
DATA_NUM_ROWS = 12
DATA_FREE_SPACE = 2
DATA_TDEF = 4

Value = bool | int | float | str | bytes | Decimal | dt.datetime | None

_FIXED_FORMATS = {T_BYTE: "<B", T_INT: "<h", T_LONG: "<i", T_FLOAT: "<f", T_DOUBLE: "<d"}
_EPOCH = dt.datetime(1899, 12, 30)


@dataclass(frozen=True)
class RowSlot:
    """One entry of a data page's row offset table."""

    page: int
    row: int
    start: int  # offset of the row inside the page
    end: int
    deleted: bool
    overflow: bool


def row_slots(data: bytes | bytearray, number: int) -> list[RowSlot]:
    """The row offset table of data page `number`, with each row's extent."""
    view = page(data, number)
    if view[0] != PAGE_DATA:
        raise JetError(f"page {number} is not a data page (type 0x{view[0]:02x})")
    count = int(struct.unpack_from("<H", view, DATA_NUM_ROWS)[0])
    slots: list[RowSlot] = []
    end = PAGE_SIZE
    for i in range(count):
        raw = int(struct.unpack_from("<H", view, DATA_ROW_TABLE + 2 * i)[0])
        start = raw & ROW_OFFSET_MASK
        if not DATA_ROW_TABLE + 2 * count <= start <= end:
            raise JetError(f"data page {number}: row {i} at {start} is outside its room (..{end})")
        slots.append(RowSlot(number, i, start, end, bool(raw & ROW_DELETED), bool(raw & ROW_OVERFLOW)))
        end = start
    return slots


def data_page_tdef(data: bytes | bytearray, number: int) -> int:
    return int(struct.unpack_from("<I", page(data, number), DATA_TDEF)[0])


def row_bytes(data: bytes | bytearray, page_number: int, row: int) -> bytes:
    """The bytes of a row given by (page, row), e.g. a usage map or a long value."""
    slots = row_slots(data, page_number)
    if row >= len(slots):
        raise JetError(f"page {page_number} has no row {row}")
    s = slots[row]
    start = page_number * PAGE_SIZE
    return bytes(data[start + s.start : start + s.end])


def usage_map_pages(data: bytes | bytearray, pointer: tuple[int, int]) -> list[int]:
    """The pages a usage map (inline type 0, or type 1 through 0x05 pages) marks as set."""
    raw = row_bytes(data, *pointer)
    pages: list[int] = []
    if raw[0] == 0:
        first = int(struct.unpack_from("<I", raw, 1)[0])
        inline = raw[5:]
        pages = [first + i for i in range(len(inline) * 8) if inline[i // 8] >> (i % 8) & 1]
        return pages
    elif raw[0] == 1:
        per_page = (PAGE_SIZE - 4) * 8
        for k in range((len(raw) - 1) // 4):
            map_page = int(struct.unpack_from("<I", raw, 1 + 4 * k)[0])
            if not map_page:
                continue
            view = page(data, map_page)
            if view[0] != PAGE_USAGE_MAP:
                raise JetError(f"usage map page {map_page} has type 0x{view[0]:02x}")
            bitmap = view[4:]
            pages.extend(k * per_page + i for i in range(per_page) if bitmap[i // 8] >> (i % 8) & 1)
    else:
        raise JetError(f"unknown usage map type {raw[0]} at page {pointer[0]} row {pointer[1]}")
    return pages


def table_data_pages(data: bytes | bytearray, table: TableDef) -> list[int]:
    """The table's data pages: owned pages of type 0x01 whose TDEF pointer is the table's."""
    out = []
    for number in usage_map_pages(data, table.owned_pages):
        view = page(data, number)
        if view[0] == PAGE_DATA and data_page_tdef(data, number) == table.tdef_page:
            out.append(number)
    return out


@dataclass(frozen=True)
class RowLayout:
    """Where a row's parts lie (offsets inside the row)."""

    num_cols: int
    null_mask: int  # offset of the null mask
    var_count: int
    var_offsets: tuple[int, ...]  # start of each variable column, then the end of the variable area (eod)


def row_layout(row: bytes | bytearray | memoryview, table: TableDef) -> RowLayout:
    size = len(row)
    num_cols = int(struct.unpack_from("<H", row, 0)[0])
    mask_len = (num_cols + 7) // 8
    mask = size - mask_len
    if table.num_var_cols == 0:
        return RowLayout(num_cols, mask, 0, ())
    var_count = int(struct.unpack_from("<H", row, mask - 2)[0])
    offsets = tuple(int(struct.unpack_from("<H", row, mask - 4 - 2 * i)[0]) for i in range(var_count + 1))
    return RowLayout(num_cols, mask, var_count, offsets)


def is_set(row: bytes | bytearray | memoryview, layout: RowLayout, column: Column) -> bool:
    """The column's null-mask bit (1 = not null; for Boolean columns, the value)."""
    if column.number >= layout.num_cols:
        return False
    return bool(row[layout.null_mask + column.number // 8] >> (column.number % 8) & 1)


def decode_text(raw: bytes) -> str:
    """Jet4 text: UTF-16LE, or 'compressed unicode' (FF FE, then 1-byte chars; 00 toggles to UTF-16 and back)."""
    if raw[:2] != b"\xff\xfe":
        return raw.decode("utf-16-le")
    out: list[str] = []
    compressed = True
    i = 2
    while i < len(raw):
        if raw[i] == 0:
            compressed = not compressed
            i += 1
        elif compressed:
            out.append(chr(raw[i]))
            i += 1
        else:
            out.append(raw[i : i + 2].decode("utf-16-le"))
            i += 2
    return "".join(out)


def _long_value(data: bytes | bytearray, raw: bytes) -> bytes:
    """The bytes of a memo/OLE value from its 12-byte header (inline, one LVAL row, or a chain)."""
    length = int.from_bytes(raw[0:3], "little")
    flag = raw[3]
    if flag & 0x80:
        return raw[12 : 12 + length]
    page_number, row = int.from_bytes(raw[5:8], "little"), raw[4]
    if flag & 0x40:
        return row_bytes(data, page_number, row)[:length]
    out = bytearray()
    seen: set[tuple[int, int]] = set()
    while page_number and len(out) < length:
        if (page_number, row) in seen:
            raise JetError(f"long value chain loops at page {page_number} row {row}")
        seen.add((page_number, row))
        chunk = row_bytes(data, page_number, row)
        row, page_number = chunk[0], int.from_bytes(chunk[1:4], "little")
        out += chunk[4:]
    return bytes(out[:length])


def decode_cell(data: bytes | bytearray, row: bytes | memoryview, layout: RowLayout, column: Column) -> Value:
    """The value of one cell of a row (None for NULL)."""
    if column.type == T_BOOL:
        return is_set(row, layout, column)
    if not is_set(row, layout, column):
        return None
    if column.fixed:
        at = 2 + column.fixed_offset
        raw = bytes(row[at : at + column.length])
        if column.type in _FIXED_FORMATS:
            value: int | float = struct.unpack(_FIXED_FORMATS[column.type], raw)[0]
            return value
        if column.type == T_DATETIME:
            days = float(struct.unpack("<d", raw)[0])
            return _EPOCH + dt.timedelta(days=days)
        if column.type == T_MONEY:
            return Decimal(int(struct.unpack("<q", raw)[0])) / 10000
        if column.type in (T_GUID, T_NUMERIC):
            return raw
        raise JetError(f"column {column.name}: fixed type {column.type_name} not supported")
    if column.var_index >= layout.var_count:
        return None
    start, end = layout.var_offsets[column.var_index], layout.var_offsets[column.var_index + 1]
    raw = bytes(row[start:end])
    if column.type == T_TEXT:
        return decode_text(raw)
    if column.type == T_MEMO:
        return decode_text(_long_value(data, raw))
    if column.type == T_OLE:
        return _long_value(data, raw)
    if column.type == T_BINARY:
        return raw
    raise JetError(f"column {column.name}: variable type {column.type_name} not supported")


def key_cell(data: bytes | bytearray, row: bytes, table: TableDef, column: Column) -> Value:
    """One cell, cheaply for a fixed-length column (no variable offset table read): to find rows by key."""
    if not column.fixed or column.type not in _FIXED_FORMATS:
        return decode_cell(data, row, row_layout(row, table), column)
    num_cols = int(struct.unpack_from("<H", row, 0)[0])
    mask = len(row) - (num_cols + 7) // 8
    if column.number >= num_cols or not row[mask + column.number // 8] >> (column.number % 8) & 1:
        return None
    value: int | float = struct.unpack_from(_FIXED_FORMATS[column.type], row, 2 + column.fixed_offset)[0]
    return value


def resolve_row(data: bytes | bytearray, slot: RowSlot) -> tuple[int, int, int, int] | None:
    """Where a live row's bytes are, following one overflow pointer; None if the row is deleted.

    Returns (absolute start, absolute end, page and row number of the slot holding the bytes)."""
    if slot.deleted:
        return None
    page_number, row_number, start, end = slot.page, slot.row, slot.start, slot.end
    if slot.overflow:
        base = page_number * PAGE_SIZE
        target_row = data[base + start]
        target_page = int.from_bytes(data[base + start + 1 : base + start + 4], "little")
        target = row_slots(data, target_page)[target_row]
        if target.overflow:  # the moved row itself carries the deleted flag (it is not a row of its own)
            raise JetError(f"row {page_number}:{slot.row} overflows to a row that is itself moved")
        page_number, row_number, start, end = target_page, target_row, target.start, target.end
    base = page_number * PAGE_SIZE
    return base + start, base + end, page_number, row_number


def iter_rows(data: bytes | bytearray, table: TableDef) -> Iterator[tuple[RowSlot, int, int]]:
    """Each live row of the table: its header slot and the absolute extent of its bytes."""
    for number in table_data_pages(data, table):
        for slot in row_slots(data, number):
            extent = resolve_row(data, slot)
            if extent is not None:
                yield slot, extent[0], extent[1]


def decode_row(
    data: bytes | bytearray, table: TableDef, start: int, end: int, columns: Sequence[Column] | None = None
) -> dict[str, Value]:
    """The cells of a row (of the given columns only, when set)."""
    row = bytes(data[start:end])
    layout = row_layout(row, table)
    return {col.name: decode_cell(data, row, layout, col) for col in (table.columns if columns is None else columns)}


_STRUCTS = {kind: struct.Struct(fmt) for kind, fmt in _FIXED_FORMATS.items()}


def row_decoder(table: TableDef, columns: Sequence[Column] | None = None) -> Callable[[bytes], dict[str, Value]]:
    """A function decoding rows of `table` (the given columns only, when set), the same values as decode_row but
    with each column's place worked out once: to read many rows (a 600-player JOUEUR when Papi saves a round).
    Long values (memo, OLE) are read through decode_cell and need the file: use decode_row for those tables."""
    chosen = list(table.columns if columns is None else columns)
    if any(c.type in (T_MEMO, T_OLE) for c in chosen):
        raise JetError(f"table {table.name}: row_decoder does not read long values")
    u16 = struct.Struct("<H")
    double = struct.Struct("<d")
    empty = b""
    short: dict[bytes, str] = {}
    # per column: (name, how, its null-mask bit, where): how 0 Boolean, 1 fixed number, 2 date, 3 text, 4 other
    plan: list[tuple[str, int, int, Any]] = []
    for c in chosen:
        if c.type == T_BOOL:
            plan.append((c.name, 0, c.number, None))
        elif c.fixed and c.type in _STRUCTS:
            plan.append((c.name, 1, c.number, (_STRUCTS[c.type], 2 + c.fixed_offset)))
        elif c.fixed and c.type == T_DATETIME:
            plan.append((c.name, 2, c.number, 2 + c.fixed_offset))
        elif c.type == T_TEXT and not c.fixed:
            plan.append((c.name, 3, c.number, c.var_index))
        else:
            plan.append((c.name, 4, c.number, c))

    def decode(row: bytes) -> dict[str, Value]:
        num_cols = u16.unpack_from(row, 0)[0]
        mask = len(row) - (num_cols + 7) // 8
        offsets: tuple[int, ...] = ()
        if table.num_var_cols:
            count = u16.unpack_from(row, mask - 2)[0]
            offsets = struct.unpack_from(f"<{count + 1}H", row, mask - 4 - 2 * count)[::-1]
        out: dict[str, Value] = {}
        for name, how, n, where in plan:
            present = n < num_cols and row[mask + (n >> 3)] >> (n & 7) & 1
            if how == 0:
                out[name] = bool(present)
            elif not present:
                out[name] = None
            elif how == 1:
                unpack, at = where
                out[name] = unpack.unpack_from(row, at)[0]
            elif how == 2:
                out[name] = _EPOCH + dt.timedelta(days=double.unpack_from(row, where)[0])
            elif how == 3:
                if where + 1 >= len(offsets):
                    out[name] = None
                    continue
                raw = row[offsets[where] : offsets[where + 1]]
                text = short.get(raw)
                if text is None:
                    text = decode_text(raw)
                    if len(raw) <= 8:  # Papi's one-letter codes: decoded once
                        short[raw] = text
                out[name] = text
            else:
                out[name] = decode_cell(empty, row, row_layout(row, table), where)
        return out

    return decode
