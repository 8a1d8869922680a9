"""Bounded parameters and bodies (web/limits.py, app/params.py): 4xx with a keyed message, never a 500,
and nothing read or computed in proportion to a number the client chose."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import Settings
from tests.support.clients import prime_csrf
from tests.support.events import EVENT, HX, INPUT_URL, form, game, make_event, stored
from tournament.results import Result
from web.app import create_app
from web.limits import MAX_FORM, MAX_NUMBER, MAX_UPLOAD, limits_middleware, refusal
from web.state import app_state

Client = AsyncTestClient[Litestar]


@pytest.fixture
async def event_client(admin_client: Client) -> tuple[Client, Any, int]:
    store, tid = await make_event(app_state(admin_client.app).registry, public=True)
    return admin_client, store, tid


@pytest.mark.parametrize("value", ["20000", "300000000", "6", "-1"])
async def test_a_round_outside_the_tournament_is_refused_with_its_range(event_client: tuple[Client, Any, int],
                                                                        value: str) -> None:
    client, _store, _tid = event_client
    for url in (f"/standings/{EVENT}/t", f"/api/standings/{EVENT}/t", f"/crosstable/{EVENT}/t"):
        response = await client.get(url, params={"round": value})
        assert response.status_code == 422, (url, response.status_code)
        assert f"Round {value} is not in this tournament (rounds 0 to 5)." in response.text


async def test_rounds_within_the_tournament_are_answered(event_client: tuple[Client, Any, int]) -> None:
    client, _store, _tid = event_client
    for value in ("0", "1", "5"):
        response = await client.get(f"/api/standings/{EVENT}/t", params={"round": value})
        assert response.status_code == 200 and response.headers["X-Round"] == value


@pytest.mark.parametrize("url", [
    f"/api/standings/{EVENT}/t?round={10**30}", f"/arbiter/{EVENT}/journal?tid={10**30}",
    f"/arbiter/{EVENT}/journal?player=-{10**20}", f"/admin/events/{EVENT}/tournaments/{10**30}",
    f"/board-card/{EVENT}/cards/{10**25}", f"/screen/{EVENT}/input/dialog?tid=1&rnd=1&white={10**30}",
])
async def test_huge_numbers_anywhere_are_refused_before_the_handler(event_client: tuple[Client, Any, int],
                                                                    url: str) -> None:
    client, _store, _tid = event_client
    response = await client.get(url)
    assert response.status_code == 400, (url, response.status_code)
    assert "is out of range (at most 2147483647)" in response.text


async def test_journal_filters_are_bounded(event_client: tuple[Client, Any, int]) -> None:
    client, _store, _tid = event_client
    response = await client.get(f"/arbiter/{EVENT}/journal", params={"board": "0"})
    assert response.status_code == 422 and "board must be a whole number from 1 to 2147483647." in response.text
    assert (await client.get(f"/arbiter/{EVENT}/journal", params={"board": "3", "tid": "1"})).status_code == 200


async def test_too_many_tie_break_codes_are_refused(event_client: tuple[Client, Any, int]) -> None:
    client, _store, _tid = event_client
    response = await client.get(f"/api/standings/{EVENT}/t", params={"tiebreaks": ",".join(["BH"] * 40)})
    assert response.status_code == 422 and "Too many tie-break codes" in response.text


async def test_a_huge_player_id_in_a_result_changes_nothing(event_client: tuple[Client, Any, int]) -> None:
    client, store, tid = event_client
    p = await game(store, tid)
    for huge in (str(10**30), str(2**63), str(2**31)):
        response = await client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW, white_player_id=huge),
                                      headers=HX)
        assert 400 <= response.status_code < 500, (huge, response.status_code)
    assert await stored(store, p) is None


def test_request_line_bounds() -> None:
    assert refusal({"path": "/x/" + "1" * 11, "query_string": b""}) is not None
    assert refusal({"path": "/x/2147483647", "query_string": b"a=-2147483647"}) is None
    assert refusal({"path": "/x", "query_string": b"&".join([b"a=1"] * 60)}) is not None
    assert refusal({"path": "/x", "query_string": b"q=" + b"a" * 5000}) is not None
    assert refusal({"path": "/" + "a" * 3000, "query_string": b""}) is not None
    assert MAX_NUMBER == 2**31 - 1


async def test_a_body_announced_too_large_is_refused_before_a_byte_is_read() -> None:
    """Content-Length over the limit: 413 with the app's message; `receive` is never called."""
    called: list[str] = []
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        called.append("app")

    async def receive() -> dict[str, Any]:
        called.append("receive")
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    middleware = limits_middleware(app)  # type: ignore[arg-type]
    for path, size in (("/screen/demo/input/result", MAX_FORM + 1), ("/trf-lint", 60 * 1024 * 1024)):
        sent.clear()
        scope = {"type": "http", "method": "POST", "path": path, "query_string": b"",
                 "headers": [(b"content-length", str(size).encode())]}
        await middleware(scope, receive, send)  # type: ignore[arg-type]
        assert called == [] and sent[0]["status"] == 413
        assert b"too large (at most" in sent[1]["body"] and b"Nothing was changed" in sent[1]["body"]


async def test_the_upload_limit_shows_the_apps_message(client: Client) -> None:
    """A file just over 20 MB reaches the handler's own message (no generic 413 at 10 MB), a larger body the
    middleware's, both before anything is parsed or stored."""
    big = b"x" * (MAX_UPLOAD + 10)
    response = await client.post("/trf-lint", files={"file": ("big.trf", big)})
    assert response.status_code == 422 and "the file is larger than 20 MB" in response.text
    response = await client.post("/trf-lint", files={"file": ("big.trf", big + b"x" * 400_000)})
    assert response.status_code == 413 and "too large (at most 20 MB)" in response.text


async def test_a_french_client_gets_the_refusal_in_french(settings: Settings) -> None:
    async with AsyncTestClient(app=create_app(settings)) as client:
        await prime_csrf(client)
        client.cookies.set("lang", "fr")
        response = await client.get(f"/api/standings/x/t?round={10**30}")
        assert response.status_code == 400 and "hors limites" in response.text
