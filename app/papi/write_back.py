"""A linked tournament written back into its Papi file (docs/papi-loop.md): `write_back(store, tid)` writes the
event's results, check-in and new pairings through tournament/formats/jet, safely (app/papi/safe_write.py),
verified by access-parser (app/papi/verify.py), and journals what it wrote. The reading side (link, re-sync) is
app/papi/link.py.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec

from app.papi.cells import Plan, plan
from app.papi.link import current, held_games, pointe_of, resync_from
from app.papi.read import ROWS, joueur_rows
from app.papi.safe_write import PapiWriteError, read_file, write_safely
from app.papi.verify import Changes, Unverified, verify_write
from database.store import EventStore
from tournament.formats.jet import JetDatabase, JetError


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
    data, stamp = await asyncio.to_thread(read_file, path)
    if stamp != link.stamp:
        await resync_from(store, tid, link, data, stamp)
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
    still = list(await held_games(store, tid, after))  # what still disagrees, as the file is now
    await store.papi.record_write(tid, written, pointe_of(after), todo.summary(), todo.rows(), held=still)
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
