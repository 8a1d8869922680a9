"""What the Jet (.papi) tests share: the next round of a fixture as Papi Refs, the changes of round 6 of the open
(tests/fixtures/jet), and the checks of an index against the rows it points at."""

from __future__ import annotations

from tests.support.files import fixture_path
from tournament.formats.jet import JetDatabase
from tournament.formats.jet.rows import decode_row, iter_rows


def next_round(name: str) -> tuple[list[tuple[int, int]], int | None]:
    """The boards (white Ref, black Ref) and the bye's Ref of a .next.txt (pairing numbers + 1 = Refs)."""
    lines = fixture_path(name).read_text(encoding="utf-8").split("\n")
    boards, bye = [], None
    for line in lines[1 : 1 + int(lines[0])]:
        white, black = (int(x) for x in line.split())
        if black == 0:
            bye = white + 1
        else:
            boards.append((white + 1, black + 1))
    return boards, bye


def changes() -> dict[int, dict[str, object]]:
    out: dict[int, dict[str, object]] = {}
    for line in fixture_path("jet/open-600p-9r-r6.changes.tsv").read_text(encoding="utf-8").splitlines():
        _table, _key, ref, column, value = line.split("\t")
        out.setdefault(int(ref), {})[column] = value if column.endswith("Cl") else int(value)
    return out


def check_index(data: bytes, index: str, column: str) -> None:
    db = JetDatabase.from_bytes(data)
    table = db.table("JOUEUR")
    rows = {(slot.page, slot.row): decode_row(data, table, a, b) for slot, a, b in iter_rows(data, table)}
    entries = db.decoded_index_entries("JOUEUR", index)
    assert len(entries) == len(rows)
    assert db.index_entries("JOUEUR", index) == sorted(db.index_entries("JOUEUR", index))
    for e in entries:
        assert e.values == (rows[(e.page, e.row)][column],)
    pages = {p.number: p for p in db.index_pages("JOUEUR", index)}
    leaves = [p for p in pages.values() if p.leaf]
    for p in pages.values():
        if not p.leaf:
            for entry in p.entries:
                child = pages[entry.child]  # type: ignore[index]
                assert (entry.key, entry.page, entry.row) == (
                    child.entries[-1].key,
                    child.entries[-1].page,
                    child.entries[-1].row,
                )
    walk = [p for p in leaves if p.prev_page == 0]
    assert len(walk) == 1
    while walk[-1].next_page:
        walk.append(pages[walk[-1].next_page])
    assert sorted(p.number for p in walk) == sorted(p.number for p in leaves)
    assert [e for p in walk for e in p.entries] == db.index_entries("JOUEUR", index)
