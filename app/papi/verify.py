"""Verify a written Papi file cell by cell with an independent reader (access-parser) before it replaces the
arbiter's file (docs/papi-loop.md, "Safety").

`verify_write(old, new, changes)` passes only when `new` reads as `old` with exactly `changes` applied:
- every page that differs is a data page or the definition of a changed table, or a page of an index over a
  changed column; any other page changed → refused;
- on each changed data page, a row whose bytes differ is read by access-parser in both files and must be the
  old row with its changes, every other cell equal; rows with identical bytes read the same;
- an index over a changed column holds the old entries, minus the old values of the changed rows, plus their
  new ones (the entries decoded by tournament/formats/jet, the rows by access-parser); when index pages were
  rewritten, every index is also checked against its rows and its tree (tournament/formats/jet/verify.py);
- a write that moved rows or pages (a grown row to a new page, a split index page, a longer file) is checked
  on the whole file instead: every row of every table read by access-parser in both files, the first page and
  the table definitions unchanged, every index against its rows.
"""

from __future__ import annotations

import logging
import struct
from collections import Counter, defaultdict
from collections.abc import Mapping
from typing import Any

from access_parser.access_parser import AccessTable, TableObj, categorize_pages
from access_parser.parsing_primitives import parse_data_page_header

from tournament.formats.jet import JetDatabase, JetError
from tournament.formats.jet.verify import check_indexes

PAGE = 4096
_DEFINITIONS: dict[bytes, tuple[Any, Any, Any]] = {}
DATA, TDEF, INDEX_NODE, INDEX_LEAF = 1, 2, 3, 4
#: {table: (key column, {key: {column: value}})}
Changes = Mapping[str, tuple[str, Mapping[Any, Mapping[str, object]]]]


class Unverified(Exception):
    """The copy does not read as intended: it must not replace the file."""


class _Reader:
    """access-parser over one file's bytes, table by table, row by row."""

    def __init__(self, data: bytes) -> None:
        logging.getLogger("access_parser").setLevel(logging.CRITICAL)
        self.data = data
        self.tdefs, self.pages, _all = categorize_pages(data, PAGE)

    def table(self, tdef_page: int, pages: list[bytes]) -> AccessTable:
        """access-parser's table; its column definitions are parsed once per distinct definition pages (the
        slow part of access-parser), then shared."""
        obj = TableObj(tdef_page * PAGE, self.tdefs[tdef_page * PAGE])
        obj.linked_pages = pages
        key = bytes(self.tdefs[tdef_page * PAGE]) + b"".join(bytes(v) for v in self.tdefs.values())
        known = _DEFINITIONS.get(key)
        if known is None:
            table = AccessTable(obj, 4, PAGE, self.pages, self.tdefs)
            if len(_DEFINITIONS) > 16:
                _DEFINITIONS.clear()
            _DEFINITIONS[key] = (table.columns, table.primary_keys, table.table_header)
            return table
        table = AccessTable.__new__(AccessTable)
        table.version, table.props, table.page_size = 4, None, PAGE
        table._data_pages, table._table_defs, table.table = self.pages, self.tdefs, obj
        table.parsed_table = defaultdict(list)
        table.columns, table.primary_keys, table.table_header = known
        return table

    def records(self, table: AccessTable, page: bytes) -> list[bytes | None]:
        """The page's records as access-parser delimits them (None: deleted)."""
        out: list[bytes | None] = []
        last: int | None = None
        for offset in parse_data_page_header(page, version=4).record_offsets:
            if offset & 0x8000:
                last = offset & 0xFFF
                out.append(None)
            elif offset & 0x4000:
                last = offset & 0xFFF
                pointer = struct.unpack("<I", page[last:last + 4])[0]
                out.append(table._get_overflow_record(pointer) or None)
            else:
                out.append(bytes(page[offset:last] if last else page[offset:]))
                last = offset
        return out

    def row(self, table: AccessTable, record: bytes) -> dict[str, Any]:
        table.parsed_table.clear()
        table._parse_row(record)
        return {name: values[0] if values else None for name, values in table.parsed_table.items()}

    def whole(self, tdef_page: int, key: str) -> dict[Any, dict[str, Any]]:
        owned = [p for p in self.pages.values() if _owner(p) == tdef_page]
        parsed = self.table(tdef_page, owned).parse()
        names = list(parsed)
        rows = [{n: parsed[n][i] for n in names} for i in range(len(parsed.get(key, [])))]
        return {r[key]: r for r in rows}


