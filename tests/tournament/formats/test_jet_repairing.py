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
from tests.support.jet import check_index
from tournament.formats.jet import JetDatabase
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
