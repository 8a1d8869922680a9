"""uvicorn as `echiquier serve` runs it: bounded connections for a hall LAN where anyone may connect.

`HeaderTimeoutProtocol` is uvicorn's h11 protocol with what a hostile hall network needs (uvicorn has none of it):
- a request head must arrive within `HEADER_TIMEOUT` seconds of its first byte (or of the connection), and within
  `CROWDED_HEADER_TIMEOUT` when the server holds many connections: slow heads re-opened again and again are shed;
- a request body must keep coming at `MIN_BODY_RATE` bytes a second on average after `BODY_GRACE` seconds
  (time the server itself stopped reading is not counted): trickling bodies cannot hold sockets;
- connections are bounded per client address (`CONNECTIONS_PER_CLIENT`: a browser's six, its live screens and
  more) and in all, from the limit of open files: past `budget()` the connection gets a short answer in words
  and is closed, unless a connection waiting for a request head can be closed instead: one that sent part of a head
  (a client sends its head at once), else an idle keep-alive, else one silent for `SHED_AFTER` seconds; between the
  visitors' share and the budget, requests are marked "crowded" and web/security.py
  serves only the server machine itself and signed-in staff. The server machine itself (loopback) is never
  refused here, nor anybody when a reverse proxy (`--forwarded-allow-ips`) connects for every client.
- idle keep-alive connections close after `KEEP_ALIVE` seconds; a request head is at most 16 kB (h11);
- proxy headers (`X-Forwarded-For`/`-Proto`) are trusted only from `--forwarded-allow-ips`;
- the soft limit of open files is raised to the hard limit at start (held SSE streams are sockets).
"""

from __future__ import annotations

import asyncio
import contextlib
from types import ModuleType
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from app.settings import Settings

resource: ModuleType | None
try:
    import resource  # POSIX only (not on Windows)
except ImportError:  # pragma: no cover
    resource = None

HEADER_TIMEOUT = 10.0
CROWDED_HEADER_TIMEOUT = 2.0
SHED_AFTER = 5.0  # seconds a connection waited for its head before it may be closed for a newcomer
BODY_GRACE = 10.0
BODY_CHECK_EVERY = 2.0
MIN_BODY_RATE = 16 * 1024  # bytes a second: a 20 MB file may take 20 minutes, a trickle is cut
KEEP_ALIVE = 5
MAX_HEAD = 16 * 1024
CONNECTIONS_PER_CLIENT = 32  # a browser's 6 connections, 12 live screens, a rotator's and a tablet's next ones
FILES_KEPT = 224  # open files never used for connections: event files (6 each), templates, logs, child processes
STAFF_SHARE = 100  # connections past the visitors' share, for the server machine and signed-in staff
CROWDED = "echiquier.crowded"  # scope key: set on requests that arrive past the visitors' share
LOOPBACK = frozenset({"127.0.0.1", "::1"})
SECURITY_HEADERS = (b"content-security-policy: default-src 'none'; frame-ancestors 'none'\r\n"
                    b"x-content-type-options: nosniff\r\nreferrer-policy: same-origin\r\nx-frame-options: DENY\r\n")


def budget() -> int:
    """How many connections the server holds at most: the soft limit of open files less `FILES_KEPT`."""
    soft = 1024
    if resource is not None:
        with contextlib.suppress(ValueError, OSError):
            found = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
            soft = found if found != resource.RLIM_INFINITY else 65536
    return max(64, soft - FILES_KEPT)


