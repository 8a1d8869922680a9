"""`echiquier serve` as a subprocess, ready once its banner is printed (cli/serve.py prints it after the port
listens: a request sent then waits for the start-up, it is never refused); stopped with Ctrl+C (SIGINT)."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path
from types import TracebackType

BANNER_END = "  stop: Ctrl+C"


class Served:
    def __init__(self, command: list[str], *, cwd: Path, env: dict[str, str] | None = None) -> None:
        self.command, self.cwd, self.env = command, cwd, env
        self.banner: list[str] = []

    def __enter__(self) -> Served:
        self.process = subprocess.Popen(self.command, cwd=self.cwd, env=self.env, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        assert self.process.stdout is not None
        for line in self.process.stdout:  # the readiness signal: the banner's last line
            self.banner.append(line)
            if line.rstrip("\n") == BANNER_END:
                return self
        self.process.wait()
        raise AssertionError(f"the server ended ({self.process.returncode}) before serving:\n{''.join(self.banner)}")

    def interrupt(self) -> tuple[int, str]:
        """Ctrl+C: the exit status and what the server printed after its banner."""
        self.process.send_signal(signal.SIGINT)
        out, _ = self.process.communicate(timeout=300)  # a hang guard: a clean stop takes a second
        return self.process.returncode, out

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
