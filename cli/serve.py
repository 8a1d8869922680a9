"""`echiquier serve`: one process serving an events folder with uvicorn, or several joined by Redis (cli/workers.py).

The only command that loads the web stack (Litestar, the templates): cli/main.py imports this module for it alone.
In order: the folder's lock (one server per folder), the listening socket (a busy port is one line, and nothing
is created), the app, the banner (the port already accepts connections when it is printed), then serving.
Ctrl+C stops the server and exits with status 0.
"""

from __future__ import annotations

import argparse
import errno
import gc
import os
import signal
import socket
import sys
from pathlib import Path
from types import FrameType

import uvicorn

from app.network import lan_address
from app.settings import Settings
from cli.folder_lock import FolderBusy, lock_folder
from cli.server import raise_open_file_limit, uvicorn_config
from cli.workers import redis_refusal, serve_workers
from web.app import create_app

BACKLOG = 2048  # uvicorn's own default


class EarlyStop:
    """Ctrl+C before uvicorn listens for it (while the app is made, right after the banner): remembered and handed
    to the server, which then stops cleanly after its start-up, instead of an interrupt at a random point (one
    raised inside a weakref callback is lost, and the server would run on)."""

    def __init__(self) -> None:
        self.asked = False
        self.server: uvicorn.Server | None = None

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.asked = True
        if self.server is not None:
            self.server.should_exit = True


class CannotListen(Exception):
    """The address or the port cannot be listened on; the message says why, in one line."""


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to (host, port) and listening; CannotListen with a clear reason otherwise. IPv6 for an
    address with a colon, else IPv4 (as uvicorn chooses: `localhost` is 127.0.0.1, which the banner names)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        if os.name != "nt":  # a restart may reuse the port at once (on Windows this would let two servers share it)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError as exc:
        sock.close()
        raise CannotListen(refusal(exc, host, port)) from None
    sock.set_inheritable(True)  # the worker processes of `--workers N` serve it too
    return sock


def refusal(exc: OSError, host: str, port: int) -> str:
    if isinstance(exc, socket.gaierror):
        return f"cannot listen on {host}: not an address or a name of this machine ({exc.strerror})"
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"cannot listen on {host}: not an address of this machine (--host 0.0.0.0 listens on all of them)"
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} is already in use on {host} (another server?): stop it, or choose another port with --port"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return (f"not allowed to listen on port {port} (below 1024 needs administrator rights):"
                " choose another port with --port")
    return f"cannot listen on {host} port {port}: {exc.strerror or exc}"


def serve(args: argparse.Namespace) -> int:
    """Serve the folder, holding its lock (cli/folder_lock.py): one server per events folder."""
    events_dir = Path(args.events).resolve()
    workers = getattr(args, "workers", 1)
    settings = Settings(events_dir=events_dir, cache=not args.no_cache, language=args.lang,
                        host_names=tuple(args.host_name or ()), forwarded_allow_ips=args.forwarded_allow_ips,
                        redis_url=getattr(args, "redis", None))
    refusal = redis_refusal(settings, workers) if workers > 1 else None  # several workers are joined by Redis
    if refusal is not None:
        print(refusal, file=sys.stderr)
        return 2
    try:  # a worker joined by Redis (`--redis`, one process) shares the folder; any other server has it alone
        held = lock_folder(events_dir, shared=workers == 1 and settings.redis_url is not None)
    except (FolderBusy, OSError) as exc:
        print(f"echiquier serve: {exc}", file=sys.stderr)
        return 1
    try:
        with listen(args.host, args.port) as sock:
            if workers > 1:  # several processes (cli/workers.py); this supervisor holds the lock
                banner(events_dir, args.host, args.port, workers)
                return serve_workers(settings, sock, workers=workers)
            return serve_one(args, settings, sock)
    except CannotListen as exc:
        print(f"echiquier serve: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl+C: uvicorn has shut the server down; asyncio hands the interrupt on
        return 0
    finally:
        held.close()


def banner(events_dir: Path, host: str, port: int, workers: int = 1) -> None:
    print(f"Echiquier serving {events_dir}" + (f" with {workers} workers" if workers > 1 else ""))
    print(f"  on this machine: http://127.0.0.1:{port}/")
    if host in ("0.0.0.0", "::"):
        print(f"  in the hall (LAN): http://{lan_address()}:{port}/")
    else:
        print(f"  at: http://{host}:{port}/")
    print(f"  admin: http://127.0.0.1:{port}/admin on this machine, no password needed; from another device,"
          f" set an admin password at http://127.0.0.1:{port}/auth/admin first, then sign in there")
    print("  stop: Ctrl+C", flush=True)


def serve_one(args: argparse.Namespace, settings: Settings, sock: socket.socket) -> int:
    """One process: Ctrl+C is ours until uvicorn takes it (EarlyStop), and the default handler's again after."""
    early = EarlyStop()
    previous = signal.signal(signal.SIGINT, early)
    try:
        return _serve_one(args, settings, sock, early)
    finally:
        signal.signal(signal.SIGINT, previous)


def _serve_one(args: argparse.Namespace, settings: Settings, sock: socket.socket, early: EarlyStop) -> int:
    app = create_app(settings)
    banner(settings.events_dir, args.host, args.port)
    # Start-up objects (templates, modules) never die: keep them out of the collector's way, and let the
    # young generation grow before a collection, so that a result write never waits for a long GC pass.
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 50, 50)
    raise_open_file_limit()
    early.server = server = uvicorn.Server(uvicorn_config(app, settings, args.host, args.port))
    server.should_exit = early.asked
    server.run(sockets=[sock])  # its own handlers take Ctrl+C from here, and give ours back at the end
    return 0
