"""FIDE's rating list in the events folder: importing one (the admin's upload, `echiquier import-ratings`) and the
suggestions that fill a player's record from it (the admin's and the desk's player forms). The file is read as a
stream, zipped or not, text or XML (tournament/formats/rating_list.py); the rows go to database/ratings.py.
"""

from __future__ import annotations

import asyncio
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from datetime import date
from itertools import chain
from pathlib import Path
from typing import IO, Any

import msgspec

from database.ratings import RATINGS_DB, ListInfo, RatingList, replace_list
from tournament.config_rules import TITLES
from tournament.errors import Invalid
from tournament.formats.rating_list import Row, list_month, name_key, parse_txt, parse_xml, sniff
from tournament.messages import N_

CHUNK = 1 << 20
ZIP_ERRORS = (zipfile.BadZipFile, EOFError, OSError, zlib.error)  # a damaged archive, read as it is inflated
SUGGESTIONS = 10
BAD_ZIP = N_("The zip file cannot be read. Nothing was imported.")
NO_LIST_IN_ZIP = N_("The zip file holds no rating list (a .txt or .xml file). Nothing was imported.")
#: The record form's rating fields (tournament/player_rules.py RATING_COLUMNS) and the list's columns.
RATING_FIELDS = {"standard_rating": "standard", "rapid_rating": "rapid", "blitz_rating": "blitz"}


class Suggestion(msgspec.Struct, frozen=True, kw_only=True):
    fide_id: int
    name: str
    federation: str | None
    title: str | None
    birth_year: int | None
    rating: int | None  # of the tournament's kind


def _rows(stream: IO[bytes], form: str) -> tuple[Iterator[Row], str | None]:
    """The rows, and the month a one-kind text list names in its header (`NOV25`)."""
    if form == "xml":
        return parse_xml(iter(lambda: stream.read(CHUNK), b"")), None
    header = stream.readline()
    return parse_txt(chain([header], stream)), list_month(header.decode("latin-1"))


def open_rows(stream: IO[bytes], filename: str) -> tuple[Iterator[Row], str | None]:
    """The rows of a list file (read lazily from `stream`) and the list's date: the month of a one-kind list's
    header, else of FIDE's file name, else the zip entry's date. A zip's largest .txt or .xml entry is the list."""
    start = stream.read(8)
    stream.seek(0)
    form = sniff(start)
    if form != "zip":
        found, month = _rows(stream, form)
        return found, month or list_month(filename)
    try:
        archive = zipfile.ZipFile(stream)
        entries = [e for e in archive.infolist() if e.filename.lower().endswith((".txt", ".xml"))]
    except (zipfile.BadZipFile, OSError):
        raise Invalid(BAD_ZIP) from None
    if not entries:
        raise Invalid(NO_LIST_IN_ZIP)
    entry = max(entries, key=lambda e: e.file_size)
    try:
        member = archive.open(entry)
        parsed, month = _rows(member, "xml" if entry.filename.lower().endswith(".xml") else "txt")
    except ZIP_ERRORS:
        raise Invalid(BAD_ZIP) from None
    listed = month or list_month(entry.filename) or list_month(filename) or date(*entry.date_time[:3]).isoformat()

    def rows() -> Iterator[Row]:
        try:
            yield from parsed
        except ZIP_ERRORS:
            raise Invalid(BAD_ZIP) from None
        finally:
            member.close()
            archive.close()
    return rows(), listed


class _Lazy(Iterable[Row]):
    """The rows, opened on the import's thread (the zip's directory is read there too, not on the event loop)."""

    def __init__(self, stream: IO[bytes], filename: str) -> None:
        self.stream, self.filename = stream, filename
        self.list_date: str | None = None

    def __iter__(self) -> Iterator[Row]:
        rows, self.list_date = open_rows(self.stream, self.filename)
        return rows


