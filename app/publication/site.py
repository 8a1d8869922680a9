"""The public site of an event as static files: HTML pages with their JSON twins and a small `version.json`.

Only what a spectator may see: a public event's name and dates, and per tournament the boards of the current
round, the players (name, title, rating, federation, points), the results by round, the standings and the
cross-table. No screen, input code, password, e-mail, phone, birth date or journal is ever read here.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from app.offload import off_loop
from app.publication.languages import Bilingual
from app.publication.pages import tournament_pages
from app.views.standings import standings_for
from app.views.standings_filter import round_in_progress, season
from app.views.tournament import tournament_state
from database.store import EventStore
from i18n.formats import day
from tournament.models import Info, Tournament

#: Spectators' pages ask for `version.json` this often (seconds).
POLL_SECONDS = 10
#: Copied into every site (no CDN): the poller.
STATIC_FILES = ("public.js", "public.css", "public-lang.js")
HASH_MARK = "__PAGE_HASH__"
#: Where a page says when its content last changed (replaced after the hash is taken: an unchanged page keeps its
#: time and its bytes, so it is not uploaded again).
UPDATED_MARK = "__PAGE_UPDATED__"
PAGES = ("boards", "players", "results", "standings", "crosstable")
#: Pages many of which change together, polled as one group (`version.json` stays small: not 600 player hashes).
GROUPED = "/player/"
#: Pages that change with every result and are large (600 rows): sent again at most every HOLD_SECONDS, so that a
#: result uploads a few KB, not the whole provisional standings (bench/publish.py).
HELD = ("/standings-provisional.html",)
HOLD_SECONDS = 60.0
#: Sent compressed too (`<file>.gz` beside each: nginx's gzip_static, Caddy's precompressed).
COMPRESSED = (".html", ".json", ".js", ".css")


@dataclass(frozen=True)
class Site:
    """What to write: relative path → bytes; `pages` the hash of each HTML page (for `version.json`)."""

    files: dict[str, bytes]
    pages: dict[str, str]
    updated: dict[str, float]  # when each page's content last changed (keep it for the next build)
    due: float | None = None  # when a page kept as it was (HELD) is to be rebuilt: the publisher runs again then


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _json(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()


async def tournament_data(store: EventStore, t: Tournament) -> dict[str, dict[str, Any]]:
    """The data of a tournament's pages (also their JSON twins) by path: read here, computed off the loop."""
    state = await tournament_state(store, t.id)
    everything = await store.pairings(t.id)
    players = await store.players(t.id)
    standings = await standings_for(store, t.id)
    by_round = {r: await standings_for(store, t.id, rounds=r) for r in range(1, standings.round + 1)}
    playing = await round_in_progress(store, t.id)  # its provisional standings while it is played
    provisional = await standings_for(store, t.id, rounds=playing) if playing else None
    return await off_loop(tournament_pages, t, state, everything, players, standings, by_round, provisional,
                          await season(store))


