"""Who reaches the arbiter's desk, the pairing workflow and the print sheets."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.response import Template

from database.registry import check_event_id
from database.store import EventStore
from tournament.errors import Forbidden
from tournament.models import Info
from web.auth import is_admin, is_arbiter
from web.i18n import translator
from web.render import language, render

Req = Request[Any, Any, Any]


class ArbitersOnly(Forbidden):
    def __init__(self) -> None:
        super().__init__("Reserved to arbiters.")


async def event_of(request: Req, event_id: str) -> tuple[EventStore, Info]:
    store: EventStore = await request.app.state.registry.get(check_event_id(event_id))
    return store, await store.info()


async def arbiter_event(request: Req, event_id: str) -> tuple[EventStore, Info]:
    """The event of an arbiter (or the admin); anyone else is refused (403) before anything is read."""
    store, info = await event_of(request, event_id)
    if not is_arbiter(request, event_id, info):
        raise ArbitersOnly()
    return store, info


async def reader_event(request: Req, event_id: str) -> tuple[EventStore, Info, bool]:
    """Print sheets: anyone on a public event, arbiters on any; also says whether the reader is an arbiter."""
    store, info = await event_of(request, event_id)
    arbiter = is_arbiter(request, event_id, info)
    if not (info.public or arbiter or is_admin(request)):
        raise ArbitersOnly()
    return store, info, arbiter


def login_page(request: Req, event_id: str, info: Info) -> Template:
    """The arbiter login form (401), as /arbiter/<event> shows it."""
    return render(request, "arbiter/login.html", status_code=401, event_id=event_id, info=info, message=None,
                  action=f"/arbiter/{event_id}/login", title=translator(language(request))("Arbiter"))