def _owner(page: bytes) -> int:
    return int(struct.unpack_from("<I", page, 4)[0])


def _same(a: object, b: object) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a) == bool(b)
    if a in (None, "") and b in (None, ""):
        return True
    return a == b


def _check_row(old: Mapping[str, Any], new: Mapping[str, Any], wanted: Mapping[str, object], where: str) -> None:
    for column, value in new.items():
        expected = wanted[column] if column in wanted else old.get(column)
        if not _same(value, expected):
            raise Unverified(f"{where}: {column} reads {value!r}, {expected!r} was intended")


class _Moved(Exception):
    """The write moved rows or pages (a grown row to a new page, a split index): read both files whole."""


def verify_write(old: bytes, new: bytes, changes: Changes) -> None:
    """Raise Unverified unless `new` is `old` with exactly `changes` (see the module's doc)."""
    try:
        _changed_pages(old, new, changes)
    except _Moved:
        _whole_file(old, new, changes)


def _changed_pages(old: bytes, new: bytes, changes: Changes) -> None:
    if len(old) != len(new) or len(new) % PAGE:
        raise _Moved()
    changed = [n for n in range(len(new) // PAGE) if old[n * PAGE:(n + 1) * PAGE] != new[n * PAGE:(n + 1) * PAGE]]
    if not changed:
        if any(cells for _key, rows in changes.values() for cells in rows.values()):
            raise Unverified("the file did not change")
        return
    ours = JetDatabase.from_bytes(new)
    defs = {name: ours.table(name) for name in changes}
    by_tdef = {d.tdef_page: name for name, d in defs.items()}
    tdef_pages = {p for d in defs.values() for p in d.tdef_pages}
    index_pages = _index_pages(ours, changes)
    before, after = _Reader(old), _Reader(new)
    seen: dict[str, set[Any]] = {name: set() for name in changes}
    trees = False
    for n in changed:
        page, was = new[n * PAGE:(n + 1) * PAGE], old[n * PAGE:(n + 1) * PAGE]
        kind = page[0]
        if kind == DATA and _owner(page) in by_tdef and was[0] == DATA and _owner(was) == _owner(page):
            name = by_tdef[_owner(page)]
            _check_page(before, after, n, name, _owner(page), changes[name], seen[name])
        elif kind == TDEF and n in tdef_pages:
            continue  # the unique counts of the indexes: the indexes are checked below
        elif kind in (INDEX_NODE, INDEX_LEAF) and n in index_pages and was[0] == kind:
            trees = True
        else:
            raise _Moved()
    for name, (_key, rows) in changes.items():
        if [k for k, cells in rows.items() if cells and k not in seen[name]]:
            raise _Moved()  # an intended change on no page that changed: read the tables whole to tell
    _check_indexes(old, ours, changes)
    if trees:  # an index was rewritten (a round's pairing): every index of every table against its rows
        _trees(new)


def _trees(new: bytes) -> None:
    try:
        check_indexes(new)
    except JetError as exc:
        raise Unverified(str(exc)) from None


def _whole_file(old: bytes, new: bytes, changes: Changes) -> None:
    """Every row of every table read by access-parser in both files: the old rows with exactly the changes; the
    file's first page and table definitions as they were; every index against its rows and its tree."""
    if old[:PAGE] != new[:PAGE]:
        raise Unverified("the file's first page changed")
    previous, ours = JetDatabase.from_bytes(old), JetDatabase.from_bytes(new)
    if previous.table_names() != ours.table_names():
        raise Unverified("the list of tables changed")
    before, after = _Reader(old), _Reader(new)
    for name in ours.table_names():
        a, b = previous.table(name), ours.table(name)
        if (a.columns, a.logical_indexes) != (b.columns, b.logical_indexes):
            raise Unverified(f"{name}: its definition changed")
        key, rows = changes.get(name, (b.columns[0].name, {}))
        old_rows, new_rows = before.whole(a.tdef_page, key), after.whole(b.tdef_page, key)
        if set(old_rows) != set(new_rows):
            raise Unverified(f"{name}: the rows are not the same rows any more")
        for k, row in new_rows.items():
            _check_row(old_rows[k], row, rows.get(k, {}), f"{name} {key} {k!r}")
    _trees(new)


def _check_page(before: _Reader, after: _Reader, n: int, name: str, tdef: int,
                change: tuple[str, Mapping[Any, Mapping[str, object]]], seen: set[Any]) -> None:
    """Rows of one changed data page; _Moved when a row cannot be paired with its old self."""
    key, rows = change
    old_table, new_table = before.table(tdef, []), after.table(tdef, [])
    old_records = before.records(old_table, before.data[n * PAGE:(n + 1) * PAGE])
    new_records = after.records(new_table, after.data[n * PAGE:(n + 1) * PAGE])
    if len(old_records) != len(new_records):
        raise _Moved()
    for old_record, new_record in zip(old_records, new_records, strict=True):
        if old_record == new_record:
            continue
        if old_record is None or new_record is None:
            raise _Moved()
        old_row, new_row = before.row(old_table, old_record), after.row(new_table, new_record)
        if old_row.get(key) != new_row.get(key):
            raise _Moved()
        _check_row(old_row, new_row, rows.get(new_row[key], {}), f"{name} {key} {new_row[key]!r}")
        seen.add(new_row[key])


def _index_columns(ours: JetDatabase, name: str, columns: set[str]) -> list[tuple[str, list[str]]]:
    tdef = ours.table(name)
    number = {c.number: c.name for c in tdef.columns}
    out = []
    for logical in tdef.logical_indexes:
        cols = [number[c] for c, _asc in tdef.real_indexes[logical.real_number].columns]
        if columns & set(cols):
            out.append((logical.name, cols))
    return out


def _changed_columns(rows: Mapping[Any, Mapping[str, object]]) -> set[str]:
    return {c for cells in rows.values() for c in cells}


def _index_pages(ours: JetDatabase, changes: Changes) -> set[int]:
    pages: set[int] = set()
    for name, (_key, rows) in changes.items():
        for index, _cols in _index_columns(ours, name, _changed_columns(rows)):
            pages |= {p.number for p in ours.index_pages(name, index)}
    return pages


def _check_indexes(old: bytes, ours: JetDatabase, changes: Changes) -> None:
    """Each index over a changed column: old entries − old values of the changed rows + their new values."""
    previous: JetDatabase | None = None  # read only when an index covers a written column (not for results)
    for name, (key, rows) in changes.items():
        indexes = _index_columns(ours, name, _changed_columns(rows))
        if not indexes:
            continue
        previous = previous or JetDatabase.from_bytes(old)
        old_rows = {r[key]: r for r in previous.rows(name) if r[key] in rows}
        for index, cols in indexes:
            wanted = Counter(e.values for e in previous.decoded_index_entries(name, index))
            for k, cells in rows.items():
                was = tuple(old_rows[k][c] for c in cols)
                now = tuple(cells.get(c, old_rows[k][c]) for c in cols)
                wanted[was] -= 1
                wanted[now] += 1
            got = Counter(e.values for e in ours.decoded_index_entries(name, index))
            if +wanted != +got:
                raise Unverified(f"{name}: index {index} does not hold the rows' values")