def previous_times(folder: Path | None) -> dict[str, tuple[str, float]]:
    """Each page's hash and time of change in a site written before (its `version.json`: the pages not grouped)."""
    try:
        version = json.loads((folder / "version.json").read_bytes()) if folder is not None else {}
        return {page: (str(h), float(version["updated"][page])) for page, h in version["pages"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def stamp(moment: float) -> str:
    local = time.localtime(moment)
    return (f'<time datetime="{time.strftime("%Y-%m-%dT%H:%M:%S%z", local)}">'
            f'{time.strftime("%H:%M:%S", local)}</time>')


async def build_site(store: EventStore, environment: Environment, static_dir: Path, *, language: str = "en",
                     poll_seconds: int = POLL_SECONDS,
                     before: dict[str, tuple[str, float]] | None = None, kept: Path | None = None,
                     hold: float = HOLD_SECONDS) -> Site | None:
    """Every file of the public site, or None when the event is not public (nothing may be published).

    `before`: each page's hash and time of change in the previous build: an unchanged page keeps its time.
    `kept`: the folder of the previous build: a HELD page that changed less than `hold` seconds ago is kept as it
    is there (its files, hash and time), and `Site.due` says when to build it again."""
    info: Info = await store.info()
    if not info.public:
        return None
    lang = info.language or language
    _ = Bilingual(lang)
    tournaments = await store.tournaments()
    files: dict[str, bytes] = {}
    pages: dict[str, str] = {}
    updated: dict[str, float] = {}
    before = before or {}
    now = time.time()
    event = {"name": _.plain(info.name), "start": day(info.start, lang), "stop": day(info.stop, lang)}  # demo: a msgid
    over = int(info.stop) + 86400 if info.stop else ""  # the day after the last one: the pages say it is over
    common = {"_": _, "t": _.plain, "lang": lang, "event": event, "over": over, "languages": _.order,
              "dates": Markup(" → ").join((_.day(info.start), _.day(info.stop))),
              "tournaments": [{"id": t.id, "name": t.name} for t in tournaments], "poll": poll_seconds}

    due: list[float] = []

    def held(path: str) -> bool:
        """Keep the previous build's files of a HELD page changed less than `hold` seconds ago."""
        old_hash, old_time = before.get(path, ("", 0.0))
        if kept is None or not path.endswith(HELD) or not old_hash or now - old_time >= hold:
            return False
        twin = str(Path(path).with_suffix(".json"))
        try:
            files[path], files[twin] = (kept / path).read_bytes(), (kept / twin).read_bytes()
        except OSError:
            return False
        pages[path], updated[path] = old_hash, old_time
        due.append(old_time + hold)
        return True

    def page(path: str, template: str, data: dict[str, Any], root: str, up: str = "") -> None:
        if held(path):
            return
        twin = Path(path).with_suffix(".json").name
        html = environment.get_template(template).render(**common, data=data, root=root, page=path, hash=HASH_MARK,
                                                         updated=UPDATED_MARK, twin=twin, up=up)
        pages[path] = digest(html.encode())
        old_hash, old_time = before.get(path, ("", now))
        updated[path] = old_time if old_hash == pages[path] else now
        files[path] = html.replace(HASH_MARK, pages[path]).replace(UPDATED_MARK, stamp(updated[path])).encode()
        files[str(Path(path).with_suffix(".json"))] = _json(data)

    index = {"event": common["event"], "tournaments": [
        {"id": t.id, "name": t.name, "rounds": t.rounds, "pages": {k: f"{t.id}/{k}.html" for k in PAGES}}
        for t in tournaments]}

    def pages_of(t: Tournament, data: dict[str, dict[str, Any]]) -> None:
        for rel, values in data.items():
            deep = rel.startswith("player/")
            page(f"{t.id}/{rel}", f"public/{template_of(rel)}", values, "../../" if deep else "../",
                 "../" if deep else "")

    def static_files() -> None:
        page("index.html", "public/index.html", index, "")
        for name in STATIC_FILES:
            files[name] = (static_dir / name).read_bytes()

    # the renders run on a compute thread (app/offload.py), one tournament at a time: the hall's requests go on
    await off_loop(static_files)
    for t in tournaments:
        await off_loop(pages_of, t, await tournament_data(store, t))
    version = digest("".join(f"{k}={v};" for k, v in sorted(pages.items())).encode())
    groups: dict[str, list[str]] = {}
    for path in sorted(pages):
        if GROUPED in path:
            groups.setdefault(path[:path.index(GROUPED) + len(GROUPED)], []).append(pages[path])
    alone = {k: v for k, v in pages.items() if GROUPED not in k}
    files["version.json"] = _json({"version": version, "pages": alone, "groups": {
        g: digest("".join(hashes).encode()) for g, hashes in groups.items()},
        "updated": {k: v for k, v in updated.items() if k in alone}, "poll": poll_seconds})
    await off_loop(compress, files)
    return Site(files=files, pages=pages, updated=updated, due=min(due) if due else None)


def template_of(rel: str) -> str:
    """The template of a tournament's page: `round-3.html` → round.html, `player/12.html` → player.html."""
    name = rel if not rel.startswith("player/") else "player.html"
    return f"{name.partition('-')[0].removesuffix('.html')}.html"


def compress(files: dict[str, bytes]) -> None:
    """`<file>.gz` beside each text file, byte for byte the same for the same content (no time, no name in it)."""
    for rel in [r for r in files if r.endswith(COMPRESSED)]:
        files[f"{rel}.gz"] = gzip.compress(files[rel], compresslevel=9, mtime=0)


def write_site(site: Site, folder: Path) -> tuple[set[str], set[str]]:
    """Write what differs from the folder's files (atomically, file by file); remove files the site lost.

    Returns (changed, removed) relative paths. Blocking: run it in a thread.
    """
    folder.mkdir(parents=True, exist_ok=True)
    changed: set[str] = set()
    for rel, data in site.files.items():
        target = folder / rel
        try:
            if target.read_bytes() == data:
                continue
        except OSError:
            pass
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.tmp")
        temporary.write_bytes(data)
        os.replace(temporary, target)
        changed.add(rel)
    removed: set[str] = set()
    for path in sorted(folder.rglob("*"), reverse=True):
        rel = path.relative_to(folder).as_posix()
        if path.is_file() and rel not in site.files:
            path.unlink()
            removed.add(rel)
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return changed, removed


def clear_site(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
