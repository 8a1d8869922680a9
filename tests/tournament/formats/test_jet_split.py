"""A pairing that overflows an index page: round 6 of the 600-player open, against what Jackcess does with the
same changes in the same order (tests/fixtures/jet/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import jet_readers
from tests.support.files import fixture_path
from tests.support.jet import changes
from tournament.formats.jet import JetDatabase
from tournament.formats.jet.header import PAGE_SIZE
from tournament.formats.jet.rows import row_bytes, usage_map_pages

SOURCE = "papi/open-600p-9r.papi"


@pytest.fixture(scope="module")
def written() -> bytes:
    db = JetDatabase.from_bytes(fixture_path(SOURCE).read_bytes())
    db.set_cells("JOUEUR", "Ref", changes())
    return db.to_bytes()


@pytest.fixture(scope="module")
def jackcess() -> bytes:
    """The source file with Jackcess's pages laid over it (only the recorded ones: the index and usage maps)."""
    recorded = json.loads(fixture_path("jet/open-600p-9r-r6.jackcess-pages.json").read_text(encoding="utf-8"))
    data = bytearray(fixture_path(SOURCE).read_bytes())
    data += bytes(recorded["page_count"] * PAGE_SIZE - len(data))
    for number, page in recorded["pages"].items():
        data[int(number) * PAGE_SIZE : (int(number) + 1) * PAGE_SIZE] = bytes.fromhex(page)
    return bytes(data)


def test_the_split_index_equals_jackcess(written: bytes, jackcess: bytes) -> None:
    ours, theirs = JetDatabase.from_bytes(written), JetDatabase.from_bytes(jackcess)
    assert len(written) == len(jackcess)
    pages = ours.index_pages("JOUEUR", "Rd06Adv")
    assert [(p.number, p.leaf) for p in pages] == [(42, False), (176, True), (175, True)]
    assert pages == theirs.index_pages("JOUEUR", "Rd06Adv")
    assert ours.decoded_index_entries("JOUEUR", "Rd06Adv") == theirs.decoded_index_entries("JOUEUR", "Rd06Adv")


def test_new_pages_are_in_the_usage_maps_as_jackcess_marks_them(written: bytes, jackcess: bytes) -> None:
    real = JetDatabase.from_bytes(written).table("JOUEUR").index("Rd06Adv")[1]
    assert row_bytes(written, 1, 0) == row_bytes(jackcess, 1, 0)  # global map: 175 and 176 no longer free
    assert row_bytes(written, *real.usage_map) == row_bytes(jackcess, *real.usage_map)
    assert usage_map_pages(written, real.usage_map) == [42, 175, 176]


def test_rows_and_other_indexes(written: bytes, tmp_path: Path) -> None:
    before = JetDatabase.from_bytes(fixture_path(SOURCE).read_bytes())
    ours = JetDatabase.from_bytes(written)
    for logical in ours.table("JOUEUR").logical_indexes:
        if logical.name != "Rd06Adv":
            assert ours.index_pages("JOUEUR", logical.name) == before.index_pages("JOUEUR", logical.name)
    wanted = changes()
    for row in ours.rows("JOUEUR"):
        expected = wanted.get(int(row["Ref"]), {})  # type: ignore[call-overload]
        assert {k: row[k] for k in expected} == expected
    out = tmp_path / "r6.papi"
    out.write_bytes(written)
    assert jet_readers.ours(written) == jet_readers.access_parser(out) == jet_readers.mdb_export(out)
    assert jet_readers.mdb_version(out) == "JET4"
    assert jet_readers.mdb_schema(out) == jet_readers.mdb_schema(fixture_path(SOURCE))


def test_a_leaf_under_an_intermediate_page_splits_as_jackcess() -> None:
    """150 players of the open renamed MARTIN…: the Nom (Nom, Prenom) leaf that takes them splits under the
    root, which has a child tail; the rows grow and move to new data pages (tests/fixtures/jet/README.md)."""
    recorded = json.loads(fixture_path("jet/open-600p-9r-names.jackcess-pages.json").read_text(encoding="utf-8"))
    source = fixture_path(SOURCE).read_bytes()
    theirs = bytearray(source)
    theirs += bytes(recorded["page_count"] * PAGE_SIZE - len(theirs))
    for number, page in recorded["pages"].items():
        theirs[int(number) * PAGE_SIZE : (int(number) + 1) * PAGE_SIZE] = bytes.fromhex(page)
    changes: dict[int, dict[str, object]] = {}
    for line in fixture_path("jet/open-600p-9r-names.changes.tsv").read_text(encoding="utf-8").splitlines():
        _table, _key, ref, column, value = line.split("\t")
        changes.setdefault(int(ref), {})[column] = value
    db = JetDatabase.from_bytes(source)
    before = [p.number for p in db.index_pages("JOUEUR", "Nom")]
    db.set_cells("JOUEUR", "Ref", changes)
    ours = db.to_bytes()
    assert len(ours) == len(theirs)
    pages = db.index_pages("JOUEUR", "Nom")
    assert len(pages) == len(before) + 1 and pages[0].tail_page
    assert pages == JetDatabase.from_bytes(bytes(theirs)).index_pages("JOUEUR", "Nom")
    names = {r["Ref"]: r["Nom"] for r in db.rows("JOUEUR")}
    assert all(names[ref] == cells["Nom"] for ref, cells in changes.items())


def test_an_emptied_leaf_is_removed_as_jackcess_removes_it() -> None:
    """Round 6 paired, every Rd06Adv cleared (the leaf of values empties: it leaves its parent and its peers,
    its header is invalidated and the global map marks it free), then the round paired again (a new page)."""
    recorded = json.loads(fixture_path("jet/open-600p-9r-repair.jackcess-pages.json").read_text(encoding="utf-8"))
    source = fixture_path(SOURCE).read_bytes()
    theirs = bytearray(source)
    theirs += bytes(recorded["page_count"] * PAGE_SIZE - len(theirs))
    for number, page in recorded["pages"].items():
        theirs[int(number) * PAGE_SIZE : (int(number) + 1) * PAGE_SIZE] = bytes.fromhex(page)
    steps: dict[str, dict[int, dict[str, object]]] = {}
    for line in fixture_path("jet/open-600p-9r-repair.changes.tsv").read_text(encoding="utf-8").splitlines():
        step, _table, _key, ref, column, value = line.split("\t")
        cell: object = None if value == "\\N" else value if column.endswith("Cl") else int(value)
        steps.setdefault(step, {}).setdefault(int(ref), {})[column] = cell
    db = JetDatabase.from_bytes(source)
    for step in sorted(steps):
        db.set_cells("JOUEUR", "Ref", steps[step])
    ours = db.to_bytes()
    assert len(ours) == len(theirs)
    jackcess = JetDatabase.from_bytes(bytes(theirs))
    assert db.index_pages("JOUEUR", "Rd06Adv") == jackcess.index_pages("JOUEUR", "Rd06Adv")
    assert [p.number for p in db.index_pages("JOUEUR", "Rd06Adv")] == [42, 177, 176]
    emptied = 175 * PAGE_SIZE
    assert ours[emptied : emptied + 4] == theirs[emptied : emptied + 4] == bytes(4)
    real = db.table("JOUEUR").index("Rd06Adv")[1]
    assert row_bytes(ours, 1, 0) == row_bytes(bytes(theirs), 1, 0)
    assert row_bytes(ours, *real.usage_map) == row_bytes(bytes(theirs), *real.usage_map)
