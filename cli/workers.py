"""`echiquier serve --workers N`: N uvicorn worker processes on one socket, joined by redis-server.

With one worker (the default) nothing here runs and no Redis is needed. With several, every worker:
- relays its live frames through Redis (Litestar's `RedisChannelsPubSubBackend`, web/relay.py), so that a
  screen held by any worker gets every push;
- looks for other workers' commits before it serves cached reads (database/watch.py: a `stat` of the file and
  its WAL, `PRAGMA data_version` when they moved), so that a commit of another worker drops its caches;
- writes under SQLite's locking (`BEGIN IMMEDIATE` with the busy policy of database/connection.py) and the
  compare-and-set of result writes;
- shares the logins (web/sessions.py: `<events>/.sessions.sqlite`): a logout through one worker ends the session on all.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec
from litestar import Litestar
from uvicorn.supervisors import Multiprocess

from app.settings import DEFAULT_REDIS, Settings
from cli.server import raise_open_file_limit, uvicorn_config
from web.app import create_app

ENVIRONMENT = "ECHIQUIER_WORKER_SETTINGS"  # the settings, handed to the worker processes


def redis_problem(url: str) -> str | None:
    """Why Redis at `url` cannot be used (None: something answers there)."""
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss", "unix"):
        return f"{url} is not a redis:// address"
    if parts.scheme == "unix":
        return None if Path(parts.path).exists() else f"no socket {parts.path}"
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379), timeout=2):
            return None
    except OSError as exc:
        return f"nothing answers at {parts.hostname}:{parts.port or 6379} ({exc.strerror or exc})"


def _decode(kind: type, value: Any) -> Any:
    if kind is Path:
        return Path(value)
    raise NotImplementedError(kind)


def encode_settings(settings: Settings) -> str:
    return msgspec.json.encode(msgspec.to_builtins(settings, enc_hook=str)).decode()


def decode_settings(text: str) -> Settings:
    return msgspec.convert(msgspec.json.decode(text), Settings, dec_hook=_decode)


def worker_app() -> Litestar:
    """The app of one worker process (uvicorn's factory)."""
    return create_app(decode_settings(os.environ[ENVIRONMENT]))


def redis_refusal(settings: Settings, workers: int) -> str | None:
    """Why `workers` processes cannot be joined (Redis needed and missing), in words; None: they can."""
    url = settings.redis_url or DEFAULT_REDIS
    problem = redis_problem(url)
    if problem is None:
        return None
    return (f"echiquier serve --workers {workers} needs redis-server at {url}: {problem}.\n"
            f"  Install and start it (Debian: apt-get install redis-server), give its address with --redis URL,\n"
            f"  or serve with one worker (--workers 1, no Redis needed).")


def serve_workers(settings: Settings, sock: socket.socket, *, workers: int) -> int:
    """Run `workers` processes on the listening socket `sock` (cli/serve.py); Redis answers (redis_refusal)."""
    url = settings.redis_url or DEFAULT_REDIS
    os.environ[ENVIRONMENT] = encode_settings(msgspec.structs.replace(settings, redis_url=url))
    raise_open_file_limit()
    host, port = sock.getsockname()[:2]
    config = uvicorn_config("cli.workers:worker_app", settings, host, port, factory=True, workers=workers)
    Multiprocess(config, sockets=[sock]).run()  # what uvicorn.run does with workers, on the socket bound before
    return 0
