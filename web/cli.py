"""`echiquier serve | import-trf | pair-trf`: the command line."""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
from datetime import date, datetime
from pathlib import Path

import uvicorn

from database.imports import replace_tournament, sync_trf
from database.registry import EventRegistry
from tournament.errors import EchiquierError
from tournament.importing import trf_rows, trf_skipped, trf_tournament_values
from tournament.pairing import SYSTEMS, pair_next_round
from tournament.pairing.trf_input import pairing_input
from tournament.teams_import import team_event_from_trf
from tournament.trf import decode, parse_trf
from tournament.trf_source import source_of
from web.app import create_app
from web.data_commands import COMMANDS, add_commands, event_span, run
from web.folder_lock import FolderBusy, lock_folder
from web.i18n import LANGUAGES
from web.network import lan_address
from web.pair_command import add_pair_command, run_pair
from web.publish_command import add_publish_command, run_publish
from web.server import raise_open_file_limit, uvicorn_config
from web.settings import ROOT, Settings
from web.workers import DEFAULT_REDIS, serve_workers


def serve(args: argparse.Namespace) -> int:
    """Serve the folder, holding its lock (web/folder_lock.py): one server per events folder."""
    events_dir = Path(args.events).resolve()
    workers = getattr(args, "workers", 1)
    try:  # a worker joined by Redis (`--redis`, one process) shares the folder; any other server has it alone
        held = lock_folder(events_dir, shared=workers == 1 and getattr(args, "redis", None) is not None)
    except (FolderBusy, OSError) as exc:
        print(f"echiquier serve: {exc}", file=sys.stderr)
        return 1
    try:
        return _serve(args, events_dir, workers)
    finally:
        held.close()


def _serve(args: argparse.Namespace, events_dir: Path, workers: int) -> int:
    settings = Settings(events_dir=events_dir, cache=not args.no_cache, language=args.lang,
                        host_names=tuple(args.host_name or ()), forwarded_allow_ips=args.forwarded_allow_ips,
                        redis_url=getattr(args, "redis", None))
    if workers > 1:  # several processes joined by Redis (web/workers.py); this supervisor holds the lock
        print(f"Echiquier serving {settings.events_dir} with {workers} workers on port {args.port}")
        return serve_workers(settings, workers=workers, host=args.host, port=args.port)
    app = create_app(settings)
    print(f"Echiquier serving {Path(args.events).resolve()}")
    print(f"  on this machine: http://127.0.0.1:{args.port}/")
    if args.host in ("0.0.0.0", "::"):
        print(f"  in the hall (LAN): http://{lan_address()}:{args.port}/")
    else:
        print(f"  at: http://{args.host}:{args.port}/")
    print(f"  admin: http://127.0.0.1:{args.port}/admin on this machine, no password needed; from another device,"
          f" set an admin password at http://127.0.0.1:{args.port}/auth/admin first, then sign in there")
    sys.stdout.flush()
    # Start-up objects (templates, modules) never die: keep them out of the collector's way, and let the
    # young generation grow before a collection, so that a result write never waits for a long GC pass.
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 50, 50)
    raise_open_file_limit()
    uvicorn.Server(uvicorn_config(app, settings, args.host, args.port)).run()
    return 0


async def import_trf(data: bytes, filename: str, events_dir: Path, event_id: str, name: str | None) -> str:
    """Import a TRF file's bytes into a tournament (created, or refilled if it exists). Returns a summary."""
    text = decode(data)
    trf, errors = parse_trf(text)
    if errors:
        raise EchiquierError("%s\nNothing was imported.", "\n".join(f"{filename}: {e}" for e in errors))
    players, pairings = trf_rows(trf)
    source = source_of(trf, text, filename)
    registry = EventRegistry(events_dir)
    try:
        if event_id in registry.ids():
            store = await registry.get(event_id)
        else:
            start, stop = trf_dates(trf.headers)
            store = await registry.create(event_id, name=trf.name, start=start, stop=stop)
        title = name or trf.name
        tournaments = await store.tournaments()
        existing = {t.name: t for t in tournaments} | {t.uniq_id: t for t in tournaments}
        if title in existing and await store.players(existing[title].id):
            # the same tournament again: re-sync, keeping the results entered on screens
            report = await sync_trf(store, existing[title].id, trf_tournament_values(trf), players, pairings,
                                    trf_skipped(trf), source=source)
            return f"Re-synced {event_id}/{existing[title].name} with {filename}: {report.text()}"
        if title in existing:
            tid = existing[title].id
        else:
            uniq = _uniq_id(title, {t.uniq_id for t in tournaments})
            tid = await store.add_tournament(uniq_id=uniq, name=title, **trf_tournament_values(trf))
        # a team file: its teams and matches over the games, in the same transaction (database/teams.py)
        await replace_tournament(store, tid, trf_tournament_values(trf), players, pairings, trf_skipped(trf),
                                 "trf import", source=source,
                                 team=team_event_from_trf(trf) if trf.is_team_file else None)
    finally:
        await registry.close()
    notes = "".join(f"\n{filename}: warning: {w}" for w in trf.warnings[:20])
    more = f"\n… {len(trf.warnings) - 20} more: see `echiquier check-trf`." if len(trf.warnings) > 20 else ""
    return (f"Imported {len(players)} players and {trf.played_rounds} rounds ({len(pairings)} pairing rows) "
            f"into {event_id}/{title}.{notes}{more}")


