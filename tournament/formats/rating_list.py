"""FIDE's downloadable rating lists, read a line (or a `<player>`) at a time: pure code over an iterable of bytes, so
that a list of a million players never sits in memory whole (the caller streams the file, unzipped or not:
app/ratings.py; the rows go to database/ratings.py).

Two forms, as FIDE publishes them:

- the fixed-width text (`players_list_foa.txt`, and the one-list files `standard_…frl.txt`): a header line naming
  the columns, `ID Number` (0), `Name` (15), `Fed` (76), `Sex` (80), `Tit` (84), `WTit` (89), `OTit` (94), `FOA`
  (109), `SRtng SGm SK` (113, 119, 123), `RRtng RGm Rk` (126, 132, 136), `BRtng BGm BK` (139, 145, 149), `B-day`
  (152), `Flag` (158). Each column runs from its label to the next label: the columns are read from the header,
  so a list of one kind (`… Fed Sex Tit WTit OTit FOA NOV25 Gms K B-day Flag`, the rating under the list's month)
  reads the same way;
- the XML (`players_list_xml_foa.xml`): `<playerslist><player><fideid/><name/><country/><sex/><title/><w_title/>
  <o_title/><foa_title/><rating/><games/><k/><rapid_rating/><rapid_games/><rapid_k/><blitz_rating/><blitz_games/>
  <blitz_k/><birthday/><flag/></player>…`.

A row is a tuple in the order of `COLUMNS`; a rating of 0 or blank is None (unrated).

>>> lines = [b"ID Number      Name                 Fed  SRtng SK", b"1503014        Carlsen, Magnus      NOR  2831  10"]
>>> rows = parse_txt(lines)
>>> row = next(rows); row[:4], row[9:12]
((1503014, 'Carlsen, Magnus', 'carlsen magnus', 'NOR'), (2831, None, 10))
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from xml.etree.ElementTree import ParseError, XMLParser

from tournament.errors import Invalid
from tournament.messages import N_
from tournament.names import EXTRA_LETTERS as LETTERS
from tournament.names import collate

#: The columns of a row (and of the list's table, database/ratings.py).
COLUMNS = ("fide_id", "name", "name_key", "federation", "sex", "title", "w_title", "o_title", "foa_title",
           "standard", "standard_games", "standard_k", "rapid", "rapid_games", "rapid_k", "blitz", "blitz_games",
           "blitz_k", "birth_year", "flag")
Row = tuple[object, ...]

#: The text list's header labels -> columns. A one-kind list names its rating by the month (`NOV25`).
LABELS = {"ID Number": "fide_id", "Name": "name", "Fed": "federation", "Sex": "sex", "Tit": "title",
          "WTit": "w_title", "OTit": "o_title", "FOA": "foa_title", "SRtng": "standard", "SGm": "standard_games",
          "SK": "standard_k", "RRtng": "rapid", "RGm": "rapid_games", "Rk": "rapid_k", "BRtng": "blitz",
          "BGm": "blitz_games", "BK": "blitz_k", "Gms": "standard_games", "K": "standard_k", "B-day": "birth_year",
          "Flag": "flag"}
MONTH = re.compile(r"[A-Z]{3}\d{2}")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
LIST_MONTH = re.compile(r"(" + "|".join(MONTHS) + r")(\d\d)", re.IGNORECASE)
LABEL = re.compile(r"ID Number|\S+")
#: The XML's elements -> columns.
TAGS = {"fideid": "fide_id", "name": "name", "country": "federation", "sex": "sex", "title": "title",
        "w_title": "w_title", "o_title": "o_title", "foa_title": "foa_title", "rating": "standard",
        "games": "standard_games", "k": "standard_k", "rapid_rating": "rapid", "rapid_games": "rapid_games",
        "rapid_k": "rapid_k", "blitz_rating": "blitz", "blitz_games": "blitz_games", "blitz_k": "blitz_k",
        "birthday": "birth_year", "flag": "flag"}
NUMBERS = frozenset({"standard", "standard_games", "standard_k", "rapid", "rapid_games", "rapid_k", "blitz",
                     "blitz_games", "blitz_k", "birth_year"})
#: Titles as some lists abbreviate them.
SHORT_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}
INDEX = {name: i for i, name in enumerate(COLUMNS)}
TITLE, W_TITLE = INDEX["title"], INDEX["w_title"]

NOT_A_LIST = N_("This is not a FIDE rating list: its first line should name the columns (ID Number, Name, Fed…).")
BAD_ID = N_("Line %s: the FIDE id “%s” is not a number. Nothing was imported.")
BAD_NUMBER = N_("Line %s: “%s” is not a number (column %s). Nothing was imported.")
BAD_XML = N_("The XML rating list cannot be read (%s). Nothing was imported.")
EMPTY = N_("The rating list has no player. Nothing was imported.")


def name_key(text: str) -> str:
    """The search key of a name: accents, case and punctuation dropped, one space between words (as
    tournament/names.py `collate`, faster on a million names; a name of another script keeps its letters).

    >>> name_key("Ødegaard,  Zoé-Anne"), name_key("O'Brien, Éamonn")
    ('odegaard zoe anne', 'obrien eamonn')
    """
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text.translate(LETTERS)).encode("ascii", "ignore").decode("ascii") or text
    return " ".join(collate(text.replace(",", " ").replace(".", " ")).split())


def _row(raw_id: str, raw_name: str, line: int, fields: Iterable[tuple[int, bool, str, str]]) -> Row:
    """A row from the FIDE id's text, the name's, the line (or player) number and each other column's (index in
    `COLUMNS`, whether a number, column, text)."""
    raw_id = raw_id.strip()
    if not raw_id.isdigit():
        raise Invalid(BAD_ID, line, raw_id)
    name = " ".join(raw_name.split())
    row: list[object] = [None] * len(COLUMNS)
    row[0], row[1], row[2] = int(raw_id), name, name_key(name)
    for index, number, column, raw in fields:
        text = raw.strip()
        if not text:
            continue
        if not number:
            row[index] = text
        elif text.isdigit():
            row[index] = int(text) or None  # 0: unrated, no games, no K, no year
        else:
            raise Invalid(BAD_NUMBER, line, text, column)
    title = row[TITLE] or row[W_TITLE]
    if title:
        row[TITLE] = SHORT_TITLES.get(str(title).lower(), str(title).upper())
    return tuple(row)


def list_month(text: str) -> str | None:
    """YYYY-MM-01 of a month written as FIDE names its lists (`NOV25` in a one-kind header, `nov25` in a file name).

    >>> list_month("ID Number  Name  Fed NOV25 Gms"), list_month("standard_jan26frl.zip"), list_month("players")
    ('2025-11-01', '2026-01-01', None)
    """
    found = LIST_MONTH.search(text)
    if not found:
        return None
    return f"20{found.group(2)}-{MONTHS.index(found.group(1).lower()) + 1:02d}-01"


def header_columns(header: str) -> list[tuple[str, int, int | None]]:
    """(column, start, end) of each known label of a text list's header line; a month label is the standard rating.

    >>> header_columns("ID Number      Name   Fed NOV25 Gms  K")[2:]
    [('federation', 22, 26), ('standard', 26, 32), ('standard_games', 32, 37), ('standard_k', 37, None)]
    """
    found = [(m.group(), m.start()) for m in LABEL.finditer(header)]
    out = []
    for i, (label, start) in enumerate(found):
        end = found[i + 1][1] if i + 1 < len(found) else None
        column = "standard" if MONTH.fullmatch(label) else LABELS.get(label)
        if column:
            out.append((column, start, end))
    return out


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:  # older lists: Latin-1
        return raw.decode("latin-1")


def parse_txt(lines: Iterable[bytes]) -> Iterator[Row]:
    """The rows of a fixed-width list, one line at a time. A malformed line raises `Invalid` naming it."""
    columns: list[tuple[str, int, int | None]] | None = None
    spans: list[tuple[int, bool, str, int, int | None]] = []
    id_at: tuple[int, int | None] = (0, None)
    name_at = id_at
    count = 0
    for number, raw in enumerate(lines, start=1):
        text = _text(raw).rstrip("\r\n")
        if not text.strip():
            continue
        if columns is None:
            columns = header_columns(text.lstrip("\ufeff"))
            names = {c[0] for c in columns}
            if not {"fide_id", "name"} <= names or not names & {"standard", "rapid", "blitz"}:
                raise Invalid(NOT_A_LIST)
            where = {c: (start, end) for c, start, end in columns}
            id_at, name_at = where["fide_id"], where["name"]
            spans = [(INDEX[c], c in NUMBERS, c, start, end) for c, start, end in columns
                     if c not in ("fide_id", "name")]
            continue
        count += 1
        yield _row(text[id_at[0]:id_at[1]], text[name_at[0]:name_at[1]], number,
                   [(index, numeric, column, text[start:end]) for index, numeric, column, start, end in spans])
    if columns is None:
        raise Invalid(NOT_A_LIST)
    if not count:
        raise Invalid(EMPTY)


class _Players:
    """The XML parser's target: each `<player>`'s children as text, a row made at its end (no tree is built)."""

    def __init__(self) -> None:
        self.root: str | None = None
        self.depth = 0
        self.values: dict[str, str] = {}
        self.text: list[str] | None = None
        self.rows: list[Row] = []  # made since the last chunk was fed
        self.count = 0

    def start(self, tag: str, _attrs: dict[str, str]) -> None:
        self.depth += 1
        if self.depth == 1:
            self.root = tag
        elif self.depth == 2:
            self.values = {}
        elif self.depth == 3:
            self.text = []

    def data(self, text: str) -> None:
        if self.text is not None:
            self.text.append(text)

    def end(self, tag: str) -> None:
        if self.depth == 3 and self.text is not None:
            column = TAGS.get(tag)
            if column:
                self.values[column] = "".join(self.text)
            self.text = None
        elif self.depth == 2 and tag == "player":
            self.count += 1
            values = self.values
            self.rows.append(_row(values.pop("fide_id", ""), values.pop("name", ""), self.count,
                                  [(INDEX[c], c in NUMBERS, c, text) for c, text in values.items()]))
        self.depth -= 1

    def close(self) -> None:
        return None


def parse_xml(chunks: Iterable[bytes]) -> Iterator[Row]:
    """The rows of an XML list, fed a chunk at a time; only the rows of the last chunk wait in memory."""
    target = _Players()
    parser = XMLParser(target=target)
    try:
        for chunk in chunks:
            parser.feed(chunk)
            if target.root is not None and target.root not in ("playerslist", "players"):
                raise Invalid(NOT_A_LIST)
            rows, target.rows = target.rows, []
            yield from rows
        parser.close()
    except ParseError as error:
        raise Invalid(BAD_XML, str(error)) from None
    if target.root is None:
        raise Invalid(NOT_A_LIST)
    if not target.count:
        raise Invalid(EMPTY)


def sniff(start: bytes) -> str:
    """"zip", "xml" or "txt" from a file's first bytes.

    >>> sniff(b"PK\\x03\\x04..."), sniff(b"\\xef\\xbb\\xbf<?xml version"), sniff(b"ID Number  Name")
    ('zip', 'xml', 'txt')
    """
    if start.startswith(b"PK\x03\x04"):
        return "zip"
    if start.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return "xml"
    return "txt"
