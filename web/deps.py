"""What handlers receive by name (`NamedDependency[...]`) instead of fetching it: litestar's `Provide`.

- `registry`: the events folder (`EventRegistry`);
- `store`: the store of the path's event (`{event_id}`), 404 for an unknown or invalid id;
- `info`: that event's settings (`Info`);
- `role`: the caller's role for that event ("admin", "arbiter", "player" or "visitor", web/auth.py).

Visitor pages of an event also carry the `public_event` guard: a non-public event is reserved to its
admin (403) before anything else is read.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Any

from litestar import Request
from litestar.connection import ASGIConnection
from litestar.di import NamedDependency, Provide
from litestar.handlers.base import BaseRouteHandler
from litestar.params import FromPath

from database.registry import EventRegistry, check_event_id
from database.store import EventStore
from tournament.errors import Forbidden
from tournament.models import Info
from web.auth import Role, is_admin, role_of
from web.state import app_state


class Reserved(Forbidden):
    def __init__(self) -> None:
        super().__init__("Reserved to arbiters.")


def provide_registry(request: Request[Any, Any, Any]) -> EventRegistry:
    return app_state(request).registry


async def provide_store(event_id: FromPath[str], registry: NamedDependency[EventRegistry]
                        ) -> AsyncGenerator[EventStore, None]:
    """The event's store, leased for the request: never closed for idleness under a handler (database/registry.py)."""
    async with registry.lease(check_event_id(event_id)) as store:
        yield store


async def provide_info(store: NamedDependency[EventStore]) -> Info:
    return await store.info()


def provide_role(request: Request[Any, Any, Any], event_id: FromPath[str], info: NamedDependency[Info]) -> Role:
    return role_of(request, event_id, info)


DEPENDENCIES = {
    "registry": Provide(provide_registry, sync_to_thread=False),
    "store": Provide(provide_store),
    "info": Provide(provide_info),
    "role": Provide(provide_role, sync_to_thread=False),
}


async def public_event(connection: ASGIConnection[Any, Any, Any, Any], _handler: BaseRouteHandler) -> None:
    """Guard of visitor pages: 404 for an unknown event, 403 on a non-public one unless admin (docs/screens.md §9)."""
    store = await app_state(connection).registry.get(check_event_id(connection.path_params["event_id"]))
    if not (await store.info()).public and not is_admin(connection):
        raise Reserved()


def check_public(connection: ASGIConnection[Any, Any, Any, Any], public: bool | None) -> None:
    """A screen or rotator that is not public is reserved to the admin."""
    if not public and not is_admin(connection):
        raise Reserved()
