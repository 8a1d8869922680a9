"""Malformed files (truncated, binary, empty, 10 MB of garbage): a clear error, nothing written, no traceback."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cli.main import main
from tests.support.files import fixture_path
from tournament.formats.trf_lint import lint_bytes


def _files() -> dict[str, bytes]:
    good = fixture_path("small-20p-5r.trf").read_bytes()
    rng = random.Random(7)
    return {
        "truncated": good[: len(good) // 2 + 37],
        "binary": bytes(rng.randrange(256) for _ in range(4096)),
        "empty": b"",
        "garbage-10MB": bytes(rng.randrange(32, 127) for _ in range(1000)) * 10_000,
    }


@pytest.mark.parametrize("kind", ["truncated", "binary", "empty", "garbage-10MB"])
@pytest.mark.parametrize("command", ["import-trf", "import-papi", "import-chessevent"])
def test_bad_file_is_refused_cleanly(kind: str, command: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"{kind}.bin"
    path.write_bytes(_files()[kind])
    events = tmp_path / "events"
    assert main([command, str(path), "--events", str(events), "--event", "ev"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("echiquier: ") and "Traceback" not in err
    assert "Nothing was imported" in err or "not" in err
    assert len(err) < 20_000  # a readable message, not a dump
    assert not events.exists() or not list(events.glob("*.db"))


@pytest.mark.parametrize("kind", ["truncated", "binary", "empty", "garbage-10MB"])
def test_lint_reports_bad_files(kind: str) -> None:
    report = lint_bytes(_files()[kind])
    assert not report.ok and report.errors[0].message
    assert len(report.items) <= 101
