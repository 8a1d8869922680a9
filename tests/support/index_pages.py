"""A small reader of Jet4 index pages for the tests, written from the documented format (mdbtools' HACKING, the
Jackcess docs; docs/papi-writing.md §2), independent of tournament/formats/jet/index.py: it finds an index's root in
the table definition itself and walks the tree, so that two files can be compared page by page.

An index page (type 0x03 intermediate, 0x04 leaf): free space at 2, the TDEF page at 4, previous and next page at
12 and 16, the child tail at 20, the shared prefix length at 24, then a 453-byte bitmap from 27 whose set bits mark
where each entry ends, counted from 0x1E0, where the entries start; entries after the first omit the prefix. A leaf
entry ends with the 3-byte data page and the row (big-endian); an intermediate entry adds the 4-byte child page."""

from __future__ import annotations

import struct
from dataclasses import dataclass

PAGE = 4096
ENTRIES = 0x1E0


@dataclass(frozen=True)
class Page:
    number: int
    kind: int  # 3 intermediate, 4 leaf
    free_space: int
    prev: int
    next: int
    tail: int
    prefix_len: int
    entries: tuple[tuple[bytes, int, int, int | None], ...]  # key, data page, row, child


def read_page(data: bytes, number: int) -> Page:
    raw = data[number * PAGE : (number + 1) * PAGE]
    assert raw[0] in (3, 4), f"page {number} has type {raw[0]}"
    leaf = raw[0] == 4
    prefix_len = struct.unpack_from("<H", raw, 24)[0]
    ends = [i for i in range(453 * 8) if raw[27 + i // 8] >> (i % 8) & 1]
    entries = []
    prefix = b""
    start = 0
    for n, end in enumerate(ends):
        chunk = raw[ENTRIES + start : ENTRIES + end]
        if n == 0:
            prefix = chunk[:prefix_len]
        else:
            chunk = prefix + chunk
        tail = 4 if leaf else 8
        key, pointer = chunk[:-tail], chunk[-tail:]
        child = None if leaf else int.from_bytes(pointer[4:], "big")
        entries.append((key, int.from_bytes(pointer[:3], "big"), pointer[3], child))
        start = end
    prev, nxt, tail_page = struct.unpack_from("<III", raw, 12)
    return Page(number, raw[0], struct.unpack_from("<H", raw, 2)[0], prev, nxt, tail_page, prefix_len, tuple(entries))


def index_roots(data: bytes, tdef_page: int) -> list[int]:
    """The root page of each real index of the table whose definition starts at `tdef_page` (Jet4 TDEF: the real
    index count at 51, the column count at 45, 12 bytes per real index from 63, 25 bytes per column, the column
    names, then 52 bytes per real index with the root page at +38)."""
    raw = bytearray(data[tdef_page * PAGE : (tdef_page + 1) * PAGE])
    following = struct.unpack_from("<I", raw, 4)[0]
    while following:  # the definition goes on on further pages, after their 8-byte header
        raw += data[following * PAGE + 8 : (following + 1) * PAGE]
        following = struct.unpack_from("<I", data, following * PAGE + 4)[0]
    columns = struct.unpack_from("<H", raw, 45)[0]
    reals = struct.unpack_from("<I", raw, 51)[0]
    pos = 63 + 12 * reals + 25 * columns
    for _ in range(columns):
        pos += 2 + struct.unpack_from("<H", raw, pos)[0]
    return [struct.unpack_from("<I", raw, pos + 52 * i + 38)[0] for i in range(reals)]


def tree(data: bytes, root: int) -> list[Page]:
    """Every page of an index, root first, depth first (children in key order, the child tail last)."""
    out: list[Page] = []
    stack = [root]
    while stack:
        page = read_page(data, stack.pop())
        out.append(page)
        if page.kind == 3:
            children = [e[3] for e in page.entries if e[3] is not None]
            if page.tail and page.tail not in children:
                children.append(page.tail)
            stack.extend(reversed(children))
    return out


def leaf_entries(data: bytes, root: int) -> list[tuple[bytes, int, int]]:
    return [(key, pg, row) for p in tree(data, root) if p.kind == 4 for key, pg, row, _child in p.entries]
