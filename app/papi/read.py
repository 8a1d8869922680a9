"""Reading a Papi file for the loop, through tournament/formats/jet (the one door to the Jet code for app/papi/).

`parse(data)` gives what the import reads (`PapiFile`, tournament/formats/papi.py) and JOUEUR's rows, decoding
only the columns the import and the write-back use (`Ref`, the player's columns the import maps, `Pointe` and
the round columns of the file's rounds): a 600-player file is re-read each time Papi saves it. The rows of the
files last read or written are kept by SHA-256 (`joueur_rows`), so that a write-back does not read them again.
"""

from __future__ import annotations

import hashlib
from typing import Any

from tournament.formats.jet import JetDatabase, JetError
from tournament.formats.jet.rows import iter_rows, row_decoder
from tournament.formats.papi import MAGIC, PapiError, PapiFile, papi_file_rows

#: JOUEUR's columns the import maps (tournament/formats/papi.py player_values) and the check-in.
PLAYER_COLUMNS = ("Ref", "Nom", "Prenom", "Sexe", "NeLe", "Cat", "Elo", "Rapide", "Blitz", "Fide", "RapideFide",
                  "BlitzFide", "FideCode", "FideTitre", "Federation", "Club", "Ligue", "NrFFE", "Fixe", "Pointe",
                  "EMail", "Tel")
#: JOUEUR's rows of the files last read or written, by SHA-256.
ROWS: dict[str, list[dict[str, Any]]] = {}
#: Where those rows are in their file, by the rows' list (kept beside it).
WHERE: dict[int, tuple[list[dict[str, Any]], dict[Any, tuple[int, int]]]] = {}
KEEP = 32


def round_columns(rounds: int) -> list[str]:
    return [f"Rd{r:02d}{c}" for r in range(1, rounds + 1) for c in ("Cl", "Adv", "Res")]


def parse(data: bytes) -> tuple[PapiFile, list[dict[str, Any]]]:
    """The file's contents and its JOUEUR rows (the columns above); PapiError if it cannot be read."""
    if len(data) < 4096 or MAGIC not in data[:32]:
        raise PapiError("This is not a Papi file (no Access/JET database header).")
    try:
        db = JetDatabase.from_bytes(data)
        info = db.rows("INFO")
        values = {str(r.get("Variable")): r.get("Value") for r in info}
        try:
            rounds = max(1, min(24, int(str(values.get("NbrRondes") or 0))))
        except ValueError:
            rounds = 24
        joueur = _rows(db, data, [*PLAYER_COLUMNS, *round_columns(rounds)])
    except (JetError, ValueError, IndexError, KeyError, UnicodeDecodeError) as exc:
        raise PapiError("The Papi file cannot be read (%s).", exc) from None
    remember(data, joueur)
    return papi_file_rows({r.get("Variable"): r.get("Value") for r in info}, joueur), joueur


def _rows(db: JetDatabase, data: bytes, names: list[str]) -> list[dict[str, Any]]:
    table = db.table("JOUEUR")
    known = {c.name for c in table.columns}
    decode = row_decoder(table, [table.column(n) for n in names if n in known])
    rows, where = [], {}
    for slot, start, end in iter_rows(data, table):
        rows.append(decode(data[start:end]))
        where[rows[-1].get("Ref")] = (slot.page, slot.row)
    WHERE[id(rows)] = (rows, where)
    return rows


def remember(data: bytes, rows: list[dict[str, Any]], sha256: str | None = None) -> None:
    if len(ROWS) >= KEEP:
        ROWS.clear()
        WHERE.clear()
    ROWS[sha256 or hashlib.sha256(data).hexdigest()] = rows


def where_rows(rows: list[dict[str, Any]]) -> dict[Any, tuple[int, int]]:
    """Where the JOUEUR rows of a read were (Ref -> data page, row): where set_cells looks first (it checks)."""
    kept = WHERE.get(id(rows))
    return kept[1] if kept is not None and kept[0] is rows else {}


def carry_where(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
    """The rows after a write are where they were (a write moves no JOUEUR row it can avoid; set_cells checks)."""
    WHERE[id(new)] = (new, where_rows(old))


def joueur_rows(data: bytes, sha256: str) -> list[dict[str, Any]]:
    """JOUEUR's rows of the file whose bytes are `data` (kept from its last read or write, else read now)."""
    rows = ROWS.get(sha256)
    if rows is None:
        parse(data)
        rows = ROWS[sha256]
    return rows
