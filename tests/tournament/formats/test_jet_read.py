"""Our Jet4 reader (tournament/formats/jet) against access-parser, mdb-export and mdb-reader on every fixture,
and the index pages against the rows they point at."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import jet_readers
from tests.support.files import fixture_path
from tournament.formats.jet import JetDatabase, JetError

SMALL = fixture_path("papi/small-20p-5r.papi").read_bytes()
FIXTURES = ["template-3.3.7", "small-20p-5r", "small-20p-5r-r4-paired", "club-64p-7r", "open-600p-9r"]


@pytest.mark.parametrize("name", FIXTURES)
def test_every_cell_agrees_with_access_parser_and_mdb_export(name: str) -> None:
    path = fixture_path(f"papi/{name}.papi")
    ours = jet_readers.ours(path.read_bytes())
    assert set(ours) == {"INFO", "JOUEUR", "RES"}
    assert ours == jet_readers.access_parser(path)
    assert ours == jet_readers.mdb_export(path)


def test_every_cell_agrees_with_mdb_reader() -> None:
    path = fixture_path("papi/small-20p-5r-r4-paired.papi")
    assert jet_readers.ours(path.read_bytes()) == jet_readers.mdb_reader(path)


def test_header_and_schema_facts() -> None:
    db = JetDatabase.from_bytes(fixture_path("papi/small-20p-5r.papi").read_bytes())
    assert db.header.version == "JET4"
    assert db.header.code_page == 1252
    assert db.header.sort_order == 1033  # decoded from the RC4-masked block: General sort order
    joueur = db.table("JOUEUR")
    assert len(joueur.columns) == 113
    assert joueur.num_rows == 21 == len(db.rows("JOUEUR"))
    assert joueur.column("Pointe").type_name == "Boolean"
    assert joueur.column("Rd04Res").type_name == "Byte"
    assert joueur.column("Rd04Adv").type_name == "Integer"
    assert joueur.column("Rd04Cl").type_name == "Text" and not joueur.column("Rd04Cl").fixed
    assert len(joueur.logical_indexes) == 32
    unique = {li.name for li in joueur.logical_indexes if joueur.real_indexes[li.real_number].unique}
    assert unique == {"Ref", "Nr", "RefFFE", "NrFFE", "FideCode"} | {f"Rd{r:02d}Adv" for r in range(1, 25)}


def test_not_a_jet_file_is_refused() -> None:
    with pytest.raises(JetError, match="not a Jet database"):
        JetDatabase.from_bytes(b"\x00" * 8192)
    with pytest.raises(JetError, match="not a Jet database"):
        JetDatabase.from_bytes(b"PK\x03\x04")
    data = bytearray(fixture_path("papi/small-20p-5r.papi").read_bytes())
    with pytest.raises(JetError, match="whole number"):
        JetDatabase.from_bytes(bytes(data[:-10]))
    data[2 * 4096 + 45] = 0xFF  # MSysObjects' column count
    with pytest.raises(JetError):
        JetDatabase.from_bytes(bytes(data))
    data = bytearray(fixture_path("papi/small-20p-5r.papi").read_bytes())
    data = bytearray(fixture_path("papi/small-20p-5r.papi").read_bytes())
    data[0x14] = 0  # Jet3
    with pytest.raises(JetError, match="Jet4"):
        JetDatabase.from_bytes(bytes(data))


@pytest.mark.parametrize("name", ["small-20p-5r-r4-paired", "open-600p-9r"])
def test_index_entries_point_at_rows_holding_their_keys(name: str) -> None:
    """Every index has one entry per row, entries in key order, and each numeric key equals the cell of the row
    it points at (the row found through the data page and row number of the entry)."""
    data = fixture_path(f"papi/{name}.papi").read_bytes()
    db = JetDatabase.from_bytes(data)
    joueur = db.table("JOUEUR")
    by_rowid = {}
    from tournament.formats.jet.rows import decode_row, iter_rows

    for slot, start, end in iter_rows(data, joueur):
        by_rowid[(slot.page, slot.row)] = decode_row(data, joueur, start, end)
    checked = 0
    for logical in joueur.logical_indexes:
        real = joueur.real_indexes[logical.real_number]
        entries = db.index_entries("JOUEUR", logical.name)
        assert len(entries) == len(by_rowid), logical.name
        assert entries == sorted(entries), logical.name
        assert {e.row_id for e in entries} == set(by_rowid), logical.name
        columns = [next(c for c in joueur.columns if c.number == n) for n, _asc in real.columns]
        if all(c.type_name in ("Byte", "Integer", "Long Integer") for c in columns):
            for decoded in db.decoded_index_entries("JOUEUR", logical.name):
                row = by_rowid[(decoded.page, decoded.row)]
                assert decoded.values == tuple(row[c.name] for c in columns), logical.name
                checked += 1
    assert checked >= 27 * len(by_rowid)


def test_index_page_structure_of_a_two_level_index() -> None:
    db = JetDatabase.from_bytes(fixture_path("papi/open-600p-9r.papi").read_bytes())
    pages = db.index_pages("JOUEUR", "Rd01Adv")
    root, leaves = pages[0], pages[1:]
    assert not root.leaf and all(p.leaf for p in leaves) and len(leaves) == 2
    assert [e.child for e in root.entries] + [root.tail_page] == [p.number for p in leaves]
    assert leaves[0].next_page == leaves[1].number and leaves[1].prev_page == leaves[0].number
    assert root.entries[0].key == leaves[0].entries[-1].key  # a parent entry is its child's last entry


@pytest.mark.parametrize("name", ["small-20p-5r", "club-64p-7r", "open-600p-9r"])
def test_index_keys_encode_as_access_and_jackcess_wrote_them(name: str) -> None:
    """Every index entry of every table is the key our encoder makes from the row it points at: numbers,
    booleans and text (General sort order: accents, apostrophes, hyphens, Ø, ł, ı, Ş...) alike. INFO's keys
    were written by Access (the template), JOUEUR's by Jackcess."""
    from tournament.formats.jet.rows import decode_row, iter_rows
    from tournament.formats.jet.write import index_key

    data = fixture_path(f"papi/{name}.papi").read_bytes()
    db = JetDatabase.from_bytes(data)
    checked = refused = 0
    for table_name in db.table_names():
        table = db.table(table_name)
        rows = {(s.page, s.row): decode_row(data, table, a, b) for s, a, b in iter_rows(data, table)}
        for logical in table.logical_indexes:
            real = table.real_indexes[logical.real_number]
            for entry in db.index_entries(table_name, logical.name):
                try:
                    key = index_key(table, real, rows[entry.row_id])
                except JetError as error:
                    assert "text index key is not supported" in str(error)
                    refused += 1
                    continue
                assert key == entry.key, (table_name, logical.name, rows[entry.row_id])
                checked += 1
    assert refused == 0
    assert checked > 30 * len(db.rows("JOUEUR"))


