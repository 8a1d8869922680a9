"""Response hardening and the cap on live streams (an ASGI middleware).

- security headers on every response: a Content-Security-Policy without inline script (scripts come
  from /static only; styles may be inline), `frame-ancestors 'none'`, `X-Content-Type-Options:
  nosniff`, `Referrer-Policy: same-origin`, and `X-Frame-Options: DENY` for older browsers;
- over HTTPS (directly or through a trusted proxy, `--forwarded-allow-ips`), every cookie is `Secure`;
- live streams (`/live/…`, server-sent events, held open for hours) are capped per client address
  (`STREAMS_PER_CLIENT`) and in all (`STREAMS_TOTAL`): past the cap a stream gets 429 (and the
  browser's EventSource retries later), so held streams cannot use up the server's sockets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, cast

from litestar.types import ASGIApp as LitestarApp

from tournament.messages import N_
from web.limits import refuse

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data: blob: http: https:; connect-src 'self'; font-src 'self' data:; object-src 'none'; "
       "base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]
SECURITY_HEADERS = {name.decode(): value.decode() for name, value in HEADERS}
STREAMS_PER_CLIENT = 12  # a screen machine may show a few screens and rotators at once
LOOPBACK = frozenset({"127.0.0.1", "::1"})
STREAMS_TOTAL = 600  # well under the usual 1024 open files, with room for every other request
LIVE_PREFIX = "/live/"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def secured(headers: list[tuple[bytes, bytes]], https: bool) -> list[tuple[bytes, bytes]]:
    """The response headers with the security headers added (kept if the handler set its own), cookies Secure
    over HTTPS.

    >>> [v for k, v in secured([(b"set-cookie", b"a=1; Path=/")], True) if k == b"set-cookie"]
    [b'a=1; Path=/; Secure']
    """
    present = {name.lower() for name, _ in headers}
    out = []
    for name, value in headers:
        if https and name.lower() == b"set-cookie" and b"secure" not in value.lower():
            value = value + b"; Secure"
        out.append((name, value))
    out.extend((name, value) for name, value in HEADERS if name not in present)
    return out


class Streams:
    """Open live streams per client address (in memory, one per app)."""

    def __init__(self, per_client: int = STREAMS_PER_CLIENT, total: int = STREAMS_TOTAL) -> None:
        self.per_client = per_client
        self.total = total
        self.open: Counter[str] = Counter()

    def take(self, client: str) -> bool:
        """One more stream for `client`; the server machine itself (loopback: the arbiter's own screens, the
        benchmarks' 200 screens) is held to the total only.

        >>> s = Streams(per_client=1, total=3)
        >>> s.take("10.0.0.2"), s.take("10.0.0.2"), s.take("127.0.0.1"), s.take("127.0.0.1"), s.take("::1")
        (True, False, True, True, False)
        """
        local = client in LOOPBACK
        if (not local and self.open[client] >= self.per_client) or sum(self.open.values()) >= self.total:
            return False
        self.open[client] += 1
        return True

    def give_back(self, client: str) -> None:
        self.open[client] -= 1
        if self.open[client] <= 0:
            del self.open[client]


def security_middleware(app: LitestarApp) -> LitestarApp:
    inner = cast("ASGIApp", app)
    streams = Streams()

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await inner(scope, receive, send)
            return
        https = scope.get("scheme") == "https"

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = secured(list(message.get("headers", [])), https)
            await send(message)

        if not str(scope.get("path", "")).startswith(LIVE_PREFIX):
            await inner(scope, receive, send_secured)
            return
        client = scope["client"][0] if scope.get("client") else "?"
        if not streams.take(client):
            await refuse(scope, send_secured, 429, N_("Too many live screens open from this device (at most %s)."),
                         (streams.per_client,))
            return
        try:
            await inner(scope, receive, send_secured)
        finally:
            streams.give_back(client)

    middleware.streams = streams  # type: ignore[attr-defined]  # for the tests
    return cast("LitestarApp", middleware)
