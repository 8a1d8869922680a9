"""Team files from other programs (tests/fixtures/teams/, made by tests/support/team_files.py) imported as an
organiser does (`app.imports.import_trf`): the default standings are those after the last round played, and
equal gacrux's standings of the same file, every team tie-break, with the file's own match scoring."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.imports import import_trf
from app.views.standings import standings_for
from database.registry import EventRegistry
from tests.support.files import fixture_path
from tests.support.gacrux import HAVE_GACRUX, tiebreakchecker
from tests.support.team_files import shapes

pytestmark = pytest.mark.skipif(not HAVE_GACRUX, reason="gacrux (test extra) is not installed")

CODES = ["MPVGP", "BH/C1", "BH", "BH/M1", "SB", "PS", "WIN", "FB", "DE", "TPN"]
#: File -> rounds played (what gacrux is asked for; ours must find it alone).
FILES = {"swiss-11t-9r-5-played.trf26": 5, "swiss-11t-round-6-paired.trf26": 5, "colours-out-of-order.trf26": 6,
         "forfeits-without-330.trf26": 7, "interclubs-ffe-7t.trf26": 7,
         "interclubs-ffe-7t-no-092.trf26": 7, "interclubs-013-4-of-7.trf16": 4,
         "swiss-013-byes.trf16": 6,
         "interclubs-8t-4b-7r.trf16": 7, "interclubs-8t-4b-7r.trf26": 7, "olympiad-10t-4b-6r.trf26": 6}


async def imported_standings(text: str, events: Path, codes: list[str]) -> tuple[int, dict[int, list[str]]]:
    """(round counted, rows by team number: rank, match points, tie-breaks) of the file imported."""
    await import_trf(text.encode("utf-8"), "file.trf", events, "ev", None)
    registry = EventRegistry(events)
    try:
        store = await registry.get("ev")
        tid = (await store.tournaments())[0].id
        st = await standings_for(store, tid, tie_breaks=",".join(codes))
    finally:
        await registry.close()
    return st.round, {r.start_rank: [str(r.rank), str(r.points), *(str(v) for v in r.values)] for r in st.rows}


def differences(ours: dict[int, list[str]], theirs: dict[int, list[str]], codes: list[str]) -> list[str]:
    problems = []
    assert set(ours) == set(theirs)
    for team, mine in ours.items():
        t = theirs[team][1:]
        if int(mine[0]) != int(t[0]):
            problems.append(f"team {team}: rank {mine[0]} vs {t[0]}")
        for code, a, b in zip(["MP", *codes], mine[1:], t[1:], strict=True):
            if a == "None" or abs(float(a) - float(b)) >= 0.001:
                problems.append(f"team {team}: {code} {a} vs {b}")
    return problems


def test_the_fixtures_are_the_shapes_written() -> None:
    for name, text in shapes().items():
        assert fixture_path(f"teams/{name}").read_text(encoding="utf-8") == text, name


@pytest.mark.parametrize("name", sorted(FILES))
async def test_team_file_standings_equal_gacrux(name: str, tmp_path: Path) -> None:
    text = fixture_path(f"teams/{name}").read_text(encoding="utf-8")
    counted, ours = await imported_standings(text, tmp_path / "events", CODES)
    assert counted == FILES[name]
    theirs = tiebreakchecker(text, FILES[name], CODES, tmp_path)
    assert differences(ours, theirs, CODES) == []
    assert len({row[1] for row in ours.values()}) > 2  # not every team on the same points
