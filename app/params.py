"""Meaning checks of query parameters that the handlers apply (web/limits.py bounds their size first)."""

from __future__ import annotations

from tournament.errors import Invalid

MAX_ID = 2**31 - 1
MAX_TIE_BREAKS = 20


class OutOfRange(Invalid):
    """A parameter outside what it can name (422, with the parameter, its value and the range)."""


def bounded(name: str, value: int | None, low: int = 1, high: int = MAX_ID) -> int | None:
    """`value` if None or within [low, high], else a keyed refusal naming the parameter.

    >>> bounded("rnd", 3, 1, 9), bounded("rnd", None)
    (3, None)
    >>> try:
    ...     bounded("board", 0)
    ... except OutOfRange as exc:
    ...     print(exc.key % exc.params)
    board must be a whole number from 1 to 2147483647.
    """
    if value is not None and not low <= value <= high:
        raise OutOfRange("%s must be a whole number from %s to %s.", name, low, high)
    return value


def check_round(value: int | None, last: int) -> int | None:
    """A round to show standings after: 0 to the tournament's last round (None: the default)."""
    if value is not None and not 0 <= value <= last:
        raise OutOfRange("Round %s is not in this tournament (rounds 0 to %s).", value, last)
    return value


def check_tie_breaks(codes: str | None) -> str | None:
    if codes is not None and (len(codes) > 400 or codes.count(",") >= MAX_TIE_BREAKS):
        raise OutOfRange("Too many tie-break codes (at most %s).", MAX_TIE_BREAKS)
    return codes
