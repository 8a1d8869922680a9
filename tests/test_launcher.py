"""`python3 run.py serve` becomes the server: stopping the launcher's process id stops the server and frees its port.
A `.venv` that cannot serve (made by a too-old Python, its python gone, no pip) is made again, not used and failed."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
import venv
from pathlib import Path
from types import ModuleType

import httpx
import pytest

from app.settings import ROOT
from tests.support.servers import free_port


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
        deadline = time.monotonic() + 600  # a hang guard, not a measure: a loaded machine starts slowly
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


def launcher() -> ModuleType:
    spec = importlib.util.spec_from_file_location("echiquier_launcher", ROOT / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fake_python(folder: Path, script: str) -> None:
    """A venv's python that is a shell script (what a venv of another Python answers to run.py's probe)."""
    python = folder / "bin" / "python"
    python.parent.mkdir(parents=True, exist_ok=True)
    python.write_text(f"#!/bin/sh\n{script}\n")
    python.chmod(0o755)


@pytest.mark.skipif(os.name == "nt", reason="POSIX venv layout and shell scripts")
def test_a_venv_of_a_too_old_python_is_made_again_then_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    run = launcher()
    installed: list[tuple[Path, str]] = []
    monkeypatch.setattr(run, "install", lambda where, command: installed.append((where, command)))
    old = tmp_path / ".venv"
    fake_python(old, "echo 3.9")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    (old / ".installed-serve").write_text(digest)  # installed once, by that old Python: the stamp alone says nothing
    run.ensure_venv("serve", old)
    out = capsys.readouterr().out
    assert "Rebuilding .venv: it was made by Python 3.9 and Echiquier needs 3.11 or later." in out
    assert run.venv_problem(old) is None  # a real venv of this Python, with pip
    assert installed == [(old, "serve")]
    assert (old / ".installed-serve").read_text() == digest
    run.ensure_venv("serve", old)  # usable and installed: left as it is
    assert installed == [(old, "serve")]
    assert "Rebuilding" not in capsys.readouterr().out


@pytest.mark.skipif(os.name == "nt", reason="POSIX venv layout and shell scripts")
def test_what_makes_a_venv_unusable(tmp_path: Path) -> None:
    run = launcher()
    gone = tmp_path / "gone"
    (gone / "bin").mkdir(parents=True)
    (gone / "bin" / "python").symlink_to(tmp_path / "removed-python3.11")  # the interpreter was uninstalled
    assert run.venv_problem(gone) == "it has no working python"
    failing = tmp_path / "failing"
    fake_python(failing, "exit 1")
    assert run.venv_problem(failing) == "its python does not start, or has no pip"
    no_pip = tmp_path / "no-pip"  # what `python3 -m venv` leaves where ensurepip is missing (Debian: no python3-venv)
    venv.EnvBuilder(with_pip=False).create(no_pip)
    assert run.venv_problem(no_pip) == "its python does not start, or has no pip"
    assert run.venv_problem(Path(sys.prefix)) is None  # the venv running these tests
