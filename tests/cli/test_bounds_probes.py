"""Resource probes (issue 21, items 2 and 3): a hostile hall network against a real server held to a small machine's
resources (1024 open files, a 3 GB address space: tests/bounds_kit.py). Visitors come from many addresses
(127.0.1.x, 127.0.2.x …: loopback addresses that are not the server machine's own 127.0.0.1).

After each attack the server lives and answers the three who must never be locked out: a signed-in admin on another
device, the server machine's own screen (a live stream from 127.0.0.1) and a tablet (a visitor's page: an answer in
words, never a 500 and never a dead socket). Every wait is on a condition, with a generous guard against a hang.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from database.store import EventStore
from tests.support.bounds import heavy_trf, limited_server, open_files, process_memory
from tests.support.events import make_folder
from web.auth import save_admin_password

ADMIN_PASSWORD = "probe-admin-password"
GUARD = 120.0  # seconds: a hang guard only, never a timing assertion
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="resource limits and /proc: Linux")


class Served:
    def __init__(self, url: str, process: subprocess.Popen[bytes]) -> None:
        self.url = url
        self.port = int(url.rsplit(":", 1)[1])
        self.process = process
        self.admin_cookie = ""


async def prepare(events: Path) -> None:
    await make_folder(events, count=500, private=0)
    hall = await EventStore.create(events / "hall.db", name="Hall", start=0.0, stop=4e9, public=True)
    tid = await hall.add_tournament(uniq_id="open", name="Open", rounds=5)
    await hall.add_screen(uniq_id="boards", type="boards", public=True, columns=1, sets=[{"tournament_id": tid}])
    await hall.close()
    late = await EventStore.create(events / "late.db", name="Late", start=0.0, stop=4e9, public=True)
    await late.close()
    await save_admin_password(events, ADMIN_PASSWORD)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    events = tmp_path_factory.mktemp("probes") / "events"
    asyncio.run(prepare(events))
    log = events.parent / "server.log"
    with limited_server(events, log) as (url, process):
        server = Served(url, process)
        server.admin_cookie = asyncio.run(admin_login(server))
        yield server
    errors = log.read_text(errors="replace")
    assert "unexpected error" not in errors, errors[-3000:]  # web/errors.py logs every 500 so


def client(served: Served, source: str, **options: object) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=source)
    return httpx.AsyncClient(base_url=served.url, transport=transport, timeout=GUARD, **options)  # type: ignore[arg-type]


async def admin_login(served: Served) -> str:
    """The admin password, signed in from another device: the session cookie."""
    async with client(served, "127.0.9.1", headers={"Host": "echiquier.example"}) as admin:
        await admin.get("/trf-lint")
        token = admin.cookies.get("echiquier-csrf") or ""
        answer = await admin.post("/auth/admin/login", data={"password": ADMIN_PASSWORD, "csrf_token": token})
        assert answer.status_code == 303, answer.text[:300]
        return admin.cookies.get("echiquier-admin") or ""


def visitor(n: int) -> str:
    """The n-th visitor's address: 127.0.1.1, 127.0.1.2 … 127.0.1.250, 127.0.2.1 …"""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


def sent_head(served: Served, source: str, path: str) -> socket.socket | None:
    """A connection from `source` whose request head for `path` is sent at once (None if it could not connect).

    Blocking, on purpose: the head is in the server's socket buffer as soon as the connection exists, as a hall
    screen sends it. Opened from a thousand coroutines, a test process starved of CPU (the suite runs with the
    machine saturated) could send a head seconds after its connection, and a pressed server rightly closes a
    head that slow (cli/server.py): the test would measure its own scheduling, not the server."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", served.port))
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n\r\n".encode())
    except OSError:
        sock.close()
        return None
    sock.setblocking(False)
    return sock


async def open_stream(served: Served, source: str, path: str,
                      sock: socket.socket | None = None) -> tuple[int, asyncio.StreamWriter | None]:
    """A live stream as a hall screen holds it (on `sock`, its head already sent, if given): (status, the open
    connection while it streams)."""
    if sock is None:
        sock = sent_head(served, source, path)
    if sock is None:
        return 0, None
    reader, writer = await asyncio.open_connection(sock=sock)
    try:
        line = await asyncio.wait_for(reader.readline(), GUARD)
    except (TimeoutError, OSError):
        line = b""
    status = int(line.split()[1]) if line.startswith(b"HTTP/1.1 ") else 0
    if status != 200:
        writer.close()
        return status, None
    return status, writer


@contextlib.asynccontextmanager
async def streams(served: Served, paths: list[tuple[str, str]]) -> AsyncIterator[list[int]]:
    """Open every (source, path) stream at once (every head sent before any answer is read); yields their statuses
    while the open ones are held."""
    socks = [sent_head(served, source, path) for source, path in paths]
    opened = await asyncio.gather(*(open_stream(served, source, path, sock)
                                    for (source, path), sock in zip(paths, socks, strict=True)
                                    if sock is not None))
    opened += [(0, None)] * socks.count(None)
    try:
        yield [status for status, _ in opened]
    finally:
        for _, writer in opened:
            if writer is not None:
                writer.close()


async def still_serves(served: Served) -> None:
    """The server lives; the signed-in admin, the server's own screen and a tablet are served."""
    assert served.process.poll() is None, "the server died"
    async with client(served, "127.0.9.1", headers={"Host": "echiquier.example"},
                      cookies={"echiquier-admin": served.admin_cookie}) as admin:
        answer = await admin.get("/admin")
        assert answer.status_code == 200, answer.text[:300]
    status, own = await open_stream(served, "127.0.0.1", "/live/hall")
    assert status == 200
    assert own is not None
    own.close()
    async with client(served, "127.0.9.2") as tablet:
        answer = await tablet.get("/screen/hall/boards")
        assert answer.status_code == 200, answer.text[:300]


