"""Writing round 4's pairing into small-20p-5r.papi gives what Jackcess wrote in small-20p-5r-r4-paired.papi
(tests/fixtures/papi/README.md: both files were written by Jackcess from the same TRF, the second with round 4
paired from small-20p-5r.next.txt)."""

from __future__ import annotations

import pytest

from tests.support import jet_readers
from tests.support.files import fixture_path
from tests.support.jet import changes, check_index, next_round
from tournament.formats.jet import JetDatabase, JetError
from tournament.formats.jet.header import PAGE_SIZE
from tournament.formats.jet.rows import iter_rows, row_layout
from tournament.formats.papi_write import write_pairings


@pytest.fixture(scope="module")
def written() -> bytes:
    boards, bye = next_round("small-20p-5r.next.txt")
    return write_pairings(fixture_path("papi/small-20p-5r.papi").read_bytes(), 4, boards, bye)


REFERENCE = "papi/small-20p-5r-r4-paired.papi"


def test_rows_of_every_table_equal_jackcess(written: bytes, tmp_path) -> None:  # type: ignore[no-untyped-def]
    reference = fixture_path(REFERENCE)
    assert jet_readers.ours(written) == jet_readers.ours(reference.read_bytes())
    out = tmp_path / "r4.papi"
    out.write_bytes(written)
    assert jet_readers.access_parser(out) == jet_readers.access_parser(reference)
    assert jet_readers.mdb_export(out) == jet_readers.mdb_export(reference)
    assert jet_readers.mdb_reader(out) == jet_readers.mdb_reader(reference)
    assert jet_readers.mdb_version(out) == "JET4"
    assert jet_readers.mdb_schema(out) == jet_readers.mdb_schema(reference)


def test_rd04adv_entries_and_pages_equal_jackcess(written: bytes) -> None:
    ours, theirs = JetDatabase.from_bytes(written), JetDatabase.from_bytes(fixture_path(REFERENCE).read_bytes())
    before = JetDatabase.from_bytes(fixture_path("papi/small-20p-5r.papi").read_bytes())
    entries = ours.decoded_index_entries("JOUEUR", "Rd04Adv")
    assert entries == theirs.decoded_index_entries("JOUEUR", "Rd04Adv")
    assert entries != before.decoded_index_entries("JOUEUR", "Rd04Adv")
    assert [e.values for e in entries][:2] == [(None,), (1,)]
    assert ours.index_pages("JOUEUR", "Rd04Adv") == theirs.index_pages("JOUEUR", "Rd04Adv")
    assert ours.unique_count("JOUEUR", "Rd04Adv") == theirs.unique_count("JOUEUR", "Rd04Adv") == 21


def test_every_other_index_unchanged(written: bytes) -> None:
    ours = JetDatabase.from_bytes(written)
    before = JetDatabase.from_bytes(fixture_path("papi/small-20p-5r.papi").read_bytes())
    for logical in ours.table("JOUEUR").logical_indexes:
        if logical.name != "Rd04Adv":
            assert ours.index_pages("JOUEUR", logical.name) == before.index_pages("JOUEUR", logical.name)
            assert ours.unique_count("JOUEUR", logical.name) == before.unique_count("JOUEUR", logical.name)


