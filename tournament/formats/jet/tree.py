"""Keeping an index tree in step with changed rows, the way Jackcess does (its IndexPageCache): entries
removed and added one row at a time, then, as after each of Jackcess's row updates, intermediate pages'
child tails promoted or demoted, and pages too full even with a shared prefix split in two (the root first
moved one level down). New pages are appended to the file and marked in the global and the index's usage
maps."""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from .header import PAGE_SIZE, JetError
from .index import MAX_ENTRY_BYTES, IndexEntry, encode_page, index_tree
from .tdef import RealIndex
from .usage import GLOBAL_USAGE_MAP, allocate_page, set_usage_bit


def _order(e: IndexEntry) -> tuple[bytes, int, int]:
    return e.key, e.page, e.row


def _node(e: IndexEntry, child: int) -> IndexEntry:
    return IndexEntry(e.key, e.page, e.row, child)


def _common_prefix(a: bytes, b: bytes) -> bytes:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


@dataclass
class _Page:
    number: int
    leaf: bool
    tdef_page: int
    prev: int
    next: int
    tail: int
    entries: list[IndexEntry]
    parent: int | None = None
    tail_entry: IndexEntry | None = None  # a node page's view of its child tail's last entry
    prefix: bytes = b""
    total: int | None = None  # sum of the entries' sizes (not the child tail's), None = to compute