def test_text_keys_decode_to_their_sort_form() -> None:
    db = JetDatabase.from_bytes(fixture_path("papi/small-20p-5r.papi").read_bytes())
    names = [e.values for e in db.decoded_index_entries("JOUEUR", "Nom")]
    assert names[0] == ("ASHDOWN", "HARRY") and names[1] == ("BENARD", "ETIENNE")  # BÉNARD, Étienne
    variables = [e.values[0] for e in db.decoded_index_entries("INFO", "Variable")]
    assert variables == sorted(variables) and "RONDEACTIVE" in variables


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.one_of(  # anywhere, or in the first 512 bytes of a page (headers, row tables, entry masks)
                st.integers(0, 81 * 4096 - 1),
                st.builds(lambda p, o: p * 4096 + o, st.integers(0, 80), st.integers(0, 511)),
            ),
            st.integers(0, 255),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_a_damaged_file_reads_or_raises_jet_error(damage: list[tuple[int, int]]) -> None:
    """Bytes changed anywhere but page 0: reading every table and index, and a write, work or raise JetError."""
    data = bytearray(SMALL)
    for at, value in damage:
        data[4096 + at] = value
    try:
        db = JetDatabase.from_bytes(bytes(data))
        for name in db.table_names():
            db.rows(name)
            for logical in db.table(name).logical_indexes:
                db.index_pages(name, logical.name)
                db.decoded_index_entries(name, logical.name)
        db.set_cells("JOUEUR", "Ref", {2: {"Pointe": True, "Rd04Adv": 3}, 3: {"Rd04Adv": 2, "Rd04Cl": "N"}})
    except JetError:
        pass
