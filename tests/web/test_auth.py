"""Roles and auth: CSRF, rate-limited passwords, arbiter and admin sessions that survive a restart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import Settings
from app.throttle import LoginThrottle, TooManyAttempts
from tests.support.clients import LOCAL_URL, prime_csrf
from tests.support.events import ARBITER_PASSWORD, EVENT, HX, INPUT_URL, form, game, login_arbiter, make_event, stored
from tournament.results import Result
from web.app import create_app
from web.auth import ADMIN_COOKIE, arbiter_cookie_name
from web.csrf import COOKIE
from web.state import app_state

Client = AsyncTestClient[Litestar]


@pytest.fixture
async def bare_client(app: Litestar) -> AsyncIterator[Client]:
    """A client that never got a CSRF token."""
    async with AsyncTestClient(app=app) as test_client:
        yield test_client


def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, every test client is seen as the server machine itself."""
    from litestar.testing.transport import TestClientTransport

    parse = TestClientTransport.parse_request

    def from_loopback(self: TestClientTransport, request: Any) -> dict[str, Any]:
        scope = parse(self, request)
        scope["client"] = ("127.0.0.1", 50000)
        return scope

    monkeypatch.setattr(TestClientTransport, "parse_request", from_loopback)


@pytest.fixture
async def local_client(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Client]:
    loopback(monkeypatch)
    async with AsyncTestClient(app=create_app(settings), base_url=LOCAL_URL) as test_client:
        await prime_csrf(test_client)
        yield test_client


async def test_a_state_changing_request_without_the_token_is_refused(bare_client: Client) -> None:
    store, tid = await make_event(app_state(bare_client.app).registry)
    p = await game(store, tid)
    response = await bare_client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW), headers=HX)
    assert response.status_code == 403 and "security check" in response.text
    assert await stored(store, p) is None
    await bare_client.get(f"/screen/{EVENT}/boards")  # a page gives the token cookie…
    token = bare_client.cookies.get(COOKIE)
    assert token
    forged = await bare_client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW),
                                    headers={**HX, "X-CSRF-Token": token + "x"})
    assert forged.status_code == 403 and await stored(store, p) is None
    as_field = await bare_client.post(f"{INPUT_URL}/result", data={**form(p, Result.DRAW), "csrf_token": token},
                                      headers=HX)  # …sent back in a form field
    assert as_field.status_code == 200 and await stored(store, p) is Result.DRAW


async def test_a_forged_token_cookie_is_not_trusted(bare_client: Client) -> None:
    store, tid = await make_event(app_state(bare_client.app).registry)
    p = await game(store, tid)
    bare_client.cookies.set(COOKIE, "made.up")
    response = await bare_client.post(f"{INPUT_URL}/result", data=form(p, Result.DRAW),
                                      headers={**HX, "X-CSRF-Token": "made.up"})
    assert response.status_code == 403 and await stored(store, p) is None


async def test_pages_carry_the_token_for_htmx_and_forms(client: Client) -> None:
    await make_event(app_state(client.app).registry)
    page = (await client.get(f"/arbiter/{EVENT}")).text
    token = client.cookies.get(COOKIE)
    assert f'<meta name="csrf-token" content="{token}">' in page
    assert f'name="csrf_token" value="{token}"' in page


async def test_wrong_passwords_are_rate_limited_per_client(client: Client) -> None:
    await make_event(app_state(client.app).registry)
    for _ in range(5):
        assert await login_arbiter(client, "wrong") == 401
    assert await login_arbiter(client) == 429  # even the right one, for a while
    assert arbiter_cookie_name(EVENT) not in client.cookies


async def test_throttle_forgets_after_the_window() -> None:
    throttle = LoginThrottle(limit=2, window=10)
    await throttle.begin("a", "e", now=0)
    await throttle.begin("a", "e", now=1)
    with pytest.raises(TooManyAttempts):
        await throttle.begin("a", "e", now=5)
    await throttle.begin("b", "e", now=5)  # another client is not affected
    await throttle.begin("a", "e", now=11.5)


