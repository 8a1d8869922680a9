"""Response hardening, and the server's share for its own screens and its staff (an ASGI middleware).

- security headers on every response: a Content-Security-Policy without inline script (scripts come
  from /static only; styles may be inline), `frame-ancestors 'none'`, `X-Content-Type-Options:
  nosniff`, `Referrer-Policy: same-origin`, and `X-Frame-Options: DENY` for older browsers;
- over HTTPS (directly or through a trusted proxy, `--forwarded-allow-ips`), every cookie is `Secure`;
- live streams (`/live/…`, server-sent events, held open for hours) are capped per client address
  (`STREAMS_PER_CLIENT`) and in all (`STREAMS_TOTAL`), of which the last `STREAMS_RESERVED` only for the server
  machine itself (loopback: the arbiter's own screens) and signed-in staff (admin, arbiters), who are not held to
  the per-device cap either; the events followed live at once are capped too (`EVENTS_LIVE`, `EVENTS_LIVE_STAFF`),
  since each keeps its event file open (two threads, a few descriptors). Past a cap a stream gets 429 or 503 in
  words (the browser's EventSource retries later): held streams cannot use up the server's sockets or threads;
- a request that arrived while the server holds more connections than the visitors' share (cli/server.py marks
  it) is served only to the server machine and signed-in staff; anyone else gets 503 in words.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, cast

from litestar.types import ASGIApp as LitestarApp

from app.sessions import digest
from tournament.messages import N_
from web.limits import HEADERS, Quota, client_of, refuse
from web.state import app_state

SECURITY_HEADERS = {name.decode(): value.decode() for name, value in HEADERS}
STREAMS_PER_CLIENT = 12  # a screen machine may show a few screens and rotators at once
LOOPBACK = frozenset({"127.0.0.1", "::1"})
STREAMS_TOTAL = 600  # well under the usual 1024 open files, with room for every other request
STREAMS_RESERVED = 100  # of the total, for the server machine and signed-in staff
EVENTS_LIVE = 16  # events with live streams at once, for visitors
EVENTS_LIVE_STAFF = 24  # and in all (the registry keeps 32 stores open: database/registry.py)
LIVE_PREFIX = "/live/"
CROWDED = "echiquier.crowded"  # set by cli/server.py
STAFF_COOKIES = ("echiquier-admin", "echiquier-arbiter-")
STAFF_KINDS = frozenset({"admin", "arbiter"})

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

STREAM_REFUSALS = {
    429: N_("Too many live screens open from this device (at most %s)."),
    503: N_("Too many live screens are open on this server just now; this screen will try again by itself."),
}
EVENTS_REFUSAL = N_("Too many events are shown live just now; this screen will try again by itself.")
CROWDED_REFUSAL = N_("The server is serving too many connections just now; try again in a moment.")


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


class Streams(Quota):
    """Open live streams per client address and in all (in memory, one per app); the server machine itself and
    signed-in staff may use the reserved share and are not held to the per-device cap.

    >>> s = Streams(per_client=1, total=3, reserved=1)
    >>> s.take("10.0.0.2"), s.take("10.0.0.2"), s.take("127.0.0.1"), s.take("10.0.0.3"), s.take("::1")
    (True, False, True, False, True)
    """

    def __init__(self, per_client: int = STREAMS_PER_CLIENT, total: int = STREAMS_TOTAL,
                 reserved: int = STREAMS_RESERVED) -> None:
        super().__init__(per_client, total, reserved)

    def refusal(self, client: str, privileged: bool = False) -> int | None:
        return super().refusal(client, privileged or client in LOOPBACK)


def _cookies(scope: Scope) -> dict[str, str]:
    found: dict[str, str] = {}
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            for part in bytes(value).decode("latin-1").split(";"):
                key, _, text = part.strip().partition("=")
                found[key] = text
    return found


def is_staff(scope: Scope) -> bool:
    """The request carries the cookie of a live admin or arbiter session (app/sessions.py). Only the reserved shares
    hang on it; what the session may do is checked by the handlers, with the password's fingerprint."""
    if "app" not in scope:
        return False
    records = app_state(scope["app"]).sessions.records
    for name, value in _cookies(scope).items():
        if name.startswith(STAFF_COOKIES) and 0 < len(value) <= 100:
            record = records.get(digest(value))
            if record is not None and record.kind in STAFF_KINDS:
                return True
    return False


class LiveEvents:
    """The events with live streams now, and how many each has (one per app)."""

    def __init__(self) -> None:
        self.streams: dict[str, int] = {}

    def take(self, event_id: str, privileged: bool) -> bool:
        if event_id not in self.streams and len(self.streams) >= (EVENTS_LIVE_STAFF if privileged else EVENTS_LIVE):
            return False
        self.streams[event_id] = self.streams.get(event_id, 0) + 1
        return True

    def give_back(self, event_id: str) -> None:
        left = self.streams.get(event_id, 1) - 1
        if left > 0:
            self.streams[event_id] = left
        else:
            self.streams.pop(event_id, None)


def security_middleware(app: LitestarApp) -> LitestarApp:
    inner = cast("ASGIApp", app)
    streams = Streams()
    events = LiveEvents()

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await inner(scope, receive, send)
            return
        https = scope.get("scheme") == "https"

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = secured(list(message.get("headers", [])), https)
            await send(message)

        live = str(scope.get("path", "")).startswith(LIVE_PREFIX)
        if not live and not scope.get(CROWDED):
            await inner(scope, receive, send_secured)
            return
        client = client_of(scope)
        privileged = client in LOOPBACK or is_staff(scope)
        if not privileged and scope.get(CROWDED):
            await refuse(scope, send_secured, 503, CROWDED_REFUSAL, close=True)
            return
        if not live:
            await inner(scope, receive, send_secured)
            return
        await stream(scope, receive, send_secured, client, privileged)

    async def stream(scope: Scope, receive: Receive, send: Send, client: str, privileged: bool) -> None:
        status = streams.refusal(client, privileged)
        if status is not None:
            await refuse(scope, send, status, STREAM_REFUSALS[status], (streams.per_client,) if status == 429 else ())
            return
        event_id = str(scope.get("path", ""))[len(LIVE_PREFIX):].split("/", 1)[0]
        if not events.take(event_id, privileged):
            await refuse(scope, send, 503, EVENTS_REFUSAL)
            return
        streams.take(client, privileged)
        try:
            await inner(scope, receive, send)
        finally:
            streams.give_back(client)
            events.give_back(event_id)

    middleware.streams = streams  # type: ignore[attr-defined]  # for the tests
    middleware.events = events  # type: ignore[attr-defined]
    return cast("LitestarApp", middleware)
