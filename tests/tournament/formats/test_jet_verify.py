"""verify_changes / check_indexes: they accept what the writer wrote and catch a file that is not what was
asked (a cell changed too many, a change missing, an index entry out of place)."""

from __future__ import annotations

import pytest

from tests.support.files import fixture_path
from tests.support.jet import next_round
from tournament.formats.jet import JetDatabase, JetError
from tournament.formats.jet.header import PAGE_SIZE
from tournament.formats.jet.verify import check_indexes, verify_changes
from tournament.formats.papi_write import pairing_changes, result_changes

SMALL = fixture_path("papi/small-20p-5r.papi").read_bytes()
PAIRED = fixture_path("papi/small-20p-5r-r4-paired.papi").read_bytes()


@pytest.mark.parametrize("name", ["template-3.3.7", "small-20p-5r", "club-64p-7r", "open-600p-9r"])
def test_the_fixtures_indexes_are_consistent(name: str) -> None:
    check_indexes(fixture_path(f"papi/{name}.papi").read_bytes())


def test_a_pairing_and_results_verify() -> None:
    boards, bye = next_round("small-20p-5r.next.txt")
    db = JetDatabase.from_bytes(SMALL)
    changes = pairing_changes(4, boards, bye, db.rows("JOUEUR"))
    db.set_cells("JOUEUR", "Ref", changes)
    verify_changes(SMALL, db.to_bytes(), "JOUEUR", "Ref", changes)
    results = result_changes(4, [(2, 3, 3), (6, 4, 2)])
    db2 = JetDatabase.from_bytes(PAIRED)
    db2.set_cells("JOUEUR", "Ref", results)
    verify_changes(PAIRED, db2.to_bytes(), "JOUEUR", "Ref", results)
    with pytest.raises(JetError, match="row 2 reads Rd04Res = 3, not 1"):
        verify_changes(PAIRED, db2.to_bytes(), "JOUEUR", "Ref", result_changes(4, [(2, 3, 1), (6, 4, 2)]))
    with pytest.raises(JetError, match="reads Rd04Res"):
        verify_changes(PAIRED, db2.to_bytes(), "JOUEUR", "Ref", result_changes(4, [(2, 3, 3)]))


def test_an_index_entry_out_of_place_is_caught() -> None:
    data = bytearray(PAIRED)
    db = JetDatabase.from_bytes(PAIRED)
    leaf = db.index_pages("JOUEUR", "Rd04Adv")[0]
    second = leaf.entries[1]  # Adv 1: point it at another row of the same page
    raw = second.to_bytes()
    at = data.find(raw, leaf.number * PAGE_SIZE, (leaf.number + 1) * PAGE_SIZE)
    assert at > 0
    data[at + len(raw) - 1] ^= 0x01
    with pytest.raises(JetError, match="Rd04Adv"):
        check_indexes(bytes(data))


def test_an_index_page_changed_by_a_result_write_is_caught() -> None:
    results = result_changes(4, [(2, 3, 3)])
    db = JetDatabase.from_bytes(PAIRED)
    db.set_cells("JOUEUR", "Ref", results)
    written = bytearray(db.to_bytes())
    verify_changes(PAIRED, bytes(written), "JOUEUR", "Ref", results)
    nom = db.index_pages("JOUEUR", "Nom")[0].number
    written[nom * PAGE_SIZE + 4000] ^= 0xFF  # after the entries: no reader would notice
    with pytest.raises(JetError, match=f"index page {nom} changed"):
        verify_changes(PAIRED, bytes(written), "JOUEUR", "Ref", results)


def test_round_6_of_the_open_verifies() -> None:
    data = fixture_path("papi/open-600p-9r.papi").read_bytes()
    boards, bye = next_round("open-600p-9r.next.txt")
    db = JetDatabase.from_bytes(data)
    changes = pairing_changes(6, boards, bye, db.rows("JOUEUR"))
    db.set_cells("JOUEUR", "Ref", changes)
    verify_changes(data, db.to_bytes(), "JOUEUR", "Ref", changes)
