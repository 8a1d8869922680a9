"""Never lose the arbiter's Papi file (docs/papi-loop.md, "Safety").

A write goes: Papi's lock file absent and no lock on the file → the file is still the one Echiquier last read
or wrote (size, mtime, SHA-256) → the new bytes to a copy in the same folder, fsync → the copy read back from
the disk and verified (`verify`, access-parser) → the previous version kept as `<name>.<timestamp>.bak` (the
last 20) → `os.replace` of the copy over the file, fsync of the folder. Any step that fails leaves the file
as it was and raises a `PapiWriteError` whose message is for the arbiter's desk.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from database.papi_link import FileStamp
from tournament.errors import EchiquierError

KEEP_BACKUPS = 20
LOCK_SUFFIXES = (".ldb", ".laccdb")
TEMP_PREFIX = ".echiquier-"


class PapiWriteError(EchiquierError):
    """Nothing was written; the message says why (shown on the desk)."""


class PapiBusy(PapiWriteError):
    """Papi has the file open: try again when it is closed."""


class PapiChanged(PapiWriteError):
    """The file is no longer the one Echiquier last read: re-sync first."""


def lock_file(path: Path) -> Path | None:
    """Papi's (Jet's) lock file beside the file, if there is one: `name.ldb` (Jet 4) or `name.laccdb` (ACE)."""
    for suffix in LOCK_SUFFIXES:
        candidate = path.with_suffix(suffix)
        if candidate.exists():
            return candidate
    return None


def busy_message(path: Path) -> PapiBusy:
    return PapiBusy("Papi has the file open: results will be written when it is closed (%s).", path.name)


def read_file(path: Path) -> tuple[bytes, FileStamp]:
    """The file's bytes and stamp, once Papi has let go of it: refused (PapiBusy) while its lock file is there
    or another program holds a lock on it; read again while it changes under the read (Papi saving)."""
    for _attempt in range(5):
        if lock_file(path) is not None:
            raise busy_message(path)
        try:
            before = path.stat()
            with path.open("rb") as handle:
                try:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
                except OSError:
                    raise busy_message(path) from None
                data = handle.read()
            after = path.stat()
        except FileNotFoundError:
            raise PapiWriteError("The Papi file %s is not there any more.", str(path)) from None
        except PermissionError:
            raise PapiWriteError("The Papi file %s cannot be read (permission denied).", str(path)) from None
        if (before.st_size, before.st_mtime_ns) == (after.st_size, after.st_mtime_ns) == (len(data), after.st_mtime_ns):
            return data, FileStamp(size=len(data), mtime_ns=after.st_mtime_ns,
                                   sha256=hashlib.sha256(data).hexdigest())
    raise PapiBusy("The Papi file %s keeps changing (Papi is saving it): it will be read again.", path.name)


def same_stat(path: Path, stamp: FileStamp) -> bool:
    """The file's size and mtime are those of `stamp` (a stat, the file is not opened)."""
    try:
        st = path.stat()
    except OSError:
        return False
    return (st.st_size, st.st_mtime_ns) == (stamp.size, stamp.mtime_ns)


def _fsync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def backup_name(path: Path, now: float, n: int = 0) -> Path:
    """`open.papi.20261126-143012-345.bak` (local time, milliseconds; `-1`, `-2`… if taken): they sort in time."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"-{int(now * 1000) % 1000:03d}"
    return path.with_name(f"{path.name}.{stamp}{f'-{n}' if n else ''}.bak")


def prune_backups(path: Path, keep: int = KEEP_BACKUPS) -> None:
    backups = sorted(path.parent.glob(f"{path.name}.*.bak"))
    for old in backups[:-keep] if keep else backups:
        with contextlib.suppress(OSError):
            old.unlink()


def fsync_folder(folder: Path) -> None:
    """Make a replace in `folder` durable; a folder that cannot be synced keeps it in the system's cache."""
    with contextlib.suppress(OSError):
        _fsync_folder(folder)


def write_safely(path: Path, new: bytes, expected: FileStamp, verify: Callable[[bytes], None], *,
                 sync_folder: bool = True) -> FileStamp:
    """Replace the file by `new` if it is still `expected`; `verify(bytes read back)` raises on a bad copy.
    Returns the new stamp. Raises PapiBusy, PapiChanged or PapiWriteError: then the file is untouched."""
    current = read_current(path, expected)
    return replace_safely(path, current, new, expected, verify, sync_folder=sync_folder)


