"""The one test of "is this an htmx request?" in the app."""

from __future__ import annotations

from typing import Any

from litestar.connection import ASGIConnection


def is_htmx(connection: ASGIConnection[Any, Any, Any, Any]) -> bool:
    """True for a request htmx sent (it wants a fragment): the `HX-Request: true` header.

    The same test as litestar's `HTMXRequest.htmx`, usable on any connection (middleware, guards,
    error handlers). Pages answering both ways vary on it (`Vary: HX-Request`).
    """
    return connection.headers.get("HX-Request") == "true"
