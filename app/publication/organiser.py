"""The organiser's index: an `index.html` in the folder above the events' sites, listing the events published
there (issue 27, item 2; docs/publication.md §8).

An event published into a folder named after it (`club-site:echiquier/open-a` for the event `open-a`) lists
itself in `club-site:echiquier/index.html`, beside `open-b` and the others, whichever worker or laptop published
them (a site published into a folder of another name, such as the club's web root, writes nothing above it). The
list lives on the remote, in `echiquier-events.json` (generator, then one entry per event: folder, name, dates).
Like the sites themselves the index owns only what it wrote: it is written only when that list is ours, or when
neither it nor an `index.html` is there (a club's own home page is never overwritten: the event is published all
the same, and its admin page says why no index was made). The list is written before the page it describes, and
an event unpublished leaves it; the last one out deletes both. Two events of this process never update one index
at once (a lock per folder); two laptops publishing into the same folder at the same second could: the next
publication repairs it.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import tempfile
from typing import Any

from jinja2 import Environment

from app.publication.languages import Bilingual
from app.publication.owned import NOT_FOUND, RemoteError, existing, remote_path
from app.publication.remote import rclone
from tournament.models import Info

LIST = "echiquier-events.json"
PAGE = "index.html"
_locks: dict[str, asyncio.Lock] = {}


def parent_of(remote: str) -> tuple[str, str] | None:
    """(the folder above an event's site, the site's folder); None for a site at the root of its remote.

    >>> parent_of("club-site:echiquier/open-a"), parent_of("club:/srv/www/open/"), parent_of("club:open")
    (('club-site:echiquier', 'open-a'), ('club:/srv/www', 'open'), ('club:', 'open'))
    >>> parent_of("club:") is None
    True
    """
    name, _, path = remote.partition(":")
    path = path.rstrip("/")
    if not path:
        return None
    head, _, tail = path.rpartition("/")
    if not tail:
        return None
    return f"{name}:{head}" if head or not path.startswith("/") else f"{name}:/", tail


def entry_of(folder: str, info: Info) -> dict[str, Any]:
    return {"folder": folder, "name": info.name, "start": info.start, "stop": info.stop}


async def _read(parent: str) -> list[dict[str, Any]] | None:
    """The events of the list; None when there is no list of ours there."""
    code, out = await rclone("cat", remote_path(parent, LIST), keep_output=True)
    if code in NOT_FOUND:
        return None
    if code:
        raise RemoteError(out or f"rclone failed (exit code {code})")
    try:
        data = json.loads(out)
        events = data["events"] if data.get("generator") == "Echiquier" else None
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    if not isinstance(events, list):
        return None
    return [e for e in events if isinstance(e, dict) and isinstance(e.get("folder"), str)]


async def _put(parent: str, name: str, data: bytes) -> None:
    with tempfile.NamedTemporaryFile("wb", delete=False) as handle:
        handle.write(data)
    try:
        code, out = await rclone("copyto", handle.name, remote_path(parent, name), flags=("--no-check-dest",))
    finally:
        os.unlink(handle.name)
    if code:
        raise RemoteError(out or f"rclone failed (exit code {code})")


async def _remove(parent: str) -> None:
    for name in (PAGE, f"{PAGE}.gz", LIST):
        code, out = await rclone("deletefile", remote_path(parent, name))
        if code and code not in NOT_FOUND:
            raise RemoteError(out or f"rclone failed (exit code {code})")


def render(environment: Environment, events: list[dict[str, Any]], language: str) -> bytes:
    """The index page: every event, newest first, in every language (the sites' Bilingual texts)."""
    _ = Bilingual(language)
    ordered = sorted(events, key=lambda e: (-float(e.get("start") or 0), str(e.get("name"))))
    html = environment.get_template("public/organiser.html").render(
        _=_, lang=language, languages=_.order, events=ordered, day=_.day, root="")
    return html.encode("utf-8")


async def update(parent: str, folder: str, entry: dict[str, Any] | None, environment: Environment,
                 language: str) -> str | None:
    """Add or replace `folder`'s entry (or remove it: `entry` None) in the index of `parent`. Returns why no index
    was made (a foreign index.html or list there), None when the index is as it should be."""
    lock = _locks.setdefault(parent, asyncio.Lock())
    async with lock:
        events = await _read(parent)
        if events is None:
            if entry is None:
                return None
            foreign = await existing(parent, {PAGE, LIST})
            if foreign:
                return ", ".join(sorted(foreign))
            events = []
        kept = [e for e in events if e["folder"] != folder]
        wanted = kept + ([entry] if entry is not None else [])
        if sorted(wanted, key=lambda e: e["folder"]) == sorted(events, key=lambda e: e["folder"]) and events:
            return None  # nothing changed: nothing uploaded (a result does not touch the index)
        if not wanted:
            await _remove(parent)
            return None
        await _put(parent, LIST, json.dumps({"generator": "Echiquier", "events": wanted}, indent=0).encode() + b"\n")
        page = render(environment, wanted, language)
        await _put(parent, PAGE, page)
        await _put(parent, f"{PAGE}.gz", gzip.compress(page, mtime=0))
        return None

