"""Property-based tests on every endpoint: random forms, ids, codes, unicode, huge values, query strings.

Whatever is sent, the server never answers 500, and a refused request (4xx) changes nothing in the
event file. The client is the server machine itself (admin), so admin routes run their handlers too.
GET routes get random path parts and query strings (the parameters the handlers read, and others).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from litestar import Litestar
from litestar.testing import TestClient

from app.settings import Settings
from tests.support.fuzz import (
    EXAMPLES,
    fill,
    forms,
    get_path_values,
    get_routes,
    path_values,
    post_routes,
    queries,
    snapshot,
)
from web.app import create_app
from web.state import app_state


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Litestar]]:
    root = tmp_path_factory.mktemp("fuzz")
    app = create_app(Settings(events_dir=root / "events", custom_dir=root / "custom", create_demo=True))
    with TestClient(app=app, base_url="http://127.0.0.1") as client:
        transport: Any = client._transport
        parse = transport.parse_request
        transport.parse_request = lambda request: {**parse(request=request), "client": ("127.0.0.1", 50000)}
        client.get("/static/ping.txt")
        client.headers["X-CSRF-Token"] = client.cookies.get("echiquier-csrf") or ""
        yield client


@pytest.mark.parametrize("route", post_routes())
def test_random_posts_never_fail_and_refusals_change_nothing(fuzz_client: TestClient[Litestar], route: str) -> None:
    events: Path = app_state(fuzz_client.app).settings.events_dir

    @EXAMPLES
    @given(parts=st.lists(path_values, min_size=3, max_size=3), data=forms, htmx=st.booleans())
    def check(parts: list[str], data: dict[str, str], htmx: bool) -> None:
        before = snapshot(events)
        response = fuzz_client.post(fill(route, parts), data=data, headers={"HX-Request": "true"} if htmx else {})
        assert response.status_code < 500, (route, data, response.text[:300])
        assert "Traceback" not in response.text
        if response.status_code >= 400:
            assert snapshot(events) == before, (route, data, response.status_code)

    check()


@pytest.mark.parametrize("route", get_routes())
def test_random_gets_never_fail_and_change_nothing(fuzz_client: TestClient[Litestar], route: str) -> None:
    events: Path = app_state(fuzz_client.app).settings.events_dir

    @EXAMPLES
    @given(parts=st.lists(get_path_values, min_size=3, max_size=3), query=queries, htmx=st.booleans())
    def check(parts: list[str], query: dict[str, str], htmx: bool) -> None:
        before = snapshot(events)
        response = fuzz_client.get(fill(route, parts), params=query, headers={"HX-Request": "true"} if htmx else {})
        assert response.status_code < 500, (route, parts, query, response.text[:300])
        assert "Traceback" not in response.text
        assert snapshot(events) == before, (route, query)

    check()
