"""Publication: after commits, rebuild the event's public site in a staging folder and send what changed to an
rclone remote, in the background (docs/publication.md).

One `Publisher` per event. A commit only sets a flag; the publisher's task coalesces commits (one run every
`min_interval` seconds at most), rebuilds the site (app/publication/site.py), writes the files that differ under
`<events>/.publish/<event>/site/`, and runs `rclone copy` on those files only, then `version.json` last (so a
spectator never sees a version whose pages have not arrived). It owns only the files it wrote on the remote
(app/publication/owned.py: a manifest there; never `rclone sync`); a remote no longer used (the setting emptied or
changed, the event made private) gets exactly those files removed, checked. While the remote is unreachable the
files stay pending and the task retries every few seconds; nothing waits for it in the hall. Its state (last
success, pending, error) is kept in `<events>/.publish/<event>.json`, read by the admin page of any worker. Among
several worker processes only the one holding `<events>/.publish/<event>.lock` publishes.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import msgspec
from jinja2 import Environment

from app.publication import organiser, owned
from app.publication.owned import RemoteError, listing, remote_path
from app.publication.remote import check_remote, rclone
from app.publication.site import Site, build_site, clear_site, previous_times, write_site
from database.store import EventStore
from tournament.errors import EchiquierError
from tournament.messages import N_

log = logging.getLogger("echiquier")

PUBLISH_DIR = ".publish"
MIN_INTERVAL = 3.0  # seconds between two runs at most once
#: Retries while the host is unreachable: rclone fails fast (app/publication/remote.py), so a host that comes
#: back is caught up with within this many seconds plus one run.
MAX_BACKOFF = 3.0
#: The states the admin page shows, by their words (templates/admin/_publication_state.html translates them).
STATUSES = (N_("off"), N_("not public"), N_("pending"), N_("publishing"), N_("ok"), N_("error"), N_("refused"),
            N_("unpublishing"))


class PublishState(msgspec.Struct, kw_only=True):
    """What the admin page shows."""

    remote: str | None = None
    status: str = "off"  # off | not public | pending | publishing | ok | error | refused | unpublishing
    last_success: float | None = None
    last_attempt: float | None = None
    pending: int = 0  # files written locally, not yet on the remote
    error: str | None = None
    version: str | None = None
    runs: int = 0
    published_to: str | None = None  # where files of ours are (its manifest lists them), until removed
    foreign: list[str] = msgspec.field(default_factory=list)  # refused: files there that are not ours
    unpublished_from: str | None = None  # the last removal of our files, checked: where, how many, when
    unpublished_files: int = 0
    unpublished_at: float | None = None
    index_refused: str | None = None  # no organiser's index made above the site: the foreign files found there


def publish_root(events_dir: Path) -> Path:
    return events_dir / PUBLISH_DIR


def site_dir(events_dir: Path, event_id: str) -> Path:
    return publish_root(events_dir) / event_id / "site"


def state_file(events_dir: Path, event_id: str) -> Path:
    return publish_root(events_dir) / f"{event_id}.json"


def read_state(events_dir: Path, event_id: str) -> PublishState:
    try:
        return msgspec.json.decode(state_file(events_dir, event_id).read_bytes(), type=PublishState)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return PublishState()


def published_ids(events_dir: Path) -> list[str]:
    """Events whose publication has a remote (from their state files): to resume when the server starts."""
    root = publish_root(events_dir)
    if not root.is_dir():
        return []
    return sorted(p.stem for p in root.glob("*.json") if (events_dir / f"{p.stem}.db").is_file() and (
        read_state(events_dir, p.stem).remote is not None or read_state(events_dir, p.stem).published_to is not None))


def _write_state(path: Path, state: PublishState) -> None:
    """Readable by the server's account only (0600, in a 0700 folder): it names where the event goes."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(msgspec.json.encode(state))
    os.chmod(temporary, 0o600)  # an older file kept its mode through O_TRUNC
    os.replace(temporary, path)


