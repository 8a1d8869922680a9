"""Render a page or a fragment with the translation function and common context."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.response import Template

from web.auth import is_admin
from web.csrf import token_of
from web.i18n import LANGUAGES, translator


def language(request: Request) -> str:
    chosen = request.query_params.get("lang") or request.cookies.get("lang")
    return chosen if chosen in LANGUAGES else request.app.state.settings.language


def render(request: Request, template: str, status_code: int = 200, **context: Any) -> Template:
    lang = language(request)
    context.setdefault("_", translator(lang))
    context.setdefault("lang", lang)
    context.setdefault("is_admin", is_admin(request))
    context.setdefault("htmx", request.headers.get("HX-Request") == "true")
    context.setdefault("csrf_token", token_of(request.scope))
    return Template(template_name=template, context=context, status_code=status_code,
                    headers={"Vary": "HX-Request"})
