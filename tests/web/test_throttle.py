"""The login throttle under concurrency: an attempt is counted before the hash check (app/throttle.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.throttle import EventLocked, LoginThrottle, TooManyAttempts
from tests.support.events import ARBITER_PASSWORD, EVENT, INPUT_URL, make_event
from web import auth
from web.auth import MIN_CODE, hash_password, new_code
from web.state import app_state

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


def from_addresses(client: Client, addresses: list[str]) -> None:
    """The client's next requests come from these addresses in turn."""
    transport: Any = client._transport
    parse = transport.parse_request
    counter = iter(range(1_000_000))

    def from_many(request: Any) -> dict[str, Any]:
        return {**parse(request=request), "client": (addresses[next(counter) % len(addresses)], 40000)}

    transport.parse_request = from_many


async def test_many_addresses_guessing_one_event_get_one_guess_each_once_it_is_under_attack(
        client: Client, hash_checks: list[str]) -> None:
    """Per event: once `event_limit` guesses failed, an address that guessed already gets no more; the others, one."""
    await make_event(app_state(client.app).registry)
    throttle = app_state(client.app).throttle
    throttle.event_limit = 6
    from_addresses(client, [f"10.0.{i}.9" for i in range(20)])
    answers = await asyncio.gather(*(client.post(f"/arbiter/{EVENT}/login", data={"password": f"{i:06d}"})
                                     for i in range(80)))
    assert len(hash_checks) <= 20  # at most one per address beyond the first `event_limit`
    assert any("logins are locked" in a.text for a in answers if a.status_code == 429)


async def test_an_attack_from_six_addresses_does_not_lock_the_staff_out(client: Client,
                                                                        hash_checks: list[str]) -> None:
    """30 wrong logins a minute from 6 addresses (issue 21, item 4): the arbiter's own tablet, which typed no wrong
    password, still logs in; an attacking address stays refused, even with the right password."""
    await make_event(app_state(client.app).registry)
    attackers = [f"10.6.0.{i}" for i in range(6)]
    from_addresses(client, attackers)
    for _ in range(2):  # two rounds: every address reaches its own limit, the event is under attack
        answers = [await client.post(f"/arbiter/{EVENT}/login", data={"password": f"guess-{i}"}) for i in range(30)]
        assert {a.status_code for a in answers} <= {401, 429}
    assert sum(1 for _ in hash_checks) == 30
    refused = await client.post(f"/arbiter/{EVENT}/login", data={"password": ARBITER_PASSWORD})  # from an attacker
    assert refused.status_code == 429
    from_addresses(client, ["10.6.1.50"])  # the arbiter's tablet
    right = await client.post(f"/arbiter/{EVENT}/login", data={"password": ARBITER_PASSWORD}, follow_redirects=False)
    assert right.status_code == 303
    from_addresses(client, ["10.6.1.51"])  # another clean device guessing: one try, then it waits
    assert (await client.post(f"/arbiter/{EVENT}/login", data={"password": "guess-x"})).status_code == 401
    locked = await client.post(f"/arbiter/{EVENT}/login", data={"password": "guess-y"})
    assert locked.status_code == 429 and "logins are locked" in locked.text


async def test_a_right_password_gives_its_attempt_back(client: Client) -> None:
    await make_event(app_state(client.app).registry)
    for _ in range(6):  # more right logins in a row than the limit never lock anybody out
        response = await client.post(f"/arbiter/{EVENT}/login", data={"password": ARBITER_PASSWORD},
                                     follow_redirects=False)
        assert response.status_code == 303


async def test_begin_counts_before_the_check_and_refuses_at_the_limit() -> None:
    throttle = LoginThrottle(limit=2, window=10, event_limit=3)
    await throttle.begin("a", "e", now=0)
    await throttle.begin("a", "e", now=0)
    with pytest.raises(TooManyAttempts):
        await throttle.begin("a", "e", now=0)
    started = await throttle.begin("b", "e", now=1)  # 3 on the event: under attack from now on
    with pytest.raises(EventLocked):
        await throttle.begin("b", "e", now=1)  # b tried already (its attempt is in flight)
    await throttle.succeeded(started)  # a right password: its attempt no longer counts
    await throttle.begin("b", "e", now=2)  # b is clean again, and the event has 3 again
    await throttle.begin("c", "e", now=2)  # c never tried: one try
    with pytest.raises(EventLocked):
        await throttle.begin("c", "e", now=3)
    await throttle.begin("a", "e", now=10.5)  # the window slid past a's attempts


def test_generated_codes_are_long_enough_and_differ() -> None:
    codes = {new_code() for _ in range(50)}
    assert len(codes) == 50 and all(len(c) >= MIN_CODE for c in codes)
