"""Several worker processes on one events folder, joined by a real redis-server started by the test.

Workers A and B are two `echiquier serve --redis URL` processes on their own ports (exactly what
`serve --workers N` runs behind one socket, where a test could not choose its worker): a result written
through A reaches a screen's SSE stream held by B, and an admin change through B is on A's next page.
"""

from __future__ import annotations

import asyncio
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
import redis as redis_client

from app.demo import ensure_demo
from cli.main import main
from database.registry import EventRegistry
from tests.support.servers import START_LIMIT, Process, free_port, redis
from web.auth import ADMIN_COOKIE, arbiter_cookie_name, hash_password, save_admin_password


def worker(events: Path, redis_url: str, log: Path, *extra: str) -> tuple[Process, str]:
    port = free_port()
    args = [sys.executable, "-m", "cli.main", "serve", "--events", str(events), "--host", "127.0.0.1",
            "--port", str(port), "--redis", redis_url, *extra]
    return Process(args, port, log), f"http://127.0.0.1:{port}"


def client(url: str) -> httpx.Client:
    """A loopback client (the server machine itself: admin) with its CSRF token."""
    c = httpx.Client(base_url=url, timeout=10)
    c.get("/static/ping.txt")
    c.headers["X-CSRF-Token"] = c.cookies.get("echiquier-csrf") or ""
    return c


def sse_reader(url: str, into: queue.Queue[str], stop: threading.Event) -> None:
    try:
        with httpx.Client(timeout=httpx.Timeout(30, read=None)) as c, c.stream("GET", url) as response:
            for line in response.iter_lines():
                into.put(line)
                if stop.is_set():
                    return
    except httpx.HTTPError:  # the worker stopped at the end of the test
        return


Workers = tuple[str, str, tuple[int, int]]


def wait_for(what: str, check: Callable[[], bool]) -> None:
    """Until `check()` is true: a readiness condition, never a fixed time (fails only on a hang)."""
    deadline = time.monotonic() + START_LIMIT
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


def wait_subscribed(server: Process, channel: str, count: int) -> None:
    """Until `count` workers follow `channel` in Redis (their frames reach each other from then on)."""
    with redis_client.Redis(port=server.port) as probe:
        wait_for(f"{count} subscribers of {channel}", lambda: int(probe.pubsub_numsub(channel)[0][1]) >= count)


@pytest.fixture
def two_workers(workers_and_redis: tuple[Workers, Process]) -> Workers:
    """Worker A's URL, worker B's, and an open game of round 3 (white id, black id) of the demo event."""
    return workers_and_redis[0]


@pytest.fixture
def workers_and_redis(tmp_path: Path) -> Iterator[tuple[Workers, Process]]:
    """`two_workers`, and their redis-server (to stop and start again)."""
    events = tmp_path / "events"
    events.mkdir()

    async def build() -> tuple[int, int]:
        registry = EventRegistry(events)
        try:
            store = await ensure_demo(registry)
            game = next(g for g in await store.pairings(1, 3) if g.black_player_id is not None and g.result is None)
            return game.white_player_id, game.black_player_id or 0
        finally:
            await registry.close()

    game = asyncio.run(build())
    server, redis_url = redis(tmp_path)
    a, url_a = worker(events, redis_url, tmp_path / "a.log")
    b, url_b = worker(events, redis_url, tmp_path / "b.log")
    with server, a, b:
        yield (url_a, url_b, game), server


def test_a_result_through_worker_a_reaches_a_screen_held_by_worker_b(
        workers_and_redis: tuple[Workers, Process]) -> None:
    (url_a, url_b, (white, black)), server = workers_and_redis
    lines: queue.Queue[str] = queue.Queue()
    stop = threading.Event()
    reader = threading.Thread(target=sse_reader, args=(f"{url_b}/live/demo", lines, stop), daemon=True)
    reader.start()
    assert "connected" in lines.get(timeout=START_LIMIT) + lines.get(timeout=START_LIMIT) + lines.get(
        timeout=START_LIMIT)
    wait_subscribed(server, "event:demo", 1)  # B's subscription reached Redis
    a = client(url_a)
    sent = a.post("/screen/demo/input/result", data={"tournament_id": "1", "round": "3", "white_player_id": str(white),
                                                    "black_player_id": str(black), "result": "2", "key": "k1"},
                  headers={"HX-Request": "true"})
    assert sent.status_code == 200 and "stored on board" in sent.text, (sent.status_code, sent.headers, sent.text[:300])
    deadline = time.monotonic() + START_LIMIT
    seen = []
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        seen.append(line)
        if f"game-1-3-{white}" in line or "tournament-1" in line or "result-1" in line:
            break
    else:
        raise AssertionError(f"worker B's screen got nothing of the result written through A: {seen}")
    stop.set()


