"""uvicorn as `echiquier serve` runs it: bounded connections for a hall LAN where anyone may connect.

- `HeaderTimeoutProtocol`: uvicorn's h11 protocol with a header read timeout (uvicorn has none): a
  client must send a request's whole head within `HEADER_TIMEOUT` seconds of its first byte (or of
  the connection), else the connection is closed. Slow-header clients cannot hold sockets forever.
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
KEEP_ALIVE = 5
MAX_HEAD = 16 * 1024


class HeaderTimeoutProtocol(H11Protocol):
    """H11Protocol that closes a connection whose request head does not arrive in time."""

    header_timeout = HEADER_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        self._arm()

    def _arm(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.header_timeout, self._head_timed_out)

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
        if self.cycle is not before:  # a request head was parsed: its handler runs, no more timer
            self._disarm()
        elif before is None or before.response_complete:  # between requests: the next head is on the clock
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
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
