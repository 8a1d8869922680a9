"""The one exception family of Echiquier: refusals a person can act on, with no HTTP in them.

An error carries a message key (a fixed English text, `%s` for each argument, the key of the translation
catalog) and its arguments. `str(error)` is the English sentence; the web layer (`web/errors.py`) picks
the HTTP status from the class and shows the key translated with the arguments filled in.

>>> e = NotFound("No tournament %s in this event.", 7)
>>> (e.key, e.params, str(e))
('No tournament %s in this event.', (7,), 'No tournament 7 in this event.')
>>> str(Conflict("50%% done"))
'50% done'
"""

from __future__ import annotations


class EchiquierError(ValueError):
    """A refusal: `key` is the English text with `%s` placeholders, `params` fill them."""

    def __init__(self, key: str, *params: object) -> None:
        super().__init__(key, *params)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        try:
            return self.key % self.params
        except (TypeError, ValueError):  # a key that is a plain text with a stray %
            return self.key if not self.params else f"{self.key} {self.params}"


class Invalid(EchiquierError):
    """Input that cannot be used as given (malformed file, value out of range)."""


class NotFound(EchiquierError):
    """An id that names nothing."""


class Conflict(EchiquierError):
    """The state changed meanwhile, or the request clashes with what is stored."""


class Forbidden(EchiquierError):
    """The caller's role may not do this."""


class Unauthorized(EchiquierError):
    """A password or code is needed (or was wrong)."""


class Unavailable(EchiquierError):
    """The server cannot do it now (storage refused the write); nothing was changed."""


class Broken(EchiquierError):
    """A file Echiquier cannot open at all (not an event file, newer schema): a fault on the server's side."""
