"""Who may open the admin pages: the server machine itself (loopback), until an admin password exists."""

from __future__ import annotations

from typing import Any

from litestar.connection import ASGIConnection
from litestar.handlers.base import BaseRouteHandler

from tournament.errors import Forbidden
from web.auth import is_admin


class AdminOnly(Forbidden):
    def __init__(self) -> None:
        super().__init__("Reserved to the administrator of this server: log in at /auth/admin.")


def admin_guard(connection: ASGIConnection[Any, Any, Any, Any], _handler: BaseRouteHandler) -> None:
    """Refuse (403) every client that is not the admin; nothing is read or written before this check."""
    if not is_admin(connection):
        raise AdminOnly()
