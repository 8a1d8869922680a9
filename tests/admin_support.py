"""Helpers of the admin tests: one app per test module (building the app costs most of a test), a client
that is the server machine itself (admin) or a visitor, posting a form, reading the message next to a field.

The fixtures `admin_app` (one per module) and `admin_web` (per test) live in tests/conftest.py; test
modules run in the module's event loop (`pytestmark = pytest.mark.asyncio(loop_scope="module")`).
Every test starts from an empty events folder: `admin_web` removes every event and archive afterwards.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from httpx import Response
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.registry import EventRegistry
from database.store import EventStore
from web.state import app_state

Client = AsyncTestClient[Litestar]
LOOPBACK, VISITOR = "127.0.0.1", "testclient"


@contextmanager
def as_visitor(client: Client) -> Iterator[None]:
    """Requests made inside the block come from another machine of the hall (not admin)."""
    client.app.state.test_host = VISITOR
    try:
        yield
    finally:
        client.app.state.test_host = LOOPBACK


def events_dir_of(client: Client) -> Path:
    path: Path = app_state(client.app).settings.events_dir
    return path


async def post(client: Client, url: str, data: dict[str, Any] | None = None, **kwargs: Any) -> Response:
    return await client.post(url, data=data or {}, follow_redirects=False, **kwargs)


def field_error(response: Response, field: str) -> str | None:
    """The message shown next to `field` (its `error-<field>` element), unescaped; None if there is none."""
    match = re.search(rf'id="error-{re.escape(field)}">(.*?)</small>', response.text, re.S)
    return html.unescape(match[1]) if match else None


def expect_error(response: Response, field: str, text: str, *args: Any) -> None:
    assert response.status_code == 422, (response.status_code, response.text[:500])
    assert field_error(response, field) == (text % args if args else text), response.text


def registry_of(client: Client) -> EventRegistry:
    registry: EventRegistry = app_state(client.app).registry
    return registry


async def new_event(client: Client, event_id: str = "open", **extra: str) -> EventStore:
    data = {"event_id": event_id, "name": "Open 2026", "start": "2026-07-01", "stop": "2026-07-03", **extra}
    response = await post(client, "/admin/events", data)
    assert response.status_code == 303, response.text
    return await registry_of(client).get(event_id)
