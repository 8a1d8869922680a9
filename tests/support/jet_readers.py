"""Independent readers of Jet4 files for the tests of tournament/formats/jet: access-parser (PyPI), mdb-export
(Debian mdbtools) and mdb-reader (npm, tests/papi_readers), all brought to one comparable form.

Normal form of a table: a sorted list of rows, each a tuple of (column, value) in column order, where NULL and ''
are both None (access-parser returns either for an empty text cell), booleans are bool, integers int, floats
rounded to 4 significant digits, and dates 'YYYY-MM-DD HH:MM:SS'."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tournament.formats.jet import JetDatabase

READERS_DIR = Path(__file__).resolve().parents[1] / "papi_readers"  # tests/papi_readers
Row = tuple[tuple[str, object], ...]


def norm(value: object) -> object:
    if value is None or value == "":
        return None
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return float(f"{value:.4g}")
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, bytes):
        return value.hex()
    return str(value)


def table_form(columns: list[str], rows: list[dict[str, object]]) -> list[Row]:
    return sorted((tuple((c, norm(r[c])) for c in columns) for r in rows), key=repr)


def ours(data: bytes) -> dict[str, list[Row]]:
    db = JetDatabase.from_bytes(data)
    out = {}
    for name in db.table_names():
        columns = [c.name for c in db.table(name).columns]
        out[name] = table_form(columns, [dict(r) for r in db.rows(name)])
    return out


def columns_of(data: bytes) -> dict[str, list[str]]:
    db = JetDatabase.from_bytes(data)
    return {name: [c.name for c in db.table(name).columns] for name in db.table_names()}


def access_parser(path: Path, tables: list[str] | None = None) -> dict[str, list[Row]]:
    from access_parser import AccessParser

    parser = AccessParser(str(path))
    out = {}
    for name, columns in columns_of(path.read_bytes()).items():
        if tables is not None and name not in tables:
            continue
        table = parser.parse_table(name)
        count = len(table[columns[0]])
        rows: list[dict[str, object]] = [{c: table[c][i] for c in columns} for i in range(count)]
        for row in rows:
            for c, v in row.items():
                if isinstance(v, str) and len(v) == 19 and v[4] == "-" and v[10] == " ":
                    row[c] = v
        out[name] = table_form(columns, rows)
    return out


def need(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        pytest.fail(f"{tool} is missing: apt-get install -y mdbtools (and nodejs/npm for mdb-reader)")
    return found


def mdb_export(path: Path) -> dict[str, list[Row]]:
    """mdb-export's CSV: booleans 0/1, numbers as text; converted with the column types our reader names."""
    db = JetDatabase.from_bytes(path.read_bytes())
    out = {}
    for name in db.table_names():
        cols = db.table(name).columns
        text = subprocess.run(
            [need("mdb-export"), "-T", "%Y-%m-%d %H:%M:%S", "-b", "hex", str(path), name],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        reader = csv.reader(io.StringIO(text))
        header = next(reader)
        assert header == [c.name for c in cols]
        rows = []
        for record in reader:
            row: dict[str, object] = {}
            for col, cell in zip(cols, record, strict=True):
                row[col.name] = convert_text(col.type_name, cell)
            rows.append(row)
        out[name] = table_form(header, rows)
    return out


def convert_text(type_name: str, cell: str) -> object:
    if cell == "":
        return None
    if type_name == "Boolean":
        return cell == "1"
    if type_name in ("Byte", "Integer", "Long Integer"):
        return int(cell)
    if type_name in ("Single", "Double"):
        return float(cell)
    return cell


def mdb_reader(path: Path) -> dict[str, list[Row]]:
    """The npm package mdb-reader, through tests/papi_readers/dump.mjs (`npm install` there first)."""
    if not (READERS_DIR / "node_modules" / "mdb-reader").is_dir():
        pytest.fail("mdb-reader is not installed: run `npm install` in tests/papi_readers")
    env = {**os.environ, "TZ": "UTC"}  # mdb-reader makes local-time Date objects; dump.mjs prints them in UTC
    text = subprocess.run(
        [need("node"), str(READERS_DIR / "dump.mjs"), str(path)], check=True, capture_output=True, text=True, env=env
    ).stdout
    tables = json.loads(text)
    out = {}
    for name, columns in columns_of(path.read_bytes()).items():
        rows = []
        for record in tables[name]:
            row: dict[str, object] = {}
            for c in columns:
                v = record[c]
                if isinstance(v, str) and v.endswith("Z") and v[4:5] == "-" and v[10:11] == "T":
                    v = v[:19].replace("T", " ")
                row[c] = v
            rows.append(row)
        out[name] = table_form(columns, rows)
    return out


def mdb_version(path: Path) -> str:
    return subprocess.run([need("mdb-ver"), str(path)], check=True, capture_output=True, text=True).stdout.strip()


def mdb_schema(path: Path) -> str:
    return subprocess.run([need("mdb-schema"), str(path)], check=True, capture_output=True, text=True).stdout
