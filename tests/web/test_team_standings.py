"""A team file imported by `echiquier import-trf`: `echiquier standings` and the JSON endpoint give one object per
team in the shape of individual standings, equal to gacrux's team standings of the same file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.imports import import_trf
from cli.main import main
from tests.support.files import fixture_path
from tests.support.gacrux import HAVE_GACRUX, tiebreakchecker

CODES = "MPVGP,BH/C1,BH,SB,PS"
FILE = "olympiad-10t-4b-6r.trf26"
URL = "generated-10-teams"


@pytest.fixture
async def teams(events_dir: Path) -> Path:
    await import_trf(fixture_path(f"teams/{FILE}").read_bytes(), FILE, events_dir, "ev", None)
    return events_dir


def check_against_gacrux(rows: list[dict[str, object]], tmp_path: Path) -> None:
    theirs = tiebreakchecker(fixture_path(f"teams/{FILE}").read_text(encoding="utf-8"), 6, CODES.split(","), tmp_path)
    assert len(rows) == 10 == len(theirs)
    for row in rows:
        t = theirs[int(str(row["start_rank"]))]
        assert row["rank"] == int(t[1])
        assert row["points"] == float(t[2])
        assert row["tiebreaks"] == {c: pytest.approx(float(v)) for c, v in zip(CODES.split(","), t[3:], strict=True)}


@pytest.mark.skipif(not HAVE_GACRUX, reason="gacrux (test extra) is not installed")
async def test_json_endpoint_gives_one_object_per_team(client: AsyncTestClient[Litestar], teams: Path,
                                                       tmp_path: Path) -> None:
    response = await client.get(f"/api/standings/ev/{URL}?tiebreaks={CODES}")
    assert response.status_code == 200 and response.headers["x-round"] == "6"
    rows = response.json()
    assert set(rows[0]) == {"rank", "start_rank", "name", "points", "tiebreaks"}
    assert rows[0]["name"].startswith("Team ")
    check_against_gacrux(rows, tmp_path)
    bad = await client.get(f"/api/standings/ev/{URL}?tiebreaks=MPVGP,NOPE")
    assert bad.status_code == 400
    page = await client.get(f"/standings/ev/{URL}")
    assert page.status_code == 200 and "Team 01" in page.text and "MPVGP" in page.text


@pytest.mark.skipif(not HAVE_GACRUX, reason="gacrux (test extra) is not installed")
def test_standings_command(teams: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["standings", "--events", str(teams), "--event", "ev", "--tiebreaks", CODES]) == 0
    rows = json.loads(capsys.readouterr().out)
    check_against_gacrux(rows, tmp_path)
    after_two = main(["standings", "--events", str(teams), "--event", "ev", "--round", "2", "--format", "csv"])
    assert after_two == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("rank,start_rank,name,points,MPVGP") and len(lines) == 11
    assert max(float(line.split(",")[3]) for line in lines[1:]) <= 4  # two rounds: at most 2 × 2 match points
