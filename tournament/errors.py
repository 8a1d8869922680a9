"""The one exception family of Echiquier; `status` is the HTTP status the web layer answers with."""

from __future__ import annotations


class EchiquierError(ValueError):
    """A refusal a person can act on. The message is shown to the client as is."""

    status: int = 400


class NotFound(EchiquierError):
    status = 404


class Conflict(EchiquierError):
    status = 409


class Forbidden(EchiquierError):
    status = 403


class Unauthorized(EchiquierError):
    status = 401