def pair_trf(data: bytes, filename: str, system: str | None, baku: bool | None) -> list[str]:
    """The next round of a TRF file in the JaVaFo / bbpPairings output convention (see docs/pairing.md)."""
    trf, errors = parse_trf(decode(data))
    if errors:
        raise EchiquierError("\n".join(f"{filename}: {e}" for e in errors) + "\nNothing was paired.")
    chosen = system or ("berger" if trf.tournament_type == "round_robin" else "dutch")
    return pair_next_round(pairing_input(trf, baku=baku), chosen).engine_lines()


def trf_dates(headers: dict[str, str]) -> tuple[float, float]:
    """Event start and end from TRF 042/052 (`YYYY/MM/DD`), else today (the span of `event_span`)."""
    return event_span(_trf_date(headers.get("042", "")), _trf_date(headers.get("052", "")))


def _trf_date(text: str) -> date | None:
    try:
        return datetime.strptime(text.strip()[:10].replace("-", "/"), "%Y/%m/%d").date()
    except ValueError:
        return None


def _uniq_id(name: str, taken: set[str]) -> str:
    base = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")[:40] or "tournament"
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("at least 1")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="echiquier", description="Chess tournament arbiter event server.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_serve = sub.add_parser("serve", help="serve the events folder")
    p_serve.add_argument("--events", default=str(ROOT / "events"), help="events folder (default: ./events)")
    p_serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: 0.0.0.0)")
    p_serve.add_argument("--port", type=int, default=8080, help="port (default: 8080)")
    p_serve.add_argument("--lang", choices=LANGUAGES, default=LANGUAGES[0],
                         help="default language of the pages, when neither the visitor nor the event chose one "
                              "(default: en)")
    p_serve.add_argument("--host-name", action="append", metavar="NAME",
                         help="a name this server is reached by (repeatable; loopback names and the LAN address are"
                         " always its own): the server machine is admin only under its own names")
    p_serve.add_argument("--forwarded-allow-ips", metavar="IPS",
                         help="behind a reverse proxy: the proxy addresses whose X-Forwarded-For/-Proto are trusted"
                         " (comma-separated, or *); nobody is admin by address then, only by the admin password")
    p_serve.add_argument("--no-cache", action="store_true", help="re-read and re-render on every request "
                         "(the naive baseline of the benchmarks; never in a hall)")
    p_serve.add_argument("--workers", type=positive, default=1,
                         help="worker processes (default: 1; more need redis-server)")
    p_serve.add_argument("--redis", default=None, help=f"Redis of the workers (default: {DEFAULT_REDIS})")
    p_import = sub.add_parser("import-trf", help="create or fill a tournament from a FIDE TRF file")
    p_import.add_argument("file", type=Path)
    p_import.add_argument("--events", default=str(ROOT / "events"))
    p_import.add_argument("--event", required=True, help="event id (file name without .db)")
    p_import.add_argument("--tournament", help="tournament name (default: the TRF 012 line)")
    p_pair = sub.add_parser("pair-trf", help="pair the next round of a TRF file (JaVaFo / bbpPairings output)")
    p_pair.add_argument("file", type=Path)
    p_pair.add_argument("-p", "--pairings", type=Path, help="output file (default: standard output)")
    p_pair.add_argument("--system", choices=SYSTEMS, help="dutch or berger (default: from the 092/192 record)")
    p_pair.add_argument("--baku", action="store_true", default=None, help="Baku acceleration (C.04.5.1)")
    add_commands(sub, str(ROOT / "events"))
    add_pair_command(sub, str(ROOT / "events"))
    add_publish_command(sub, str(ROOT / "events"))
    args = parser.parse_args(argv)
    if args.command == "pair":
        return run_pair(args)
    if args.command == "publish":
        return run_publish(args)
    if args.command == "serve":
        return serve(args)
    if args.command in COMMANDS:
        return run(args)
    if args.command == "pair-trf":
        try:
            text = "\n".join(pair_trf(args.file.read_bytes(), args.file.name, args.system, args.baku)) + "\n"
            if args.pairings is None:
                sys.stdout.write(text)
            else:
                args.pairings.write_text(text)
        except (EchiquierError, OSError) as exc:
            print(f"echiquier: {exc}", file=sys.stderr)
            return 1
        return 0
    try:
        data = args.file.read_bytes()
        print(asyncio.run(import_trf(data, args.file.name, Path(args.events), args.event, args.tournament)))
    except (EchiquierError, OSError) as exc:
        print(f"echiquier: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
