"""Adding rows (tournament/formats/jet/insert.py) beyond what the Jackcess comparison of tests/app/papi/
test_papi_export.py covers: constraints refused with nothing changed, autonumbers, every index still consistent;
and the fast row decoder of the Papi loop (rows.row_decoder) against decode_row on every fixture."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.files import fixture_path
from tournament.formats.jet import JetDatabase, JetError
from tournament.formats.jet.rows import decode_row, iter_rows, row_decoder
from tournament.formats.jet.verify import check_indexes

FIXTURES = ("template-3.3.7", "small-20p-5r", "small-20p-5r-r4-paired", "club-64p-7r", "open-600p-9r")


def template() -> JetDatabase:
    return JetDatabase.from_bytes(fixture_path("papi/template-3.3.7.papi").read_bytes())


def player(ref: int | None, name: str, **more: object) -> dict[str, object]:
    return {"Ref": ref, "Nom": name, "Prenom": "Anne", "Elo": 1500, "Pointe": True, "Flotteur": "X" * 24, **more}


@pytest.mark.parametrize("name", FIXTURES)
def test_row_decoder_reads_as_decode_row(name: str) -> None:
    data = fixture_path(f"papi/{name}.papi").read_bytes()
    db = JetDatabase.from_bytes(data)
    for table in db.table_names():
        tdef = db.table(table)
        decode = row_decoder(tdef)
        rows = list(iter_rows(data, tdef))
        assert [decode(data[a:b]) for _s, a, b in rows] == [decode_row(data, tdef, a, b) for _s, a, b in rows]
        some = [tdef.columns[-1], tdef.columns[0]]
        assert [row_decoder(tdef, some)(data[a:b]) for _s, a, b in rows] == [
            decode_row(data, tdef, a, b, some) for _s, a, b in rows]


def test_added_rows_read_back_and_keep_every_index_consistent() -> None:
    db = template()
    db.add_rows("JOUEUR", [player(2, "N'Diaye"), player(3, "Éluard", FideCode="999000123"), player(None, "Łukasz")])
    rows = {r["Ref"]: r for r in db.rows("JOUEUR")}
    assert sorted(rows) == [1, 2, 3, 4]  # the missing Ref is the table's next autonumber
    assert (rows[3]["Nom"], rows[3]["FideCode"], rows[4]["Nom"], rows[2]["Pointe"]) == ("Éluard", "999000123",
                                                                                       "Łukasz", True)
    assert db.table("JOUEUR").num_rows == 4
    check_indexes(db.to_bytes())
    assert [e.values for e in db.decoded_index_entries("JOUEUR", "Ref")] == [(1,), (2,), (3,), (4,)]
    assert [e.values[0] for e in db.decoded_index_entries("JOUEUR", "Nom")] == ["ELUARD", "EXEMPT", "LUKASZ",
                                                                               "NDIAYE"]
    assert db.unique_count("JOUEUR", "Ref") == 4 and db.unique_count("JOUEUR", "Rd01Adv") == 1


@pytest.mark.parametrize("rows", [
    [player(2, "Martin"), player(2, "Durand")],  # the unique Ref twice
    [player(1, "Martin")],  # EXEMPT's Ref
    [player(2, "Жуков")],  # a letter the text key encoder does not know
    [player(2, "Martin", Elo=70000)],  # out of an Integer's range
    [player(2, "M" * 30)],  # longer than the column
    [player(2, "Martin", Inconnue=1)],  # no such column
])
def test_refused_with_nothing_changed(rows: list[dict[str, object]]) -> None:
    db = template()
    before = db.to_bytes()
    with pytest.raises(JetError):
        db.add_rows("JOUEUR", rows)
    assert db.to_bytes() == before


LETTERS = "ABCDEÉÈÊËFGHIÏÎJKLMNÑOÖØPQRSTUÜVWXYZŁŠŽÇ '-"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.text(LETTERS, min_size=1, max_size=20).filter(lambda t: t.strip(" '-")),
                          st.one_of(st.none(), st.integers(0, 3000)), st.booleans(), st.booleans()),
                min_size=1, max_size=350))
def test_random_rows_keep_every_index_a_valid_tree(people: list[tuple[str, int | None, bool, bool]]) -> None:
    """Random names (accents, apostrophes, hyphens, spaces), ratings, opponents and check-in, enough rows for
    leaves to split: every index still one entry per row, in order, each the key of its row (check_indexes),
    and the rows read back as given."""
    db = template()
    rows = [player(ref, name, Elo=elo, Rd01Adv=1000 - ref if paired else None, Pointe=here)  # unique index
            for ref, (name, elo, paired, here) in enumerate(people, start=2)]
    db.add_rows("JOUEUR", rows)
    check_indexes(db.to_bytes())
    read = {r["Ref"]: r for r in db.rows("JOUEUR")}
    assert [(read[r["Ref"]]["Nom"], read[r["Ref"]]["Elo"], read[r["Ref"]]["Pointe"]) for r in rows] == [
        (r["Nom"], r["Elo"], r["Pointe"]) for r in rows]
