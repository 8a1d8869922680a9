"""Which language a request is answered in, and remembering the visitor's choice.

Precedence: an explicit `?lang=` (then remembered in the `lang` cookie) > the `lang` cookie > the event's
default language (`info.language`, for URLs naming an event) > the browser's Accept-Language > the
server's default (`echiquier serve --lang`) > English. `language_middleware` resolves it once per request
(it may need the event's settings, which are read asynchronously) and keeps it in the ASGI scope, where
`web.render.language` reads it for pages, fragments, dialogs and error messages alike.
"""

from __future__ import annotations

from typing import Any

from litestar.connection import ASGIConnection

from i18n import LANGUAGES
from tournament.errors import EchiquierError
from web.state import app_state

COOKIE = "lang"
COOKIE_AGE = 60 * 60 * 24 * 365
SCOPE_KEY = "echiquier.language"


def supported(value: str | None) -> str | None:
    """`value` if it names a language of the catalogs (case and region ignored), else None.

    >>> supported("fr"), supported("FR-be"), supported("de"), supported(None)
    ('fr', 'fr', None, None)
    """
    if not value:
        return None
    code = value.strip().lower().split("-")[0].split("_")[0]
    return code if code in LANGUAGES else None


def from_accept_language(header: str | None) -> str | None:
    """The supported language the browser prefers most (RFC 9110 q-values), else None.

    >>> from_accept_language("de-DE,de;q=0.9,fr;q=0.8,en;q=0.7")
    'fr'
    >>> from_accept_language("en-GB,fr;q=0.5"), from_accept_language("fr;q=0, en;q=0.1")
    ('en', 'en')
    >>> from_accept_language("*"), from_accept_language(""), from_accept_language("fr;q=abc")
    (None, None, 'fr')
    """
    best: tuple[float, int, str] | None = None
    for position, part in enumerate((header or "").split(",")):
        tag, *params = part.split(";")
        code = supported(tag)
        if code is None:
            continue
        weight = 1.0
        for param in params:
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 1.0
        if weight <= 0:
            continue
        candidate = (-weight, position, code)
        if best is None or candidate < best:
            best = candidate
    return best[2] if best else None


def choose(*, query: str | None, cookie: str | None, event: str | None, accept: str | None, server: str) -> str:
    """The first language given, in order of precedence.

    >>> choose(query=None, cookie="fr", event="en", accept="en", server="en")
    'fr'
    >>> choose(query="en", cookie="fr", event=None, accept=None, server="fr")
    'en'
    >>> choose(query="xx", cookie=None, event=None, accept="de, fr;q=0.5", server="en")
    'fr'
    >>> choose(query=None, cookie=None, event=None, accept="de", server="fr")
    'fr'
    """
    for candidate in (supported(query), supported(cookie), supported(event), from_accept_language(accept),
                      supported(server)):
        if candidate:
            return candidate
    return LANGUAGES[0]


def request_language(connection: ASGIConnection[Any, Any, Any, Any]) -> str:
    """The language resolved by the middleware; without it (no route matched), the same rule minus the event."""
    resolved = connection.scope.get(SCOPE_KEY)
    if isinstance(resolved, str):
        return resolved
    return choose(query=connection.query_params.get("lang"), cookie=connection.cookies.get(COOKIE), event=None,
                  accept=connection.headers.get("accept-language"), server=app_state(connection).settings.language)


async def event_language(scope: Any) -> str | None:
    """The default language of the event named by the URL (`{event_id}`), None when there is none."""
    event_id = (scope.get("path_params") or {}).get("event_id")
    if not isinstance(event_id, str) or not event_id:
        return None
    try:
        registry = app_state(scope["app"]).registry
        # an open store as it is (a moved or replaced file is the handler's to report, database/registry.py)
        store = registry.peek(event_id) or await registry.get(event_id)
        info = await store.info()
    except EchiquierError:
        return None  # unknown or unreadable event: the handler reports the problem itself
    return supported(getattr(info, "language", None))


def cookie_header(code: str) -> bytes:
    return f"{COOKIE}={code}; Path=/; Max-Age={COOKIE_AGE}; SameSite=Lax".encode()


def language_middleware(app: Any) -> Any:
    """Resolve the request's language once; an explicit `?lang=` also sets (remembers) the `lang` cookie."""

    async def middleware(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        connection: ASGIConnection[Any, Any, Any, Any] = ASGIConnection(scope)
        query = supported(connection.query_params.get("lang"))
        cookie = supported(connection.cookies.get(COOKIE))
        event = None if query or cookie else await event_language(scope)
        scope[SCOPE_KEY] = choose(query=query, cookie=cookie, event=event,
                                  accept=connection.headers.get("accept-language"),
                                  server=app_state(scope["app"]).settings.language)
        if query is None or query == connection.cookies.get(COOKIE):
            await app(scope, receive, send)
            return

        async def remembering(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), (b"set-cookie", cookie_header(query))]}
            await send(message)

        await app(scope, receive, remembering)

    return middleware
