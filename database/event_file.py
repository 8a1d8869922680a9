"""The event file under an EventStore: a writer and a reader connection over aiosqlite, opened or created.

`EventFile` is assembled from mixins: database/base.py (connections, the write lock, `transaction()`
yielding a `Tx`, the read cache, subscribers), database/reads.py (the cached reads), and the core writes
of database/results.py, database/disputes.py, database/tournaments.py and database/screens.py. The
areas (`store.admin`, `store.teams`…) hold an `EventFile`; database/store.py adds them to make the
`EventStore` the rest of the program uses.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Self

import msgspec

from database import journal as jn
from database import journal_triggers as jt
from database import journal_undo as ju
from database.base import StoreCore, convert
from database.connection import connect, storage_error
from database.disputes import DisputeWrites
from database.errors import EventExists, NotAnEventFile, StorageError
from database.events import GameKey
from database.journal import Actor, Submission, Summary
from database.migrations import LATEST, file_version, run_pending
from database.reads import Reads
from database.results import ResultWrites
from database.screens import ConfigWrites
from database.template import creation_script
from database.tournaments import TournamentWrites
from database.tx import Tx, columns_of
from tournament.errors import Forbidden, NotFound

__all__ = ["EventFile", "GameKey", "StoreCore", "Tx", "columns_of", "convert", "storage_error"]


class EventFile(Reads, ResultWrites, DisputeWrites, TournamentWrites, ConfigWrites):
    """All reads and writes of one event file. Every write is one `BEGIN IMMEDIATE` transaction."""

    #: False: `create` runs the migrations one by one instead of the template's script (tests and bench/).
    template = True

    @classmethod
    async def open(cls, path: Path, *, read_only: bool | None = None) -> Self:
        """Open an existing event file and bring its schema up to date.

        A file (or folder) that may not be written is opened read-only: screens work, and every write
        is refused with a StorageError. `read_only=None` decides from the permissions.
        """
        if not path.is_file():
            raise NotFound("No event file %s.", path.name)
        if read_only is None:
            read_only = not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))
        writer = await connect(path, read_only=read_only)
        try:
            version = await file_version(writer, str(path))
            if version is None:
                raise NotAnEventFile(str(path))
            if read_only and version != LATEST:
                raise StorageError("%s is read-only and was written by an older Echiquier (schema %s): make it "
                                   "writable once so it can be upgraded.", path.name, version)
            if not read_only and (version != LATEST or not await jt.triggers_complete(writer)
                                  or await jn.left_open(writer)):
                await writer.execute("BEGIN IMMEDIATE")
                try:
                    await jt.drop_triggers(writer)
                    await run_pending(writer, version)
                    await jn.clear_open(writer)
                    await jt.install(writer)  # journal triggers from the new schema, then a baseline
                    await writer.execute("COMMIT")
                except BaseException:
                    await writer.execute("ROLLBACK")
                    raise
            reader = await connect(path, read_only=True)
        except BaseException:
            await writer.close()
            raise
        store = cls(path, writer, reader)
        store.read_only = read_only
        await store.notice_foreign()  # takes note of the file as it is: later commits of other programs show
        return store

    @classmethod
    async def create(cls, path: Path, *, name: str, start: float, stop: float, public: bool = True) -> Self:
        """Create a new event file at the latest schema, with its `info` row, in one transaction.

        The schema comes from the process's template (database/template.py): one script instead of
        every migration statement by statement. With `template` False the migrations run one by one,
        as when an old file is upgraded (the reference the template is tested against).
        """
        if path.exists():
            raise EventExists(path.stem)
        script = await creation_script() if cls.template else None
        writer = await connect(path, read_only=False)
        try:
            now = time.time()
            if script is not None:  # one call, that leaves the transaction open; the baseline dated now
                await writer.executescript(f"BEGIN IMMEDIATE;\n{script}"
                                           f"UPDATE journal SET date = {now!r} WHERE what = '{jn.BASELINE}';\n")
            else:
                await writer.execute("BEGIN IMMEDIATE")
                await run_pending(writer, None)
                await jt.install(writer, now)
            entry_id = await jn.open_entry(writer, jn.current_actor(), now)
            await writer.execute(
                "INSERT INTO info (version, name, start, stop, public, last_update) VALUES (?, ?, ?, ?, ?, ?)",
                (LATEST, name, start, stop, int(public), now),
            )
            await jn.close_entry(writer, entry_id, Summary(what="event created", target=name, given=True))
            await writer.execute("COMMIT")
        except BaseException:
            await writer.close()
            path.unlink(missing_ok=True)
            raise
        if script is None:
            await writer.close()
            return await cls.open(path)
        try:  # the new file is known to be complete and writable: keep its writer
            reader = await connect(path, read_only=True)
        except BaseException:
            await writer.close()
            raise
        store = cls(path, writer, reader)
        await store.notice_foreign()  # as `open` does: takes note of the file as it is
        return store

    # -- journal writes ----------------------------------------------------------------------------

    async def undo(self, entry_id: int, who: Actor | None = None) -> int:
        """Apply the inverse of a journal entry as a new entry (returned); Conflict if its rows moved on,
        Forbidden (nothing changed) if `who` ranks below the entry's undo_role."""
        actor = jn.current_actor(who)
        async with self.transaction(who=actor) as tx:
            target = await jn.entry(tx, entry_id)
            if not jn.may_undo(actor.role, target):
                raise Forbidden("Journal entry %s changed the event's configuration: only the server administrator"
                                " may undo it. Nothing was changed.", entry_id)
            tx.needs(target.undo_role)  # its undo is undone by the same role
            await ju.apply_undo(tx, target, time.time())
            tx.journal(f"undo: {target.what}", target.target, old=target.new, new=target.old,
                       tournament_id=target.tournament_id, round=target.round, board=target.board,
                       players=msgspec.json.decode(target.player_ids or "[]", type=list[int]))
            tx.summary.undoes = entry_id
            await ju.mark_undone(tx, entry_id, tx.entry_id)
            # an undo may touch more than a result: screens refetch (a tournament change), no row push
            tx.changed(*(("tournament", target.tournament_id) if target.tournament_id else ("config", None)))
            return tx.entry_id

    async def remember(self, submission: Submission) -> None:
        """Keep the answer to a refused submission (accepted ones are kept by the write itself)."""
        async with self.transaction() as tx:
            await jn.remember(tx, submission, time.time())


class Area:
    """One area of an EventStore's operations (`store.admin`, `store.teams`…): typed methods over its event file,
    each write one transaction. Reads of an area are the store's (cached or not: database/cache.py says which)."""

    def __init__(self, store: EventFile) -> None:
        self._store = store
