"""Real parts for the publication and worker tests: rclone's WebDAV server, nginx, redis-server, on loopback.

A missing tool skips the test with the package to install, except on CI (ECHIQUIER_REQUIRE_BROWSER=1) where it
fails: `.ci/run` installs them.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType

import pytest

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
        with urllib.request.urlopen(url, timeout=5) as response:
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
        self.stop()


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
