"""Paths: the checkout, the data files of tests/fixtures/ (see its README.md) and tests/data/."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout (its tests/, templates/, docs/ ...)
TESTS = ROOT / "tests"
FIXTURES = TESTS / "fixtures"
DATA = TESTS / "data"  # one small TRF file per problem (the linter's cases)
ARTIFACTS = TESTS / "browser" / "artifacts"  # screenshots of the browser tests (ignored by git)


def fixture_path(name: str) -> Path:
    """A data file of tests/fixtures/; a missing one is an error, never a skip."""
    path = FIXTURES / name
    if not path.is_file():
        raise FileNotFoundError(f"test fixture {path} is missing from the repository")
    return path
