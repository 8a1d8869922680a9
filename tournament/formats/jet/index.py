"""Index pages of a Jet4 file: leaf (0x04) and intermediate (0x03) pages, entries and key encoding."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from .header import PAGE_INDEX_LEAF, PAGE_INDEX_NODE, PAGE_SIZE, JetError, page
from .tdef import T_BOOL, T_BYTE, T_INT, T_LONG, T_TEXT, Column
from .text_key import decode_text_key, encode_text_key

GENERAL_SORT_ORDER = 0x409

OFF_FREE_SPACE = 2
OFF_TDEF = 4
OFF_PREV = 12
OFF_NEXT = 16
OFF_TAIL = 20
OFF_PREFIX_LEN = 24
OFF_MASK = 27
SIZE_MASK = 453
OFF_ENTRIES = OFF_MASK + SIZE_MASK  # 0x1e0
MAX_ENTRY_BYTES = min(PAGE_SIZE - OFF_ENTRIES, SIZE_MASK * 8)

ASC_START, ASC_NULL, DESC_START, DESC_NULL = 0x7F, 0x00, 0x80, 0xFF
ASC_TRUE, ASC_FALSE = 0x00, 0xFF


@dataclass(frozen=True, order=True)
class IndexEntry:
    """One index entry: the encoded key bytes and the row it points at; `child` on intermediate pages."""

    key: bytes
    page: int
    row: int
    child: int | None = field(default=None, compare=False)

    @property
    def row_id(self) -> tuple[int, int]:
        return self.page, self.row

    def size(self) -> int:
        return len(self.key) + 4 + (4 if self.child is not None else 0)

    def to_bytes(self) -> bytes:
        out = self.key + self.page.to_bytes(3, "big") + bytes((self.row,))
        if self.child is not None:
            out += self.child.to_bytes(4, "big")
        return out


@dataclass(frozen=True)
class IndexPage:
    """One decoded index page."""

    number: int
    leaf: bool
    tdef_page: int
    prev_page: int
    next_page: int
    tail_page: int
    prefix_len: int
    free_space: int
    entries: tuple[IndexEntry, ...]
    prefix: bytes = b""  # the shared prefix bytes (they may run into the first entry's page/row bytes)


def read_index_page(data: bytes | bytearray, number: int) -> IndexPage:
    view = page(data, number)
    if view[0] not in (PAGE_INDEX_LEAF, PAGE_INDEX_NODE):
        raise JetError(f"page {number} is not an index page (type 0x{view[0]:02x})")
    leaf = view[0] == PAGE_INDEX_LEAF
    u32 = struct.Struct("<I")
    prefix_len = int(struct.unpack_from("<H", view, OFF_PREFIX_LEN)[0])
    trailer = 4 if leaf else 8
    entries: list[IndexEntry] = []
    prefix = b""
    last = 0
    for i in range(SIZE_MASK):
        byte = view[OFF_MASK + i]
        if not byte:
            continue
        for j in range(8):
            if not byte >> j & 1:
                continue
            end = i * 8 + j
            raw = bytes(view[OFF_ENTRIES + last : OFF_ENTRIES + end])
            if entries:
                raw = prefix + raw
            elif prefix_len:
                prefix = raw[:prefix_len]
            if len(raw) < trailer + 1:
                raise JetError(f"index page {number}: entry of {len(raw)} bytes")
            key_end = len(raw) - trailer
            child = int.from_bytes(raw[key_end + 4 :], "big") if not leaf else None
            entries.append(
                IndexEntry(raw[:key_end], int.from_bytes(raw[key_end : key_end + 3], "big"), raw[key_end + 3], child)
            )
            last = end
    return IndexPage(
        number=number,
        leaf=leaf,
        tdef_page=u32.unpack_from(view, OFF_TDEF)[0],
        prev_page=u32.unpack_from(view, OFF_PREV)[0],
        next_page=u32.unpack_from(view, OFF_NEXT)[0],
        tail_page=u32.unpack_from(view, OFF_TAIL)[0],
        prefix_len=prefix_len,
        prefix=prefix,
        free_space=int(struct.unpack_from("<H", view, OFF_FREE_SPACE)[0]),
        entries=tuple(entries),
    )


def children(node: IndexPage) -> list[int]:
    """The child pages of an intermediate page, in key order (the child tail last, when there is one)."""
    out = [e.child for e in node.entries if e.child is not None]
    if node.tail_page and node.tail_page not in out:
        out.append(node.tail_page)
    return out


def index_tree(data: bytes | bytearray, root: int) -> list[IndexPage]:
    """Every page of an index, depth first from the root (parents before their children)."""
    out: list[IndexPage] = []
    stack = [root]
    seen: set[int] = set()
    while stack:
        number = stack.pop()
        if number in seen:
            raise JetError(f"index rooted at page {root} reaches page {number} twice")
        seen.add(number)
        node = read_index_page(data, number)
        out.append(node)
        if not node.leaf:
            stack.extend(reversed(children(node)))
    return out


def leaf_entries(data: bytes | bytearray, root: int) -> list[IndexEntry]:
    """All leaf entries of an index, in key order."""
    return [e for p in index_tree(data, root) if p.leaf for e in p.entries]


def encode_page(
    number: int,
    leaf: bool,
    tdef_page: int,
    prev_page: int,
    next_page: int,
    tail_page: int,
    entries: list[IndexEntry],
    prefix: bytes,
) -> bytes:
    """An index page as Jackcess writes it: header, entry bitmap, the first entry whole and the others without
    the shared `prefix` (empty unless the entries only fit with one), zeros after the entries."""
    total = sum(e.size() for e in entries) - len(prefix) * (len(entries) - 1)
    if total > MAX_ENTRY_BYTES:
        raise JetError(f"index page {number}: its entries do not fit in a page")
    out = bytearray(PAGE_SIZE)
    out[0] = PAGE_INDEX_LEAF if leaf else PAGE_INDEX_NODE
    out[1] = 0x01
    struct.pack_into("<IIIII", out, OFF_TDEF, tdef_page, 0, prev_page, next_page, tail_page)
    struct.pack_into("<H", out, OFF_PREFIX_LEN, len(prefix))
    pos = 0
    body = bytearray()
    for i, entry in enumerate(entries):
        raw = entry.to_bytes()
        if i:
            if raw[: len(prefix)] != prefix:
                raise JetError(f"index page {number}: an entry does not start with the page's prefix")
            raw = raw[len(prefix) :]
        body += raw
        pos += len(raw)
        out[OFF_MASK + pos // 8] |= 1 << (pos % 8)
    out[OFF_ENTRIES : OFF_ENTRIES + len(body)] = body
    struct.pack_into("<H", out, OFF_FREE_SPACE, PAGE_SIZE - OFF_ENTRIES - len(body))
    return bytes(out)


def encode_key_column(column: Column, ascending: bool, value: object) -> bytes:
    """The bytes one column adds to an index key (flag byte, then the value)."""
    if column.type == T_BOOL:
        flag = ASC_START if ascending else DESC_START
        true_byte, false_byte = (ASC_TRUE, ASC_FALSE) if ascending else (0xFF - ASC_TRUE, 0xFF - ASC_FALSE)
        return bytes((flag, true_byte if value else false_byte))
    if value is None:
        return bytes((ASC_NULL if ascending else DESC_NULL,))
    if column.type == T_TEXT:
        if not isinstance(value, str):
            raise JetError(f"column {column.name}: {value!r} is not text")
        if column.sort_order != GENERAL_SORT_ORDER:
            raise JetError(f"column {column.name}: text sort order 0x{column.sort_order:x} is not supported")
        return bytes((ASC_START if ascending else DESC_START,)) + encode_text_key(value, ascending)
    if column.type in (T_BYTE, T_INT, T_LONG):
        if not isinstance(value, int) or isinstance(value, bool):
            raise JetError(f"column {column.name}: {value!r} is not an integer")
        size = {T_BYTE: 1, T_INT: 2, T_LONG: 4}[column.type]
        try:
            raw = bytearray(value.to_bytes(size, "big", signed=column.type != T_BYTE))
        except OverflowError:
            raise JetError(f"column {column.name}: {value} does not fit in {size} byte(s)") from None
        if column.type != T_BYTE:
            raw[0] ^= 0x80
    else:
        raise JetError(f"column {column.name}: index keys of type {column.type_name} are not supported")
    if not ascending:
        raw = bytearray(0xFF - b for b in raw)
    return bytes(((ASC_START if ascending else DESC_START),)) + bytes(raw)


def decode_key(columns: list[tuple[Column, bool]], key: bytes) -> tuple[object, ...]:
    """The values of an index key: numbers and booleans as stored; text as its sort form (capitals without
    accents: the key does not keep case, and accents only as codes), see text_key.py."""
    out: list[object] = []
    pos = 0
    for column, ascending in columns:
        flag = key[pos]
        pos += 1
        if column.type == T_BOOL:
            out.append(key[pos] == (ASC_TRUE if ascending else 0xFF - ASC_TRUE))
            pos += 1
            continue
        if flag == (ASC_NULL if ascending else DESC_NULL):
            out.append(None)
            continue
        if column.type in (T_BYTE, T_INT, T_LONG):
            size = {T_BYTE: 1, T_INT: 2, T_LONG: 4}[column.type]
            raw = bytearray(key[pos : pos + size])
            if not ascending:
                raw = bytearray(0xFF - b for b in raw)
            if column.type != T_BYTE:
                raw[0] ^= 0x80
            out.append(int.from_bytes(raw, "big", signed=column.type != T_BYTE))
            pos += size
        elif column.type == T_TEXT and ascending:
            text, used = decode_text_key(key[pos:])
            out.append(text)
            pos += used
        else:
            raise JetError(f"column {column.name}: cannot decode an index key of type {column.type_name}")
    if pos != len(key):
        raise JetError(f"index key {key.hex()} has {len(key) - pos} bytes left over")
    return tuple(out)
