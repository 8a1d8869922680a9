"""A tournament linked to its Papi file (docs/papi-loop.md): link, re-sync when Papi saves, write back.

`resync(store, tid)` reads the file (once Papi has let go of it) and brings the tournament up to date as a
re-import does (database/imports.py `sync_papi`: results entered on screens kept, conflicts listed).
`write_back(store, tid)` writes the event's results, check-in and new pairings into the file through
tournament/formats/jet, safely (app/papi/safe_write.py), verified by access-parser (app/papi/verify.py),
and journals what it wrote. Both raise the `PapiWriteError`s of safe_write with the arbiter's message.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec

from app.papi.cells import Plan, plan
from app.papi.read import ROWS, joueur_rows, parse
from app.papi.safe_write import PapiWriteError, read_file, write_safely
from app.papi.verify import Changes, Unverified, verify_write
from database.imports import SyncReport, sync_papi
from database.papi_link import FileStamp, PapiLink, link_of, record_read, record_write, save_link
from database.store import EventStore
from tournament.errors import Conflict, EchiquierError, NotFound
from tournament.formats.jet import JetDatabase, JetError
from tournament.formats.papi import papi_rows
from tournament.models import Player
from tournament.names import collate


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """What a write did, for the desk and the command line."""

    written: bool
    summary: str
    parts: list[tuple[str, str]] = msgspec.field(default_factory=list)  # the summary, to translate
    skipped: list[tuple[str, tuple[object, ...]]] = msgspec.field(default_factory=list)  # (message, arguments)


def _pointe(rows: list[dict[str, Any]]) -> frozenset[int]:
    return frozenset(int(str(r["Ref"])) for r in rows if r.get("Pointe") and isinstance(r.get("Ref"), int))


async def link_file(store: EventStore, tid: int, path: Path) -> SyncReport:
    """Link the tournament to the Papi file at `path` (absolute, on the server machine) and read it."""
    path = path.expanduser().resolve()
    if not path.is_file():
        raise NotFound("No file %s on the server machine.", str(path))
    if path.suffix.lower() != ".papi":
        raise EchiquierError("%s is not a .papi file.", path.name)
    data, _stamp = await asyncio.to_thread(read_file, path)
    papi, _rows = await asyncio.to_thread(parse, data)  # a file that cannot be read is not linked
    await store.tournament(tid)
    _same_players(await store.players(tid), {p.ref: p.values for p in papi.players})
    await save_link(store, tid, str(path))
    return await resync(store, tid)


def _same_players(players: list[Player], rows: dict[int, dict[str, Any]]) -> None:
    """A tournament with players is linked only to the file it was made from: its players carry the file's Refs
    (a re-sync matches them by Ref), most of them under the same names."""
    if not players:
        return
    if not any(p.papi_ref in rows for p in players):
        raise Conflict("This tournament was not made from this Papi file (no player has one of its Refs): "
                       "import the file as a new tournament, then link that one.")
    named = [p for p in players if p.papi_ref in rows]
    other = [p for p in named if collate(p.last_name) != collate(str(rows[p.papi_ref or 0].get("Nom") or ""))]
    if len(other) * 2 > len(named):
        raise Conflict("The players of this tournament are not those of this Papi file (Ref %s is %s here, %s "
                       "in the file): nothing was linked.", other[0].papi_ref, other[0].last_name,
                       rows[other[0].papi_ref or 0].get("Nom"))


async def current(store: EventStore, tid: int) -> PapiLink:
    link = await link_of(store, tid)
    if link is None:
        raise NotFound("This tournament is not linked to a Papi file.")
    return link


async def resync(store: EventStore, tid: int) -> SyncReport:
    """Read the linked file and re-sync the tournament from it (PapiBusy while Papi holds it)."""
    link = await current(store, tid)
    data, stamp = await asyncio.to_thread(read_file, Path(link.path))
    return await _resync(store, tid, link, data, stamp)


async def _resync(store: EventStore, tid: int, link: PapiLink, data: bytes, stamp: FileStamp) -> SyncReport:
    papi, rows = await asyncio.to_thread(parse, data)
    report = await sync_papi(store, tid, await asyncio.to_thread(papi_rows, papi))
    held = await _held(store, tid, rows)
    pointe = _pointe(rows)
    checked = {ref: ref in pointe for ref in (pointe ^ link.pointe)} if link.pointe is not None else {}
    await record_read(store, tid, stamp, list(held), pointe, report.text(), checked)
    return report


async def _held(store: EventStore, tid: int, rows: list[dict[str, Any]]) -> list[tuple[int, int, int, int, int]]:
    """Games whose result the file and the event file disagree on (both have one): kept out of the automatic
    write, listed on the desk."""
    refs = {p.id: p.papi_ref for p in await store.players(tid)}
    by_ref = {r["Ref"]: r for r in rows}
    out = []
    for g in await store.pairings(tid):
        white, black = refs.get(g.white_player_id), refs.get(g.black_player_id or 0)
        if g.result is None or white not in by_ref or black not in by_ref or g.round > 24:
            continue
        rd = f"Rd{g.round:02d}"
        row = by_ref[white]
        theirs = row.get(f"{rd}Res")
        if row.get(f"{rd}Cl") == "B" and row.get(f"{rd}Adv") == black and theirs and theirs != int(g.result):
            out.append((g.round, int(str(white)), int(str(black)), int(str(theirs)), int(g.result)))
    return out


async def write_back(store: EventStore, tid: int, *, force: bool = False) -> Outcome:
    """Write the event's results, check-in and new pairings into the linked file. The file must be the one last
    read (else it is re-synced first, and the write made from the re-synced event). `force`: results held
    because Papi disagrees are written too (the arbiter's "write to Papi now")."""
    link = await current(store, tid)
    path = Path(link.path)
    data, stamp = await asyncio.to_thread(read_file, path)
    if stamp != link.stamp:
        await _resync(store, tid, link, data, stamp)
        link = await current(store, tid)
    rows = await asyncio.to_thread(joueur_rows, data, stamp.sha256)
    held = {(h[0], h[1], h[2]) for h in link.held}
    todo = plan(rows, await store.players(tid), await store.pairings(tid), held, force=force,
                skipped=await store.skipped_rounds(tid))
    info = await asyncio.to_thread(_info_changes, data, todo)
    if todo.empty() and not info:
        return Outcome(written=False, summary="nothing to write", skipped=todo.skipped)
    new = await asyncio.to_thread(_apply, data, todo, info)
    changes: Changes = {"JOUEUR": ("Ref", todo.joueur), **({"INFO": ("Variable", info)} if info else {})}

    def verify(copy: bytes) -> None:
        try:
            verify_write(data, copy, changes)
        except Unverified as exc:
            raise PapiWriteError("The written copy does not read back as intended (%s): the Papi file was not "
                                 "changed.", exc) from None

    assert link.stamp is not None
    written = await asyncio.to_thread(write_safely, path, new, link.stamp, verify)
    after = [{**r, **todo.joueur.get(int(str(r["Ref"])), {})} for r in rows]
    ROWS[written.sha256] = after
    await record_write(store, tid, written, _pointe(after), todo.summary(), todo.rows(),
                       held=list(await _held(store, tid, after)))  # what still disagrees, as the file is now
    return Outcome(written=True, summary=todo.summary(), parts=todo.parts(), skipped=todo.skipped)


def _info_changes(data: bytes, todo: Plan) -> dict[str, dict[str, object]]:
    if not todo.info:
        return {}
    now = {str(r.get("Variable")): r.get("Value") for r in JetDatabase.from_bytes(data).rows("INFO")}
    return {k: v for k, v in todo.info.items() if k in now and now[k] != v.get("Value")}


def _apply(data: bytes, todo: Plan, info: dict[str, dict[str, object]]) -> bytes:
    db = JetDatabase.from_bytes(data)
    try:
        if todo.joueur:
            db.set_cells("JOUEUR", "Ref", todo.joueur)
        if info:
            db.set_cells("INFO", "Variable", info)
    except JetError as exc:
        raise PapiWriteError("Echiquier cannot write this change into the Papi file (%s): the file was not "
                             "changed.", exc) from None
    return db.to_bytes()
