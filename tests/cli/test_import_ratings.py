"""`echiquier import-ratings FILE --events DIR`: the list into the events folder, or one clear line and exit 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.main import main
from database.ratings import RATINGS_DB
from tests.support.rating_lists import rating_list


def test_a_list_is_imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "standard_nov25frl.zip"
    source.write_bytes(rating_list(25, "txt", zipped=True))
    assert main(["import-ratings", str(source), "--events", str(tmp_path / "events")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("25 players imported from standard_nov25frl.zip, list of 2025-11-01 (")
    assert (tmp_path / "events" / RATINGS_DB).is_file()


@pytest.mark.parametrize(("content", "message"), [
    (b"not a list\n", "This is not a FIDE rating list"),
    (None, "No such file"),
])
def test_a_bad_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None,
                                message: str) -> None:
    source = tmp_path / "list.txt"
    if content is not None:
        source.write_bytes(content)
    assert main(["import-ratings", str(source), "--events", str(tmp_path / "events")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("echiquier: ") and message in err and len(err.strip().splitlines()) == 1
