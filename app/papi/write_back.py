"""A linked tournament written back into its Papi file (docs/papi-loop.md): `write_back(store, tid)` writes the
event's results, check-in and new pairings through tournament/formats/jet, safely (app/papi/safe_write.py),
verified by access-parser (app/papi/verify.py), and journals what it wrote. The reading side (link, re-sync) is
app/papi/link.py.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec

from app.papi.cells import Plan, plan
from app.papi.link import current, held_in, pointe_of, resync_from
from app.papi.read import carry_where, joueur_rows, remember, where_rows
from app.papi.safe_write import PapiChanged, PapiWriteError, fsync_folder, read_current, read_file, replace_safely
from app.papi.verify import Changes, Unverified, verify_write
from database.papi_link import FileStamp, PapiLink
from database.store import EventStore
from tournament.formats.jet import JetDatabase, JetError
from tournament.models import Pairing, Player, SkippedRound


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """What a write did, for the desk and the command line."""

    written: bool
    summary: str
    parts: list[tuple[str, str]] = msgspec.field(default_factory=list)  # the summary, to translate
    skipped: list[tuple[str, tuple[object, ...]]] = msgspec.field(default_factory=list)  # (message, arguments)


async def write_back(store: EventStore, tid: int, *, force: bool = False) -> Outcome:
    """Write the event's results, check-in and new pairings into the linked file. The file must be the one last
    read (else it is re-synced first, and the write made from the re-synced event). `force`: results held
    because Papi disagrees are written too (the arbiter's "write to Papi now")."""
    link = await current(store, tid)
    path = Path(link.path)
    if link.stamp is None:
        await _resync(store, tid, link, path)
        link = await current(store, tid)
    players, pairings, skipped = await store.players(tid), await store.pairings(tid), await store.skipped_rounds(tid)
    try:  # one thread: the file read and checked, the plan, the Jet write, the safe write (but the folder's fsync)
        done = await asyncio.to_thread(_write, path, link, players, pairings, skipped, force)
    except PapiChanged:  # changed behind Echiquier's back: re-synced first, then written from the re-synced event
        await _resync(store, tid, link, path)
        link = await current(store, tid)
        players, pairings = await store.players(tid), await store.pairings(tid)
        skipped = await store.skipped_rounds(tid)
        done = await asyncio.to_thread(_write, path, link, players, pairings, skipped, force)
    todo, written, after = done
    if written is None:
        return Outcome(written=False, summary="nothing to write", skipped=todo.skipped)
    still = held_in(players, pairings, after)  # what still disagrees, as the file is now, with what was written
    await asyncio.gather(asyncio.to_thread(fsync_folder, path.parent),  # the replace made durable meanwhile
                         store.papi.record_write(tid, written, pointe_of(after), todo.summary(), todo.rows(),
                                                 held=still))
    return Outcome(written=True, summary=todo.summary(), parts=todo.parts(), skipped=todo.skipped)


async def _resync(store: EventStore, tid: int, link: PapiLink, path: Path) -> None:
    data, stamp = await asyncio.to_thread(read_file, path)
    await resync_from(store, tid, link, data, stamp)


def _write(path: Path, link: PapiLink, players: list[Player], pairings: list[Pairing],
           skipped: list[SkippedRound], force: bool) -> tuple[Plan, FileStamp | None, list[dict[str, Any]]]:
    """In a worker thread: the file read (PapiChanged unless it is the one last read), what to write, the Jet
    write, and the safe write. Returns the plan, the new stamp (None: nothing written) and the rows written."""
    data = read_current(path, link.stamp)
    assert link.stamp is not None
    rows = joueur_rows(data, link.stamp.sha256)
    held = {(h[0], h[1], h[2]) for h in link.held}
    todo = plan(rows, players, pairings, held, force=force, skipped=skipped)
    info = _info_changes(data, todo)
    if todo.empty() and not info:
        return todo, None, rows
    new = _apply(data, todo, info, where_rows(rows))
    changes: Changes = {"JOUEUR": ("Ref", todo.joueur), **({"INFO": ("Variable", info)} if info else {})}

    def verify(copy: bytes) -> None:
        try:
            verify_write(data, copy, changes)
        except Unverified as exc:
            raise PapiWriteError("The written copy does not read back as intended (%s): the Papi file was not "
                                 "changed.", exc) from None

    written = replace_safely(path, data, new, link.stamp, verify, sync_folder=False)
    after = [{**r, **todo.joueur[r["Ref"]]} if r["Ref"] in todo.joueur else r for r in rows]
    remember(new, after, written.sha256)
    carry_where(rows, after)
    return todo, written, after


def _info_changes(data: bytes, todo: Plan) -> dict[str, dict[str, object]]:
    if not todo.info:
        return {}
    now = {str(r.get("Variable")): r.get("Value") for r in JetDatabase.from_bytes(data).rows("INFO")}
    return {k: v for k, v in todo.info.items() if k in now and now[k] != v.get("Value")}


def _apply(data: bytes, todo: Plan, info: dict[str, dict[str, object]], where: dict[Any, tuple[int, int]]) -> bytes:
    db = JetDatabase.from_bytes(data)
    try:
        if todo.joueur:
            db.set_cells("JOUEUR", "Ref", todo.joueur, where)
        if info:
            db.set_cells("INFO", "Variable", info)
    except JetError as exc:
        raise PapiWriteError("Echiquier cannot write this change into the Papi file (%s): the file was not "
                             "changed.", exc) from None
    return db.to_bytes()
