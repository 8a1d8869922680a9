"""Common fixtures: real event files in tmp_path, an in-process client, the data files of tests/fixtures/."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import ROOT, Settings
from database.registry import EventRegistry
from database.store import EventStore
from tournament.formats.importing import trf_rows
from tournament.formats.trf import decode, parse_trf
from web.app import create_app
from web.state import app_state

FIXTURES = ROOT / "tests" / "fixtures"
#: The server machine's own name: local admin needs it in `Host` (web/hosts.py), not "testserver.local".
LOCAL_URL = "http://127.0.0.1"


def fixture_path(name: str) -> Path:
    """A data file of tests/fixtures/ (see its README.md); a missing one is an error, never a skip."""
    path = FIXTURES / name
    if not path.is_file():
        raise FileNotFoundError(f"test fixture {path} is missing from the repository")
    return path


async def import_fixture(store: EventStore, name: str, uniq_id: str = "t1") -> int:
    """Import a TRF fixture of tests/fixtures/ as a new tournament of `store`; returns its id."""
    trf, errors = parse_trf(decode(fixture_path(name).read_bytes()))
    assert not errors, errors
    tid = await store.add_tournament(uniq_id=uniq_id, name=trf.name, rounds=trf.rounds)
    players, pairings = trf_rows(trf)
    await store.fill_tournament(tid, players, pairings)
    return tid


async def prime_csrf(client: AsyncTestClient[Litestar]) -> dict[str, str]:
    """Get the CSRF cookie (web/csrf.py) and send it back as a header on every later request."""
    await client.get("/static/ping.txt")
    token = client.cookies.get("echiquier-csrf") or ""
    client.headers["X-CSRF-Token"] = token
    return {"X-CSRF-Token": token}


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
        transport: Any = test_client._transport
        parse = transport.parse_request

        def from_loopback(request: Any) -> dict[str, Any]:
            return {**parse(request=request), "client": ("127.0.0.1", 50000)}

        transport.parse_request = from_loopback
        await prime_csrf(test_client)
        yield test_client


# -- admin pages (tests/test_admin_*.py): one app per module, emptied after each test ----------------

@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def admin_app(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[AsyncTestClient[Litestar]]:
    """One app per test module (building the routes costs ~0.5 s); `app.state.test_host` is the client host."""
    root = tmp_path_factory.mktemp("admin")
    app = create_app(Settings(events_dir=root / "events", custom_dir=root / "custom", create_demo=False))
    async with AsyncTestClient(app=app, base_url=LOCAL_URL) as client:
        transport: Any = client._transport
        parse = transport.parse_request
        app.state.test_host = "127.0.0.1"

        def with_host(request: Any) -> dict[str, Any]:
            return {**parse(request=request), "client": (app.state.test_host, 50000)}

        transport.parse_request = with_host
        await prime_csrf(client)
        yield client


@pytest_asyncio.fixture(loop_scope="module")
async def admin_web(admin_app: AsyncTestClient[Litestar]) -> AsyncIterator[AsyncTestClient[Litestar]]:
    """The shared client, seen as the server machine itself; the events folder is emptied afterwards."""
    admin_app.app.state.test_host = "127.0.0.1"
    yield admin_app
    admin_app.app.state.test_host = "127.0.0.1"
    registry: EventRegistry = app_state(admin_app.app).registry
    for event_id in registry.ids():
        await registry.delete(event_id)
    for event_id in registry.archived_ids():
        await registry.delete(event_id, archived=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last: the sync Playwright session leaves an event loop behind that would
    break the asyncio tests collected after it."""
    items.sort(key=lambda item: "tests/browser/" in str(item.path).replace("\\", "/"))
