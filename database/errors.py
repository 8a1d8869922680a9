"""Errors raised by the event store."""

from __future__ import annotations

from tournament.errors import Broken, Conflict, NotFound, Unavailable


class EventNotFound(NotFound):
    def __init__(self, event_id: str) -> None:
        super().__init__("No event %r.", event_id)
        self.event_id = event_id


class InvalidEventId(NotFound):
    """An event id outside `[A-Za-z0-9_-]{1,64}`: answered like an unknown event (404)."""

    def __init__(self, event_id: str) -> None:
        super().__init__("%r is not a valid event id (letters, digits, - and _, at most 64).", event_id)


class EventExists(Conflict):
    def __init__(self, event_id: str) -> None:
        super().__init__("The event %r already exists.", event_id)


class SchemaTooNew(Broken):
    def __init__(self, path: str, version: str) -> None:
        super().__init__("%s was written by a newer Echiquier (schema %s); upgrade Echiquier.", path, version)


class NotAnEventFile(Broken):
    def __init__(self, path: str) -> None:
        super().__init__("%s is not an Echiquier event file.", path)


class ResultConflict(Conflict):
    """The game has a result already, or no longer exists (re-paired): nothing was changed."""


class StorageError(Unavailable):
    """The event file could not be written (read-only, disk full…): nothing was changed."""


class FileGone(Unavailable):
    """The event file was moved, deleted or replaced under the running server: the write is not acknowledged."""

    def __init__(self, name: str, *, during: bool = False) -> None:
        if during:
            super().__init__("Not saved: the event file %s was moved, deleted or replaced during this write. "
                             "Reload the page and enter it again.", name)
        else:
            super().__init__("Not saved: the event file %s was moved, deleted or replaced while the server was "
                             "running. Nothing was changed; reload the page.", name)