class Publisher:
    """Publishes one event; `poke()` after each commit (cheap, never blocks)."""

    def __init__(self, store: EventStore, events_dir: Path, environment: Environment, static_dir: Path, *,
                 language: str = "en", remote: str | None = None, min_interval: float = MIN_INTERVAL) -> None:
        self.store = store
        self.events_dir = events_dir
        self.environment = environment
        self.static_dir = static_dir
        self.language = language
        self.remote_override = remote
        self.min_interval = min_interval
        self.site = site_dir(events_dir, store.event_id)
        self.state = read_state(events_dir, store.event_id)
        self.pending: set[str] | None = None  # None: everything (first run of this process, or a new remote)
        self.removed = False
        self.remote: str | None = None
        self.times: dict[str, tuple[str, float]] | None = None  # each page's hash and time of change
        self.ours: set[str] | None = None  # the files of ours on self.remote (its manifest); None: not read yet
        self._indexed: tuple[str, dict[str, object]] | None = None  # the entry last written in the organiser's index
        self._dirty = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None  # the next run of a page kept as it was (Site.due)
        self._lock_file: IO[bytes] | None = None
        self._backoff = 0.0
        self._last_run = 0.0
        self.idle = asyncio.Event()  # set while nothing is left to do (tests, `publish --once`)
        self.elsewhere = False  # another process holds the event's publication lock

    # -- triggering --------------------------------------------------------------------------------

    def poke(self, *_change: object) -> None:
        """A commit happened (the store's listener: any signature)."""
        self._dirty.set()
        self.idle.clear()
        if self._task is None or self._task.done():
            try:
                self._task = asyncio.get_running_loop().create_task(self._run(), name=f"publish {self.store.event_id}")
            except RuntimeError:  # no loop (a command run outside the server): the next poke starts it
                pass

    async def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        task, self._task = self._task, None
        if task is not None and not task.done():
            if task.get_loop() is asyncio.get_running_loop():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            else:  # started by a writer on another loop (tests drive the app from their own loop)
                task.get_loop().call_soon_threadsafe(task.cancel)
        self._release()

    # -- the background task -----------------------------------------------------------------------

    async def _run(self) -> None:
        """Runs while there is something to do (a commit, a retry), then ends; the next poke starts it again."""
        while self._dirty.is_set() and not getattr(self.store, "closed", False):
            wait = self._last_run + max(self.min_interval, self._backoff) - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            self._dirty.clear()
            self._last_run = time.monotonic()
            try:
                ok = await self.run_once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # never let the task die: show the error, retry later
                if getattr(self.store, "closed", False):
                    break  # the event was archived or deleted: nothing left to publish from this store
                log.exception("publication of %s failed", self.store.event_id)
                await self._save(status="error", error=f"{type(exc).__name__}: {exc}")
                ok = False
            if ok:
                self._backoff = 0.0
            else:
                self._backoff = min(MAX_BACKOFF, max(2.0, self._backoff * 2))
                self._dirty.set()  # retry after the back-off
        self.idle.set()

    async def run_once(self) -> bool:
        """Rebuild and send what changed. True when the remote is up to date (or nothing is to be published)."""
        info = await self.store.info()
        try:  # the event file may come from elsewhere (an older version, another program): checked at each run
            remote = check_remote(self.remote_override or info.publish_remote)
        except EchiquierError as exc:  # never handed to rclone, never kept in the state file
            shown = str(EchiquierError(exc.key, "(the 'publish to' setting)"))  # never the value: it may hold a secret
            await self._save(remote=None, status="error", error=shown, pending=0)
            return True
        if remote is None and self.state.published_to is None:
            if self.state.status != "off":
                await self._save(remote=None, status="off", error=None, pending=0)
            return True
        held = self._lock_file is not None
        self.elsewhere = not self._hold_lock()
        if self.elsewhere:
            return True  # another process (worker) publishes this event
        if not held:  # the lock just taken over (another worker published until now): its state is the truth
            self.state = await asyncio.to_thread(read_state, self.events_dir, self.store.event_id)
        site = None if remote is None else await self._build()
        target = remote if site is not None else None
        if self.state.published_to is not None and self.state.published_to != target:
            if not await self._unpublish(self.state.published_to):
                return False
        if remote is None:
            await self._save(remote=None, status="off", error=None, pending=0)
            return True
        if remote != self.remote:
            self.remote, self.pending, self.ours = remote, None, None
        if site is None:
            await asyncio.to_thread(clear_site, self.site)
            self.pending = None
            await self._save(remote=remote, status="not public", error=None, pending=0)
            return True
        changed, _removed = await asyncio.to_thread(write_site, site, self.site)
        if self.pending is not None:
            self.pending |= changed
        version = msgspec.json.decode(site.files["version.json"])["version"]
        count = len(site.files) if self.pending is None else len(self.pending)
        if self.pending is not None and not self.pending and self.ours == set(site.files):
            await self._save(remote=remote, status="ok", error=None, pending=0, version=version)
            return True
        await self._save(remote=remote, status="publishing", pending=count, last_attempt=time.time())
        try:
            foreign = await self._send(remote, set(site.files))
        except RemoteError as exc:
            await self._save(status="error", error=str(exc))
            return False
        if foreign:
            await self._save(status="refused", error=None, foreign=sorted(foreign)[:10], pending=count)
            return True
        self.pending = set()
        await self._save(status="ok", error=None, foreign=[], pending=0, last_success=time.time(), version=version,
                         runs=self.state.runs + 1)
        await self._list_in_index(remote, organiser.entry_of("", info))
        return True

    async def _list_in_index(self, remote: str, entry: dict[str, object] | None) -> None:
        """The event in (or, `entry` None, out of) the organiser's index above its site; uploaded only when its
        entry changed (a result never touches it). A host failure here is retried with the next run."""
        place = organiser.parent_of(remote)
        if place is None or place[1] != self.store.event_id:
            return  # only a site in a folder named after its event (name:path/<event>) lists itself above it
        parent, folder = place
        if entry is not None:
            entry = {**entry, "folder": folder}
            if self._indexed == (remote, entry):
                return
        try:
            refused = await organiser.update(parent, folder, entry, self.environment, self.language)
        except RemoteError as exc:
            log.warning("organiser's index of %s not updated: %s", parent, exc)
            return
        self._indexed = (remote, entry) if entry is not None and refused is None else None
        if refused != self.state.index_refused:
            await self._save(index_refused=refused)

    async def _build(self) -> Site | None:
        if self.times is None:  # the pages' times of change of the last site written (those of version.json)
            self.times = await asyncio.to_thread(previous_times, self.site)
        site = await build_site(self.store, self.environment, self.static_dir, language=self.language,
                                before=self.times, kept=self.site)
        if site is not None:
            self.times = {path: (site.pages[path], site.updated[path]) for path in site.pages}
            self._again(site.due)
        return site

    def _again(self, due: float | None) -> None:
        """Run again at `due` (a page kept as it was: the provisional standings, sent once a minute at most)."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        if due is not None:
            self._timer = asyncio.get_running_loop().call_later(max(0.0, due - time.time()), self.poke)

    async def _send(self, remote: str, files: set[str]) -> set[str]:
        """Claim the new files in the manifest (none of them may be there unless ours), send the pending ones,
        then version.json, then delete the files of ours the site no longer has. Returns the foreign files
        found where the site would write (nothing was sent then)."""
        if self.ours is None:
            self.ours = await owned.read_manifest(remote)
        new = files - self.ours
        if new:
            foreign = await owned.existing(remote, new)
            if foreign:
                return foreign
            await owned.write_manifest(remote, self.ours | files)
            self.ours |= files
            await self._save(published_to=remote)
        pages = sorted(files - {"version.json"} if self.pending is None else self.pending - {"version.json"})
        if pages:
            await self._copy(remote, pages)
        code, out = await rclone("copyto", str(self.site / "version.json"), remote_path(remote, "version.json"),
                                 flags=("--no-check-dest",))
        if code:
            raise RemoteError(out or f"rclone failed (exit code {code})")
        obsolete = self.ours - files
        if obsolete:
            await owned.delete(remote, obsolete)
            await owned.write_manifest(remote, files)
            self.ours = set(files)
        return set()

    async def _copy(self, remote: str, pages: list[str]) -> None:
        with listing(pages) as names:
            code, out = await rclone("copy", str(self.site), remote, flags=(
                "--files-from-raw", names, "--no-traverse", "--no-check-dest"))
        if code:
            raise RemoteError(out or f"rclone failed (exit code {code})")

    async def _unpublish(self, remote: str) -> bool:
        """Remove exactly our files from a remote no longer used, checked; False (retried) when the host fails."""
        await self._save(status="unpublishing", error=None, foreign=[])
        try:
            count = await owned.remove_all(remote)
        except RemoteError as exc:
            await self._save(status="error", error=str(exc))
            return False
        if self.remote == remote:
            self.remote, self.pending, self.ours = None, None, None
        await self._save(published_to=None, unpublished_from=remote, unpublished_files=count,
                         unpublished_at=time.time())
        await self._list_in_index(remote, None)
        return True

    # -- state and the inter-process lock ------------------------------------------------------------

    async def _save(self, **values: object) -> None:
        self.state = msgspec.structs.replace(self.state, **values)
        await asyncio.to_thread(_write_state, state_file(self.events_dir, self.store.event_id), self.state)

    def _hold_lock(self) -> bool:
        if self._lock_file is not None:
            return True
        path = publish_root(self.events_dir) / f"{self.store.event_id}.lock"
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle = os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "ab")
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        self._lock_file = handle
        return True

    def _release(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None


class Publications:
    """The app's publishers, one per open event (attached by the registry's `on_open` hook)."""

    def __init__(self, events_dir: Path, environment: Environment, static_dir: Path, language: str = "en") -> None:
        self.events_dir = events_dir
        self.environment = environment
        self.static_dir = static_dir
        self.language = language
        self.publishers: dict[str, Publisher] = {}

    def attach(self, store: EventStore) -> None:
        publisher = Publisher(store, self.events_dir, self.environment, self.static_dir, language=self.language)
        self.publishers[store.event_id] = publisher
        listener: Callable[..., None] = publisher.poke
        store.subscribe(listener)
        publisher.poke()  # the state of a newly opened event (resumes what a previous run left pending)

    def busy(self, store: EventStore) -> bool:
        """The event is published (it keeps its store open: a reopened store would start a full run again)."""
        publisher = self.publishers.get(store.event_id)
        return publisher is not None and publisher.store is store and (
            publisher.state.remote is not None or (publisher._task is not None and not publisher._task.done()))

    async def detach(self, store: EventStore) -> None:
        """The store is closed (idle, database/registry.py): its publisher stops."""
        publisher = self.publishers.get(store.event_id)
        if publisher is not None and publisher.store is store:
            del self.publishers[store.event_id]
            await publisher.stop()

    async def close(self) -> None:
        for publisher in self.publishers.values():
            await publisher.stop()
