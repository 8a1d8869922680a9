"""Every route with every role (issue 21): a visitor, a player signed in with the input code, an arbiter and the
admin send random path parts, query strings, bodies (forms, random bytes under any content type, multipart files)
and odd `Host` headers. Whatever is sent, the answer is never a 5xx and never a traceback; refusals are in words.
tests/test_fuzz_endpoints.py checks, as the admin, that refused requests change nothing.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar import Litestar
from litestar.testing import TestClient

from app.settings import Settings
from database.registry import EventRegistry
from tests.arbiter_kit import ARBITER_PASSWORD, EVENT, make_event
from tests.test_fuzz_endpoints import fill, forms, get_routes, path_values, post_routes, queries
from web.app import create_app
from web.auth import hash_password

INPUT_CODE = "input-code-1"
EXAMPLES = settings(max_examples=int(os.environ.get("ECHIQUIER_FUZZ_EXAMPLES", "3")), deadline=None,
                    suppress_health_check=list(HealthCheck))
ROLES = ("visitor", "player", "arbiter", "admin")
ADDRESSES = {"visitor": "10.0.0.7", "player": "10.0.0.8", "arbiter": "10.0.0.9", "admin": "127.0.0.1"}
HOSTS = [b"127.0.0.1", b"a:b", b"[::1", "é".encode(), b"127.0.0.1:99999", b"x" * 300, b"evil.example",
         b"localhost:0", b"127.0.0.1:8080"]
CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "multipart/form-data",
                 "application/json", "text/plain", ""]
STATIC_ROUTES = ["/static/{file}", "/custom/{file}"]


async def prepare(events: Path) -> None:
    registry = EventRegistry(events)
    await make_event(registry, update_password=await hash_password(INPUT_CODE))
    await registry.close()


ROLE_HEADER = "x-fuzz-role"  # read by the test transport only: the client address of the role


def by_role(client: TestClient[Litestar]) -> None:
    """Each request comes from its role's address (the `x-fuzz-role` header names the role)."""
    transport: Any = client._transport
    parse = transport.parse_request

    def parsed(request: Any) -> dict[str, Any]:
        role = request.headers.get(ROLE_HEADER, "admin")
        return {**parse(request=request), "client": (ADDRESSES.get(role, "10.0.0.7"), 50000)}

    transport.parse_request = parsed


class Roles:
    """One client (one app, one event loop); each role's requests carry its address and its login cookie."""

    def __init__(self, client: TestClient[Litestar]) -> None:
        self.client = client
        self.cookies: dict[str, str] = {role: "" for role in ROLES}

    def headers(self, role: str, extra: dict[str, Any]) -> dict[str, Any]:
        csrf = f"echiquier-csrf={self.client.cookies.get('echiquier-csrf') or ''}"
        return {ROLE_HEADER: role, "Cookie": "; ".join(c for c in (csrf, self.cookies[role]) if c), **extra}

    def get(self, role: str, url: str, headers: dict[str, Any] | None = None, **options: Any) -> Any:
        return self.client.get(url, headers=self.headers(role, headers or {}), **options)

    def post(self, role: str, url: str, headers: dict[str, Any] | None = None, **options: Any) -> Any:
        return self.client.post(url, headers=self.headers(role, headers or {}), follow_redirects=False, **options)


@pytest.fixture(scope="module")
def roles(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Roles]:
    root = tmp_path_factory.mktemp("fuzz-roles")
    asyncio.run(prepare(root / "events"))
    app = create_app(Settings(events_dir=root / "events", custom_dir=root / "custom", create_demo=False))
    with TestClient(app=app, base_url="http://127.0.0.1") as client:
        by_role(client)
        client.get("/static/ping.txt")
        client.headers["X-CSRF-Token"] = client.cookies.get("echiquier-csrf") or ""
        made = Roles(client)
        logins = {"player": (f"/screen/{EVENT}/input/login", INPUT_CODE, f"echiquier-input-{EVENT}"),
                  "arbiter": (f"/arbiter/{EVENT}/login", ARBITER_PASSWORD, f"echiquier-arbiter-{EVENT}")}
        for role, (url, password, name) in logins.items():
            answer = made.post(role, url, data={"password": password})
            assert answer.status_code == 303, (role, answer.text[:300])
            made.cookies[role] = f"{name}={answer.cookies.get(name)}"
            client.cookies.delete(name)
        yield made


bodies = st.one_of(
    forms.map(lambda data: {"data": data}),
    st.tuples(st.binary(max_size=3000), st.sampled_from(CONTENT_TYPES)).map(
        lambda b: {"content": b[0], "headers": {"Content-Type": b[1]}}),
    st.tuples(st.binary(max_size=3000), st.sampled_from(["f.trf", "f.papi", "f.json", "f.txt", "f", "é.trf"]),
              forms).map(lambda f: {"files": {"file": (f[1], f[0])}, "data": f[2]}),
)


def check_answer(response: Any, where: object) -> None:
    assert response.status_code < 500, (where, response.status_code, response.text[:300])
    assert "Traceback" not in response.text


@pytest.mark.parametrize("route", post_routes())
def test_random_posts_by_every_role(roles: Roles, route: str) -> None:
    @EXAMPLES
    @given(role=st.sampled_from(ROLES), parts=st.lists(path_values, min_size=3, max_size=3), body=bodies,
           host=st.sampled_from(HOSTS))
    def check(role: str, parts: list[str], body: dict[str, Any], host: bytes) -> None:
        headers = {**body.pop("headers", {}), "Host": host}
        response = roles.post(role, fill(route, parts), headers=headers, **body)
        check_answer(response, (route, role, parts, host))

    check()


@pytest.mark.parametrize("route", get_routes() + STATIC_ROUTES)
def test_random_gets_by_every_role(roles: Roles, route: str) -> None:
    @EXAMPLES
    @given(role=st.sampled_from(ROLES), parts=st.lists(path_values, min_size=3, max_size=3), query=queries,
           host=st.sampled_from(HOSTS), htmx=st.booleans())
    def check(role: str, parts: list[str], query: dict[str, str], host: bytes, htmx: bool) -> None:
        headers: dict[str, Any] = {"Host": host, **({"HX-Request": "true"} if htmx else {})}
        response = roles.get(role, fill(route, parts), params=query, headers=headers)
        check_answer(response, (route, role, parts, query, host))

    check()


@pytest.mark.parametrize("path", ["/static/x%00.png", "/custom/x%00.png", "/static/%0a", "/board/arb/t/1?k=%C3%A9",
                                  f"/board/{EVENT}/t/1?k=%C3%A9", "/static/..%2f..%2fetc%2fpasswd"])
def test_known_500s_are_refusals_in_words(roles: Roles, path: str) -> None:
    for role in ROLES:
        response = roles.get(role, path)
        check_answer(response, (path, role))
        assert 400 <= response.status_code < 500 and response.headers.get("x-content-type-options") == "nosniff"
