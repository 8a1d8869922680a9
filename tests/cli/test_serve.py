"""`echiquier serve` on a fresh machine: Ctrl+C ends it cleanly; a busy port is one line, before anything is made."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
from pathlib import Path

import httpx

from app.settings import ROOT
from cli.serve import refusal
from tests.support.servers import free_port
from tests.support.serving import Served


def serve_command(events: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "cli.main", "serve", "--events", str(events), "--host", "127.0.0.1",
            "--port", str(port)]


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)}


def test_ctrl_c_stops_the_server_with_status_0_and_no_traceback(tmp_path: Path) -> None:
    port = free_port()
    with Served(serve_command(tmp_path / "events", port), cwd=tmp_path, env=environment()) as server:
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=300).status_code == 200  # started, demo made
        code, out = server.interrupt()
    assert code == 0, out
    assert "Traceback" not in out and "Error" not in out, out
    assert (tmp_path / "events" / "demo.db").exists()


def test_ctrl_c_while_starting_stops_cleanly_too(tmp_path: Path) -> None:
    """Right after the banner the app may still be starting (the demo being made): Ctrl+C then is no crash."""
    with Served(serve_command(tmp_path / "events", free_port()), cwd=tmp_path, env=environment()) as server:
        code, out = server.interrupt()
    assert code == 0, out
    assert "Traceback" not in out, out


def test_a_busy_port_is_one_clear_line_and_nothing_is_made(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(serve_command(tmp_path / "events", port), cwd=tmp_path, env=environment(),
                              capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1
    assert done.stdout == ""  # no banner: it would name a server that is not there
    assert done.stderr.splitlines() == [
        f"echiquier serve: port {port} is already in use on 127.0.0.1 (another server?): stop it, or choose another"
        " port with --port"]
    assert not (tmp_path / "events" / "demo.db").exists()


def test_an_address_of_another_machine_is_refused_clearly(tmp_path: Path) -> None:
    done = subprocess.run([*serve_command(tmp_path / "events", free_port())[:-4], "--host", "192.0.2.1"],
                          cwd=tmp_path, env=environment(), capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1
    [line] = done.stderr.splitlines()
    assert line == ("echiquier serve: cannot listen on 192.0.2.1: not an address of this machine (--host 0.0.0.0"
                    " listens on all of them)")
    assert not (tmp_path / "events" / "demo.db").exists()


def test_each_refusal_to_listen_says_why() -> None:
    unknown = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    assert refusal(unknown, "hall.invalid", 8080) == ("cannot listen on hall.invalid: not an address or a name of this"
                                                      " machine (Name or service not known)")
    assert refusal(PermissionError(errno.EACCES, "Permission denied"), "0.0.0.0", 80) == (
        "not allowed to listen on port 80 (below 1024 needs administrator rights): choose another port with --port")
    assert refusal(OSError(errno.EMFILE, "Too many open files"), "0.0.0.0", 8080) == (
        "cannot listen on 0.0.0.0 port 8080: Too many open files")