def test_bytes_equal_jackcess_but_in_null_cells(written: bytes) -> None:
    """Byte for byte the same file, except bytes of fixed-length cells that are NULL in both files (Jackcess
    leaves the previous row's bytes there; no reader looks at them)."""
    reference = fixture_path(REFERENCE).read_bytes()
    assert len(written) == len(reference)
    db = JetDatabase.from_bytes(reference)
    tolerated: set[int] = set()
    for name in db.table_names():
        table = db.table(name)
        for _slot, start, end in iter_rows(reference, table):
            row = reference[start:end]
            layout = row_layout(row, table)
            for col in table.columns:
                mask_byte = row[layout.null_mask + col.number // 8]
                if col.fixed and col.type_name != "Boolean" and not mask_byte >> (col.number % 8) & 1:
                    at = start + 2 + col.fixed_offset
                    tolerated.update(range(at, at + col.length))
    differing = [i for i in range(len(written)) if written[i] != reference[i]]
    assert all(i in tolerated for i in differing), [(i // PAGE_SIZE, i % PAGE_SIZE) for i in differing]
    assert len(differing) <= 2


def test_a_second_opponent_twice_in_a_round_is_refused() -> None:
    data = fixture_path(REFERENCE).read_bytes()
    db = JetDatabase.from_bytes(data)
    with pytest.raises(JetError, match="unique"):
        db.set_cells("JOUEUR", "Ref", {2: {"Rd04Adv": 5}})  # Ref 10 already has Ref 5 as its round-4 opponent
    assert db.to_bytes() == data


def test_round_6_of_the_open_splits_its_index_as_jackcess() -> None:
    """write_pairings orders its changes as tests/fixtures/jet's TSV (board by board, White then Black, the bye,
    EXEMPT): the Rd06Adv pages equal those of a plain set_cells of that TSV, checked against Jackcess in
    test_jet_split.py."""
    data = fixture_path("papi/open-600p-9r.papi").read_bytes()
    boards, bye = next_round("open-600p-9r.next.txt")
    ours = JetDatabase.from_bytes(write_pairings(data, 6, boards, bye))
    plain = JetDatabase.from_bytes(data)
    plain.set_cells("JOUEUR", "Ref", changes())
    assert [p.number for p in ours.index_pages("JOUEUR", "Rd06Adv")] == [42, 176, 175]
    assert ours.index_pages("JOUEUR", "Rd06Adv") == plain.index_pages("JOUEUR", "Rd06Adv")
    assert {r["Variable"]: r["Value"] for r in ours.rows("INFO")}["RondeActive"] == "6"


def test_primary_key_changes_keep_its_compressed_index_valid() -> None:
    """JOUEUR.Ref (primary key, Long) of the open is one leaf whose 601 entries only fit with a shared prefix:
    renumbering rows keeps it a valid index; NULL and duplicates are refused."""
    data = fixture_path("papi/open-600p-9r.papi").read_bytes()
    db = JetDatabase.from_bytes(data)
    assert db.index_pages("JOUEUR", "Ref")[0].prefix_len > 0
    with pytest.raises(JetError, match="primary key or required index cannot hold NULL"):
        db.set_cells("JOUEUR", "Ref", {5: {"Ref": None}})
    with pytest.raises(JetError, match="same key"):
        db.set_cells("JOUEUR", "Ref", {5: {"Ref": 6}})
    assert db.to_bytes() == data
    db.set_cells("JOUEUR", "Ref", {601: {"Ref": 1000}, 2: {"Ref": 70000}, 300: {"Ref": 0}})
    check_index(db.to_bytes(), "Ref", "Ref")
    values = [e.values[0] for e in db.decoded_index_entries("JOUEUR", "Ref")]
    assert values[0] == 0 and values[-2:] == [1000, 70000] and len(values) == 601


def test_text_indexed_columns_can_be_written(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """FideCode (unique) and Nom (with Prenom): the entries move to their sorted place, every key is the row's
    key (the encoder itself is checked against Access's and Jackcess's keys in test_jet_read.py)."""
    from tournament.formats.jet.rows import decode_row, iter_rows
    from tournament.formats.jet.write import index_key

    data = fixture_path(REFERENCE).read_bytes()
    db = JetDatabase.from_bytes(data)
    taken = next(r["FideCode"] for r in db.rows("JOUEUR") if r["Ref"] == 3)
    with pytest.raises(JetError, match="same key"):
        db.set_cells("JOUEUR", "Ref", {5: {"FideCode": taken}})
    db.set_cells("JOUEUR", "Ref", {5: {"FideCode": "999000001"}, 6: {"Nom": "AAMOT", "Prenom": "Élodie"}})
    written = db.to_bytes()
    table = db.table("JOUEUR")
    rows = {(s.page, s.row): decode_row(written, table, a, b) for s, a, b in iter_rows(written, table)}
    for name in ("FideCode", "Nom"):
        real = table.index(name)[1]
        entries = db.index_entries("JOUEUR", name)
        assert entries == sorted(entries) and len(entries) == len(rows)
        for e in entries:
            try:
                expected = index_key(table, real, rows[e.row_id])
            except JetError:  # characters the encoder refuses (none in the fixtures)
                continue
            assert e.key == expected
    first_named = next(e.values for e in db.decoded_index_entries("JOUEUR", "Nom") if e.values != (None, None))
    assert first_named == ("AAMOT", "ELODIE")
    out = tmp_path / "names.papi"
    out.write_bytes(written)
    assert jet_readers.ours(written) == jet_readers.access_parser(out) == jet_readers.mdb_export(out)


def test_a_player_left_out_becomes_absent_and_exempt_stays_unpaired_without_a_bye() -> None:
    from tournament.formats.jet.verify import verify_changes
    from tournament.formats.papi_write import pairing_changes

    data = fixture_path(REFERENCE).read_bytes()
    present = [r for r in range(2, 22) if r not in (20, 21)]  # 20 withdrew; 21 does not come to round 5
    boards = [(present[i], present[i + 1]) for i in range(0, len(present), 2)]
    written = write_pairings(data, 5, boards, None)
    rows = {r["Ref"]: (r["Rd05Cl"], r["Rd05Adv"], r["Rd05Res"]) for r in JetDatabase.from_bytes(written).rows("JOUEUR")}
    assert rows[21] == ("F", None, 0) and rows[20] == ("F", None, 0) and rows[1] == ("R", None, 0)
    assert rows[present[0]] == ("B", present[1], 0) and rows[present[1]] == ("N", present[0], 0)
    changes = pairing_changes(5, boards, None, JetDatabase.from_bytes(data).rows("JOUEUR"))
    assert 21 in changes and 20 not in changes
    plain = JetDatabase.from_bytes(data)
    plain.set_cells("JOUEUR", "Ref", changes)
    verify_changes(data, plain.to_bytes(), "JOUEUR", "Ref", changes)
