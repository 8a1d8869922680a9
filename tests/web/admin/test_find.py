"""Find everything from where you are: the home page and `serve` say how the admin signs in; the event page
links every public screen, family screen and rotator, and its administration for the admin."""

from __future__ import annotations

import argparse
import html
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.views.screens import family_specs
from cli import serve as cli
from tests.support.servers import free_port
from web.state import app_state


async def test_the_home_page_says_how_the_admin_signs_in(demo_client: AsyncTestClient[Litestar]) -> None:
    page = (await demo_client.get("/")).text  # a device of the hall, not the server machine
    assert 'id="admin-sign-in"' in page
    assert 'href="/auth/admin"' in page
    assert "server machine itself" in html.unescape(page)
    assert 'id="admin-link"' not in page


async def test_the_admin_sees_the_administration_link(admin_client: AsyncTestClient[Litestar]) -> None:
    page = (await admin_client.get("/")).text
    assert 'id="admin-link"' in page and 'id="admin-sign-in"' not in page


async def test_the_event_page_links_every_screen_family_screen_and_rotator(
        demo_client: AsyncTestClient[Litestar]) -> None:
    page = (await demo_client.get("/event/demo")).text
    store = await app_state(demo_client.app).registry.get("demo")
    screens = [s for s in await store.screens() if s.public]
    families = [f for f in await store.families() if f.public]
    rotators = [r for r in await store.rotators() if r.public]
    assert screens and families and rotators, "the demo has screens, families and rotators"
    for s in screens:
        assert f'href="/screen/demo/{s.uniq_id}"' in page, s.uniq_id
    for f in families:
        specs, _ = await family_specs(store, f)
        assert specs, f.uniq_id
        for spec in specs:
            assert f'href="/screen/demo/{spec.uniq_id}"' in page, spec.uniq_id
    for r in rotators:
        assert f'href="/rotator/demo/{r.uniq_id}"' in page, r.uniq_id
    assert 'id="event-admin-link"' not in page  # a visitor


def test_serve_says_how_the_admin_signs_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    started: list[int] = []
    class FakeServer:  # uvicorn.Server: records the port it would serve instead of serving
        def __init__(self, config: object) -> None:
            self.port = getattr(config, "port", None)

        def run(self, sockets: object = None) -> None:
            started.append(self.port)

    monkeypatch.setattr(cli.uvicorn, "Server", FakeServer)
    monkeypatch.setattr(cli, "raise_open_file_limit", lambda: None)
    monkeypatch.setattr(cli.gc, "freeze", lambda: None)
    monkeypatch.setattr(cli.gc, "set_threshold", lambda *a: None)
    port = free_port()  # serve binds it before printing: a port nobody else holds
    args = argparse.Namespace(events=str(tmp_path / "events"), no_cache=False, lang=None, host="127.0.0.1",
                              port=port, host_name=None, forwarded_allow_ips=None)
    assert cli.serve(args) == 0
    assert started == [port]
    out = capsys.readouterr().out
    assert f"admin: http://127.0.0.1:{port}/admin on this machine, no password needed" in out
    assert f"http://127.0.0.1:{port}/auth/admin" in out
