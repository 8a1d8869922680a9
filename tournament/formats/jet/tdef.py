"""Table definitions (TDEF pages, type 0x02) of a Jet4 file: columns and indexes."""

from __future__ import annotations

import struct
from dataclasses import dataclass

from .header import PAGE_SIZE, PAGE_TDEF, JetError, page

# Column types (first byte of a 25-byte column block).
T_BOOL = 0x01
T_BYTE = 0x02
T_INT = 0x03
T_LONG = 0x04
T_MONEY = 0x05
T_FLOAT = 0x06
T_DOUBLE = 0x07
T_DATETIME = 0x08
T_BINARY = 0x09
T_TEXT = 0x0A
T_OLE = 0x0B
T_MEMO = 0x0C
T_GUID = 0x0F
T_NUMERIC = 0x10

TYPE_NAMES = {
    T_BOOL: "Boolean",
    T_BYTE: "Byte",
    T_INT: "Integer",
    T_LONG: "Long Integer",
    T_MONEY: "Currency",
    T_FLOAT: "Single",
    T_DOUBLE: "Double",
    T_DATETIME: "DateTime",
    T_BINARY: "Binary",
    T_TEXT: "Text",
    T_OLE: "OLE",
    T_MEMO: "Memo",
    T_GUID: "GUID",
    T_NUMERIC: "Numeric",
}

COLUMN_FIXED = 0x01
COLUMN_UPDATABLE = 0x02  # set on ordinary columns; NOT NULL ("Required") is a column property, not a flag
COLUMN_AUTO_LONG = 0x04

INDEX_UNIQUE = 0x01
INDEX_IGNORE_NULLS = 0x02
INDEX_REQUIRED = 0x08

# Offsets inside the concatenated table definition (the first page's header included).
_OFF_NUM_ROWS = 16
_OFF_TABLE_TYPE = 40
_OFF_MAX_COLS = 41
_OFF_NUM_VAR_COLS = 43
_OFF_NUM_COLS = 45
_OFF_NUM_LOGICAL_IDX = 47
_OFF_NUM_REAL_IDX = 51
_OFF_OWNED_PAGES = 55
_OFF_FREE_PAGES = 59
_OFF_INDEX_DEFS = 63
_SIZE_INDEX_DEF = 12
_SIZE_COLUMN = 25
_SIZE_REAL_INDEX = 52
_SIZE_LOGICAL_INDEX = 28


@dataclass(frozen=True)
class Column:
    """One column as the TDEF describes it."""

    name: str
    type: int
    number: int  # bit of the null mask (includes deleted columns)
    var_index: int  # slot in the row's variable offset table (variable-length columns)
    fixed_offset: int  # offset in the fixed area, after the 2-byte column count (fixed-length columns)
    length: int
    flags: int
    sort_order: int  # text columns: 0x409 = General (legacy)
    ext_flags: int = 0  # 0x01: text stored as "compressed unicode" when it can be

    @property
    def compressed_unicode(self) -> bool:
        return bool(self.ext_flags & 0x01)

    @property
    def fixed(self) -> bool:
        return bool(self.flags & COLUMN_FIXED)

    @property
    def type_name(self) -> str:
        return TYPE_NAMES.get(self.type, f"type 0x{self.type:02x}")


@dataclass(frozen=True)
class RealIndex:
    """A physical index: its columns (number, ascending flag), flags and root page."""

    number: int
    columns: tuple[tuple[int, bool], ...]
    usage_map: tuple[int, int]  # (page, row) of its usage map
    root_page: int
    flags: int
    unique_count_offset: int  # offset of the "unique entry count" in the first TDEF page
    unique_count: int

    @property
    def unique(self) -> bool:
        return bool(self.flags & INDEX_UNIQUE)


@dataclass(frozen=True)
class LogicalIndex:
    """A named index (what Access shows) backed by a real index."""

    name: str
    number: int
    real_number: int
    index_type: int  # 1 primary key, 2 foreign key, 0 other


@dataclass(frozen=True)
class TableDef:
    """A table's definition, read from its TDEF page chain."""

    name: str
    tdef_page: int
    tdef_pages: tuple[int, ...]
    num_rows: int
    table_type: int
    max_cols: int
    num_var_cols: int
    columns: tuple[Column, ...]  # in column-number order
    real_indexes: tuple[RealIndex, ...]
    logical_indexes: tuple[LogicalIndex, ...]
    owned_pages: tuple[int, int]  # (page, row) of the usage map of the table's pages
    free_pages: tuple[int, int]

    def column(self, name: str) -> Column:
        for col in self.columns:
            if col.name == name:
                return col
        raise JetError(f"table {self.name}: no column {name!r}")

    def index(self, name: str) -> tuple[LogicalIndex, RealIndex]:
        for logical in self.logical_indexes:
            if logical.name == name:
                return logical, self.real_indexes[logical.real_number]
        raise JetError(f"table {self.name}: no index {name!r}")


def _pointer(raw: bytes, offset: int) -> tuple[int, int]:
    """A 4-byte row pointer: row number in the low byte, page number in the 3 high bytes -> (page, row)."""
    value = int(struct.unpack_from("<I", raw, offset)[0])
    return value >> 8, value & 0xFF


