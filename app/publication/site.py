"""The public site of an event as static files: HTML pages with their JSON twins and a small `version.json`.

Only what a spectator may see: a public event's name and dates, and per tournament the boards of the current
round, the players (name, title, rating, federation, points), the results by round, the standings and the
cross-table. No screen, input code, password, e-mail, phone, birth date or journal is ever read here.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment

from app.offload import off_loop
from app.views.standings import fmt, standings_for
from app.views.tournament import TournamentState, board_rows, tournament_state
from database.store import EventStore
from i18n import translator
from i18n.formats import day
from tournament.boards import half_points
from tournament.models import Info, Pairing, Player, Tournament
from tournament.results import ByeKind, format_points
from tournament.standings import Standings, crosstable

#: Spectators' pages ask for `version.json` this often (seconds).
POLL_SECONDS = 10
#: Copied into every site (no CDN): the poller.
STATIC_FILES = ("public.js", "public.css")
HASH_MARK = "__PAGE_HASH__"
#: Where a page says when its content last changed (replaced after the hash is taken: an unchanged page keeps its
#: time and its bytes, so it is not uploaded again).
UPDATED_MARK = "__PAGE_UPDATED__"
PAGES = ("boards", "players", "results", "standings", "crosstable")


@dataclass(frozen=True)
class Site:
    """What to write: relative path → bytes; `pages` the hash of each HTML page (for `version.json`)."""

    files: dict[str, bytes]
    pages: dict[str, str]
    updated: dict[str, float]


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _json(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True).encode()


def _player(p: Player, points: dict[int, int]) -> dict[str, Any]:
    return {"number": p.pairing_number, "name": p.shown_name, "title": p.title, "rating": p.rating or None,
            "federation": p.federation, "points": format_points(points.get(p.id, 0))}


def _result_text(p: Pairing) -> str:
    if p.black_player_id is None:
        return {ByeKind.PAB: "1", ByeKind.FULL: "1", ByeKind.HALF: "½", ByeKind.ZERO: "0"}[p.bye_kind or ByeKind.ZERO]
    return p.result.label() if p.result is not None else ""


def _game(p: Pairing, players: dict[int, Player]) -> dict[str, Any]:
    white = players.get(p.white_player_id)
    black = players.get(p.black_player_id) if p.black_player_id is not None else None
    return {"round": p.round, "board": p.board, "white": white.shown_name if white else "?",
            "black": black.shown_name if black else None, "bye": p.bye_kind.value if p.bye_kind else None,
            "result": _result_text(p)}


def _standings(s: Standings) -> dict[str, Any]:
    return {"round": s.round, "tie_breaks": s.tie_breaks,
            "rows": [{"rank": r.rank, "place": r.place, "number": r.start_rank, "name": r.name, "title": r.title,
                      "rating": r.rating or None, "federation": r.federation, "points": fmt(r.points),
                      "tie_break_values": [fmt(v) for v in r.values]} for r in s.rows]}


async def tournament_data(store: EventStore, t: Tournament) -> dict[str, dict[str, Any]]:
    """The data of a tournament's five pages (also their JSON twins): read here, computed off the loop."""
    state = await tournament_state(store, t.id)
    everything = await store.pairings(t.id)
    players = await store.players(t.id)
    standings = await standings_for(store, t.id)
    return await off_loop(tournament_pages, t, state, everything, players, standings)


