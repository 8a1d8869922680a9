"""Response hardening (web/security.py), server-side sessions (app/sessions.py) and the server's limits
(cli/server.py): security headers, no inline script, Secure cookies over HTTPS, logout that ends the
session on the server, a cap on live streams, a header read timeout."""

from __future__ import annotations

import asyncio
import re
import socket
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest
import uvicorn
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.sessions import OLD_SESSIONS_FILE, SESSIONS_FILE, Record, Sessions, digest
from app.settings import ROOT, Settings
from cli.server import HeaderTimeoutProtocol, uvicorn_config
from tests.support.clients import prime_csrf
from tests.support.events import EVENT, login_arbiter, make_event
from tests.support.servers import HANG_LIMIT, LiveServer
from web.app import create_app
from web.auth import ADMIN_COOKIE, arbiter_cookie_name
from web.security import Streams, security_middleware
from web.state import app_state

Client = AsyncTestClient[Litestar]


async def test_every_page_carries_the_security_headers(client: Client) -> None:
    await make_event(app_state(client.app).registry, public=True)
    for url in ("/", f"/screen/{EVENT}/input", "/static/echiquier.js", "/no-such-page"):
        response = await client.get(url)
        csp = response.headers["content-security-policy"]
        assert "script-src 'self';" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
        assert "frame-ancestors 'none'" in csp
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "same-origin"


def test_no_template_has_inline_script() -> None:
    """The CSP forbids inline script: no `on…=` handler, no `<script>` without `src` (JSON data blocks aside)."""
    found = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {m.group(0)}" for m in re.finditer(r"\son[a-z]+\s*=", text)]
        inline = r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>"
        found += [f"{path.name}: {m.group(0)}" for m in re.finditer(inline, text)]
    assert found == []


async def test_cookies_are_secure_over_https(settings: Settings) -> None:
    async with AsyncTestClient(app=create_app(settings), base_url="https://127.0.0.1") as client:
        response = await client.get("/static/ping.txt")
        cookie = response.headers["set-cookie"]
        assert "echiquier-csrf=" in cookie and "Secure" in cookie
    async with AsyncTestClient(app=create_app(settings)) as plain:
        assert "Secure" not in (await plain.get("/static/ping.txt")).headers["set-cookie"]


async def test_logout_ends_the_session_on_the_server(client: Client) -> None:
    await make_event(app_state(client.app).registry)
    assert await login_arbiter(client) == 303
    kept = client.cookies.get(arbiter_cookie_name(EVENT)) or ""
    assert (await client.get(f"/arbiter/{EVENT}/journal")).status_code == 200
    await client.post(f"/arbiter/{EVENT}/logout")
    client.cookies.set(arbiter_cookie_name(EVENT), kept)  # a copy of the cookie, kept by someone
    assert (await client.get(f"/arbiter/{EVENT}/journal")).status_code == 401


async def test_each_login_gets_its_own_random_session(client: Client, settings: Settings) -> None:
    await make_event(app_state(client.app).registry)
    assert await login_arbiter(client) == 303
    first = client.cookies.get(arbiter_cookie_name(EVENT)) or ""
    assert await login_arbiter(client) == 303
    second = client.cookies.get(arbiter_cookie_name(EVENT)) or ""
    assert first != second and len(first) >= 40
    stored = b"".join(p.read_bytes() for p in settings.events_dir.glob(SESSIONS_FILE + "*"))
    assert digest(first).encode() in stored and digest(second).encode() in stored
    assert first.encode() not in stored and second.encode() not in stored  # only digests are kept on disk
    assert (settings.events_dir / SESSIONS_FILE).stat().st_mode & 0o077 == 0


async def test_sessions_survive_a_restart_and_end_with_the_password(tmp_path: Path) -> None:
    sessions = await Sessions.open_folder(tmp_path)
    cookie = await sessions.open("admin", "", "hash-1")
    await sessions.close_file()
    again = await Sessions.open_folder(tmp_path)
    assert again.valid(cookie, "admin", "", "hash-1")
    assert not again.valid(cookie, "admin", "", "hash-2")  # a new password
    assert not again.valid(cookie, "arbiter", "", "hash-1") and not again.valid("forged", "admin", "", "hash-1")
    assert await again.close(cookie)
    await again.close_file()
    third = await Sessions.open_folder(tmp_path)
    assert not third.valid(cookie, "admin", "", "hash-1")
    await third.close_file()


