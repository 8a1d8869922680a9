"""Standings page, JSON endpoint and command, cross-table page, TRF lint upload page, admin import page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.imports import import_trf
from cli.main import main
from tests.support.clients import prime_csrf
from tests.support.files import DATA, fixture_path

URL = "open-de-fouville-sur-dame-2026"


@pytest.fixture
async def small(events_dir: Path) -> Path:
    await import_trf(fixture_path("small-20p-5r.trf").read_bytes(), "s.trf", events_dir, "ev", None)
    return events_dir


async def test_json_endpoint(client: AsyncTestClient[Litestar], small: Path) -> None:
    response = await client.get(f"/api/standings/ev/{URL}?tiebreaks=BH/C1,BH,SB,PS,WIN&edition=2026-03")
    assert response.status_code == 200 and response.headers["x-round"] == "3"
    rows = response.json()
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    assert set(rows[0]) == {"rank", "start_rank", "name", "points", "tiebreaks"}
    assert list(rows[0]["tiebreaks"]) == ["BH/C1", "BH", "SB", "PS", "WIN"]
    expected = (fixture_path("expected/small-20p-5r.gacrux-tiebreaks.tsv").read_text().splitlines())
    gacrux = {int(line.split("\t")[0]): line.split("\t") for line in expected[1:]}
    for row in rows:
        assert row["rank"] == int(gacrux[row["start_rank"]][1])
        assert row["tiebreaks"]["SB"] == pytest.approx(float(gacrux[row["start_rank"]][5]))
    bad = await client.get(f"/api/standings/ev/{URL}?tiebreaks=BH,NOPE")
    assert bad.status_code == 400 and "unknown tie-break" in bad.text
    after_one = (await client.get(f"/api/standings/ev/{URL}?round=1")).json()
    assert max(r["points"] for r in after_one) == 1.0


async def test_standings_and_crosstable_pages(client: AsyncTestClient[Litestar], small: Path) -> None:
    page = await client.get(f"/standings/ev/{URL}")
    assert page.status_code == 200 and "GAUTHIER Loïc" in page.text and "BH/C1" in page.text
    fragment = await client.get(f"/standings/ev/{URL}", headers={"HX-Request": "true"})
    assert fragment.text.lstrip().startswith('<p class="standings-state">')  # the state refreshes with the table
    assert "<table" in fragment.text and "<html" not in fragment.text
    cross = await client.get(f"/crosstable/ev/{URL}")
    assert cross.status_code == 200 and "GAUTHIER Loïc" in cross.text and ">U<" not in cross.text
    assert (await client.get("/standings/ev/nope")).status_code == 404


async def test_shared_places_are_shown_as_a_range(client: AsyncTestClient[Litestar], small: Path) -> None:
    rows = (await client.get(f"/api/standings/ev/{URL}?tiebreaks=WIN")).json()
    ranks = [r["rank"] for r in rows]
    shared = {r for r in ranks if ranks.count(r) > 1}
    assert shared
    first = min(shared)
    page = await client.get(f"/standings/ev/{URL}?tiebreaks=WIN")
    assert f"{first}–{first + ranks.count(first) - 1}" in page.text


def test_standings_command(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", "--events", str(small), "--event", "ev", "--tiebreaks", "BH/C1,BH,SB,PS",
                 "--edition", "2024-08", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 20 and list(rows[0]["tiebreaks"]) == ["BH/C1", "BH", "SB", "PS"]
    assert main(["standings", "--events", str(small), "--event", "ev", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "rank,start_rank,name,points,BH/C1,BH,SB,PS" and len(lines) == 21
    assert main(["standings", "--events", str(small), "--event", "ev", "--tiebreaks", "XYZ"]) == 1
    assert "unknown tie-break 'XYZ'" in capsys.readouterr().err


async def test_lint_upload_page(client: AsyncTestClient[Litestar]) -> None:
    headers = await prime_csrf(client)
    assert (await client.get("/trf-lint")).status_code == 200
    data = (DATA / "bad-points.trf").read_bytes()
    response = await client.post("/trf-lint", files={"file": ("bad-points.trf", data)}, headers=headers)
    assert response.status_code == 200
    assert "points column says 2.5" in response.text and "can be imported" in response.text  # a warning now


async def test_admin_import_page(admin_client: AsyncTestClient[Litestar], small: Path) -> None:
    headers = await prime_csrf(admin_client)
    papi = fixture_path("papi/small-20p-5r-r4-paired.papi").read_bytes()
    response = await admin_client.post("/data/ev/import", files={"file": ("x.papi", papi)},
                                       data={"tournament": "From Papi"}, headers=headers)
    assert response.status_code == 200 and "20 players added" in response.text
    bad = await admin_client.post("/data/ev/import", files={"file": ("x.trf", b"001 garbage")}, headers=headers)
    assert bad.status_code == 422 and "Nothing was imported" in bad.text