async def test_a_thousand_streams_to_an_event_not_yet_open(served: Served) -> None:
    paths = [(visitor(n), "/live/late") for n in range(1000)]
    async with streams(served, paths) as statuses:
        counts = {s: statuses.count(s) for s in set(statuses)}
        assert set(statuses) <= {200, 429, 503}, counts  # an answer in words for each, never a dead socket
        assert 0 < statuses.count(200) <= 500, counts  # the visitors' share of the 600
        await still_serves(served)


async def test_one_stream_on_each_of_500_events(served: Served) -> None:
    paths = [(visitor(n // 12), f"/live/e{n:03d}") for n in range(500)]
    async with streams(served, paths) as statuses:
        assert set(statuses) <= {200, 503}, {s: statuses.count(s) for s in set(statuses)}
        assert 0 < statuses.count(200) <= 16  # events followed live by visitors at once
        fields = dict(line.split(":", 1) for line in Path(f"/proc/{served.process.pid}/status").read_text()
                      .splitlines() if ":" in line)
        assert int(fields["Threads"]) < 150
        await still_serves(served)


async def slow_heads(served: Served, source: str, stop: asyncio.Event) -> None:
    """A client that keeps a request head unfinished, and opens another as soon as the server closes it."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", served.port, local_addr=(source, 0))
        except OSError:
            await asyncio.sleep(0.2)
            continue
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        closed = asyncio.ensure_future(reader.read())
        stopping = asyncio.ensure_future(stop.wait())
        await asyncio.wait({closed, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        closed.cancel()
        writer.close()


async def wait_for_files(served: Served, at_least: int) -> None:
    deadline = time.monotonic() + GUARD
    while open_files(served.process.pid) < at_least:
        assert time.monotonic() < deadline, f"only {open_files(served.process.pid)} files open"
        await asyncio.sleep(0.1)


async def test_slow_heads_reopened_do_not_lock_anybody_out(served: Served) -> None:
    stop = asyncio.Event()
    attackers = [asyncio.ensure_future(slow_heads(served, visitor(n // 32), stop)) for n in range(960)]
    try:
        await wait_for_files(served, 700)
        await still_serves(served)
    finally:
        stop.set()
        await asyncio.gather(*attackers)


async def trickle(served: Served, source: str, token: str, cut: list[int]) -> None:
    """A POST whose body comes a byte a second: counted in `cut` when the server closes it."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", served.port, local_addr=(source, 0))
    except OSError:
        return
    writer.write(f"POST /auth/admin/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-"
                 f"urlencoded\r\nContent-Length: 100000\r\nCookie: echiquier-csrf={token}\r\n"
                 f"X-CSRF-Token: {token}\r\n\r\n".encode())
    deadline = time.monotonic() + GUARD
    try:
        while time.monotonic() < deadline:
            writer.write(b"p")
            await writer.drain()
            with contextlib.suppress(TimeoutError):
                if await asyncio.wait_for(reader.read(), 1.0) == b"" or reader.at_eof():
                    cut.append(1)
                    return
    except OSError:
        cut.append(1)
    finally:
        writer.close()


async def test_trickling_bodies_are_cut(served: Served) -> None:
    async with client(served, "127.0.9.3") as first:
        await first.get("/trf-lint")
        token = first.cookies.get("echiquier-csrf") or ""
    cut: list[int] = []
    tricklers = [asyncio.ensure_future(trickle(served, visitor(n // 32), token, cut)) for n in range(600)]
    await wait_for_files(served, 500)
    await still_serves(served)
    await asyncio.gather(*tricklers)
    assert len(cut) == 600  # every trickle was closed by the server, none outlived the guard


async def lint(served: Served, source: str, content: bytes) -> int:
    async with client(served, source) as device:
        await device.get("/trf-lint")
        token = device.cookies.get("echiquier-csrf") or ""
        answer = await device.post("/trf-lint", data={"csrf_token": token},
                                   files={"file": ("heavy.trf", content, "text/plain")})
        return answer.status_code


async def test_parallel_checks_of_heavy_files_cost_the_server_nothing(served: Served) -> None:
    content = heavy_trf(players=2000, rounds=60)
    before, _ = process_memory(served.process.pid)
    statuses = await asyncio.gather(*(lint(served, visitor(900 + n), content) for n in range(6)),
                                    *(lint(served, visitor(950), content) for _ in range(20)))
    assert set(statuses) <= {200, 429, 503}, statuses
    assert statuses.count(200) >= 1
    after, _ = process_memory(served.process.pid)
    assert after - before < 60  # MB: the files were checked in child processes, read a chunk at a time
    await still_serves(served)
