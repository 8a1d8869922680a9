"""A TRF file checked in a child process (`/trf-lint`, open to any visitor): the server's memory stays flat.

Reading a 20 MB TRF builds every player and round (9998 players × 190 rounds: half a gigabyte and 20 s of a
core), and memory a process once took stays with it: the server would keep every visitor's peak for good. So
the check runs in a child process that gets the file on its standard input, a chunk at a time (the server never
holds the file), writes back a report cut to `SHOWN` problems with the totals, and exits: its memory goes
back to the system with it. The child is held to `CHILD_MEMORY` of address space and `CHILD_CPU` seconds of
processor, at a lower priority than the server; a file it cannot check within them is refused in words.
How many children run at once, per device and in all, is web/limits.py's (`UploadGate`).

Run as `python -m app.lint`, the module is the child.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType

import msgspec

from tournament.errors import Invalid, Unavailable
from tournament.formats.trf_lint import LintReport, lint_bytes

SHOWN = 200  # problems listed on the page; the totals count them all
CHILD_MEMORY = 1536 * 1024 * 1024  # address space of the child (the heaviest 20 MB file peaks near 600 MB)
CHILD_CPU = 120  # seconds of processor
MAX_ANSWER = 4 * 1024 * 1024  # the child's report, SHOWN problems: a few hundred kB at most
ROOT = Path(__file__).resolve().parent.parent
TOO_COMPLEX = ("This file is too large or too complex to be checked here; check it on the server with "
               "`echiquier check-trf`.")

resource: ModuleType | None
try:
    import resource
except ImportError:  # pragma: no cover  (Windows: no limits, the child still exits)
    resource = None


class LintSummary(msgspec.Struct, frozen=True, kw_only=True):
    """The report of one file: its first `SHOWN` problems, and how many errors and warnings in all."""

    report: LintReport
    errors: int
    warnings: int

    @property
    def ok(self) -> bool:
        return self.errors == 0

    @property
    def hidden(self) -> int:
        return self.errors + self.warnings - len(self.report.items)


class CheckFailed(Invalid):
    """The child could not check the file within its limits."""


def summary_of(report: LintReport, shown: int = SHOWN) -> LintSummary:
    """The report cut to its first `shown` problems, with the totals.

    >>> from tournament.formats.trf_lint import LintItem
    >>> item = LintItem(line=1, column=0, severity="warning", message="m", hint="")
    >>> s = summary_of(LintReport(items=[item] * 5, players=0, rounds=0, version="TRF16"), shown=2)
    >>> len(s.report.items), s.errors, s.warnings, s.ok, s.hidden
    (2, 0, 5, True, 3)
    """
    errors = sum(1 for i in report.items if i.severity == "error")
    cut = msgspec.structs.replace(report, items=report.items[:shown])
    return LintSummary(report=cut, errors=errors, warnings=len(report.items) - errors)


async def lint_in_child(chunks: AsyncIterator[bytes]) -> LintSummary:
    """Check the file whose bytes `chunks` yields in a child process (module docstring)."""
    try:
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "app.lint", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    except OSError as exc:  # no process or descriptor left: the server is busy, not the file wrong
        raise Unavailable("The server cannot check a file just now; try again in a minute.") from exc
    try:
        answer = await _exchange(child, chunks)
    finally:
        if child.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                child.kill()
            await child.wait()
    if child.returncode != 0 or not answer:
        raise CheckFailed(TOO_COMPLEX)
    try:
        return msgspec.json.decode(answer, type=LintSummary)
    except msgspec.DecodeError as exc:  # a child that could not finish its report
        raise CheckFailed(TOO_COMPLEX) from exc


async def _exchange(child: asyncio.subprocess.Process, chunks: AsyncIterator[bytes]) -> bytes:
    """Feed the child the file, then read its report (at most `MAX_ANSWER` bytes)."""
    assert child.stdin is not None and child.stdout is not None
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the child died: its exit status tells
        async for chunk in chunks:
            child.stdin.write(chunk)
            await child.stdin.drain()
        child.stdin.close()
    answer = bytearray()
    while chunk := await child.stdout.read(65536):
        answer += chunk
        if len(answer) > MAX_ANSWER:
            return b""
    await child.wait()
    return bytes(answer)


def _limit_self() -> None:
    """The child's own limits, set before it reads a byte."""
    if resource is not None:
        for kind, value in ((resource.RLIMIT_AS, CHILD_MEMORY), (resource.RLIMIT_CPU, CHILD_CPU)):
            _soft, hard = resource.getrlimit(kind)
            wanted = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(kind, (wanted, hard))
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)


def main() -> int:
    _limit_self()
    data = sys.stdin.buffer.read()
    sys.stdout.buffer.write(msgspec.json.encode(summary_of(lint_bytes(data))))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
