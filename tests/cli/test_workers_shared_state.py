"""Security state shared by every worker (issue 21, item 5): with two `serve --redis` workers on one folder (as
`serve --workers 2` runs them, tests/test_workers.py), a password change, the login throttle, the pairing drafts and
the uploads waiting for a confirmation behave as with one worker, whichever worker each request reaches.

Both workers are behind a "proxy" (`--forwarded-allow-ips 127.0.0.1`): nobody is admin by address, and each request
names its device in `X-Forwarded-For`.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from database.registry import EventRegistry
from tests.support.workers import ADMIN_PASSWORD, ARBITER_PASSWORD, client
from web.auth import ADMIN_COOKIE, arbiter_cookie_name

Pair = tuple[str, str]


def device(url: str, address: str) -> httpx.Client:
    """A client of worker `url` seen as the hall device `address`."""
    c = client(url)
    c.headers["X-Forwarded-For"] = address
    return c


def login(c: httpx.Client, path: str, password: str) -> int:
    return c.post(path, data={"password": password}, follow_redirects=False).status_code


def test_a_new_admin_password_through_a_holds_on_b_and_ends_the_old_sessions_everywhere(
        two_remote_workers: Pair) -> None:
    url_a, url_b = two_remote_workers
    a, b = device(url_a, "10.1.0.1"), device(url_b, "10.1.0.2")
    assert login(b, "/auth/admin/login", ADMIN_PASSWORD) == 303  # B learns the old password now
    old_session = b.cookies.get(ADMIN_COOKIE) or ""
    assert b.get("/admin").status_code == 200
    assert login(a, "/auth/admin/login", ADMIN_PASSWORD) == 303
    new = "a-brand-new-admin-password"
    changed = a.post("/auth/admin/password", data={"password": new, "confirm": new}, follow_redirects=False)
    assert changed.status_code == 303
    assert a.get("/admin").status_code == 200  # the session of the change holds
    assert b.get("/admin").status_code in (401, 403)  # B's session of the old password ended
    for url, address in ((url_a, "10.1.0.3"), (url_b, "10.1.0.4")):
        other = device(url, address)
        other.cookies.set(ADMIN_COOKIE, old_session)
        assert other.get("/admin").status_code in (401, 403)
        assert login(other, "/auth/admin/login", ADMIN_PASSWORD) == 401  # the old password, on either worker
        assert login(other, "/auth/admin/login", new) == 303


def test_the_login_throttle_counts_the_attempts_made_through_both_workers(two_remote_workers: Pair) -> None:
    url_a, url_b = two_remote_workers
    a, b = device(url_a, "10.2.0.1"), device(url_b, "10.2.0.1")  # one device, its requests spread on both
    codes = [login(a if i % 2 else b, "/arbiter/demo/login", f"wrong-{i}") for i in range(5)]
    assert codes == [401] * 5
    assert login(a, "/arbiter/demo/login", ARBITER_PASSWORD) == 429
    assert login(b, "/arbiter/demo/login", ARBITER_PASSWORD) == 429
    assert login(device(url_b, "10.2.0.2"), "/arbiter/demo/login", ARBITER_PASSWORD) == 303  # another device


def test_a_draft_made_through_a_is_changed_through_b_and_published_through_a(two_remote_workers: Pair,
                                                                                tmp_path: Path) -> None:
    url_a, url_b = two_remote_workers
    a, b = device(url_a, "10.3.0.1"), device(url_b, "10.3.0.1")
    assert login(a, "/arbiter/demo/login", ARBITER_PASSWORD) == 303
    b.cookies.set(arbiter_cookie_name("demo"), a.cookies.get(arbiter_cookie_name("demo")) or "")
    pair = "/arbiter/demo/pair/1"
    assert a.post(pair, data={"round": "4", "confirm": "1"}, follow_redirects=False).status_code == 303
    assert "swap" in b.get(pair).text  # B shows the draft made through A
    assert b.post(f"{pair}/swap", data={"board": "1"}, follow_redirects=False).status_code == 303
    published = a.post(f"{pair}/publish", data={"round": "4"}, follow_redirects=False)
    assert published.status_code == 303, published.text[:300]
    again = b.post(f"{pair}/publish", data={"round": "4"}, follow_redirects=False)
    assert again.status_code == 409  # published once: the draft is gone for both

    async def journal() -> str:
        registry = EventRegistry(tmp_path / "events")
        try:
            store = await registry.get("demo")
            return " ".join(str(e) for e in await store.journal_entries(tournament_id=1, limit=5))
        finally:
            await registry.close()

    assert "colours swapped on draft board 1" in asyncio.run(journal())  # the change made through B
    for _ in range(3):  # each publish reaches either worker: never "no draft", never an older one
        rnd = 5 + _
        assert a.post(pair, data={"round": str(rnd), "confirm": "1"}, follow_redirects=False).status_code == 303
        assert b.post(f"{pair}/publish", data={"round": str(rnd)}, follow_redirects=False).status_code == 303
