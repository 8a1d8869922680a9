"""In-process test clients (Litestar's AsyncTestClient): the server machine itself (the admin while no admin
password is set) or another machine of the hall, the CSRF token, forms and the message next to a field, and
work run on the app's own event loop.

The admin tests share one app per module (the fixtures `admin_app` and `admin_web` of tests/web/conftest.py);
such a module runs in the module's event loop (`pytestmark = pytest.mark.asyncio(loop_scope="module")`) and
every test starts from an empty events folder.
"""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from httpx import Response
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.registry import EventRegistry
from database.store import EventStore
from web.state import app_state

Client = AsyncTestClient[Litestar]
#: The server machine's own name: local admin needs it in `Host` (web/hosts.py), not "testserver.local".
LOCAL_URL = "http://127.0.0.1"
LOOPBACK, VISITOR = "127.0.0.1", "testclient"
T = TypeVar("T")


async def prime_csrf(client: Client) -> dict[str, str]:
    """Get the CSRF cookie (web/csrf.py) and send it back as a header on every later request."""
    await client.get("/static/ping.txt")
    token = client.cookies.get("echiquier-csrf") or ""
    client.headers["X-CSRF-Token"] = token
    return {"X-CSRF-Token": token}


def seen_from(client: Client, host: Callable[[Any], str | None]) -> None:
    """Requests of `client` come from the address `host(request)` (None: the test client's own, a visitor)."""
    transport: Any = client._transport
    parse = transport.parse_request

    def with_host(request: Any) -> dict[str, Any]:
        scope: dict[str, Any] = parse(request=request)
        address = host(request)
        return scope if address is None else {**scope, "client": (address, 50000)}

    transport.parse_request = with_host


@contextmanager
def as_visitor(client: Client) -> Iterator[None]:
    """Requests made inside the block come from another machine of the hall (not admin); for the clients of
    `admin_app`, whose address is `app.state.test_host`."""
    client.app.state.test_host = VISITOR
    try:
        yield
    finally:
        client.app.state.test_host = LOOPBACK


def events_dir_of(client: Client) -> Path:
    path: Path = app_state(client.app).settings.events_dir
    return path


def registry_of(client: Client) -> EventRegistry:
    registry: EventRegistry = app_state(client.app).registry
    return registry


async def post(client: Client, url: str, data: dict[str, Any] | None = None, **kwargs: Any) -> Response:
    return await client.post(url, data=data or {}, follow_redirects=False, **kwargs)


def field_error(response: Response, field: str) -> str | None:
    """The message shown next to `field` (its `error-<field>` element), unescaped; None if there is none."""
    match = re.search(rf'id="error-{re.escape(field)}">(.*?)</small>', response.text, re.S)
    return html.unescape(match[1]) if match else None


def expect_error(response: Response, field: str, text: str, *args: Any) -> None:
    assert response.status_code == 422, (response.status_code, response.text[:500])
    assert field_error(response, field) == (text % args if args else text), response.text


async def new_event(client: Client, event_id: str = "open", **extra: str) -> EventStore:
    """An event made through the admin page."""
    data = {"event_id": event_id, "name": "Open 2026", "start": "2026-07-01", "stop": "2026-07-03", **extra}
    response = await post(client, "/admin/events", data)
    assert response.status_code == 303, response.text
    return await registry_of(client).get(event_id)


async def in_app(client: Client, work: Callable[..., Awaitable[T]], *args: Any) -> T:
    """Run a store write on the app's own event loop (the test client's portal thread): the live feed's queued
    notifications must all belong to one loop."""
    return await asyncio.to_thread(client.blocking_portal.call, work, *args)


async def settle(client: Client, event_id: str) -> None:
    """Wait, on the app's loop, until the live notifications of the test's writes to `event_id` went out."""
    state = app_state(client.app)
    for live in (getattr(state, "feeds", {}).get(event_id), getattr(state, "hubs", {}).get(event_id)):
        if live is not None:  # the row feed of main, or the live hub of the store's rewrite
            await in_app(client, live.idle)
