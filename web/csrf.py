"""CSRF protection: a signed token in a cookie, sent back with every state-changing request.

Every response to a client without a valid token cookie sets one (`echiquier-csrf`, SameSite=Lax).
A POST/PUT/PATCH/DELETE is accepted only if it carries the same token in the `X-CSRF-Token` header
(htmx: added to every request by web/static/echiquier.js from `<meta name="csrf-token">`) or in a
`csrf_token` form field (plain forms: templates add `<input type="hidden" name="csrf_token"
value="{{ csrf_token }}">`; echiquier.js also adds it to any POST form that lacks it). Anything else
gets a 403 page, before the handler runs and before any body is parsed: a client without a token cookie is
refused without reading its body, and a body is read at most up to its route's limit (web/limits.py). In a
multipart form (a file upload) the field must come before the file, within its first `MULTIPART_HEAD` bytes (every
form of the app puts it first): the middleware reads no further, and the file streams on to the handler instead of
being held in memory (a 20 MB upload costs the server a few chunks, not 40 MB).
Templates get the token as `csrf_token` (web/render.py).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import Any, cast
from urllib.parse import parse_qs

from litestar.connection import ASGIConnection
from litestar.types import ASGIApp as LitestarApp
from litestar.types import Scope as LitestarScope

from i18n import translator
from web.htmx import is_htmx
from web.language import request_language
from web.limits import body_limit
from web.state import app_state

COOKIE = "echiquier-csrf"
HEADER = b"x-csrf-token"
FIELD = "csrf_token"
SCOPE_KEY = "echiquier_csrf"
SAFE = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
MULTIPART_HEAD = 64 * 1024
MULTIPART_FIELD = re.compile(rb'name="csrf_token"\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9_.-]{1,200})\r\n')

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def new_token(secret: bytes) -> str:
    nonce = secrets.token_urlsafe(18)
    return f"{nonce}.{_mac(secret, nonce)}"


def valid(secret: bytes, token: str) -> bool:
    nonce, _, mac = token.partition(".")
    return bool(nonce) and hmac.compare_digest(mac.encode(), _mac(secret, nonce).encode())  # bytes: any text


def _mac(secret: bytes, nonce: str) -> str:
    return hmac.new(secret, f"csrf:{nonce}".encode(), hashlib.sha256).hexdigest()[:32]


def token_of(scope: Mapping[str, object]) -> str:
    """The token to put in pages for this request's client."""
    return str(scope.get(SCOPE_KEY, ""))


def _cookie(scope: Scope) -> str:
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            for part in value.decode("latin-1").split(";"):
                key, _, val = part.strip().partition("=")
                if key == COOKIE:
                    return val
    return ""


def _header(scope: Scope, wanted: bytes) -> str:
    for name, value in scope.get("headers", ()):
        if name == wanted:
            return str(value.decode("latin-1"))
    return ""


async def _read_body(receive: Receive, limit: int) -> tuple[bytes, list[Message]]:
    """The body, up to `limit` (the route's: web/limits.py refused a larger Content-Length before this)."""
    chunks: list[bytes] = []
    messages: list[Message] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        size += len(chunks[-1])
        if not message.get("more_body") or size > limit:
            break
    return b"".join(chunks), messages


def _read_limit(scope: Scope) -> int:
    """How much of the body the token may be looked for in: a multipart form's head, any other form whole."""
    if _header(scope, b"content-type").startswith("multipart/form-data"):
        return MULTIPART_HEAD
    return body_limit(scope.get("path", ""))


def _field(content_type: str, body: bytes) -> str:
    if content_type.startswith("application/x-www-form-urlencoded"):
        values = parse_qs(body.decode("utf-8", "replace")).get(FIELD)
        return values[0] if values else ""
    if content_type.startswith("multipart/form-data"):
        found = MULTIPART_FIELD.search(body)
        return found.group(1).decode() if found else ""
    return ""


def _refuse_page(scope: Scope) -> bytes:
    connection: ASGIConnection[Any, Any, Any, Any] = ASGIConnection(cast("LitestarScope", scope))
    fragment = is_htmx(connection)
    lang = request_language(connection)  # resolved by web/language.py (an outer middleware)
    _ = translator(lang)
    text = _("This page is out of date or was not sent by Echiquier (security check failed): reload the page"
             " and try again. Nothing was changed.")
    if fragment:
        return f'<div class="notice notice-error" role="alert">{text}</div>'.encode()
    title = _("Refused")
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
            f'<link rel="stylesheet" href="/static/echiquier.css"></head><body><main class="page">'
            f'<div class="notice notice-error" role="alert">{text}</div><p><a href="/">Echiquier</a></p>'
            f"</main></body></html>").encode()


def csrf_middleware(app: LitestarApp) -> LitestarApp:
    """The middleware reads and writes the ASGI scope and messages as the plain dicts they are."""
    inner = cast("ASGIApp", app)

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await inner(scope, receive, send)
            return
        secret = app_state(scope["app"]).secret
        cookie = _cookie(scope)
        fresh = not (cookie and valid(secret, cookie))
        token = new_token(secret) if fresh else cookie
        scope[SCOPE_KEY] = token

        async def send_with_cookie(message: Message) -> None:
            if fresh and message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"set-cookie", f"{COOKIE}={token}; Path=/; SameSite=Lax; Max-Age=31536000".encode()))
                message["headers"] = headers
            await send(message)

        if scope["method"] in SAFE:
            await inner(scope, receive, send_with_cookie)
            return
        sent = _header(scope, HEADER)
        replay: list[Message] = []
        if not sent and not fresh:
            body, replay = await _read_body(receive, _read_limit(scope))
            sent = _field(_header(scope, b"content-type"), body)
        if fresh or not sent or not hmac.compare_digest(sent.encode(), cookie.encode()):
            await send_with_cookie({"type": "http.response.start", "status": 403,
                                    "headers": [(b"content-type", b"text/html; charset=utf-8")]})
            await send({"type": "http.response.body", "body": _refuse_page(scope)})
            return

        async def replayed() -> Message:
            if replay:
                return replay.pop(0)
            return await receive()

        await inner(scope, replayed, send)

    return cast("LitestarApp", middleware)
