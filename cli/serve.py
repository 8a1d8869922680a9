"""`echiquier serve`: one process serving an events folder with uvicorn, or several joined by Redis (cli/workers.py).

The only command that loads the web stack (Litestar, the templates): cli/main.py imports this module for it alone.
"""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path

import uvicorn

from app.network import lan_address
from app.settings import Settings
from cli.folder_lock import FolderBusy, lock_folder
from cli.server import raise_open_file_limit, uvicorn_config
from cli.workers import serve_workers
from web.app import create_app


def serve(args: argparse.Namespace) -> int:
    """Serve the folder, holding its lock (cli/folder_lock.py): one server per events folder."""
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
    if workers > 1:  # several processes joined by Redis (cli/workers.py); this supervisor holds the lock
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
