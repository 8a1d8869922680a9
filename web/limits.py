"""Bounds on what a request may ask for, checked before any handler runs (an ASGI middleware).

- the path at most `MAX_PATH` characters, the query string at most `MAX_QUERY` bytes and
  `MAX_PARAMS` parameters (414 / 400);
- every whole number in the path or the query string (`/…/tournaments/123`, `?round=4`) at most
  `MAX_NUMBER`: a number that no id, round or board can reach is refused (400) before it reaches
  SQLite (which overflows past 2**63) or a loop sized by it;
- a body announced larger than the route's limit (`Content-Length`) is refused (413) before a byte of
  it is read: `MAX_UPLOAD` on upload routes, `MAX_FORM` elsewhere. A body sent without a length
  (chunked) is counted as it arrives and cut at the same limit;
- a TRF check (`POST /trf-lint`, open to any visitor, run in a child process: app/lint.py) is one at a time per
  device (429) and `CHECKS_TOTAL` in all (503), refused before a byte of the file is read (`Quota`).

Refusals are short pages with a keyed, translated message (i18n/__init__.py), never a 500. Meaning checks
(a round within the tournament, a player of this event) stay with the handlers (app/params.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, cast
from urllib.parse import parse_qsl, unquote

from litestar.connection import ASGIConnection
from litestar.types import ASGIApp as LitestarApp
from litestar.types import Scope as LitestarScope

from i18n import translator
from tournament.errors import EchiquierError
from tournament.messages import N_
from web.htmx import is_htmx
from web.language import request_language

MAX_PATH = 2048
MAX_QUERY = 4096
MAX_PARAMS = 40
MAX_NUMBER = 2**31 - 1  # ids, rounds, boards: SQLite rowids of a hall event never come near
MAX_DIGITS = len(str(MAX_NUMBER))
MAX_UPLOAD = 20 * 1024 * 1024  # a TRF / Papi / ChessEvent file (web/controllers/data.py says so)
MAX_UPLOAD_BODY = MAX_UPLOAD + 256 * 1024  # the file and the form around it (multipart headers, fields)
MAX_FORM = 1024 * 1024  # any other body: forms are a few kB
RATING_LIST_PATH = "/admin/ratings"  # FIDE's whole rating list, unzipped at worst (web/controllers/admin/ratings.py)
MAX_RATING_LIST_BODY = 400 * 1024 * 1024 + 256 * 1024
UPLOAD_PATHS = re.compile(r"^/(trf-lint|data/[^/]+/import|admin/.*)$")
TOO_LARGE = "The file or form is too large (at most %s MB). Nothing was changed."
NUMBER = re.compile(r"^[+-]?\d+$")
HOST = re.compile(rb"(\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})?(?::(\d{1,5}))?")
CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # a NUL reaches no file, a line break no page
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data: blob: http: https:; connect-src 'self'; font-src 'self' data:; object-src 'none'; "
       "base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [  # on every response, refusals included (web/security.py adds them to the others)
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]
CHECK_PATH = "/trf-lint"
CHECKS_PER_CLIENT = 1  # a device waits for its report before it sends another file
CHECKS_TOTAL = 2  # child processes checking files at once (app/lint.py), a core and ~600 MB each at worst

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def body_limit(path: str) -> int:
    """The largest body this path accepts.

    >>> body_limit("/trf-lint") == MAX_UPLOAD_BODY, body_limit("/screen/demo/input/result") == MAX_FORM
    (True, True)
    """
    if path == RATING_LIST_PATH:
        return MAX_RATING_LIST_BODY
    return MAX_UPLOAD_BODY if UPLOAD_PATHS.match(path) else MAX_FORM


def too_large_number(text: str) -> bool:
    """A whole number beyond `MAX_NUMBER` (either sign).

    >>> [too_large_number(t) for t in ("12", "1" + "0" * 30, "-99999999999", "x")]
    [False, True, True, False]
    """
    text = text.strip()
    if not NUMBER.match(text):
        return False
    digits = text.lstrip("+-").lstrip("0")
    return len(digits) > MAX_DIGITS or (bool(digits) and int(digits) > MAX_NUMBER)


def good_host(host: bytes) -> bool:
    """A `Host` header every part of the app can read: a name or an address, and a port from 0 to 65535.

    >>> [good_host(h) for h in (b"", b"127.0.0.1:8080", b"[::1]:80", b"echiquier.local", b"a:b", b"a:99999", b"[::1")]
    [True, True, True, True, False, False, False]
    """
    found = HOST.fullmatch(host)
    return found is not None and (not found.group(2) or int(found.group(2)) <= 65535)


def refusal(scope: Scope) -> tuple[int, str, tuple[object, ...]] | None:
    """(status, message key, arguments) when the request line asks too much, else None."""
    path: str = scope.get("path", "")
    query: bytes = scope.get("query_string", b"")
    if len(path) > MAX_PATH:
        return 414, N_("This address is too long."), ()
    if len(query) > MAX_QUERY:
        return 414, N_("This address is too long."), ()
    if CONTROL.search(path):
        return 400, N_("This address holds characters no page of Echiquier has."), ()
    if not good_host(_header(scope, b"host")):
        return 400, N_("This request names the server wrongly (its Host header)."), ()
    for segment in path.split("/"):
        if too_large_number(unquote(segment)):
            return 400, N_("The number %s is out of range (at most %s)."), (segment[:24], MAX_NUMBER)
    try:
        params = parse_qsl(query.decode("latin-1"), keep_blank_values=True, max_num_fields=MAX_PARAMS)
    except ValueError:
        return 400, N_("Too many parameters in this address (at most %s)."), (MAX_PARAMS,)
    for name, value in params:
        if too_large_number(value):
            return 400, N_("%s: the number %s is out of range (at most %s)."), (name[:24], value[:24], MAX_NUMBER)
    return None


def _header(scope: Scope, wanted: bytes) -> bytes:
    for name, value in scope.get("headers", ()):
        if name == wanted:
            return bytes(value)
    return b""


def _language(scope: Scope) -> str:
    """The request's language (web/language.py); English for a bare scope (unit tests)."""
    if "app" not in scope:
        return "en"
    return request_language(ASGIConnection(cast("LitestarScope", scope)))


