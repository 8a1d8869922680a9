"""Property: pairing a round again and again (random pairings, each written on top of the last) keeps the round's
unique index a valid tree: one entry per row, in key order, each key the cell of the row it points at, every
intermediate entry its child's last entry, leaves chained by their prev/next links; access-parser reads the rows."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import jet_readers
from tests.support.files import fixture_path
from tournament.formats.jet import JetDatabase
from tournament.formats.jet.rows import decode_row, iter_rows
from tournament.formats.papi_write import write_pairings

SMALL = fixture_path("papi/small-20p-5r-r4-paired.papi").read_bytes()
OPEN = fixture_path("papi/open-600p-9r.papi").read_bytes()


def present(data: bytes, round_number: int) -> list[int]:
    rows = JetDatabase.from_bytes(data).rows("JOUEUR", ["Ref", f"Rd{round_number:02d}Cl"])
    return sorted(int(r["Ref"]) for r in rows if r["Ref"] != 1 and r[f"Rd{round_number:02d}Cl"] != "F")  # type: ignore[call-overload]


def pairing(refs: list[int], order: list[int]) -> tuple[list[tuple[int, int]], int | None]:
    shuffled = [refs[i] for i in order]
    bye = shuffled.pop() if len(shuffled) % 2 else None
    return [(shuffled[i], shuffled[i + 1]) for i in range(0, len(shuffled), 2)], bye


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


def read_by_access_parser(data: bytes) -> list[jet_readers.Row]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "written.papi"
        path.write_bytes(data)
        return jet_readers.access_parser(path)["JOUEUR"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.permutations(range(19)), min_size=1, max_size=4))
def test_small_repaired_again_and_again(orders: list[list[int]]) -> None:
    data = SMALL
    refs = present(data, 4)
    assert len(refs) == 19  # Ref 20 withdrew
    for order in orders:
        boards, bye = pairing(refs, order)
        data = write_pairings(data, 4, boards, bye)
        check_index(data, "Rd04Adv", "Rd04Adv")
    assert read_by_access_parser(data) == jet_readers.ours(data)["JOUEUR"]


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.permutations(range(597)), min_size=2, max_size=2))
def test_open_paired_then_repaired_across_a_split_index(orders: list[list[int]]) -> None:
    data = OPEN
    refs = present(data, 6)
    assert len(refs) == 597
    for order in orders:
        boards, bye = pairing(refs, order)
        data = write_pairings(data, 6, boards, bye)
        check_index(data, "Rd06Adv", "Rd06Adv")
    assert len(JetDatabase.from_bytes(data).index_pages("JOUEUR", "Rd06Adv")) >= 3
    assert read_by_access_parser(data) == jet_readers.ours(data)["JOUEUR"]
