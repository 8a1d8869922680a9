"""`python3 run.py serve` becomes the server: stopping the launcher's process id stops the server and frees its port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from app.settings import ROOT
from bench._server import free_port


def port_is_free(port: int) -> bool:
    """Nothing listens on `port` (SO_REUSEADDR: closed connections in TIME_WAIT do not count)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_sigterm_to_run_py_stops_the_server(tmp_path: Path) -> None:
    port = free_port()
    events = tmp_path / "events"
    # the virtualenv running these tests, used as it is: the launcher installs nothing here
    env = {**os.environ, "ECHIQUIER_VENV": sys.prefix, "PYTHONUNBUFFERED": "1"}
    launcher = subprocess.Popen(
        [sys.executable, str(ROOT / "run.py"), "serve", "--events", str(events), "--host", "127.0.0.1",
         "--port", str(port)],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 120  # a hang guard, not a measure: a loaded machine starts slowly
        while True:
            assert launcher.poll() is None, launcher.stdout.read().decode() if launcher.stdout else ""
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
        assert answer.status_code == 200
        assert "Demo" in answer.text or "demo" in answer.text  # the demo event was created in --events
        assert (events / "demo.db").exists()
        # the launcher's own process is the server now (exec), not a parent waiting for a child
        cmdline = Path(f"/proc/{launcher.pid}/cmdline").read_bytes().split(b"\0")
        assert not any(part.endswith(b"run.py") for part in cmdline), cmdline
        assert b"serve" in cmdline
        launcher.send_signal(signal.SIGTERM)
        assert launcher.wait(timeout=60) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal it handled
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()
    assert port_is_free(port)
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
