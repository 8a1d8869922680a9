"""`echiquier publish --events DIR --event ID [--remote REMOTE:path] [--once]`: publish an event's public site
with rclone from the command line (the server does the same in the background; docs/publication.md).
Without --once it keeps running and publishes again whenever the event file changes (the server may be writing
it). Its arguments: cli/main.py.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from app.publication.publisher import Publisher, site_dir
from app.publication.remote import check_remote, verify_remote
from app.settings import Settings
from app.templates import environment
from cli.printed import run_printed
from database.registry import EventRegistry, check_event_id
from tournament.errors import EchiquierError, NotFound

WATCH_SECONDS = 1.0


def _stamp(path: Path) -> tuple[float, ...]:
    """Changes of the event file, seen from another process (the file and its WAL)."""
    out: list[float] = []
    for candidate in (path, path.with_name(path.name + "-wal")):
        try:
            stat = candidate.stat()
            out += [stat.st_mtime, float(stat.st_size)]
        except OSError:
            out += [0.0, 0.0]
    return tuple(out)


async def publish_event(events_dir: Path, event_id: str, remote: str | None, *, once: bool) -> str:
    settings = Settings(events_dir=events_dir)
    registry = EventRegistry(events_dir)
    try:
        if check_event_id(event_id) not in registry.ids():
            raise NotFound("No event %s in %s.", event_id, str(events_dir))
        store = await registry.get(event_id)
        store.caching = False  # another process (the server) writes the file: read it afresh every time
        chosen = await verify_remote(remote) or check_remote((await store.info()).publish_remote)
        if chosen is None:
            raise EchiquierError("Event %s has no 'publish to' setting: give --remote name:path.", event_id)
        publisher = Publisher(store, events_dir, environment(settings), settings.static_dir,
                              remote=chosen, min_interval=0.0 if once else 2.0)
        try:
            if once:
                if not await publisher.run_once():
                    raise EchiquierError("Not published: %s", publisher.state.error or "?")
                if publisher.elsewhere:
                    raise EchiquierError("Another process (a running server) publishes %s: see its admin page.",
                                         event_id)
                return (f"Published {event_id} to {chosen} ({publisher.state.status}); "
                        f"local copy in {site_dir(events_dir, event_id)}.")
            print(f"Publishing {event_id} to {chosen}; stop with Ctrl-C.", flush=True)
            seen: tuple[float, ...] = ()
            while True:
                stamp = _stamp(store.path)
                if stamp != seen:
                    seen = stamp
                    publisher.poke()
                await asyncio.sleep(WATCH_SECONDS)
        finally:
            await publisher.stop()
    finally:
        await registry.close()


def run(args: argparse.Namespace) -> int:
    return run_printed(publish_event(Path(args.events), args.event, args.remote, once=args.once))
