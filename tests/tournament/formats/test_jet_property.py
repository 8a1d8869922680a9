"""Property: any sequence of result writes, corrections, deletions (back to 0) and check-in changes on the
round-4 fixture reads back, through our reader and through access-parser, as the model says."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import jet_readers
from tests.support.files import fixture_path
from tournament.formats.jet import JetDatabase
from tournament.formats.papi_write import write_check_in, write_results

SOURCE = fixture_path("papi/small-20p-5r-r4-paired.papi").read_bytes()
BOARDS = [(2, 3), (6, 4), (5, 10), (11, 8), (12, 9), (19, 16), (21, 15), (17, 18), (13, 7)]
MIRROR = {0: 0, 1: 3, 2: 2, 3: 1, 4: 6, 5: 5, 6: 4}

result_op = st.tuples(st.just("result"), st.sampled_from(range(len(BOARDS))), st.sampled_from([0, 0, 1, 2, 3, 4, 5, 6]))
check_in_op = st.tuples(st.just("check-in"), st.integers(1, 21), st.booleans())
operations = st.lists(st.one_of(result_op, check_in_op), min_size=1, max_size=25)


def base_model() -> dict[int, dict[str, object]]:
    """Rd04Res and Pointe of every row as access-parser reads them in the source file."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "source.papi"
        path.write_bytes(SOURCE)
        rows = jet_readers.access_parser(path)["JOUEUR"]
    return {int(dict(r)["Ref"]): {"Rd04Res": dict(r)["Rd04Res"], "Pointe": dict(r)["Pointe"]} for r in rows}  # type: ignore[call-overload]


BASE = base_model()
SOURCE_ROWS = jet_readers.ours(SOURCE)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations)
def test_random_result_sequences_read_back_as_the_model(ops: list[tuple[str, int, object]]) -> None:
    model = {ref: dict(cells) for ref, cells in BASE.items()}
    data = SOURCE
    for kind, which, value in ops:
        if kind == "result":
            assert isinstance(value, int)
            white, black = BOARDS[which]
            data = write_results(data, 4, [(white, black, value)])
            model[white]["Rd04Res"], model[black]["Rd04Res"] = value, MIRROR[value]
        else:
            data = write_check_in(data, {which: bool(value)})
            model[which]["Pointe"] = bool(value)
    expected = {ref: (cells["Rd04Res"], cells["Pointe"]) for ref, cells in model.items()}
    ours = {r["Ref"]: (r["Rd04Res"], r["Pointe"]) for r in JetDatabase.from_bytes(data).rows("JOUEUR")}
    assert ours == expected
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "written.papi"
        path.write_bytes(data)
        read = jet_readers.access_parser(path)
    theirs = {dict(r)["Ref"]: (dict(r)["Rd04Res"], dict(r)["Pointe"]) for r in read["JOUEUR"]}
    assert theirs == expected
    # everything else is untouched: the other tables, and JOUEUR but for these two columns
    assert {k: v for k, v in read.items() if k != "JOUEUR"} == {k: v for k, v in SOURCE_ROWS.items() if k != "JOUEUR"}
    strip = {"Rd04Res", "Pointe"}
    assert [tuple(c for c in r if c[0] not in strip) for r in read["JOUEUR"]] == [
        tuple(c for c in r if c[0] not in strip) for r in SOURCE_ROWS["JOUEUR"]
    ]
