"""Rows that grow, as Jackcess moves them: tests/fixtures/jet/small-r4-grow.* (see its README.md) records the
pages of Jackcess's file after the same changes; ours must be the same bytes but in NULL fixed-length cells
(where Jackcess leaves the previous row's bytes)."""

from __future__ import annotations

import json

import pytest

from tests.support import jet_readers
from tests.support.files import fixture_path
from tournament.formats.jet import JetDatabase
from tournament.formats.jet.header import PAGE_SIZE
from tournament.formats.jet.rows import iter_rows, row_layout, row_slots

SOURCE = "papi/small-20p-5r-r4-paired.papi"


def apply_tsv() -> bytes:
    """The TSV's changes, grouped by table in the order they first appear (as JetOracle.java applies them)."""
    by_table: dict[tuple[str, str], dict[object, dict[str, object]]] = {}
    for line in fixture_path("jet/small-r4-grow.changes.tsv").read_text(encoding="utf-8").splitlines():
        table, key, value, column, cell = line.split("\t")
        key_value: object = int(value) if key == "Ref" else value
        by_table.setdefault((table, key), {}).setdefault(key_value, {})[column] = cell
    db = JetDatabase.from_bytes(fixture_path(SOURCE).read_bytes())
    for (table, key), changes in by_table.items():
        db.set_cells(table, key, changes)
    return db.to_bytes()


@pytest.fixture(scope="module")
def both() -> tuple[bytes, bytes]:
    recorded = json.loads(fixture_path("jet/small-r4-grow.jackcess-pages.json").read_text(encoding="utf-8"))
    theirs = bytearray(fixture_path(SOURCE).read_bytes())
    theirs += bytes(recorded["page_count"] * PAGE_SIZE - len(theirs))
    for number, page in recorded["pages"].items():
        theirs[int(number) * PAGE_SIZE : (int(number) + 1) * PAGE_SIZE] = bytes.fromhex(page)
    return apply_tsv(), bytes(theirs)


def null_cell_bytes(data: bytes) -> set[int]:
    db = JetDatabase.from_bytes(data)
    out: set[int] = set()
    for name in db.table_names():
        table = db.table(name)
        for _slot, start, end in iter_rows(data, table):
            row = data[start:end]
            layout = row_layout(row, table)
            for col in table.columns:
                if (
                    col.fixed
                    and col.type_name != "Boolean"
                    and not row[layout.null_mask + col.number // 8] >> (col.number % 8) & 1
                ):
                    out.update(range(start + 2 + col.fixed_offset, start + 2 + col.fixed_offset + col.length))
    return out


def test_same_pages_as_jackcess(both: tuple[bytes, bytes]) -> None:
    """Same bytes but in NULL cells, and one flag: INFO.Lieu had been moved by Jackcess (the template's value
    grew when the fixture was made); moved again, its old place is flagged deleted (0xC000) by us, where
    Jackcess leaves 0x8000, which mdbtools and mdb-reader read as a second Lieu row."""
    ours, theirs = both
    assert len(ours) == len(theirs) > len(fixture_path(SOURCE).read_bytes())  # new data pages were added
    tolerated = null_cell_bytes(theirs)
    differing = [i for i in range(len(ours)) if ours[i] != theirs[i] and i not in tolerated]
    assert len(differing) == 1
    page, offset = divmod(differing[0], PAGE_SIZE)
    row = (offset - 14) // 2
    assert offset % 2 == 1 and (theirs[differing[0]], ours[differing[0]]) == (
        theirs[differing[0]],
        theirs[differing[0]] | 0x40,
    )
    slot = row_slots(ours, page)[row]
    assert slot.deleted and slot.overflow and not row_slots(theirs, page)[row].overflow


def test_rows_moved_behind_overflow_pointers(both: tuple[bytes, bytes]) -> None:
    ours, _theirs = both
    db = JetDatabase.from_bytes(ours)
    joueur = db.table("JOUEUR")
    moved = [s for p in (37, 80, 81) for s in row_slots(ours, p) if s.overflow]
    assert len(moved) >= 15
    rows = {r["Ref"]: r for r in db.rows("JOUEUR")}
    assert rows[7]["Commentaire"] == "Commentaire 7 " * 12
    assert len(rows) == 21 == joueur.num_rows
    info = {r["Variable"]: r["Value"] for r in db.rows("INFO")}
    assert (info["RondeActive"], info["Lieu"]) == ("10", "Salle des fêtes de Fouville-sur-Dame, 2e étage")


def test_every_reader_reads_the_moved_rows(both: tuple[bytes, bytes], tmp_path) -> None:  # type: ignore[no-untyped-def]
    ours, _theirs = both
    out = tmp_path / "grown.papi"
    out.write_bytes(ours)
    rows = jet_readers.ours(ours)
    assert rows == jet_readers.mdb_export(out) == jet_readers.mdb_reader(out)
    assert rows["INFO"] == jet_readers.access_parser(out, ["INFO"])["INFO"]
    assert jet_readers.mdb_version(out) == "JET4"
    assert jet_readers.mdb_schema(out) == jet_readers.mdb_schema(fixture_path(SOURCE))
