"""Helpers of the resource probes (tests/test_bounds_*.py, bench/uploads.py): a TRF file as heavy as the upload
limit allows, and an `echiquier serve` subprocess held to the resources of a small hall machine."""

from __future__ import annotations

import contextlib
import os
import resource
import subprocess
from collections.abc import Iterator
from pathlib import Path

from bench._server import server_process
from tests.support.files import ROOT

#: The machine the probes imitate: 1024 open files, a 3 GB address space.
OPEN_FILES = 1024
ADDRESS_SPACE = 3 * 1024**3


def heavy_trf(players: int = 9998, rounds: int = 190, title: str = "gm") -> bytes:
    """A valid TRF of `players` players who all played `rounds` rounds, each line as long as the rounds make it:
    near 20 MB with the defaults, every player read and checked (a lower-case title adds a warning per player).
    Round r pairs the players two by two after turning the list by r, so that the file is consistent."""
    lines = ["012 Heavy", f"062 {players}", f"XXR {rounds}"]
    for n in range(1, players + 1):
        head = (f"001 {n:4d} m{title:>3} {f'Player{n:05d}, Some':33} 2000 FRA {n:11d} 1990/01/01"
                f" {rounds / 2:4.1f} {n:4d}")
        blocks = []
        for r in range(rounds):
            k = (n - 1 + r) % players
            white = (k % 2 == 0) == (r % 2 == 0)
            blocks.append(f"  {((k ^ 1) - r) % players + 1:4d} {'w' if white else 'b'} {'1' if white else '0'}")
        lines.append(head + "".join(blocks))
    return ("\n".join(lines) + "\n").encode()


def small_machine() -> None:
    """`preexec_fn` of a server subprocess: 1024 open files, a 3 GB address space."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def process_memory(pid: int) -> tuple[int, int]:
    """(resident MB now, peak resident MB) of a process and of its children still running (Linux /proc)."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) // 1024, int(fields["VmHWM"].split()[0]) // 1024


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


@contextlib.contextmanager
def limited_server(events: Path, log: Path, *, limits: bool = True,
                   root: str = str(ROOT)) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`echiquier serve` of `root` on a free loopback port, held to `small_machine()` if `limits`, its log in `log`
    (a file: a pipe nobody reads would stop a server that logs much); yields (base URL, process)."""
    with log.open("wb") as err, server_process(events, root=root, stderr=err,
                                               preexec_fn=small_machine if limits else None) as running:
        yield running
