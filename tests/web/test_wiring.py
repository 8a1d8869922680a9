"""How handlers are wired: every parameter is marked, the typed state is reachable, one htmx test."""

from __future__ import annotations

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import Settings
from database.registry import EventRegistry
from tests.support.files import ROOT
from web.app import create_app
from web.htmx import is_htmx
from web.state import AppState, app_state

RESERVED = {"request", "scope"}  # injected by Litestar from the connection itself


@pytest.fixture(scope="module")
def bare_app(tmp_path_factory: pytest.TempPathFactory) -> Litestar:
    root = tmp_path_factory.mktemp("wiring")
    return create_app(Settings(events_dir=root / "events", custom_dir=root / "custom", create_demo=False))


def test_every_handler_parameter_is_marked(bare_app: Litestar) -> None:
    """Path, query, body or named dependency: nothing inferred (deprecated since Litestar 2.22/2.24)."""
    unmarked = sorted(
        f"{route.path} {name}"
        for route in bare_app.routes for handler in getattr(route, "route_handlers", [])
        for name, parameter in handler.parsed_fn_signature.parameters.items()
        if name not in RESERVED and parameter.kwarg_definition is None
    )
    assert unmarked == []
    names = {name for route in bare_app.routes for handler in getattr(route, "route_handlers", [])
             for name in handler.parsed_fn_signature.parameters}
    assert {"store", "info", "role", "registry", "event_id", "data"} <= names


def test_the_typed_state_is_the_one_in_app_state(bare_app: Litestar) -> None:
    state = app_state(bare_app)
    assert isinstance(state, AppState) and isinstance(state.registry, EventRegistry)
    assert state.settings.create_demo is False


async def test_dependencies_answer_404_for_an_unknown_or_invalid_event(bare_app: Litestar) -> None:
    async with AsyncTestClient(app=bare_app) as client:
        for path in ("/event/nope", "/arbiter/nope", "/screen/nope/x", "/event/bad%20id"):
            response = await client.get(path)
            assert response.status_code == 404, path
            assert "Traceback" not in response.text


async def test_an_htmx_request_gets_a_fragment(bare_app: Litestar) -> None:
    async with AsyncTestClient(app=bare_app) as client:
        page = await client.get("/event/nope")
        fragment = await client.get("/event/nope", headers={"HX-Request": "true"})
    assert "<html" in page.text.lower() and "<html" not in fragment.text.lower()


def test_one_htmx_test_in_the_web_layer() -> None:
    """Only web/htmx.py reads the HX-Request header; everything else calls `is_htmx`."""
    root = ROOT / "web"
    readers = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                     if p.name != "htmx.py" and any(s in p.read_text(encoding="utf-8").lower()
                                                    for s in ('get("hx-request")', "b\"hx-request\"")))
    assert readers == []
    assert callable(is_htmx)
