"""JetDatabase: read a Jet4 (.mdb / .papi) file from bytes, change cells of existing rows, give the bytes back."""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from .header import PAGE_DATA, PAGE_SIZE, Header, JetError, read_header
from .index import IndexEntry, IndexPage, decode_key, index_tree, leaf_entries
from .insert import add_rows
from .rows import Value, decode_row, iter_rows, key_cell, resolve_row, row_slots
from .tdef import Column, RealIndex, TableDef, read_tdef, unique_count_position
from .tree import IndexTree
from .write import IndexMove, index_key, patch_row, plan_index, store_row

K = TypeVar("K", bound=Hashable)
P = ParamSpec("P")
R = TypeVar("R")


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """A malformed file shows as JetError, not as an IndexError or struct.error from deep inside."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except (IndexError, KeyError, ValueError, struct.error, RecursionError) as error:
            raise JetError(f"malformed or unsupported Jet file ({type(error).__name__}: {error})") from error

    return wrapper


_CATALOG_PAGE = 2
_TYPE_TABLE = 1
_TABLES_PARENT = 0x0F000001


@dataclass(frozen=True)
class DecodedEntry:
    """An index entry with its key values decoded (text as its sort form: capitals without accents)."""

    values: tuple[object, ...]
    page: int
    row: int


class JetDatabase:
    """A Jet4 database held in memory. Writes change only the bytes they must; `to_bytes()` gives the file."""

    @_guarded
    def __init__(self, data: bytearray) -> None:
        self._data = data
        self.header: Header = read_header(data)
        catalog = read_tdef(self._data, _CATALOG_PAGE, "MSysObjects")
        wanted = [catalog.column(name) for name in ("Id", "ParentId", "Name", "Type")]
        self._tables: dict[str, int] = {}
        for _slot, start, end in iter_rows(self._data, catalog):
            row = decode_row(self._data, catalog, start, end, wanted)
            if row["Type"] == _TYPE_TABLE and row["ParentId"] == _TABLES_PARENT and isinstance(row["Name"], str):
                table_id = row["Id"]
                if isinstance(table_id, int):
                    self._tables[row["Name"]] = table_id & 0x00FFFFFF
        self._defs: dict[str, TableDef] = {}

    @classmethod
    def from_bytes(cls, data: bytes) -> JetDatabase:
        return cls(bytearray(data))

    def to_bytes(self) -> bytes:
        return bytes(self._data)

    def table_names(self, system: bool = False) -> list[str]:
        return [name for name in self._tables if system or not name.startswith("MSys")]

    @_guarded
    def table(self, name: str) -> TableDef:
        if name not in self._defs:
            if name not in self._tables:
                raise JetError(f"no table {name!r}")
            self._defs[name] = read_tdef(self._data, self._tables[name], name)
        return self._defs[name]

    @_guarded
    def rows(self, name: str, columns: Sequence[str] | None = None) -> list[dict[str, Value]]:
        """Every live row, in storage order (data pages of the table, rows of each page); only the given
        columns when `columns` is set."""
        table = self.table(name)
        wanted = None if columns is None else [table.column(c) for c in columns]
        return [decode_row(self._data, table, start, end, wanted) for _slot, start, end in iter_rows(self._data, table)]

    @_guarded
    def index_pages(self, table: str, index: str) -> list[IndexPage]:
        """The pages of a named index, root first, depth first (parents before children)."""
        tdef = self.table(table)
        return index_tree(self._data, tdef.index(index)[1].root_page)

    @_guarded
    def index_entries(self, table: str, index: str) -> list[IndexEntry]:
        tdef = self.table(table)
        return leaf_entries(self._data, tdef.index(index)[1].root_page)

    @_guarded
    def decoded_index_entries(self, table: str, index: str) -> list[DecodedEntry]:
        tdef = self.table(table)
        real = tdef.index(index)[1]
        by_number = {c.number: c for c in tdef.columns}
        cols = [(by_number[n], asc) for n, asc in real.columns]
        return [DecodedEntry(decode_key(cols, e.key), e.page, e.row) for e in self.index_entries(table, index)]

    @_guarded
    def unique_count(self, table: str, index: str) -> int:
        tdef = self.table(table)
        at = unique_count_position(tdef, tdef.index(index)[1])
        return int(struct.unpack_from("<I", self._data, at)[0])

    @_guarded
    def set_cells(self, table: str, key_column: str, changes: Mapping[K, Mapping[str, object]],
                  where: Mapping[K, tuple[int, int]] | None = None) -> None:
        """Change cells of existing rows, found by the value of `key_column` (e.g. JOUEUR.Ref); the rows are
        changed, and their index entries moved, in the order of `changes`. `where` (key -> data page, row
        number, e.g. from the last read): where to look first; the table is searched whole unless every key's
        row is there, in a data page of the table, with that key (`key_column` must then be unique).

        All or nothing: the changes are made on a copy, which replaces the database only when every row,
        page and index was written; otherwise JetError and the database is as it was."""
        tdef = self.table(table)
        changed_columns = {name for cells in changes.values() for name in cells}
        numbers = {tdef.column(name).number for name in changed_columns}
        touched_reals: dict[int, tuple[str, RealIndex]] = {}
        for logical in tdef.logical_indexes:
            real = tdef.real_indexes[logical.real_number]
            if any(col in numbers for col, _asc in real.columns):
                touched_reals.setdefault(real.number, (logical.name, real))
        by_number = {c.number: c for c in tdef.columns}
        key_columns = [by_number[n] for _name, real in touched_reals.values() for n, _asc in real.columns]
        work = bytearray(self._data)
        key_col = tdef.column(key_column)
        located = _at(work, tdef, key_col, changes, where or {}, key_columns)
        if located is None:
            located = {}
            for slot, start, end in iter_rows(work, tdef):
                value = key_cell(work, bytes(work[start:end]), tdef, key_col)
                if value in changes:
                    if value in located:
                        raise JetError(f"table {table}: two rows have {key_column} = {value!r}")
                    located[value] = (slot.page, slot.row, decode_row(work, tdef, start, end, key_columns))
        missing = [k for k in changes if k not in located]
        if missing:
            raise JetError(f"table {table}: no row with {key_column} = {missing[0]!r}")
        # Index moves first (they depend on the values only), all checked before anything is written.
        moves: dict[int, list[tuple[IndexEntry, IndexEntry]]] = {n: [] for n in touched_reals}
        row_moves: list[dict[int, int]] = []  # per row: index number -> position in moves[n]
        for key, cells in changes.items():
            page_number, row_number, old = located[key]
            new_values: dict[str, object] = {**old, **cells}
            mine: dict[int, int] = {}
            for n, (_name, real) in touched_reals.items():
                before, after = index_key(tdef, real, old), index_key(tdef, real, new_values)
                if before != after:
                    mine[n] = len(moves[n])
                    moves[n].append(
                        (IndexEntry(before, page_number, row_number), IndexEntry(after, page_number, row_number))
                    )
            row_moves.append(mine)
        trees: dict[int, IndexTree] = {}
        planned: dict[int, list[IndexMove]] = {}
        added: dict[int, int] = {}
        for n, (name, real) in touched_reals.items():
            if moves[n]:
                primary = any(li.real_number == n and li.index_type == 1 for li in tdef.logical_indexes)
                trees[n] = IndexTree(work, real, f"table {table}, index {name}")
                added[n], planned[n] = plan_index(trees[n], real, moves[n], f"table {table}, index {name}", primary)
        # Then row after row, as Jackcess's updateRow: the row's bytes (a grown row may take a new data page),
        # then its entries in each index (a full page is split, taking new pages).
        for (key, cells), mine in zip(changes.items(), row_moves, strict=True):
            page_number, row_number, _old = located[key]
            extent = resolve_row(work, row_slots(work, page_number)[row_number])
            if extent is None:
                raise JetError(f"table {table}: row {key!r} was deleted")
            start, end, holder_page, holder_row = extent
            new_row = patch_row(bytes(work[start:end]), tdef, dict(cells))
            store_row(work, tdef, (page_number, row_number), (holder_page, holder_row), new_row)
            for n in sorted(mine):
                trees[n].move(*planned[n][mine[n]])
        for n, tree in trees.items():
            tree.write()
            at = unique_count_position(tdef, touched_reals[n][1])
            count = int(struct.unpack_from("<I", work, at)[0])
            struct.pack_into("<I", work, at, count + added[n])
        self._data = work
        self._defs.clear()

    @_guarded
    def add_rows(self, table: str, rows: Sequence[Mapping[str, object]]) -> None:
        """Add rows to a table, one after the other as Jackcess's addRow (insert.py): all or nothing."""
        tdef = self.table(table)
        work = bytearray(self._data)
        add_rows(work, tdef, rows)
        self._data = work
        self._defs.clear()


def _at(data: bytearray, tdef: TableDef, key: Column, changes: Mapping[K, object], where: Mapping[K, tuple[int, int]],
        columns: list[Column]) -> dict[object, tuple[int, int, Mapping[str, object]]] | None:
    """The rows of `changes` where `where` says they are (page, row, their cells of `columns`), or None as soon as
    one is not there: a page that is not a data page of the table, a deleted row, another key."""
    out: dict[object, tuple[int, int, Mapping[str, object]]] = {}
    for value in changes:
        if value not in where:
            return None
        page_number, row_number = where[value]
        if not 0 < page_number < len(data) // PAGE_SIZE or data[page_number * PAGE_SIZE] != PAGE_DATA:
            return None
        if struct.unpack_from("<I", data, page_number * PAGE_SIZE + 4)[0] != tdef.tdef_page:
            return None
        slots = row_slots(data, page_number)
        extent = resolve_row(data, slots[row_number]) if 0 <= row_number < len(slots) else None
        if extent is None or key_cell(data, bytes(data[extent[0]:extent[1]]), tdef, key) != value:
            return None
        out[value] = (page_number, row_number, decode_row(data, tdef, extent[0], extent[1], columns))
    return out
