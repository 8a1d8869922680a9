"""`echiquier serve --workers N`: N uvicorn worker processes on one socket, joined by redis-server.

With one worker (the default) nothing here runs and no Redis is needed. With several, every worker:
- relays its live frames through Redis (Litestar's `RedisChannelsPubSubBackend`, web/relay.py), so that a
  screen held by any worker gets every push;
- looks for other workers' commits before it serves cached reads (database/watch.py: a `stat` of the file and
  its WAL, `PRAGMA data_version` when they moved), so that a commit of another worker drops its caches;
- writes under SQLite's locking (`BEGIN IMMEDIATE` with the busy policy of database/connection.py) and the
  compare-and-set of result writes;
- shares the logins (app/sessions.py: `<events>/.sessions.sqlite`): a logout through one worker ends the session on all;
  and the rest of the security state (database/shared_state.py: `<events>/.shared.sqlite`);
- is watched by the `Supervisor`: a worker that dies is logged at error level and replaced, the others serve on.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec
from litestar import Litestar
from uvicorn.config import STARTUP_FAILURE, Config
from uvicorn.supervisors import Multiprocess
from uvicorn.supervisors.multiprocess import Process

from app.settings import DEFAULT_REDIS, Settings
from cli.server import raise_open_file_limit, uvicorn_config
from web.app import create_app

log = logging.getLogger("echiquier")

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


def death(exitcode: int | None) -> str:
    """How a worker ended, in words.

    >>> death(-9), death(3), death(0)
    ('killed by SIGKILL', 'exit code 3', 'exit code 0')
    """
    if exitcode is not None and exitcode < 0:
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(-exitcode).name}"
    return f"exit code {exitcode}"


class Supervisor(Multiprocess):
    """uvicorn's supervisor, which restarts a worker that died, with what it lacks for a hall:

    - a worker's death is logged at error level (uvicorn says it at info, below the server's warning level), with
      how it ended, and so is its replacement;
    - a worker that died is replaced however it died, and a replacement that cannot start is tried again with a
      back-off: the other workers keep serving meanwhile (uvicorn stops them all when a restart fails to start);
    - a worker that does not answer the health check in time (a saturated machine) is killed only after
      `PATIENCE` checks in a row.
    """

    PATIENCE = 3

    def __init__(self, config: Config, sockets: list[socket.socket]) -> None:
        super().__init__(config, sockets)
        self._silent: dict[int, int] = {}  # pid -> health checks missed in a row
        self._waiting: dict[int, float] = {}  # slot -> when to start the replacement of a worker that failed to start
        self._backoff: dict[int, float] = {}

    def keep_subprocess_alive(self) -> None:
        for slot, process in enumerate(self.processes):
            if self.should_exit.is_set():
                return
            if slot in self._waiting:
                if time.monotonic() >= self._waiting[slot]:
                    del self._waiting[slot]
                    self._start(slot, process)
                continue
            if process.process.is_alive() and self._answers(process):
                continue
            process.kill()
            process.join()
            if process.exitcode == STARTUP_FAILURE:  # it never served: the next try waits a little longer
                wait = self._backoff[slot] = min(60.0, max(1.0, self._backoff.get(slot, 0.0) * 2))
                self._waiting[slot] = time.monotonic() + wait
                log.error("worker %s failed to start; trying again in %.0f s (the other workers keep serving)",
                          process.pid, wait)
                continue
            self._backoff.pop(slot, None)
            log.error("worker %s died (%s); starting another (the other workers keep serving)", process.pid,
                      death(process.exitcode))
            self._start(slot, process)

    def _answers(self, process: Process) -> bool:
        """The worker answered its health check, or has not missed `PATIENCE` of them in a row yet."""
        pid = process.pid or 0
        if process.ping(self.config.timeout_worker_healthcheck):
            self._silent.pop(pid, None)
            return True
        missed = self._silent[pid] = self._silent.get(pid, 0) + 1
        if missed < self.PATIENCE:
            log.warning("worker %s did not answer its health check (%s in a row)", pid, missed)
            return True
        del self._silent[pid]
        log.error("worker %s is stuck (%s health checks missed): killed", pid, missed)
        return False

    def _start(self, slot: int, old: Process) -> None:
        replacement = Process(self.config, self.sockets)
        replacement.start()
        self.processes[slot] = replacement
        log.warning("worker %s started in place of worker %s", replacement.pid, old.pid)


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
    Supervisor(config, sockets=[sock]).run()  # what uvicorn.run does with workers, on the socket bound before
    return 0
