"""Errors raised by the event store."""

from __future__ import annotations

from tournament.errors import Conflict, EchiquierError, NotFound


class EventNotFound(NotFound):
    def __init__(self, event_id: str) -> None:
        super().__init__(f"No event {event_id!r}.")
        self.event_id = event_id


class InvalidEventId(NotFound):
    """An event id outside `[A-Za-z0-9_-]{1,64}`: answered like an unknown event (404)."""

    def __init__(self, event_id: str) -> None:
        super().__init__(f"{event_id!r} is not a valid event id (letters, digits, - and _, at most 64).")


class EventExists(Conflict):
    def __init__(self, event_id: str) -> None:
        super().__init__(f"The event {event_id!r} already exists.")


class SchemaTooNew(EchiquierError):
    status = 500

    def __init__(self, path: str, version: str) -> None:
        super().__init__(f"{path} was written by a newer Echiquier (schema {version}); upgrade Echiquier.")


class NotAnEventFile(EchiquierError):
    status = 500

    def __init__(self, path: str) -> None:
        super().__init__(f"{path} is not an Echiquier event file.")


class ResultConflict(Conflict):
    """The game has a result already, or no longer exists (re-paired): nothing was changed."""


class StorageError(EchiquierError):
    """The event file could not be written (read-only, disk full…): nothing was changed."""

    status = 503
