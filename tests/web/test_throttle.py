"""The login throttle under concurrency: an attempt is counted before the hash check (web/throttle.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from tests.support.events import ARBITER_PASSWORD, EVENT, INPUT_URL, make_event
from web import auth
from web.auth import MIN_CODE, hash_password, new_code
from web.state import app_state
from web.throttle import EventLocked, LoginThrottle, TooManyAttempts

Client = AsyncTestClient[Litestar]


@pytest.fixture
def hash_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every argon2 verification made, slowed down so that requests really are in flight together."""
    calls: list[str] = []
    verify = auth.verify_password

    async def counted(password_hash: str, password: str) -> bool:
        calls.append(password)
        await asyncio.sleep(0.05)
        return await verify(password_hash, password)

    monkeypatch.setattr(auth, "verify_password", counted)
    return calls


async def test_100_concurrent_wrong_logins_reach_at_most_5_hash_checks(client: Client,
                                                                       hash_checks: list[str]) -> None:
    await make_event(app_state(client.app).registry)
    answers = await asyncio.gather(*(client.post(f"/arbiter/{EVENT}/login", data={"password": f"wrong-{i}"})
                                     for i in range(100)))
    statuses = [a.status_code for a in answers]
    assert len(hash_checks) <= 5, len(hash_checks)
    assert statuses.count(401) == len(hash_checks) and statuses.count(429) == 100 - len(hash_checks)
    locked = next(a for a in answers if a.status_code == 429)
    assert "Too many wrong passwords from this device: wait" in locked.text
    right = await client.post(f"/arbiter/{EVENT}/login", data={"password": ARBITER_PASSWORD})
    assert right.status_code == 429  # even the right code waits for the window: it is not checked at all
    assert len(hash_checks) <= 5


async def test_concurrent_input_code_guesses_are_limited_too(client: Client, hash_checks: list[str]) -> None:
    store, _tid = await make_event(app_state(client.app).registry)
    await store.update_info(update_password=await hash_password("code-123456"))
    answers = await asyncio.gather(*(client.post(f"{INPUT_URL}/login", data={"password": f"{i:06d}"})
                                     for i in range(50)))
    assert len(hash_checks) <= 5 and sum(a.status_code == 429 for a in answers) >= 45


async def test_many_addresses_guessing_one_event_are_locked_out_together(client: Client,
                                                                         hash_checks: list[str]) -> None:
    """Per event: 40 guesses from 20 addresses (2 each) reach at most `event_limit` hash checks."""
    await make_event(app_state(client.app).registry)
    throttle = app_state(client.app).throttle = LoginThrottle(event_limit=6)
    transport: Any = client._transport
    parse = transport.parse_request
    counter = iter(range(10_000))

    def from_many(request: Any) -> dict[str, Any]:
        return {**parse(request=request), "client": (f"10.0.{next(counter) % 20}.9", 40000)}

    transport.parse_request = from_many
    answers = await asyncio.gather(*(client.post(f"/arbiter/{EVENT}/login", data={"password": f"{i:06d}"})
                                     for i in range(40)))
    assert len(hash_checks) <= throttle.event_limit
    assert any("logins are locked" in a.text for a in answers if a.status_code == 429)


async def test_a_right_password_gives_its_attempt_back(client: Client) -> None:
    await make_event(app_state(client.app).registry)
    for _ in range(6):  # more right logins in a row than the limit never lock anybody out
        response = await client.post(f"/arbiter/{EVENT}/login", data={"password": ARBITER_PASSWORD},
                                     follow_redirects=False)
        assert response.status_code == 303


def test_begin_counts_before_the_check_and_refuses_at_the_limit() -> None:
    throttle = LoginThrottle(limit=2, window=10, event_limit=3)
    throttle.begin("a", "e", now=0)
    throttle.begin("a", "e", now=0)
    with pytest.raises(TooManyAttempts):
        throttle.begin("a", "e", now=0)
    started = throttle.begin("b", "e", now=1)
    with pytest.raises(EventLocked):
        throttle.begin("c", "e", now=1)
    throttle.succeeded("b", "e", started)  # a right password: the event gets its attempt back
    throttle.begin("c", "e", now=2)
    throttle.begin("a", "e", now=10.5)  # the window slid past a's attempts


def test_generated_codes_are_long_enough_and_differ() -> None:
    codes = {new_code() for _ in range(50)}
    assert len(codes) == 50 and all(len(c) >= MIN_CODE for c in codes)
