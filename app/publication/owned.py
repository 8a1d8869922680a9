"""What the publication owns on its remote: the files it wrote there, listed in a manifest on the remote itself.

The folder given to the publication may hold other things (a club's calendar, its photos): the publication never
runs `rclone sync` and never deletes or overwrites a file that its manifest (`echiquier-site.json`) does not list.
A file it is about to write for the first time is looked for on the remote first: if it is there and not ours
(an `index.html` of the club's site), the run is refused with the names found. The manifest is written before the
files it claims (so a file on the remote is never ours without the manifest saying so) and shrunk after the files
it no longer needs are deleted. Unpublishing deletes exactly the files of the manifest, then the manifest, and
checks that none of them is left.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import PurePosixPath

from app.publication.remote import rclone

MANIFEST = "echiquier-site.json"
#: rclone's exit codes for "no such directory / file": nothing there (not an error of the remote).
NOT_FOUND = (3, 4)


class RemoteError(Exception):
    """rclone failed (the host is down, refused, timed out): the run is retried later."""


def remote_path(remote: str, rel: str) -> str:
    return f"{remote}{rel}" if remote.endswith((":", "/")) else f"{remote}/{rel}"


@contextlib.contextmanager
def listing(paths: Iterable[str]) -> Iterator[str]:
    """A temporary file naming `paths`, one a line (rclone's `--files-from-raw`)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as handle:
        handle.write("".join(f"{p}\n" for p in sorted(paths)))
    try:
        yield handle.name
    finally:
        os.unlink(handle.name)


def _failed(code: int, out: str) -> RemoteError:
    return RemoteError(out or f"rclone failed (exit code {code})")


async def existing(remote: str, paths: Iterable[str]) -> set[str]:
    """Which of `paths` are files on the remote (an absent folder: none)."""
    wanted = set(paths)
    if not wanted:
        return set()
    with listing(wanted) as names:
        code, out = await rclone("lsf", remote, flags=("-R", "--files-only", "--files-from-raw", names),
                                 keep_output=True)
    if code in NOT_FOUND:
        return set()
    if code:
        raise _failed(code, out)
    return {line for line in out.splitlines() if line in wanted}


async def read_manifest(remote: str) -> set[str]:
    """The files the publication wrote on the remote (none when it has no manifest there)."""
    code, out = await rclone("cat", remote_path(remote, MANIFEST), keep_output=True)
    if code in NOT_FOUND:
        return set()
    if code:
        raise _failed(code, out)
    try:
        files = json.loads(out)["files"]
    except (ValueError, KeyError, TypeError):
        return set()  # not a manifest of ours: we own nothing there (and will not overwrite it: it is foreign)
    return {f for f in files if isinstance(f, str)}


async def write_manifest(remote: str, files: Iterable[str]) -> None:
    data = json.dumps({"generator": "Echiquier", "files": sorted(set(files) - {MANIFEST})}, indent=0)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as handle:
        handle.write(data + "\n")
    try:
        code, out = await rclone("copyto", handle.name, remote_path(remote, MANIFEST), flags=("--no-check-dest",))
    finally:
        os.unlink(handle.name)
    if code:
        raise _failed(code, out)


def folders(paths: Iterable[str]) -> list[str]:
    """The sub-folders holding `paths`, deepest first (removed when they end up empty)."""
    found = {str(parent) for p in paths for parent in PurePosixPath(p).parents if str(parent) != "."}
    return sorted(found, key=lambda f: (-f.count("/"), f))


async def delete(remote: str, paths: Iterable[str]) -> None:
    """Delete exactly `paths` (files) from the remote, then their folders that became empty."""
    doomed = set(paths)
    if not doomed:
        return
    with listing(doomed) as names:
        code, out = await rclone("delete", remote, flags=("--files-from-raw", names))
    if code and code not in NOT_FOUND:
        raise _failed(code, out)
    for folder in folders(doomed):  # `rmdir` refuses a folder that is not empty: a foreign file keeps its folder
        await rclone("rmdir", remote_path(remote, folder))


async def remove_all(remote: str) -> int:
    """Unpublish: delete every file of the manifest and the manifest, then check that none is left.

    Returns how many files were removed; RemoteError when the host fails or something of ours is still there.
    """
    ours = await read_manifest(remote)
    await delete(remote, ours)
    code, out = await rclone("deletefile", remote_path(remote, MANIFEST))
    if code and code not in NOT_FOUND:
        raise _failed(code, out)
    left = await existing(remote, ours | {MANIFEST})
    if left:
        raise RemoteError(f"still on the remote after deletion: {', '.join(sorted(left)[:5])}")
    return len(ours)
