"""Fixtures of the admin page tests: one app per test module (building the routes costs ~0.5 s), emptied after
each test (tests/support/clients.py has the helpers these tests use)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import Settings
from database.registry import EventRegistry
from tests.support.clients import LOCAL_URL, LOOPBACK, prime_csrf, seen_from
from web.app import create_app
from web.state import app_state


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def admin_app(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[AsyncTestClient[Litestar]]:
    """One app per test module; `app.state.test_host` is the client's address (`as_visitor` changes it)."""
    root = tmp_path_factory.mktemp("admin")
    app = create_app(Settings(events_dir=root / "events", custom_dir=root / "custom", create_demo=False))
    async with AsyncTestClient(app=app, base_url=LOCAL_URL) as client:
        app.state.test_host = LOOPBACK
        seen_from(client, lambda _request: str(app.state.test_host))
        await prime_csrf(client)
        yield client


@pytest_asyncio.fixture(loop_scope="module")
async def admin_web(admin_app: AsyncTestClient[Litestar]) -> AsyncIterator[AsyncTestClient[Litestar]]:
    """The shared client, seen as the server machine itself; the events folder is emptied afterwards."""
    admin_app.app.state.test_host = LOOPBACK
    yield admin_app
    admin_app.app.state.test_host = LOOPBACK
    registry: EventRegistry = app_state(admin_app.app).registry
    for event_id in registry.ids():
        await registry.delete(event_id)
    for event_id in registry.archived_ids():
        await registry.delete(event_id, archived=True)