def tournament_pages(t: Tournament, state: TournamentState, everything: list[Pairing], player_list: list[Player],
                     standings: Standings) -> dict[str, dict[str, Any]]:
    """The five pages' data from what was read (pure: run on a compute thread)."""
    players = {p.id: p for p in player_list}
    points = half_points(everything)
    boards = [{"id": b.dom_id, "board": b.board, "white": b.white.name, "white_points": b.white.points,
               "white_rating": b.white.rating or None, "black": b.black.name if b.black else None,
               "black_points": b.black.points if b.black else None,
               "black_rating": (b.black.rating or None) if b.black else None,
               "result": b.label if b.black else "1", "bye": b.bye_kind.value if b.bye_kind else None}
              for b in board_rows(state)]
    rounds: dict[int, list[dict[str, Any]]] = {}
    for p in sorted(everything, key=lambda p: (p.round, p.board_order is None, p.board_order or 0)):
        rounds.setdefault(p.round, []).append(_game(p, players))
    cells = crosstable(standings, everything)
    cross = [{"rank": r.rank, "name": r.name, "points": fmt(r.points),
              "rounds": [f"{c.opponent_rank or ''}{c.colour}{c.result}" for c in cells.get(r.player_id, [])]}
             for r in standings.rows]
    base = {"tournament": {"id": t.id, "name": t.name, "rounds": t.rounds}, "round": state.round}
    ordered = sorted(players.values(), key=lambda p: (p.shown_name.lower(), p.pairing_number))
    return {
        "boards": {**base, "boards": boards},
        "players": {**base, "players": [_player(p, points) for p in ordered]},
        "results": {**base, "rounds": [{"round": r, "games": g} for r, g in sorted(rounds.items(), reverse=True)]},
        "standings": {**base, "standings": _standings(standings)},
        "crosstable": {**base, "round_count": standings.round, "rows": cross},
    }


def previous_times(folder: Path | None) -> dict[str, tuple[str, float]]:
    """Each page's hash and time of change in a site written before (its `version.json`)."""
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
                     poll_seconds: int = POLL_SECONDS, previous: Path | None = None) -> Site | None:
    """Every file of the public site, or None when the event is not public (nothing may be published).

    `previous`: the folder of the site written last time, whose pages keep their time of change when unchanged."""
    info: Info = await store.info()
    if not info.public:
        return None
    lang = info.language or language
    _ = translator(lang)
    tournaments = await store.tournaments()
    files: dict[str, bytes] = {}
    pages: dict[str, str] = {}
    updated: dict[str, float] = {}
    before = await asyncio.to_thread(previous_times, previous)
    now = time.time()
    event = {"name": info.name, "start": day(info.start, lang), "stop": day(info.stop, lang)}
    common = {"_": _, "lang": lang, "event": event,
              "tournaments": [{"id": t.id, "name": t.name} for t in tournaments], "poll": poll_seconds}

    def page(path: str, template: str, data: dict[str, Any], root: str) -> None:
        twin = Path(path).with_suffix(".json").name
        html = environment.get_template(template).render(**common, data=data, root=root, page=path, hash=HASH_MARK,
                                                         updated=UPDATED_MARK, twin=twin)
        pages[path] = digest(html.encode())
        old_hash, old_time = before.get(path, ("", now))
        updated[path] = old_time if old_hash == pages[path] else now
        files[path] = html.replace(HASH_MARK, pages[path]).replace(UPDATED_MARK, stamp(updated[path])).encode()
        files[str(Path(path).with_suffix(".json"))] = _json(data)

    index = {"event": common["event"], "tournaments": [
        {"id": t.id, "name": t.name, "rounds": t.rounds, "pages": {k: f"{t.id}/{k}.html" for k in PAGES}}
        for t in tournaments]}
    def pages_of(t: Tournament, data: dict[str, dict[str, Any]]) -> None:
        for name in PAGES:
            page(f"{t.id}/{name}.html", f"public/{name}.html", data[name], "../")

    def static_files() -> None:
        page("index.html", "public/index.html", index, "")
        for name in STATIC_FILES:
            files[name] = (static_dir / name).read_bytes()

    # the renders run on a compute thread (app/offload.py), one tournament at a time: the hall's requests go on
    await off_loop(static_files)
    for t in tournaments:
        await off_loop(pages_of, t, await tournament_data(store, t))
    version = digest("".join(f"{k}={v};" for k, v in sorted(pages.items())).encode())
    files["version.json"] = _json({"version": version, "pages": pages, "updated": updated, "poll": poll_seconds})
    return Site(files=files, pages=pages, updated=updated)


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