async def import_list(events_dir: Path, stream: IO[bytes], filename: str, size: int) -> ListInfo:
    """Replace the events folder's list with the one in `stream` (all or nothing: a malformed list raises `Invalid`
    and the list there stays)."""
    rows = _Lazy(stream, filename)
    return await replace_list(events_dir, rows, source=Path(filename).name, list_date=lambda: rows.list_date,
                              size=size)


class RatingLists:
    """The events folder's list, opened on first use and kept (the web app's; closed with it)."""

    def __init__(self) -> None:
        self._lists: dict[Path, RatingList] = {}
        self._lock = asyncio.Lock()

    async def get(self, events_dir: Path) -> RatingList | None:
        """The folder's list; None while none was imported (no file is made)."""
        async with self._lock:
            if events_dir not in self._lists:
                if not (events_dir / RATINGS_DB).is_file():
                    return None
                self._lists[events_dir] = await RatingList.open(events_dir)
            return self._lists[events_dir]

    async def close(self) -> None:
        async with self._lock:
            for lists in self._lists.values():
                await lists.close()
            self._lists.clear()


async def suggest(lists: RatingList, query: str, rating_column: str) -> list[Suggestion]:
    """Up to ten players of the list for what was typed: a FIDE id (or its first digits) or a name's start."""
    query = query.strip()[:100]
    if not query:
        return []
    kind = RATING_FIELDS.get(rating_column, "standard")
    key = name_key(query)
    found = await lists.search(query, key, SUGGESTIONS)
    words = key.split()
    if not found and len(words) > 1:  # "Magnus Carlsen": the last name typed last
        found = await lists.search(query, " ".join([words[-1], *words[:-1]]), SUGGESTIONS)
    return [Suggestion(fide_id=r["fide_id"], name=r["name"], federation=r["federation"], title=r["title"],
                       birth_year=r["birth_year"], rating=r[kind]) for r in found]


def record_from_list(listed: dict[str, Any], rating_column: str) -> dict[str, Any]:
    """The record form's fields from a player of the list (`rating_column` is the tournament's rating: also the
    rating used, `fide_rating`).

    >>> record_from_list({"fide_id": 7, "name": "Lefèvre, Zoé", "federation": "FRA", "sex": "F", "title": "WFM",
    ...                   "standard": 2010, "rapid": None, "blitz": 1950, "birth_year": 2008}, "standard_rating")
    ... # doctest: +NORMALIZE_WHITESPACE
    {'fide_id': 7, 'last_name': 'Lefèvre', 'first_name': 'Zoé', 'federation': 'FRA', 'sex': 'F', 'title': 'WFM',
     'birth_date': '2008', 'standard_rating': 2010, 'rapid_rating': None, 'blitz_rating': 1950, 'fide_rating': 2010}
    """
    last, _, first = str(listed["name"]).partition(",")
    values: dict[str, Any] = {
        "fide_id": listed["fide_id"], "last_name": last.strip(), "first_name": first.strip(),
        "federation": listed["federation"] if listed["federation"] and len(listed["federation"]) == 3 else None,
        "sex": listed["sex"] if listed["sex"] in ("M", "F") else None,
        "title": listed["title"] if listed["title"] in TITLES else None,
        "birth_date": str(listed["birth_year"]) if listed["birth_year"] else None,
    }
    for field, kind in RATING_FIELDS.items():
        values[field] = listed[kind]
    values["fide_rating"] = values.get(rating_column)
    return values


async def k_factors(events_dir: Path, fide_ids: Iterable[int], kind: str) -> dict[int, int]:
    """FIDE id -> K of the tournament's kind, for the players the events folder's list gives one (none without a
    list: no file is made)."""
    wanted = sorted({i for i in fide_ids if i})
    if not wanted or not (events_dir / RATINGS_DB).is_file():
        return {}
    lists = await RatingList.open(events_dir)
    try:
        return await lists.k_factors(wanted, kind if kind in ("rapid", "blitz") else "standard")
    finally:
        await lists.close()
