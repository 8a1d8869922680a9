"""Several worker processes on one events folder, joined by a real redis-server started by the test.

Workers A and B are two `echiquier serve --redis URL` processes on their own ports (exactly what
`serve --workers N` runs behind one socket, where a test could not choose its worker): a result written
through A reaches a screen's SSE stream held by B, and an admin change through B is on A's next page.
"""

from __future__ import annotations

import queue
import sys
import threading
from pathlib import Path

import httpx
import pytest

from cli.main import main
from tests.support.servers import HANG_LIMIT, Process, free_port, redis
from tests.support.workers import (
    ADMIN_PASSWORD,
    ARBITER_PASSWORD,
    Workers,
    client,
    read_until,
    sse_reader,
    wait_subscribed,
)
from web.auth import ADMIN_COOKIE, arbiter_cookie_name


def test_a_result_through_worker_a_reaches_a_screen_held_by_worker_b(
        workers_and_redis: tuple[Workers, Process]) -> None:
    (url_a, url_b, (white, black)), server = workers_and_redis
    lines: queue.Queue[str] = queue.Queue()
    stop = threading.Event()
    reader = threading.Thread(target=sse_reader, args=(f"{url_b}/live/demo", lines, stop), daemon=True)
    reader.start()
    read_until(lines, "connected", [])
    wait_subscribed(server, "event:demo", 1)  # B's subscription reached Redis
    a = client(url_a)
    sent = a.post("/screen/demo/input/result", data={"tournament_id": "1", "round": "3", "white_player_id": str(white),
                                                    "black_player_id": str(black), "result": "2", "key": "k1"},
                  headers={"HX-Request": "true"})
    assert sent.status_code == 200 and "stored on board" in sent.text, (sent.status_code, sent.headers, sent.text[:300])
    read_until(lines, (f"game-1-3-{white}", "tournament-1", "result-1"), [])  # a frame B relayed from A
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
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=HANG_LIMIT) as c:
            statuses = {c.get("/", headers={"Connection": "close"}).status_code for _ in range(6)}
        assert statuses == {200}
        assert "with 2 workers" in (tmp_path / "serve.log").read_text()
