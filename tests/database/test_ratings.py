"""The rating list's file: rows read a batch ahead on their own thread while SQLite inserts; an error far into the
list rolls the whole import back, and an insert that stops early leaves no thread behind."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from database.ratings import RATINGS_DB, RatingList, _read_ahead, replace_list
from tests.support.rating_lists import player, txt_lines
from tournament.errors import Invalid, Unavailable
from tournament.formats.rating_list import Row, parse_txt


def rows(count: int, broken_at: int | None = None) -> Iterator[Row]:
    lines = (line.encode() for line in txt_lines(count))
    if broken_at is None:
        return parse_txt(lines)
    return parse_txt(b"x" * 15 if n == broken_at else line for n, line in enumerate(lines))


async def test_an_error_far_into_the_list_changes_nothing(tmp_path: Path) -> None:
    await replace_list(tmp_path, rows(100), source="first.txt", list_date="2026-11-01", size=1)
    with pytest.raises(Invalid) as refused:
        await replace_list(tmp_path, rows(30_000, broken_at=23_456), source="second.txt", list_date=None, size=2)
    assert str(refused.value).startswith("Line 23457: the FIDE id “xxxxxxxxxxxxxxx” is not a number.")
    lists = await RatingList.open(tmp_path)
    try:
        info = await lists.info()
        assert info is not None and (info.source, info.players, info.list_date) == ("first.txt", 100, "2026-11-01")
        assert await lists.by_id(player(99).fide_id) is not None and await lists.by_id(player(100).fide_id) is None
    finally:
        await lists.close()


def test_every_row_comes_through_in_order() -> None:
    assert [r[0] for r in _read_ahead(rows(12_345), batch=1000)] == [player(i).fide_id for i in range(12_345)]


def test_stopping_early_ends_the_reader() -> None:
    before = threading.active_count()
    taken = _read_ahead(rows(200_000), batch=100, depth=2)
    assert next(taken)[0] == player(0).fide_id
    taken.close()  # what an insert failing midway does: the reader stops instead of waiting forever
    assert threading.active_count() == before


async def test_a_list_being_written_elsewhere_is_a_clear_refusal(tmp_path: Path) -> None:
    await replace_list(tmp_path, rows(10), source="first.txt", list_date=None, size=1)
    other = sqlite3.connect(tmp_path / RATINGS_DB, isolation_level=None)  # another import, holding the file
    try:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(Unavailable) as refused:
            await replace_list(tmp_path, rows(20), source="second.txt", list_date=None, size=2)
        assert str(refused.value).startswith("The rating list could not be written (database is locked)")
    finally:
        other.execute("ROLLBACK")
        other.close()
    lists = await RatingList.open(tmp_path)
    try:
        info = await lists.info()
        assert info is not None and (info.source, info.players) == ("first.txt", 10)
    finally:
        await lists.close()
