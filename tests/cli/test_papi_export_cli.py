"""`echiquier export-papi --events DIR --event ID [--tournament T] -o FILE` (cli/papi.py): a new Papi file from a
tournament; an existing file is never overwritten, a team tournament or an unknown one is refused, with one clear
message each."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.main import main
from tests.support.files import fixture_path
from tests.support.jet_readers import mdb_version
from tournament.formats.jet import JetDatabase


def imported(tmp_path: Path, trf: str, event: str) -> Path:
    events = tmp_path / "events"
    assert main(["import-trf", str(fixture_path(trf)), "--events", str(events), "--event", event]) == 0
    return events


def test_export_papi_writes_a_new_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = imported(tmp_path, "small-20p-5r.trf", "small")
    out = tmp_path / "out" / "small.papi"
    out.parent.mkdir()
    assert main(["export-papi", "--events", str(events), "--event", "small", "-o", str(out)]) == 0
    assert f"Wrote {out}" in capsys.readouterr().out
    assert mdb_version(out) == "JET4"
    db = JetDatabase.from_bytes(out.read_bytes())
    rows = {r["Ref"]: r for r in db.rows("JOUEUR")}
    assert len(rows) == 21 and rows[1]["Nom"] == "EXEMPT"
    trf = fixture_path("small-20p-5r.trf").read_text(encoding="utf-8").splitlines()
    first = next(line for line in trf if line.startswith("001    1 "))
    assert rows[2]["Nom"] == first[14:47].split(",")[0].strip().upper()
    assert [p.name for p in out.parent.iterdir()] == ["small.papi"]  # no temporary file left

    before = out.read_bytes()
    assert main(["export-papi", "--events", str(events), "--event", "small", "-o", str(out)]) == 1
    assert "exists already" in capsys.readouterr().err
    assert out.read_bytes() == before


def test_export_papi_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = imported(tmp_path, "teams/interclubs-8t-4b-7r.trf16", "clubs")
    out = tmp_path / "clubs.papi"
    assert main(["export-papi", "--events", str(events), "--event", "clubs", "-o", str(out)]) == 1
    assert "team tournament" in capsys.readouterr().err
    assert main(["export-papi", "--events", str(events), "--event", "clubs", "--tournament", "nope", "-o",
                 str(out)]) == 1
    assert "No tournament 'nope'" in capsys.readouterr().err
    assert main(["export-papi", "--events", str(events), "--event", "missing", "-o", str(out)]) == 1
    assert "missing" in capsys.readouterr().err
    assert not out.exists()
