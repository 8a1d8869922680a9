"""Access rules shared by the controllers (screens.md §9)."""

from __future__ import annotations

from litestar import Request

from database.registry import check_event_id
from database.store import EventStore
from tournament.errors import Forbidden
from tournament.models import Info
from web.auth import is_admin


class Reserved(Forbidden):
    def __init__(self) -> None:
        super().__init__("Reserved to arbiters.")


async def open_event(request: Request, event_id: str) -> tuple[EventStore, Info]:
    """The event's store and info; visitors get 403 on a non-public event, anyone 404 on an unknown one."""
    store = await request.app.state.registry.get(check_event_id(event_id))
    info = await store.info()
    if not info.public and not is_admin(request):
        raise Reserved()
    return store, info


def check_public(request: Request, public: bool | None) -> None:
    if not public and not is_admin(request):
        raise Reserved()