async def test_a_login_and_a_logout_of_another_process_are_seen_at_the_next_look(tmp_path: Path) -> None:
    """Two servers on one folder (two workers): each sees the other's logins and logouts on its next refresh."""
    a, b = await Sessions.open_folder(tmp_path), await Sessions.open_folder(tmp_path)
    try:
        cookie = await a.open("arbiter", "open", "hash-1")
        assert not b.valid(cookie, "arbiter", "open", "hash-1")  # B has not looked yet
        await b.refresh()
        assert b.valid(cookie, "arbiter", "open", "hash-1")
        assert await b.close(cookie)
        assert a.valid(cookie, "arbiter", "open", "hash-1")  # A has not looked yet
        await a.refresh()
        assert not a.valid(cookie, "arbiter", "open", "hash-1")
    finally:
        await a.close_file()
        await b.close_file()


async def test_sessions_of_the_older_json_file_are_kept(tmp_path: Path) -> None:
    kept = Record(kind="admin", event="", password=digest("hash-1"), expires=time.time() + 3600)
    gone = Record(kind="admin", event="", password=digest("hash-1"), expires=time.time() - 1)
    (tmp_path / OLD_SESSIONS_FILE).write_bytes(msgspec.json.encode({digest("kept"): kept, digest("gone"): gone}))
    sessions = await Sessions.open_folder(tmp_path)
    try:
        assert sessions.valid("kept", "admin", "", "hash-1") and not sessions.valid("gone", "admin", "", "hash-1")
        assert not (tmp_path / OLD_SESSIONS_FILE).exists()
    finally:
        await sessions.close_file()


async def test_admin_logout_ends_the_admin_session(client: Client) -> None:
    state = app_state(client.app)
    state.admin_hash = "$argon2-fake"
    client.cookies.set(ADMIN_COOKIE, await state.sessions.open("admin", "", state.admin_hash))
    assert (await client.get("/admin")).status_code == 200
    kept = client.cookies.get(ADMIN_COOKIE) or ""
    await client.post("/auth/admin/logout")
    client.cookies.set(ADMIN_COOKIE, kept)
    assert (await client.get("/admin")).status_code == 403


async def test_live_streams_are_capped_per_client() -> None:
    release = asyncio.Event()
    statuses: list[int] = []

    async def stream(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await release.wait()

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    middleware = security_middleware(stream)  # type: ignore[arg-type]

    def scope(host: str) -> dict[str, Any]:
        return {"type": "http", "method": "GET", "path": "/live/demo", "headers": [], "client": (host, 1)}

    held = [asyncio.create_task(middleware(scope("10.0.0.2"), receive, send))  # type: ignore[arg-type]
            for _ in range(Streams().per_client)]
    await asyncio.sleep(0)
    await middleware(scope("10.0.0.2"), receive, send)  # type: ignore[arg-type]  # one too many: refused at once
    assert statuses.count(200) == Streams().per_client and statuses[-1] == 429
    other = asyncio.create_task(middleware(scope("10.0.0.3"), receive, send))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    assert statuses[-1] == 200  # another tablet is not affected
    release.set()
    await asyncio.gather(*held, other)
    await middleware(scope("10.0.0.2"), receive, send)  # type: ignore[arg-type]  # closed streams give back
    assert statuses[-1] == 200


def test_streams_total_cap() -> None:
    streams = Streams(per_client=5, total=6, reserved=0)
    assert all(streams.take(f"10.0.0.{i}") for i in range(6))
    assert not streams.take("10.0.0.99")
    streams.give_back("10.0.0.1")
    assert streams.take("10.0.0.99")


class QuickHeaderTimeout(HeaderTimeoutProtocol):
    header_timeout = 0.3


def test_a_slow_header_client_is_disconnected(settings: Settings) -> None:
    def quick_header_timeout(app: Litestar, port: int) -> uvicorn.Config:
        config = uvicorn_config(app, settings, "127.0.0.1", port)
        config.http = QuickHeaderTimeout  # type: ignore[assignment]
        return config

    with LiveServer(settings, quick_header_timeout) as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=HANG_LIMIT) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the end of the head
            assert slow.recv(100) == b""  # the server closed the connection (recv would block otherwise)
        with socket.create_connection(("127.0.0.1", server.port), timeout=HANG_LIMIT) as quick:
            quick.sendall(b"GET /static/ping.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert quick.recv(100).startswith(b"HTTP/1.1 200")


async def test_proxy_headers_are_ignored_unless_configured(settings: Settings) -> None:
    assert uvicorn_config(None, settings, "127.0.0.1", 1).proxy_headers is False
    behind = Settings(events_dir=settings.events_dir, forwarded_allow_ips="10.0.0.1")
    config = uvicorn_config(None, behind, "127.0.0.1", 1)
    assert config.proxy_headers is True and config.forwarded_allow_ips == "10.0.0.1"


@pytest.fixture(autouse=True)
async def _csrf(client: Client) -> None:
    await prime_csrf(client)