def page(scope: Scope, key: str, args: tuple[object, ...]) -> bytes:
    """A small page (or an htmx fragment) with the translated message; the text is escaped by hand."""
    text = translator(_language(scope))(key, *args)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    notice = f'<div class="notice notice-error" role="alert">{text}</div>'
    if is_htmx(ASGIConnection(cast("LitestarScope", scope))):
        return notice.encode()
    return (f'<!doctype html><html><head><meta charset="utf-8"><title>Refused</title>'
            f'<link rel="stylesheet" href="/static/echiquier.css"></head><body><main class="page">{notice}'
            f'<p><a href="/">Echiquier</a></p></main></body></html>').encode()


async def refuse(scope: Scope, send: Send, status: int, key: str, args: tuple[object, ...] = (),
                 close: bool = False) -> None:
    headers = [(b"content-type", b"text/html; charset=utf-8"), *HEADERS]
    if close:  # the unread body stays on the socket: this connection cannot be reused
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": page(scope, key, args)})


class Quota:
    """Things held at once (live streams, file checks): at most `per_client` per client address and `total` in all,
    the last `reserved` of which only for `privileged` clients (the server machine itself, signed-in staff), who are
    not held to `per_client` either.

    >>> q = Quota(per_client=1, total=3, reserved=1)
    >>> q.take("10.0.0.2"), q.take("10.0.0.2"), q.take("10.0.0.3"), q.take("10.0.0.4"), q.take("::1", True)
    (True, False, True, False, True)
    >>> q.refusal("10.0.0.2"), q.refusal("10.0.0.5"), q.refusal("::1", True)
    (429, 503, 503)
    """

    def __init__(self, per_client: int, total: int, reserved: int = 0) -> None:
        self.per_client = per_client
        self.total = total
        self.reserved = reserved
        self.open: Counter[str] = Counter()
        self.count = 0

    def refusal(self, client: str, privileged: bool = False) -> int | None:
        """None if `client` may take one more; else 429 (its own share is used) or 503 (all are)."""
        if not privileged and self.open[client] >= self.per_client:
            return 429
        if self.count >= (self.total if privileged else self.total - self.reserved):
            return 503
        return None

    def take(self, client: str, privileged: bool = False) -> bool:
        if self.refusal(client, privileged) is not None:
            return False
        self.open[client] += 1
        self.count += 1
        return True

    def give_back(self, client: str) -> None:
        if self.open[client] > 0:
            self.count -= 1
            self.open[client] -= 1
        if self.open[client] <= 0:
            del self.open[client]


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


CHECK_REFUSALS = {
    429: N_("A file from this device is being checked: wait for its report, then send the next one."),
    503: N_("The server is checking other files just now; try again in a minute."),
}


async def drain(receive: Receive, limit: int) -> None:
    """Read a request's body and drop it, up to `limit` bytes: a client still sending gets the answer instead of a
    reset connection."""
    received = 0
    while received <= limit:
        message = await receive()
        if message["type"] != "http.request":
            return
        received += len(message.get("body", b""))
        if not message.get("more_body"):
            return


class BodyTooLarge(EchiquierError):
    """Raised by the counting `receive` when a body sent without a length goes past the limit (413)."""

    def __init__(self, limit: int) -> None:
        super().__init__("The file or form is too large (at most %s MB). Nothing was changed.",
                         max(1, limit // (1024 * 1024)))


def limits_middleware(app: LitestarApp) -> LitestarApp:
    inner = cast("ASGIApp", app)
    checks = Quota(CHECKS_PER_CLIENT, CHECKS_TOTAL)

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await inner(scope, receive, send)
            return
        refused = refusal(scope)
        if refused is not None:
            await refuse(scope, send, *refused)
            return
        if scope.get("method") == "POST" and scope.get("path") == CHECK_PATH:
            client = client_of(scope)
            status = checks.refusal(client)
            if status is not None:  # read and dropped (bounded, kept nowhere): the browser then shows the answer
                await drain(receive, MAX_UPLOAD_BODY)
                await refuse(scope, send, status, CHECK_REFUSALS[status], close=True)
                return
            checks.take(client)
            try:
                await bounded(scope, receive, send)
            finally:
                checks.give_back(client)
            return
        await bounded(scope, receive, send)

    async def bounded(scope: Scope, receive: Receive, send: Send) -> None:
        limit = body_limit(scope.get("path", ""))
        length = _header(scope, b"content-length")
        if length:
            if not length.isdigit() or len(length) > 15 or int(length) > limit:
                await refuse(scope, send, 413, TOO_LARGE, (max(1, limit // (1024 * 1024)),), close=True)
                return
            await inner(scope, receive, send)
            return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await inner(scope, counted, watched)
        except BodyTooLarge as exc:  # raised where no handler catches it (a middleware reading the body)
            if not started:
                await refuse(scope, send, 413, exc.key, exc.params, close=True)

    return cast("LitestarApp", middleware)
