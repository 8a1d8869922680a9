"""Render a page or a fragment with the translation function and common context."""

from __future__ import annotations

import asyncio
import gzip
import time
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from litestar import Request, Response
from litestar.enums import MediaType
from litestar.response import Template
from litestar.utils.scope.state import ScopeState

from app.cache import memo
from database.store import EventStore
from i18n import translator
from tournament.models import Info
from web.auth import is_admin
from web.csrf import token_of
from web.htmx import is_htmx
from web.language import request_language
from web.state import app_state


def language(request: Request) -> str:
    """The request's language (web/language.py: ?lang= > cookie > event > Accept-Language > server)."""
    return request_language(request)


def render(request: Request, template: str, status_code: int = 200, **context: Any) -> Template:
    base_context(request, context)
    context.setdefault("csrf_token", token_of(request.scope))
    return Template(template_name=template, context=context, status_code=status_code,
                    headers={"Vary": "HX-Request"})


#: Pages showing a timer embed the server time they were rendered at: keep them this long at most.
TIMER_SECONDS = 2


def base_context(request: Request, context: dict[str, Any]) -> dict[str, Any]:
    lang = language(request)
    context.setdefault("_", translator(lang))
    context.setdefault("lang", lang)
    context.setdefault("is_admin", is_admin(request))
    context.setdefault("htmx", is_htmx(request))
    query = request.url.query
    context.setdefault("page_url", request.url.path + (f"?{query}" if query else ""))  # live refetch (page.html)
    info = context.get("info")
    if isinstance(info, Info) and (name := context["_"](info.name)) != info.name:  # the demo's name, a catalog text
        context["info"] = msgspec.structs.replace(info, name=name)
    return context


async def render_cached(
    request: Request, store: EventStore, template: str, build: Callable[[], Awaitable[dict[str, Any]]],
    *, role: str = "", timed: bool = False,
) -> Response[bytes]:
    """A hall page or fragment rendered (and gzipped) once per commit and shared by every client.

    The HTML is kept in the web layer's per-generation cache (app/cache.py), keyed by everything it
    depends on: URL, language, admin or not, role, htmx or not. It holds nothing per client: the CSRF
    token is read by echiquier.js from its cookie. Rendering and compressing run on a worker thread, so
    that a write and the live push interleave with a long render instead of queueing behind it.
    """
    htmx = is_htmx(request)
    bucket = int(time.time() // TIMER_SECONDS) if timed else 0
    key = ("html", template, request.url.path, request.url.query, language(request), is_admin(request), role, htmx,
           bucket)
    async def compute() -> bytes:
        context = base_context(request, await build())
        context["csrf_token"] = ""
        page = app_state(request).templates.get_template(template)
        return await asyncio.to_thread(lambda: page.render(**context).encode())

    async def compress() -> bytes:
        body: bytes = await memo(store, key, compute)
        return await asyncio.to_thread(gzip.compress, body, 6, mtime=0)

    headers = {"Vary": "HX-Request, Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        ScopeState.from_scope(request.scope).is_cached = True  # already compressed: the middleware passes it on
        headers["Content-Encoding"] = "gzip"
        return Response(await memo(store, ("gzip", key), compress), media_type=MediaType.HTML, headers=headers)
    return Response(await memo(store, key, compute), media_type=MediaType.HTML, headers=headers)