def tdef_bytes(data: bytes | bytearray, first_page: int) -> tuple[bytes, tuple[int, ...]]:
    """The table definition: the first page whole, then each next page after its 8-byte header."""
    pages: list[int] = []
    chunks: list[bytes] = []
    number = first_page
    while number:
        if number in pages:
            raise JetError(f"TDEF page chain of page {first_page} loops")
        view = page(data, number)
        if view[0] != PAGE_TDEF:
            raise JetError(f"page {number} is not a table definition page (type 0x{view[0]:02x})")
        pages.append(number)
        chunks.append(bytes(view) if not chunks else bytes(view[8:]))
        number = int(struct.unpack_from("<I", view, 4)[0])
    return b"".join(chunks), tuple(pages)


def read_tdef(data: bytes | bytearray, first_page: int, name: str) -> TableDef:
    """Parse the TDEF chain starting at `first_page`."""
    raw, pages = tdef_bytes(data, first_page)
    u16 = struct.Struct("<H")
    u32 = struct.Struct("<I")
    num_cols = u16.unpack_from(raw, _OFF_NUM_COLS)[0]
    num_logical = u32.unpack_from(raw, _OFF_NUM_LOGICAL_IDX)[0]
    num_real = u32.unpack_from(raw, _OFF_NUM_REAL_IDX)[0]
    if num_real > 32 or num_logical > 64 or num_cols > 255:
        raise JetError(f"table {name}: implausible TDEF ({num_cols} columns, {num_real} indexes)")
    pos = _OFF_INDEX_DEFS + num_real * _SIZE_INDEX_DEF
    blocks = []
    for i in range(num_cols):
        b = pos + i * _SIZE_COLUMN
        blocks.append(
            (
                raw[b],
                u16.unpack_from(raw, b + 5)[0],
                u16.unpack_from(raw, b + 7)[0],
                u16.unpack_from(raw, b + 11)[0],
                raw[b + 15],
                raw[b + 16],
                u16.unpack_from(raw, b + 21)[0],
                u16.unpack_from(raw, b + 23)[0],
            )
        )
    pos += num_cols * _SIZE_COLUMN
    names: list[str] = []
    for _ in range(num_cols):
        length = u16.unpack_from(raw, pos)[0]
        names.append(raw[pos + 2 : pos + 2 + length].decode("utf-16-le"))
        pos += 2 + length
    columns = tuple(
        sorted(
            (
                Column(nm, t, num, var, fixed_off, length, flags, sort, ext)
                for nm, (t, num, var, sort, flags, ext, fixed_off, length) in zip(names, blocks, strict=True)
            ),
            key=lambda c: c.number,
        )
    )
    reals: list[RealIndex] = []
    for i in range(num_real):
        b = pos + i * _SIZE_REAL_INDEX
        cols: list[tuple[int, bool]] = []
        for k in range(10):
            col_num = u16.unpack_from(raw, b + 4 + 3 * k)[0]
            if col_num != 0xFFFF:
                cols.append((col_num, bool(raw[b + 4 + 3 * k + 2] & 0x01)))
        count_off = _OFF_INDEX_DEFS + i * _SIZE_INDEX_DEF + 4
        reals.append(
            RealIndex(
                number=i,
                columns=tuple(cols),
                usage_map=_pointer(raw, b + 34),
                root_page=u32.unpack_from(raw, b + 38)[0],
                flags=raw[b + 46],
                unique_count_offset=count_off,
                unique_count=u32.unpack_from(raw, count_off)[0],
            )
        )
    pos += num_real * _SIZE_REAL_INDEX
    logical_blocks = []
    for i in range(num_logical):
        b = pos + i * _SIZE_LOGICAL_INDEX
        logical_blocks.append((u32.unpack_from(raw, b + 4)[0], u32.unpack_from(raw, b + 8)[0], raw[b + 23]))
    pos += num_logical * _SIZE_LOGICAL_INDEX
    logicals: list[LogicalIndex] = []
    for number, real, kind in logical_blocks:
        length = u16.unpack_from(raw, pos)[0]
        logicals.append(LogicalIndex(raw[pos + 2 : pos + 2 + length].decode("utf-16-le"), number, real, kind))
        pos += 2 + length
        if real >= num_real:
            raise JetError(f"table {name}: index {logicals[-1].name!r} names real index {real} of {num_real}")
    if pages and pos > len(raw):
        raise JetError(f"table {name}: TDEF shorter than its contents")
    return TableDef(
        name=name,
        tdef_page=first_page,
        tdef_pages=pages,
        num_rows=u32.unpack_from(raw, _OFF_NUM_ROWS)[0],
        table_type=raw[_OFF_TABLE_TYPE],
        max_cols=u16.unpack_from(raw, _OFF_MAX_COLS)[0],
        num_var_cols=u16.unpack_from(raw, _OFF_NUM_VAR_COLS)[0],
        columns=columns,
        real_indexes=tuple(reals),
        logical_indexes=tuple(logicals),
        owned_pages=_pointer(raw, _OFF_OWNED_PAGES),
        free_pages=_pointer(raw, _OFF_FREE_PAGES),
    )


def unique_count_position(table: TableDef, real: RealIndex) -> int:
    """Absolute file offset of a real index's unique entry count (it lies on the first TDEF page)."""
    if real.unique_count_offset + 4 > PAGE_SIZE:
        raise JetError(f"table {table.name}: index definitions spill past the first TDEF page")
    return table.tdef_page * PAGE_SIZE + real.unique_count_offset
