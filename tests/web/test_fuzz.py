"""Property-based tests on every endpoint: random forms, ids, codes, unicode, huge values, query strings.

Whatever is sent, the server never answers 500, and a refused request (4xx) changes nothing in the
event file. The client is the server machine itself (admin), so admin routes run their handlers too.
GET routes get random path parts and query strings (the parameters the handlers read, and others).
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar import Litestar
from litestar.testing import TestClient

from app.settings import ROOT, Settings
from web.app import create_app
from web.state import app_state

FIELDS = sorted(set(re.findall(r'name="([a-z_]+)"', " ".join(
    p.read_text(encoding="utf-8") for p in (ROOT / "templates").rglob("*.html")))) - {"csrf_token"})
#: Examples per route; `ECHIQUIER_FUZZ_EXAMPLES=500` for a long run.
EXAMPLES = settings(max_examples=int(os.environ.get("ECHIQUIER_FUZZ_EXAMPLES", "15")), deadline=None,
                    suppress_health_check=list(HealthCheck))


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


def post_routes() -> list[str]:
    app = create_app(Settings(create_demo=False))
    return sorted({route.path for route in app.routes if "POST" in getattr(route, "methods", set())})


def snapshot(events: Path) -> dict[str, list[tuple[object, ...]]]:
    out: dict[str, list[tuple[object, ...]]] = {}
    for path in sorted(events.glob("*.db")):
        with sqlite3.connect(path) as db:
            for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
                out[f"{path.stem}.{table}"] = db.execute(f'SELECT * FROM "{table}" ORDER BY rowid').fetchall()
    return out


values = st.one_of(
    st.text(max_size=40), st.integers(min_value=-(2**63), max_value=2**63).map(str),
    st.integers(min_value=-(10**40), max_value=10**40).map(str), st.sampled_from(["10" * 15, "300000000", "20000"]),
    st.sampled_from(["", "0", "1", "2", "3", "4", "5", "6", "7", "-1", "demo", "open-a", "1e9", "½", "null"]),
    st.just("é" * 20_000),
)
path_values = st.one_of(st.integers(min_value=-5, max_value=400).map(str), st.just(str(10**30)),
                        st.sampled_from(["demo", "input", "boards-a", "hall", "open-a", "..", "%2e%2e"]),
                        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12))
forms = st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=12)), values, max_size=8)


def fill(route: str, parts: list[str]) -> str:
    names = re.findall(r"\{[^}]+\}", route)
    for name, value in zip(names, parts, strict=False):
        route = route.replace(name, quote(value, safe="") or "x", 1)
    return route


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


#: Query parameters the handlers read (and `lang`, read by every page).
QUERY_NAMES = ["round", "tiebreaks", "edition", "tid", "rnd", "board", "player", "white", "q", "done", "lang",
               "trf26", "index"]
#: Not fuzzed: the SSE stream never ends, static files have no parameter.
NOT_FUZZED = ("/live/", "/static/", "/custom/")
query_values = st.one_of(values.filter(lambda v: len(v) < 200), st.just("é" * 1500),
                         st.sampled_from([str(10**30), "300000000", "20000", "-3", "1e9"]))  # httpx's URL limit: 64 kB
queries = st.dictionaries(st.one_of(st.sampled_from(QUERY_NAMES), st.text(max_size=12)), query_values, max_size=6)
get_path_values = st.one_of(st.just("demo"), st.just("open-a"), path_values,
                            st.sampled_from(["open-b", "boards-a", "input", "standings", "hall", "1"]))


def get_routes() -> list[str]:
    app = create_app(Settings(create_demo=False))
    return sorted({route.path for route in app.routes if "GET" in getattr(route, "methods", set())
                   and not route.path.startswith(NOT_FUZZED)})


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
