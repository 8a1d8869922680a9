"""Common fixtures: real event files in tmp_path, in-process clients (a visitor, the server machine itself).

Fixtures only: what the tests import is in tests/support/ (no test imports a conftest.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import Settings
from database.registry import EventRegistry
from database.store import EventStore
from tests.support.clients import LOCAL_URL, LOOPBACK, prime_csrf, seen_from
from web.app import create_app


@pytest.fixture
def events_dir(tmp_path: Path) -> Path:
    path = tmp_path / "events"
    path.mkdir()
    return path


@pytest.fixture
def settings(events_dir: Path, tmp_path: Path) -> Settings:
    return Settings(events_dir=events_dir, custom_dir=tmp_path / "custom", create_demo=False)


@pytest.fixture
async def registry(events_dir: Path) -> AsyncIterator[EventRegistry]:
    reg = EventRegistry(events_dir)
    yield reg
    await reg.close()


@pytest.fixture
async def store(registry: EventRegistry) -> EventStore:
    return await registry.create("test-event", name="Test event", start=0.0, stop=4e9)


@pytest.fixture
def app(settings: Settings) -> Litestar:
    return create_app(settings)


@pytest.fixture
async def client(app: Litestar) -> AsyncIterator[AsyncTestClient[Litestar]]:
    async with AsyncTestClient(app=app) as test_client:
        await prime_csrf(test_client)
        yield test_client


@pytest.fixture
async def demo_client(events_dir: Path, tmp_path: Path) -> AsyncIterator[AsyncTestClient[Litestar]]:
    """A client of an app whose events folder got the demo event on start-up."""
    demo_app = create_app(Settings(events_dir=events_dir, custom_dir=tmp_path / "custom", create_demo=True))
    async with AsyncTestClient(app=demo_app) as test_client:
        await prime_csrf(test_client)
        yield test_client


@pytest.fixture
async def admin_client(app: Litestar) -> AsyncIterator[AsyncTestClient[Litestar]]:
    """A client seen as the server machine itself (loopback, by its own name): the admin while no admin password
    is set."""
    async with AsyncTestClient(app=app, base_url=LOCAL_URL) as test_client:
        seen_from(test_client, lambda _request: LOOPBACK)
        await prime_csrf(test_client)
        yield test_client


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last: the sync Playwright session leaves an event loop behind that would
    break the asyncio tests collected after it."""
    items.sort(key=lambda item: "tests/browser/" in str(item.path).replace("\\", "/"))