def test_an_admin_change_through_worker_b_is_on_worker_a_next_page(two_workers: Workers) -> None:
    url_a, url_b, _game = two_workers
    a, b = client(url_a), client(url_b)
    assert "Echiquier demo open" in a.get("/").text  # A has it cached now
    settings = b.get("/admin/events/demo")
    assert settings.status_code == 200
    form = {"name": "Renamed through B", "start": "2026-01-01", "stop": "2026-12-31", "public": "on"}
    changed = b.post("/admin/events/demo", data=form, follow_redirects=False)
    assert changed.status_code == 303, changed.text[:500]
    assert "Renamed through B" in a.get("/").text


ADMIN_PASSWORD = "admin-password-1"
ARBITER_PASSWORD = "arbiter-password-1"


@pytest.fixture
def two_remote_workers(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Workers A and B as a client elsewhere sees them: behind a reverse proxy (`--forwarded-allow-ips`), so the
    loopback is no admin and every role comes from a login; the admin and arbiter passwords of DEMO are set."""
    events = tmp_path / "events"
    events.mkdir()

    async def build() -> None:
        registry = EventRegistry(events)
        try:
            store = await ensure_demo(registry)
            await store.update_info(arbiter_password=await hash_password(ARBITER_PASSWORD))
            await save_admin_password(events, ADMIN_PASSWORD)
        finally:
            await registry.close()

    asyncio.run(build())
    server, redis_url = redis(tmp_path)
    behind_proxy = ("--forwarded-allow-ips", "127.0.0.1")
    a, url_a = worker(events, redis_url, tmp_path / "a.log", *behind_proxy)
    b, url_b = worker(events, redis_url, tmp_path / "b.log", *behind_proxy)
    with server, a, b:
        yield url_a, url_b


@pytest.mark.parametrize(("login", "logout", "cookie", "page", "password"), [
    ("/auth/admin/login", "/auth/admin/logout", ADMIN_COOKIE, "/admin", ADMIN_PASSWORD),
    ("/arbiter/demo/login", "/arbiter/demo/logout", arbiter_cookie_name("demo"), "/arbiter/demo/journal",
     ARBITER_PASSWORD),
])
def test_a_login_through_worker_a_holds_on_b_and_a_logout_on_b_ends_it_on_a(
        two_remote_workers: tuple[str, str], login: str, logout: str, cookie: str, page: str, password: str) -> None:
    url_a, url_b = two_remote_workers
    a, b = client(url_a), client(url_b)
    assert b.get(page).status_code in (401, 403)  # nobody is logged in: the loopback is no admin here
    logged = a.post(login, data={"password": password}, follow_redirects=False)
    assert logged.status_code == 303, logged.text[:300]
    session = a.cookies.get(cookie) or ""
    assert len(session) >= 40
    assert a.get(page).status_code == 200
    b.cookies.set(cookie, session)
    assert b.get(page).status_code == 200  # worker B knows the session opened through A
    assert b.post(logout, follow_redirects=False).status_code == 303
    a.cookies.set(cookie, session)  # a kept copy of the cookie
    assert a.get(page).status_code in (401, 403)  # the logout on B ended it on A at once
    relogged = b.post(login, data={"password": password}, follow_redirects=False)
    assert relogged.status_code == 303 and a.get(page).status_code in (401, 403)  # a new session, not the old one


def test_serve_says_when_redis_is_needed_and_missing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    closed = free_port()  # nothing listens there
    code = main(["serve", "--events", str(tmp_path), "--workers", "2", "--redis", f"redis://127.0.0.1:{closed}"])
    assert code == 2
    message = capsys.readouterr().err
    assert "needs redis-server" in message and "apt-get install redis-server" in message and "--workers 1" in message


def test_serve_with_two_workers_on_one_socket(tmp_path: Path) -> None:
    server, redis_url = redis(tmp_path)
    port = free_port()
    args = [sys.executable, "-m", "cli.main", "serve", "--events", str(tmp_path / "events"), "--host", "127.0.0.1",
            "--port", str(port), "--workers", "2", "--redis", redis_url]
    with server, Process(args, port, tmp_path / "serve.log"):
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as c:
            statuses = {c.get("/", headers={"Connection": "close"}).status_code for _ in range(6)}
        assert statuses == {200}
        assert "with 2 workers" in (tmp_path / "serve.log").read_text()
