"""Team files from other programs (tests/fixtures/teams/, made by tests/support/team_files.py) imported as an
organiser does (`app.imports.import_trf`): the default standings are those after the last round played, and
equal gacrux's standings of the same file, every team tie-break, with the file's own match scoring."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.imports import import_trf
from app.views.standings import standings_for
from database.registry import EventRegistry
from tests.support.files import fixture_path
from tests.support.gacrux import HAVE_GACRUX, tiebreakchecker
from tests.support.team_files import shapes
from tournament.errors import EchiquierError
from tournament.teams.trf_import import TEAM_TWICE, UNKNOWN_TEAM

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


BROKEN = {"330 +- 002 001 099": (UNKNOWN_TEAM, 16), "320  2.0  4.0  99": (UNKNOWN_TEAM, 15),
          "310   3 Again": (TEAM_TWICE, 5)}


async def test_team_records_that_cannot_be_used_are_warnings_with_line_and_column(tmp_path: Path) -> None:
    """A forfeit or bye naming a team that does not exist, a team number given twice: imported without them, each
    named by its line and column; the standings still equal gacrux's on the records it could use."""
    text = fixture_path("teams/olympiad-10t-4b-6r.trf26").read_text(encoding="utf-8")
    lines = text.rstrip("\n").split("\n") + list(BROKEN)
    summary = await import_trf(("\n".join(lines) + "\n").encode(), "broken.trf", tmp_path / "events", "ev", None)
    for k, (key, column) in enumerate(BROKEN.values(), start=len(lines) - len(BROKEN) + 1):
        assert f"broken.trf: warning: line {k}, column {column}: {key.split('%s')[0]}" in summary, summary
    assert "Imported 50 players" in summary


async def test_mangled_team_files_never_end_in_a_traceback(tmp_path: Path) -> None:
    """Team files with characters changed, cut or records added at random (seeded): each one is imported with
    warnings, or refused with a message (an EchiquierError), never anything else."""
    rng = random.Random(25)
    names = sorted(FILES)
    for k in range(40):
        lines = fixture_path(f"teams/{rng.choice(names)}").read_text(encoding="utf-8").split("\n")
        for _ in range(3):
            at = rng.randrange(len(lines))
            line = lines[at]
            cut = rng.randrange(len(line) + 1)
            lines[at] = rng.choice([line[:cut] + rng.choice("0123456789 +-=wbUZ") + line[cut + 1:], line[:cut],
                                    line + "\n" + rng.choice(list(BROKEN))])
        try:
            await import_trf("\n".join(lines).encode(), "mangled.trf", tmp_path / str(k), "ev", None)
        except EchiquierError:
            continue
