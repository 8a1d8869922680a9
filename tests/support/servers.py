"""Servers a test starts, each waited for by its own readiness signal and never for a fixed time: uvicorn in a
thread of the test's process (its `started` flag), a process on a port (the port accepts connections: servers
listen once they can answer), and the real parts of the publication and worker tests on loopback: rclone's
WebDAV server, nginx, redis-server.

A limit of time is only a guard against a hang (START_LIMIT, HANG_LIMIT): a process that starts slowly on a
saturated machine is waited for as long as it lives. A missing tool skips the test with the package to install,
except on CI (ECHIQUIER_REQUIRE_BROWSER=1) where it fails: `.ci/run` installs them.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import pytest
import uvicorn
from litestar import Litestar

from app.settings import Settings
from web.app import create_app

T = TypeVar("T")

PACKAGES = {"rclone": "rclone", "nginx": "nginx-light", "redis-server": "redis-server"}


def need(tool: str) -> str:
    """The tool's path; skip (fail on CI) when it is not installed."""
    for candidate in (shutil.which(tool), f"/usr/sbin/{tool}", f"/usr/bin/{tool}"):
        if candidate and Path(candidate).exists():
            return candidate
    message = f"{tool} is not installed (apt-get install -y {PACKAGES.get(tool, tool)})"
    if os.environ.get("ECHIQUIER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{message}, and CI requires it")
    pytest.skip(message)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: Only against a hang: a process that starts slowly on a saturated machine is waited for as long as it lives.
START_LIMIT = 300.0
#: Only against a hang: how long a test waits for something that must come (a frame, a state, a file).
HANG_LIMIT = 300.0


def wait_until(check: Callable[[], T | None], what: str, seconds: float = HANG_LIMIT, step: float = 0.05) -> T:
    """Poll `check` until it gives something (its value is returned); the limit is a guard against a hang."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened in {seconds:.0f} s: {what}")
        time.sleep(step)


def wait_port(port: int, seconds: float = START_LIMIT, process: subprocess.Popen[bytes] | None = None) -> None:
    """Until the port accepts a connection (the server's own readiness: it listens once it can answer), or the
    process ends (it failed to start)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the process ended ({process.returncode}) before listening on port {port}")
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


def fetch(url: str) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=HANG_LIMIT) as response:
            return bytes(response.read())
    except (urllib.error.URLError, OSError):
        return None


class Process:
    """A server process started by a test, stopped (terminate, then kill) at the end."""

    def __init__(self, args: list[str], port: int, log: Path) -> None:
        self.args, self.port, self.log = args, port, log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(self.args, stdout=out, stderr=subprocess.STDOUT)
        try:
            wait_port(self.port, process=self.process)
        except RuntimeError as exc:
            self.stop()
            raise RuntimeError(f"{self.args[0]} did not start: {self.log.read_text(errors='replace')[-2000:]}") from exc

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def __enter__(self) -> Process:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        ended = self.process is not None and self.process.poll() is not None
        self.stop()
        if kind is not None:  # the test failed: what the server said (pytest shows it with the failure)
            state = "had ended" if ended else "was running"
            print(f"--- {self.args[0]} on port {self.port} {state}; its log:\n"
                  f"{self.log.read_text(errors='replace')[-3000:] if self.log.exists() else '(none)'}")


def webdav(folder: Path, log: Path, port: int | None = None) -> tuple[Process, str]:
    """`rclone serve webdav folder` on loopback, and the rclone remote that writes into it."""
    port = port or free_port()
    folder.mkdir(parents=True, exist_ok=True)
    process = Process([need("rclone"), "serve", "webdav", str(folder), "--addr", f"127.0.0.1:{port}"], port, log)
    return process, rclone_remote(f"dav{port}", "webdav", url=f"http://127.0.0.1:{port}")


def rclone_remote(name: str, kind: str, **options: str) -> str:
    """A remote of rclone's configuration, made through its environment (`RCLONE_CONFIG_<NAME>_TYPE`, inherited by
    every rclone the tests and their servers run): its `name:` (the publication takes configured remotes only)."""
    prefix = f"RCLONE_CONFIG_{name.upper()}_"
    os.environ[prefix + "TYPE"] = kind
    for option, value in options.items():
        os.environ[prefix + option.upper()] = value
    return f"{name}:"


NGINX_CONF = """
daemon off;
{user}
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log;
events {{ worker_connections 256; }}
http {{
  access_log off;
  client_body_temp_path {tmp}/client; proxy_temp_path {tmp}/proxy; fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi; scgi_temp_path {tmp}/scgi;
  types {{ text/html html; application/json json; application/javascript js; text/css css; }}
  charset utf-8; charset_types application/json application/javascript text/css;
  server {{
    listen 127.0.0.1:{port};
    root {root};
    etag on;
    location / {{ add_header Cache-Control "no-cache"; }}
  }}
}}
"""


def nginx(root: Path, tmp: Path) -> tuple[Process, str]:
    """nginx serving `root` as a static site on a free loopback port (config written into `tmp`)."""
    binary = need("nginx")
    port = free_port()
    tmp.mkdir(parents=True, exist_ok=True)
    root.mkdir(parents=True, exist_ok=True)
    conf = tmp / "nginx.conf"
    user = "user root;" if os.geteuid() == 0 else ""  # root's workers would be nobody, who cannot read tmp_path
    conf.write_text(NGINX_CONF.format(user=user, tmp=tmp, port=port, root=root))
    return Process([binary, "-p", str(tmp), "-c", str(conf)], port, tmp / "nginx.log"), f"http://127.0.0.1:{port}"


def redis(tmp: Path) -> tuple[Process, str]:
    """redis-server on a free loopback port, no persistence."""
    port = free_port()
    args = [need("redis-server"), "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
            "--dir", str(tmp)]
    return Process(args, port, tmp / "redis.log"), f"redis://127.0.0.1:{port}"


def plain_config(app: Litestar, port: int) -> uvicorn.Config:
    return uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")


class LiveServer:
    """uvicorn serving the app of `settings` on a free loopback port in a thread of this process; ready when
    uvicorn says it started (its `started` flag: set once the app started and the socket listens). `config`
    makes the uvicorn configuration (cli/server.py's `uvicorn_config` for the production one)."""

    def __init__(self, settings: Settings, config: Callable[[Litestar, int], uvicorn.Config] = plain_config) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(config(create_app(settings), self.port))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        wait_until(lambda: self.server.started or not self.thread.is_alive(), "uvicorn started", START_LIMIT, 0.02)
        if not self.server.started:
            raise RuntimeError("the test server did not start (its thread ended)")
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=HANG_LIMIT)


Prepared = TypeVar("Prepared")


def prepared_events(tmp_path: Path, prepare: Callable[[Path], Coroutine[Any, Any, Prepared]]
                    ) -> tuple[Settings, Prepared]:
    """An events folder under `tmp_path` filled by `prepare(folder)` (run in a thread of its own: Playwright's sync
    API keeps an event loop running in the test's), what `prepare` returned, and the settings that serve the folder
    (no demo)."""
    events = tmp_path / "events"
    events.mkdir()
    with ThreadPoolExecutor(1) as pool:
        made: Prepared = pool.submit(asyncio.run, prepare(events)).result()
    return Settings(events_dir=events, custom_dir=tmp_path / "custom", create_demo=False), made
