"""A Papi file imported into a new event gives the event Papi's first and last days (INFO DateDebut/DateFin)."""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path

import pytest

from cli.main import main
from database.registry import EventRegistry
from tests.support.files import fixture_path
from tournament.models import Info


def info_of(folder: Path, event_id: str) -> Info:
    async def read() -> Info:
        registry = EventRegistry(folder)
        try:
            return await (await registry.get(event_id)).info()
        finally:
            await registry.close()

    return asyncio.run(read())


def test_a_new_event_takes_the_papi_dates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the fixture's INFO table: DateDebut 04/04/2026, DateFin 06/04/2026 (dd/mm/yyyy, tests/fixtures/README.md)
    path = fixture_path("papi/small-20p-5r.papi")
    assert main(["import-papi", str(path), "--events", str(tmp_path), "--event", "fouville"]) == 0
    info = info_of(tmp_path, "fouville")
    assert datetime.fromtimestamp(info.start) == datetime(2026, 4, 4)
    assert datetime.fromtimestamp(info.stop) == datetime(2026, 4, 6, 23, 59, 59)
    assert info.name == "Open de Fouville-sur-Dame 2026"


def test_an_existing_event_keeps_its_dates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = fixture_path("papi/small-20p-5r.papi")
    assert main(["import-papi", str(path), "--events", str(tmp_path), "--event", "club"]) == 0
    first = info_of(tmp_path, "club")
    club = fixture_path("papi/club-64p-7r.papi")  # other dates: 08/01/2026 to 19/02/2026
    assert main(["import-papi", str(club), "--events", str(tmp_path), "--event", "club"]) == 0
    again = info_of(tmp_path, "club")
    assert (again.start, again.stop) == (first.start, first.stop)
    assert main(["import-papi", str(club), "--events", str(tmp_path), "--event", "other"]) == 0
    other = info_of(tmp_path, "other")
    assert (datetime.fromtimestamp(other.start).date().isoformat(),
            datetime.fromtimestamp(other.stop).date().isoformat()) == ("2026-01-08", "2026-02-19")