def read_current(path: Path, expected: FileStamp | None) -> bytes:
    """The file's bytes, if it is still `expected` (size, mtime, SHA-256); else PapiChanged (or PapiBusy)."""
    if lock_file(path) is not None:
        raise busy_message(path)
    current, stamp = read_file(path)
    if stamp != expected:
        raise PapiChanged("The Papi file %s was changed outside Echiquier since it was read: it is read again "
                          "first, nothing was written.", path.name)
    return current


def replace_safely(path: Path, current: bytes, new: bytes, expected: FileStamp, verify: Callable[[bytes], None],
                   *, sync_folder: bool = True) -> FileStamp:
    """The write itself, once `current` was read from the file and found `expected` (read_current): the copy,
    its fsync and, meanwhile, its read-back and verification; the backup; the replace if the file's size and
    mtime are still `expected`. `sync_folder=False`: the caller calls fsync_folder (e.g. while it records the
    write)."""
    temp = path.with_name(f"{TEMP_PREFIX}{path.name}.tmp")
    try:
        _write_copy(path, temp, new, verify)
        kept = _keep_previous(path, current)
        try:
            if lock_file(path) is not None:
                raise busy_message(path)
            if not same_stat(path, expected):
                raise PapiChanged("The Papi file %s was changed outside Echiquier during the write: nothing was "
                                  "written; it is read again first.", path.name)
            try:
                os.replace(temp, path)
            except OSError as exc:
                raise PapiWriteError("The Papi file could not be replaced (%s): the file was not changed.",
                                     exc.strerror or str(exc)) from None
        except BaseException:
            with contextlib.suppress(OSError):  # a link to the file itself, which Papi may go on changing
                kept.unlink()
            raise
        if sync_folder:
            fsync_folder(path.parent)
        st = path.stat()
        return FileStamp(size=st.st_size, mtime_ns=st.st_mtime_ns, sha256=hashlib.sha256(new).hexdigest())
    finally:
        with contextlib.suppress(OSError):
            temp.unlink()


def _write_copy(path: Path, temp: Path, new: bytes, verify: Callable[[bytes], None]) -> None:
    """`new` into `temp`, fsynced; read back and verified while the fsync runs (the read-back comes from the
    system's cache either way): returns only when both are done and good."""
    try:
        with temp.open("wb") as handle:
            handle.write(new)
            handle.flush()
            with ThreadPoolExecutor(max_workers=1) as pool:
                synced = pool.submit(os.fsync, handle.fileno())
                try:
                    _check_copy(temp, new, verify)
                finally:
                    failed = synced.exception()  # waits for the fsync: the file stays open until then
            if failed is not None:
                raise failed
        shutil.copystat(path, temp, follow_symlinks=True)
        os.utime(temp)  # the copy's own time: Papi sees a file saved now
    except OSError as exc:
        raise PapiWriteError("The Papi file could not be written in %s (%s): the file was not changed.",
                             str(path.parent), exc.strerror or str(exc)) from None


def _check_copy(temp: Path, new: bytes, verify: Callable[[bytes], None]) -> None:
    check = temp.read_bytes()
    if check != new:
        raise PapiWriteError("The copy read back from the disk differs from what was written: the Papi file "
                             "was not changed.")
    try:
        verify(check)
    except PapiWriteError:
        raise
    except Exception as exc:  # the verifying reader refuses the copy in its own words
        raise PapiWriteError("The new Papi file could not be verified (%s): the file was not changed.",
                             exc) from None


def _keep_previous(path: Path, current: bytes) -> Path:
    """`<name>.<timestamp>.bak`: a hard link to the file (the old bytes stay there once the file is replaced),
    else a copy; never an existing name (which could be a link to the file itself); then only the last
    KEEP_BACKUPS are kept."""
    now = time.time()
    target = backup_name(path, now)
    n = 0
    while target.exists() or target.is_symlink():
        n += 1
        target = backup_name(path, now, n)
    try:
        try:
            os.link(path, target)
        except FileExistsError:
            raise
        except OSError:
            with target.open("xb") as handle:
                handle.write(current)
                handle.flush()
                os.fsync(handle.fileno())
    except OSError as exc:
        raise PapiWriteError("The previous version of the Papi file could not be kept (%s): the file was not "
                             "changed.", exc.strerror or str(exc)) from None
    prune_backups(path)
    return target