def short_answer(status: bytes, english: str, french: str) -> bytes:
    """A whole HTTP/1.1 response in words (both languages: no request was read to know its language)."""
    body = f"{english}\n{french}\n".encode()
    return (b"HTTP/1.1 " + status + b"\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
            + SECURITY_HEADERS + b"content-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


TOO_MANY_HERE = short_answer(b"429 Too Many Requests", "Too many connections from this device; close some pages.",
                             "Trop de connexions depuis cet appareil ; fermez quelques pages.")
TOO_MANY = short_answer(b"503 Service Unavailable", "The server is serving too many connections; try again soon.",
                        "Le serveur a trop de connexions ; réessayez dans un instant.")


class HeaderTimeoutProtocol(H11Protocol):
    """H11Protocol with head and body deadlines and bounded connections (module docstring)."""

    header_timeout = HEADER_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        self._body_timer: asyncio.TimerHandle | None = None
        self._body_started = 0.0
        self._body_received = 0
        peer = transport.get_extra_info("peername")
        self.peer = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.since = self.loop.time()
        self.head_bytes = 0  # of a head not complete yet: a client sends its head at once, a slow one in bits
        if self.peer not in LOOPBACK and not self.config.proxy_headers and self._refused(transport):
            return
        self._arm()

    def _refused(self, transport: asyncio.Transport) -> bool:
        """Answer and close a connection past the client's share or the budget; mark one past the visitors' share."""
        total = len(self.connections)
        limit = budget()
        answer = None
        if total > limit and not self._shed():
            answer = TOO_MANY
        elif sum(1 for c in self.connections if getattr(c, "peer", None) == self.peer) > CONNECTIONS_PER_CLIENT:
            answer = TOO_MANY_HERE
        if answer is not None:
            transport.write(answer)
            transport.close()
            return True
        return False

    def _shed(self) -> bool:
        """Past the budget: close the connection that waits longest for a request head (a slow head, an idle
        keep-alive), so that a client sending its request at once is served; False when none waits."""
        now = self.loop.time()
        waiting = [c for c in self.connections if isinstance(c, HeaderTimeoutProtocol) and c is not self
                   and c._head_timer is not None
                   and (c.head_bytes or c.cycle is not None or now - c.since > SHED_AFTER)]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: (not c.head_bytes, c.since))
        oldest._disarm()
        oldest.transport.close()
        return True

    def _pressed(self) -> bool:
        """Many connections open: heads get less time."""
        return len(self.connections) > budget() - STAFF_SHARE

    def _crowded(self) -> bool:
        """Many requests under way (streams, bodies, handlers; not connections waiting for a head, which are shed)."""
        busy = sum(1 for c in self.connections if not isinstance(c, HeaderTimeoutProtocol) or c._head_timer is None)
        return busy > budget() - STAFF_SHARE

    def _arm(self) -> None:
        if self._head_timer is None:
            self.since = self.loop.time()
            self.head_bytes = 0
            timeout = CROWDED_HEADER_TIMEOUT if self._pressed() else self.header_timeout
            self._head_timer = self.loop.call_later(min(timeout, self.header_timeout), self._head_timed_out)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        before = self.cycle
        super().data_received(data)
        cycle = self.cycle
        if cycle is not before:  # a request head was parsed: its handler runs, no more head timer
            self._disarm()
            if cycle is not None:
                if self._crowded():
                    cycle.scope[CROWDED] = True  # type: ignore[literal-required]  # read by web/security.py
                if cycle.more_body:
                    self._watch_body(len(data))
        elif before is None or before.response_complete:  # between requests: the next head is on the clock
            self._arm()
            self.head_bytes += len(data)
        elif self._body_timer is not None:
            self._body_received += len(data)
        if cycle is not None and not cycle.more_body:
            self._stop_body()

    def _watch_body(self, received: int) -> None:
        self._stop_body()
        self._body_started = self.loop.time()
        self._body_received = received
        self._body_timer = self.loop.call_later(BODY_GRACE, self._check_body)

    def _stop_body(self) -> None:
        if self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None

    def _check_body(self) -> None:
        """Close a connection whose body comes slower than `MIN_BODY_RATE` (while the server reads it)."""
        self._body_timer = None
        cycle = self.cycle
        if cycle is None or not cycle.more_body or self.transport.is_closing():
            return
        if self.flow.read_paused:  # the server is not reading: the client is not late
            self._body_started += BODY_CHECK_EVERY
        elif self._body_received < (self.loop.time() - self._body_started - BODY_GRACE) * MIN_BODY_RATE:
            self.transport.close()
            return
        self._body_timer = self.loop.call_later(BODY_CHECK_EVERY, self._check_body)

    def send_400_response(self, msg: str) -> None:
        """An unreadable request: uvicorn's answer, with the security headers."""
        self.transport.write(short_answer(b"400 Bad Request", "This request cannot be read.",
                                          "Cette requête est illisible."))
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._stop_body()
        super().connection_lost(exc)


def raise_open_file_limit() -> tuple[int, int] | None:
    """Soft RLIMIT_NOFILE up to the hard limit (Linux/macOS); returns (soft, hard) or None."""
    if resource is None:
        return None
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        if wanted > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        found: tuple[int, int] = resource.getrlimit(resource.RLIMIT_NOFILE)
        return found
    return None


def uvicorn_config(app: Any, settings: Settings, host: str, port: int, **extra: Any) -> uvicorn.Config:
    """The server's uvicorn settings (also used by the tests of the header timeout)."""
    proxies = settings.forwarded_allow_ips
    return uvicorn.Config(
        app, host=host, port=port, log_level="warning", http=HeaderTimeoutProtocol,
        timeout_keep_alive=KEEP_ALIVE, h11_max_incomplete_event_size=MAX_HEAD,
        proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None, **extra,
    )
