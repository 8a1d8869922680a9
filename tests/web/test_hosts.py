"""Local admin only under the server's own names (web/hosts.py): DNS rebinding gets nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import Settings
from tests.support.clients import LOCAL_URL, prime_csrf
from web.app import create_app
from web.state import app_state

Client = AsyncTestClient[Litestar]
NEW_EVENT = {"event_id": "cloned", "name": "Cloned", "start": "2026-07-01", "stop": "2026-07-02"}


async def _local(settings: Settings) -> AsyncIterator[Client]:
    async with AsyncTestClient(app=create_app(settings), base_url=LOCAL_URL) as client:
        transport = client._transport
        parse = transport.parse_request  # type: ignore[attr-defined]
        transport.parse_request = lambda request: {**parse(request=request),  # type: ignore[attr-defined]
                                                   "client": ("127.0.0.1", 50000)}
        await prime_csrf(client)
        yield client


@pytest.fixture
async def local(settings: Settings) -> AsyncIterator[Client]:
    async for client in _local(settings):
        yield client


def events(client: Client) -> list[str]:
    return app_state(client.app).registry.ids()


async def test_a_post_from_loopback_under_another_sites_name_is_refused(local: Client) -> None:
    rebind = {"Host": "rebind.attacker.example:8080"}
    assert (await local.get("/admin", headers=rebind)).status_code == 403
    refused = await local.post("/admin/events", data=NEW_EVENT, headers=rebind)
    assert refused.status_code == 403 and "Reserved to the administrator" in refused.text
    assert events(local) == []
    done = await local.post("/admin/events", data=NEW_EVENT, follow_redirects=False)  # its own name: admin
    assert done.status_code == 303 and events(local) == ["cloned"]


async def test_a_write_whose_origin_is_another_site_is_refused(local: Client) -> None:
    evil = {"Origin": "http://rebind.attacker.example:8080"}
    assert (await local.post("/admin/events", data=NEW_EVENT, headers=evil)).status_code == 403
    assert (await local.post("/admin/events", data=NEW_EVENT, headers={"Origin": "null"})).status_code == 403
    assert events(local) == []
    ok = await local.post("/admin/events", data=NEW_EVENT, headers={"Origin": "http://localhost:8080"},
                          follow_redirects=False)
    assert ok.status_code == 303


@pytest.mark.parametrize("host", ["localhost:8080", "127.0.0.1", "[::1]:8080", "LOCALHOST"])
async def test_loopback_names_are_the_servers_own(local: Client, host: str) -> None:
    assert (await local.get("/admin", headers={"Host": host})).status_code == 200


async def test_names_given_on_the_command_line_are_accepted(events_dir: Path, tmp_path: Path) -> None:
    settings = Settings(events_dir=events_dir, custom_dir=tmp_path / "custom", create_demo=False,
                        host_names=("echiquier.hall",))
    async for client in _local(settings):
        assert (await client.get("/admin", headers={"Host": "echiquier.hall:8080"})).status_code == 200
        assert (await client.get("/admin", headers={"Host": "other.hall"})).status_code == 403


async def test_behind_a_reverse_proxy_loopback_is_no_admin(events_dir: Path, tmp_path: Path) -> None:
    settings = Settings(events_dir=events_dir, custom_dir=tmp_path / "custom", create_demo=False,
                        forwarded_allow_ips="127.0.0.1")
    async for client in _local(settings):
        assert (await client.get("/admin")).status_code == 403
