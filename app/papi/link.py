"""A tournament linked to its Papi file (docs/papi-loop.md): link, and re-sync when Papi saves.

`resync(store, tid)` reads the file (once Papi has let go of it) and brings the tournament up to date as a
re-import does (database/imports.py `sync_papi`: results entered on screens kept, conflicts listed).
The other way, `write_back` (app/papi/write_back.py) writes the event into the file: a command that only links
or reads loads none of the writing side (Jet writer, access-parser's check). The folder's list of events with
links (`note_linked`) is kept here too. Both sides raise the `PapiWriteError`s of safe_write with the
arbiter's message.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from app.papi.read import parse
from app.papi.safe_write import read_file
from database.imports import SyncReport
from database.papi_link import FileStamp, PapiLink
from database.store import EventStore
from tournament.errors import Conflict, EchiquierError, NotFound
from tournament.formats.papi import papi_rows
from tournament.models import Player
from tournament.names import collate


def pointe_of(rows: list[dict[str, Any]]) -> frozenset[int]:
    """The Refs of the players checked in (`Pointe`) in the JOUEUR rows of a file."""
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
    await store.papi.save_link(tid, str(path))
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
    link = await store.papi.link_of(tid)
    if link is None:
        raise NotFound("This tournament is not linked to a Papi file.")
    return link


async def resync(store: EventStore, tid: int) -> SyncReport:
    """Read the linked file and re-sync the tournament from it (PapiBusy while Papi holds it)."""
    link = await current(store, tid)
    data, stamp = await asyncio.to_thread(read_file, Path(link.path))
    return await resync_from(store, tid, link, data, stamp)


async def resync_from(store: EventStore, tid: int, link: PapiLink, data: bytes, stamp: FileStamp) -> SyncReport:
    papi, rows = await asyncio.to_thread(parse, data)
    report = await store.imports.sync_papi(tid, await asyncio.to_thread(papi_rows, papi))
    held = await held_games(store, tid, rows)
    pointe = pointe_of(rows)
    checked = {ref: ref in pointe for ref in (pointe ^ link.pointe)} if link.pointe is not None else {}
    await store.papi.record_read(tid, stamp, list(held), pointe, report.text(), checked)
    return report


async def held_games(store: EventStore, tid: int, rows: list[dict[str, Any]]) -> list[tuple[int, int, int, int, int]]:
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


#: The events that have linked tournaments, in the events folder: the loop opens them at start-up (and no other).
INDEX = ".papi-links.json"


def linked_events(events_dir: Path) -> set[str]:
    try:
        return set(json.loads((events_dir / INDEX).read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        return set()


def note_linked(events_dir: Path, event_id: str, linked: bool) -> None:
    """Add or remove an event in the folder's list of events with links (written whole, then renamed)."""
    ids = linked_events(events_dir)
    ids = ids | {event_id} if linked else ids - {event_id}
    temp = events_dir / f"{INDEX}.tmp"
    temp.write_text(json.dumps(sorted(ids)), encoding="utf-8")
    temp.replace(events_dir / INDEX)
