"""The public address of an event's published site: what spectators type (or scan from the hall poster)."""

from __future__ import annotations

from urllib.parse import urlsplit

from tournament.errors import Invalid

#: Longer than any address a person would type or a QR code on an A4 poster stays easy to scan with.
MAX_LENGTH = 300


def check_address(text: str) -> str | None:
    """The address as stored: None when empty; refused (Invalid) unless it is a whole http(s) address.

    >>> check_address("  https://club.example/echiquier/open/ ")
    'https://club.example/echiquier/open/'
    >>> check_address("") is None
    True
    >>> check_address("club.example/open")
    Traceback (most recent call last):
    ...
    tournament.errors.Invalid: ...
    """
    address = text.strip()
    if not address:
        return None
    parts = urlsplit(address)
    if (len(address) > MAX_LENGTH or parts.scheme not in ("http", "https") or not parts.hostname
            or any(c.isspace() for c in address)):
        raise Invalid("%r is not a web address spectators can open: give it whole, e.g. "
                      "https://www.club.example/echiquier/open/ (at most %s characters). Nothing was changed.",
                      address[:80], MAX_LENGTH)
    return address