async def test_arbiter_session_survives_a_restart_and_a_new_password_ends_it(client: Client,
                                                                              settings: Settings) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    assert await login_arbiter(client) == 303
    cookie = client.cookies.get(arbiter_cookie_name(EVENT))
    assert (await client.get(f"/arbiter/{EVENT}/journal")).status_code == 200
    async with AsyncTestClient(app=create_app(settings)) as again:
        await prime_csrf(again)
        assert (await again.get(f"/arbiter/{EVENT}/journal")).status_code == 401
        again.cookies.set(arbiter_cookie_name(EVENT), cookie or "")
        assert (await again.get(f"/arbiter/{EVENT}/journal")).status_code == 200
        p = await game(await app_state(again.app).registry.get(EVENT), tid)
        entered = await again.post(f"{INPUT_URL}/result", data=form(p, Result.DOUBLE_FORFEIT), headers=HX)
        assert entered.status_code == 200
    from web.auth import hash_password

    await store.update_info(arbiter_password=await hash_password("another-password"))
    assert (await client.get(f"/arbiter/{EVENT}/journal")).status_code == 401


async def test_visitors_and_players_cannot_reach_arbiter_pages(client: Client) -> None:
    store, _tid = await make_event(app_state(client.app).registry)
    assert (await client.get(f"/arbiter/{EVENT}/journal")).status_code == 401
    entry = (await store.journal_entries())[0]
    assert (await client.post(f"/arbiter/{EVENT}/journal/{entry.id}/undo")).status_code == 403
    assert (await client.post(f"/arbiter/{EVENT}/password", data={"password": "x" * 9,
                                                                 "confirm": "x" * 9})).status_code == 403
    assert (await client.get(f"/board-card/{EVENT}/cards/1")).status_code == 401


async def test_admin_password_first_start_only_from_the_server_machine(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    await make_event(app_state(client.app).registry)
    refused = await client.post("/auth/admin/password", data={"password": "admin-pass-1", "confirm": "admin-pass-1"})
    assert refused.status_code == 403
    assert not (settings.events_dir / ".admin").exists()
    async with AsyncTestClient(app=create_app(settings)) as lan:  # started before the admin password exists
        await prime_csrf(lan)
        with monkeypatch.context() as patch:
            loopback(patch)
            async with AsyncTestClient(app=create_app(settings), base_url=LOCAL_URL) as local:
                await prime_csrf(local)
                short = await local.post("/auth/admin/password", data={"password": "short", "confirm": "short"})
                assert short.status_code == 400
                done = await local.post("/auth/admin/password", follow_redirects=False,
                                        data={"password": "admin-pass-1", "confirm": "admin-pass-1"})
                assert done.status_code == 303
        stored_hash = (settings.events_dir / ".admin").read_text()
        assert stored_hash.startswith("$argon2") and "admin-pass-1" not in stored_hash
    async with AsyncTestClient(app=create_app(settings)) as lan:  # a restart reads the stored hash
        await prime_csrf(lan)
        assert (await lan.get(f"/arbiter/{EVENT}/journal")).status_code == 401
        assert (await lan.post("/auth/admin/login", data={"password": "nope"})).status_code == 401
        login = await lan.post("/auth/admin/login", data={"password": "admin-pass-1"}, follow_redirects=False)
        assert login.status_code == 303
        assert (await lan.get(f"/arbiter/{EVENT}/journal")).status_code == 200  # admin ⊃ arbiter
        cookie = lan.cookies.get(ADMIN_COOKIE) or ""
    async with AsyncTestClient(app=create_app(settings)) as again:
        again.cookies.set(ADMIN_COOKIE, cookie)
        assert (await again.get(f"/arbiter/{EVENT}/journal")).status_code == 200


async def test_admin_sets_the_arbiter_password(local_client: Client) -> None:
    store, _tid = await make_event(app_state(local_client.app).registry)
    response = await local_client.post(f"/arbiter/{EVENT}/password",
                                       data={"password": "new-arbiter-pw", "confirm": "new-arbiter-pw"},
                                       follow_redirects=False)
    assert response.status_code == 303
    info = await store.info()
    assert info.arbiter_password and info.arbiter_password.startswith("$argon2")
    assert ARBITER_PASSWORD not in store.path.read_bytes().decode("latin-1")
    assert (await store.journal_entries())[0].what == "event settings"
