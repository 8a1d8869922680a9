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
    """A socket bound to (host, port) and listening; CannotListen with a clear reason otherwise."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise CannotListen(f"cannot listen on {host}: not an address or a name of this machine"
                           f" ({exc.strerror})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":  # a restart may reuse the port at once (on Windows this would let two servers share it)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise CannotListen(f"port {port} is already in use on {host} (another server?): stop it, or choose"
                               f" another port with --port") from None
        if exc.errno in (errno.EACCES, errno.EPERM):
            raise CannotListen(f"not allowed to listen on port {port} (below 1024 needs administrator rights):"
                               f" choose another port with --port") from None
        raise CannotListen(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)  # the worker processes of `--workers N` serve it too
    return sock


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
        with listen(args.host, args.port) as sock:
            return _serve(args, events_dir, workers, sock)
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


def _serve(args: argparse.Namespace, events_dir: Path, workers: int, sock: socket.socket) -> int:
    settings = Settings(events_dir=events_dir, cache=not args.no_cache, language=args.lang,
                        host_names=tuple(args.host_name or ()), forwarded_allow_ips=args.forwarded_allow_ips,
                        redis_url=getattr(args, "redis", None))
    if workers > 1:  # several processes joined by Redis (cli/workers.py); this supervisor holds the lock
        refusal = redis_refusal(settings, workers)
        if refusal is not None:
            print(refusal, file=sys.stderr)
            return 2
        banner(events_dir, args.host, args.port, workers)
        return serve_workers(settings, sock, workers=workers)
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
