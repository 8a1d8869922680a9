"""Numbered schema migrations; each file brings a file to the version listed here."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite

from database.errors import NotAnEventFile, SchemaTooNew

HERE = Path(__file__).parent

#: (schema version reached, migration file), in order.
MIGRATIONS: list[tuple[str, str]] = [
    ("2.4.0", "0001_papi_web_2_4.sql"),
    ("2.5.0", "0002_players_pairings.sql"),
    ("2.6.0", "0003_journal.sql"),
    ("2.7.0", "0004_event_language.sql"),
    ("2.8.0", "0005_publish_remote.sql"),
    ("2.9.0", "0006_teams.sql"),
    ("2.10.0", "0007_trf_source.sql"),
    ("2.11.0", "0008_journal_roles.sql"),
    ("2.12.0", "0009_papi_link.sql"),
    ("2.13.0", "0010_player_ratings.sql"),
    ("2.14.0", "0011_public_address.sql"),
    ("2.15.0", "0012_hall_legibility.sql"),
]
LATEST = MIGRATIONS[-1][0]


def _key(version: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in version.split("."))
    except ValueError:
        return (0,)


def pending(version: str | None) -> list[tuple[str, str]]:
    """Migrations still to run on a file at `version` (None = a new, empty file).

    >>> [v for v, _ in pending(None)]
    ['2.4.0', '2.5.0', '2.6.0', '2.7.0', '2.8.0', '2.9.0', '2.10.0', '2.11.0', '2.12.0', '2.13.0', '2.14.0', '2.15.0']
    >>> [v for v, _ in pending("2.5.0")]
    ['2.6.0', '2.7.0', '2.8.0', '2.9.0', '2.10.0', '2.11.0', '2.12.0', '2.13.0', '2.14.0', '2.15.0']
    >>> pending(LATEST)
    []
    """
    if version is None:
        return list(MIGRATIONS)
    return [(v, name) for v, name in MIGRATIONS if _key(v) > _key(version)]


def sql_of(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


async def file_version(conn: aiosqlite.Connection, path: str) -> str | None:
    """The schema version of an open file; None for an empty file."""
    cursor = await conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'info'")
    if await cursor.fetchone() is None:
        cursor = await conn.execute("SELECT count(*) FROM sqlite_master")
        row = await cursor.fetchone()
        if row is not None and row[0]:
            raise NotAnEventFile(path)
        return None
    cursor = await conn.execute("SELECT version FROM info")
    row = await cursor.fetchone()
    if row is None:
        raise NotAnEventFile(path)
    version = str(row[0])
    if _key(version) > _key(LATEST):
        raise SchemaTooNew(path, version)
    return version


async def run_pending(conn: aiosqlite.Connection, version: str | None) -> str:
    """Apply the missing migrations inside the caller's transaction; returns the new version."""
    for target, name in pending(version):
        for statement in _statements(sql_of(name)):
            await conn.execute(statement)
        version = target
        await conn.execute("UPDATE info SET version = ?", (version,))
    return version or LATEST


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (triggers keep their inner `;`)."""
    out: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        if line.lstrip().startswith("--") and not buffer.strip():
            continue
        buffer += line
        if buffer.rstrip().endswith(";") and _complete(buffer):
            out.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        out.append(buffer.strip())
    return out


def _complete(statement: str) -> bool:
    return sqlite3.complete_statement(statement)
