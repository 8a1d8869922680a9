"""Every error becomes a readable page or fragment; never a traceback (docs/screens.md §15.18)."""

from __future__ import annotations

import errno
import logging
import sqlite3

from litestar import Request, Response
from litestar.exceptions import HTTPException, NotFoundException, ValidationException
from litestar.response import Template

from app.throttle import TooManyAttempts
from i18n import translator
from tournament.errors import (
    Broken,
    Conflict,
    EchiquierError,
    Forbidden,
    Invalid,
    NotFound,
    Unauthorized,
    Unavailable,
)
from tournament.messages import N_
from web.htmx import is_htmx
from web.limits import BodyTooLarge, good_host
from web.render import language, render
from web.security import SECURITY_HEADERS

log = logging.getLogger("echiquier")


def error_page(request: Request, status: int, message: str, *, translated: bool = False) -> Template:
    """A fragment for htmx requests (swapped into #messages), a full page otherwise.

    A message that is a catalog key (a refusal raised with a fixed English text) is shown translated.
    """
    fragment = is_htmx(request)
    headers = request.scope.get("headers", [])
    if not all(good_host(value) for name, value in headers if name == b"host"):  # a path no route matches skips
        request.scope["headers"] = [(n, v) for n, v in headers if n != b"host"]  # web/limits.py: the page's links
    if not translated:
        message = translator(language(request))(message)
    page = render(request, "_error.html" if fragment else "error.html", status_code=status, message=message)
    page.headers.update(SECURITY_HEADERS)  # a path no route matches skips the middleware (web/security.py)
    return page


#: The HTTP status of each kind of refusal; the domain and the store know nothing of HTTP.
STATUS: dict[type[EchiquierError], int] = {
    Invalid: 422,
    NotFound: 404,
    Conflict: 409,
    Forbidden: 403,
    Unauthorized: 401,
    Unavailable: 503,
    Broken: 500,
    TooManyAttempts: 429,
    BodyTooLarge: 413,
}


def status_of(exc: EchiquierError) -> int:
    """The status of the nearest class in the table (400 for a plain refusal).

    >>> from database.errors import ResultConflict
    >>> status_of(ResultConflict("x")), status_of(EchiquierError("x"))
    (409, 400)
    """
    for kind in type(exc).__mro__:
        if kind in STATUS:
            return STATUS[kind]
    return 400


def error_text_of(request: Request, exc: EchiquierError) -> str:
    """The refusal in the request's language, its arguments filled in."""
    return translator(language(request))(exc.key, *exc.params)


def on_echiquier_error(request: Request, exc: EchiquierError) -> Template:
    return error_page(request, status_of(exc), error_text_of(request, exc), translated=True)


def on_http_error(request: Request, exc: HTTPException) -> Template:
    _ = translator(language(request))
    if isinstance(exc, NotFoundException):
        message = _("Page not found.")
    elif isinstance(exc, ValidationException):
        message = f"{exc.detail}: {_describe(exc.extra)}" if exc.extra else str(exc.detail)
    else:
        message = str(exc.detail)
    return error_page(request, exc.status_code, message)


#: Failures that are no bug of the page: what the client sent clashes with the event file, or the machine is
#: short of something (descriptors, memory, processes). Each gets its status and words instead of a 500.
EXHAUSTED = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOMEM, errno.EAGAIN, errno.ENOSPC})
SHORT = N_("The server is short of resources just now (too many connections or files); try again in a moment. "
           "Nothing was changed.")
CLASH = N_("This clashes with what the event file already holds; nothing was changed.")


def known_failure(exc: BaseException) -> tuple[int, str] | None:
    """(status, message key) of a failure that is no bug, else None.

    >>> known_failure(OSError(errno.EMFILE, "Too many open files"))[0], known_failure(ValueError("x"))
    (503, None)
    """
    if isinstance(exc, MemoryError) or (isinstance(exc, OSError) and exc.errno in EXHAUSTED):
        return 503, SHORT
    if isinstance(exc, sqlite3.IntegrityError):
        return 409, CLASH
    if isinstance(exc, sqlite3.OperationalError) and "unable to open" in str(exc):
        return 503, SHORT
    return None


def on_unexpected_error(request: Request, exc: Exception) -> Response[str] | Template:
    _ = translator(language(request))
    known = known_failure(exc)
    if known is not None:
        log.warning("%s on %s: %r", known[0], request.scope.get("path", "?"), exc)
        return error_page(request, known[0], _(known[1]), translated=True)
    log.exception("unexpected error on %s", request.scope.get("path", "?"), exc_info=exc)
    return error_page(request, 500, _("Something went wrong on the server; nothing was changed."))


def _describe(extra: object) -> str:
    if isinstance(extra, list):
        return "; ".join(_one(e) for e in extra)
    return str(extra)


def _one(item: object) -> str:
    if not isinstance(item, dict):
        return str(item)
    key = item.get("key")
    return f"{key}: {item.get('message', '')}" if key else str(item.get("message", item))


HANDLERS = {
    EchiquierError: on_echiquier_error,
    HTTPException: on_http_error,
    Exception: on_unexpected_error,
}