class IndexTree:
    """One real index, loaded from `data`; `move` entries, then `write` the changed pages back."""

    def __init__(self, data: bytearray, real: RealIndex, label: str) -> None:
        self.data = data
        self.real = real
        self.label = label
        self.root = real.root_page
        self.pages: dict[int, _Page] = {}
        for ip in index_tree(data, real.root_page):
            self.pages[ip.number] = _Page(
                ip.number,
                ip.leaf,
                ip.tdef_page,
                ip.prev_page,
                ip.next_page,
                ip.tail_page,
                list(ip.entries),
                prefix=ip.prefix,
            )
        for p in self.pages.values():
            if not p.leaf:
                for e in p.entries:
                    if e.child is not None:
                        self.pages[e.child].parent = p.number
                if p.tail:
                    self.pages[p.tail].parent = p.number
        for p in self.pages.values():
            if not p.leaf and p.tail:
                last = self._initial_last(p.tail)
                p.tail_entry = None if last is None else _node(last, p.tail)
        self.modified: list[int] = []
        self.deleted: list[int] = []
        self.dirty: set[int] = set()

    # -- views -------------------------------------------------------------------------------------
    def _view(self, n: int) -> list[IndexEntry]:
        p = self.pages[n]
        return p.entries + ([p.tail_entry] if p.tail_entry is not None else [])

    def _last(self, n: int) -> IndexEntry | None:
        """The last entry of a page's view (its child tail's entry, when it has one)."""
        p = self.pages[n]
        if p.tail_entry is not None:
            return p.tail_entry
        return p.entries[-1] if p.entries else None

    def _initial_last(self, n: int) -> IndexEntry | None:
        p = self.pages[n]
        if not p.leaf and p.tail:
            last = self._initial_last(p.tail)
            return None if last is None else _node(last, p.tail)
        return p.entries[-1] if p.entries else None

    def _set_modified(self, n: int) -> None:
        if n not in self.modified:
            self.modified.append(n)
        self.dirty.add(n)

    def _find_leaf(self, entry: IndexEntry) -> int:
        n = self.root
        while not self.pages[n].leaf:
            view = self._view(n)
            i = bisect.bisect_left(view, _order(entry), key=_order)
            if i == len(view):
                i -= 1
            child = view[i].child
            if child is None:
                raise JetError(f"{self.label}: intermediate page {n} has an entry without child")
            n = child
        return n

    # -- entry updates (Jackcess's updateEntry) ----------------------------------------------------
    def _update(self, n: int, idx: int, entry: IndexEntry | None, op: str) -> None:
        p = self.pages[n]
        old_last = self._last(n)
        at_tail = not p.leaf and p.tail_entry is not None and idx == len(p.entries)
        total = self._size(n)
        if op == "add" and entry is not None:
            p.entries.insert(idx, entry)
            p.total = total + entry.size()
        elif op == "replace" and entry is not None:
            if at_tail:
                p.tail_entry = entry
            else:
                p.total = total + entry.size() - p.entries[idx].size()
                p.entries[idx] = entry
        elif op == "remove":
            if at_tail:
                p.tail_entry = None
            else:
                p.total = total - p.entries.pop(idx).size()
        else:
            raise JetError(f"{self.label}: unknown index update {op!r}")
        new_last = self._last(n)
        update_last = new_last is not old_last
        if not update_last or not p.tail:
            self._set_modified(n)
            p.prefix = b""
        if not self._view(n):
            if old_last is None:
                raise JetError(f"{self.label}: index page {n} was empty")
            self._remove_page(n, old_last)
            return
        if not update_last or n == self.root or old_last is None:
            return
        parent = p.parent
        if parent is None:
            raise JetError(f"{self.label}: index page {n} has no parent")
        self._replace_parent_entry(parent, n, old_last)

    def _replace_parent_entry(self, parent: int, child: int, old: IndexEntry) -> None:
        last = self._last(child)
        if last is None:
            raise JetError(f"{self.label}: index page {child} is empty")
        old_node, new_node = _node(old, child), _node(last, child)
        view = self._view(parent)
        i = bisect.bisect_left(view, _order(old_node), key=_order)
        if i == len(view) or _order(view[i]) != _order(old_node):
            raise JetError(f"{self.label}: page {parent} has no entry for its child {child}")
        self._update(parent, i, new_node, "replace")

    def _remove_page(self, n: int, old_last: IndexEntry) -> None:
        """Jackcess's removeDataPage: an emptied page leaves its parent and its peers (an emptied root
        becomes an empty leaf); it is deallocated when the row's changes are written."""
        p = self.pages[n]
        if p.tail:
            raise JetError(f"{self.label}: emptied index page {n} still has a child tail")
        if n == self.root:
            p.prefix, p.leaf = b"", True
            return
        parent = p.parent
        if parent is None:
            raise JetError(f"{self.label}: index page {n} has no parent")
        old_node = _node(old_last, n)
        view = self._view(parent)
        i = bisect.bisect_left(view, _order(old_node), key=_order)
        if i == len(view) or _order(view[i]) != _order(old_node):
            raise JetError(f"{self.label}: page {parent} has no entry for its child {n}")
        self._update(parent, i, None, "remove")
        if self.pages[parent].tail == n:
            self.pages[parent].tail = 0
            self._set_modified(parent)
        if p.prev:
            self.pages[p.prev].next = p.next
            self._set_modified(p.prev)
        if p.next:
            self.pages[p.next].prev = p.prev
            self._set_modified(p.next)

    def _add_parent_entry(self, parent: int, child: int) -> None:
        last = self._last(child)
        if last is None:
            raise JetError(f"{self.label}: index page {child} is empty")
        new_node = _node(last, child)
        view = self._view(parent)
        i = bisect.bisect_left(view, _order(new_node), key=_order)
        self._update(parent, i, new_node, "add")

    # -- row moves ---------------------------------------------------------------------------------
    def move(self, old: IndexEntry | None, new: IndexEntry | None) -> None:
        """One row's entry changes key (Jackcess: remove the old entry, add the new one, write); None: no
        entry (an all-NULL key in an index that ignores NULLs)."""
        self.modified = []
        if old is not None:
            n = self._find_leaf(old)
            entries = self.pages[n].entries
            i = bisect.bisect_left(entries, _order(old), key=_order)
            if i == len(entries) or _order(entries[i]) != _order(old):
                raise JetError(f"{self.label}: no entry for row {old.page}:{old.row} (the index disagrees with rows)")
            self._update(n, i, None, "remove")
        if new is not None:
            n = self._find_leaf(new)
            entries = self.pages[n].entries
            i = bisect.bisect_left(entries, _order(new), key=_order)
            self._update(n, i, new, "add")
        for n in list(self.modified):
            if not self._view(n) and n != self.root:  # Jackcess's handleEmptyPages: deallocated
                self.modified.remove(n)
                self.dirty.discard(n)
                self.deleted.append(n)
        self._prepare()

    def _size(self, n: int) -> int:
        p = self.pages[n]
        if p.total is None:
            p.total = sum(e.size() for e in p.entries)
        return p.total

    def _prepare(self) -> None:
        """Jackcess's preparePagesForWriting: child tails, then splits until every page fits."""
        split = True
        while split:
            split = False
            i = 0
            while i < len(self.modified):
                n = self.modified[i]
                p = self.pages[n]
                if not p.leaf:
                    size = len(self._view(n))
                    if p.tail and size == 1:
                        self._demote_tail(n)
                    elif not p.tail and size > 1:
                        self._promote_tail(n)
                if p.entries and self._size(n) > MAX_ENTRY_BYTES:
                    if not p.prefix:
                        p.prefix = _common_prefix(p.entries[0].key, p.entries[-1].key)
                    if self._size(n) - len(p.prefix) * (len(p.entries) - 1) > MAX_ENTRY_BYTES:
                        split = True
                        self._split(n)
                i += 1

    def _demote_tail(self, n: int) -> None:
        p = self.pages[n]
        self._set_modified(n)
        assert p.tail_entry is not None
        p.entries.append(p.tail_entry)
        p.total = None
        p.tail_entry = None
        p.tail = 0
        p.prefix = b""

    def _promote_tail(self, n: int) -> None:
        p = self.pages[n]
        self._set_modified(n)
        last = p.entries.pop()
        p.total = None
        if last.child is None:
            raise JetError(f"{self.label}: intermediate page {n} has an entry without child")
        p.tail = last.child
        p.tail_entry = last
        p.prefix = b""

    def _split(self, n: int) -> None:
        self._set_modified(n)
        count = len(self.pages[n].entries)
        if count < 2:
            raise JetError(f"{self.label}: index page {n} cannot be split")
        if n == self.root:
            n = self._nest_root(n)
        orig = self.pages[n]
        if orig.parent is None:
            raise JetError(f"{self.label}: index page {n} has no parent")
        new = self._allocate(orig.parent, orig.leaf)
        head = (count + 1) // 2
        new.entries = orig.entries[:head]
        del orig.entries[:head]
        new.total = orig.total = None
        orig.prefix = b""
        new.next, new.prev, orig.prev = orig.number, orig.prev, new.number
        if new.prev:
            self._set_modified(new.prev)
            self.pages[new.prev].next = new.number
        if not new.leaf:
            raise JetError(f"{self.label}: splitting an intermediate index page is not supported")
        self._add_parent_entry(orig.parent, new.number)

    def _nest_root(self, root: int) -> int:
        r = self.pages[root]
        if not r.leaf:
            raise JetError(f"{self.label}: moving an intermediate root page down is not supported")
        new = self._allocate(root, True)
        new.entries, new.prefix = r.entries, r.prefix
        r.leaf, r.tail, r.tail_entry, r.entries, r.prefix = False, 0, None, [], b""
        new.total = r.total = None
        self._add_parent_entry(root, new.number)
        return new.number

    def _allocate(self, parent: int, leaf: bool) -> _Page:
        number = allocate_page(self.data, self.label)
        set_usage_bit(self.data, self.real.usage_map, number, True, self.label)
        tdef = self.pages[self.root].tdef_page
        page = _Page(number, leaf, tdef, 0, 0, 0, [], parent=parent)
        self.pages[number] = page
        self._set_modified(number)
        return page

    def write(self) -> None:
        """Encode every page this tree changed into `data` (Jackcess's layout, its prefix choice); emptied
        pages get an invalid page header (type 0x00) and are marked free in the global usage map."""
        for n in sorted(self.dirty):
            p = self.pages[n]
            if not p.entries and n != self.root:
                raise JetError(f"{self.label}: index page {n} would be written empty")
            raw = encode_page(p.number, p.leaf, p.tdef_page, p.prev, p.next, p.tail, p.entries, p.prefix)
            self.data[n * PAGE_SIZE : (n + 1) * PAGE_SIZE] = raw
        for n in self.deleted:
            self.data[n * PAGE_SIZE : n * PAGE_SIZE + 4] = bytes(4)
            set_usage_bit(self.data, GLOBAL_USAGE_MAP, n, True, self.label)
