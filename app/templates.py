"""The Jinja environment every HTML page is rendered with: the hall and admin pages (web/app.py wraps it for
Litestar) and the public site (app/publication/), so that both show codes by the same names."""

from __future__ import annotations

from datetime import date
from typing import Any

from jinja2 import Environment, FileSystemLoader, pass_context
from jinja2.runtime import Context

from app.settings import Settings
from app.views.labels import TEMPLATE_GLOBALS
from i18n import LANGUAGES, formats, translator


def page_language(context: Context) -> str:
    """The language of the page being rendered: the one of its `_` (every page gets one, web/render.py)."""
    found = getattr(context.get("_"), "language", None) or context.get("lang")
    return found if isinstance(found, str) else LANGUAGES[0]


@pass_context
def ngettext(context: Context, singular: str, plural: str, n: int, *args: Any) -> str:
    """`{{ ngettext("%s player", "%s players", count) }}`: the plural form of the page's language."""
    return translator(page_language(context)).ngettext(singular, plural, n, *args)


@pass_context
def number(context: Context, value: object) -> str:
    """A tie-break or points value in the page's language: `2,5` in French (i18n/formats.py)."""
    return formats.number(value, page_language(context))


@pass_context
def day(context: Context, moment: float | date | None) -> str:
    """`26 novembre 2026` (a timestamp is read in the server's time zone)."""
    return formats.day(moment, page_language(context))


@pass_context
def days(context: Context, start: float | date | None, stop: float | date | None) -> str:
    """`26 novembre 2026 → 28 novembre 2026`, or one day."""
    return formats.days(start, stop, page_language(context))


@pass_context
def points(context: Context, value: object) -> str:
    """A score with its `½` (`4½`): decimal commas are for tie-breaks (i18n/formats.py)."""
    return formats.points(value, page_language(context))


@pass_context
def moment(context: Context, when: float | None) -> str:
    """`25 novembre 2026 à 22:59` (a timestamp read in the server's time zone)."""
    return formats.moment(when, page_language(context))


@pass_context
def clock(context: Context, when: float | None) -> str:
    """`22:59` today, `24 nov. 08:05` another day: a moment in a narrow column."""
    return formats.clock(when, page_language(context))


#: Helpers that follow the page's language (extraction knows `ngettext`: babel.cfg).
LANGUAGE_GLOBALS = {"ngettext": ngettext, "number": number, "day": day, "days": days, "moment": moment,
                    "clock": clock, "points": points}


def environment(settings: Settings) -> Environment:
    """Autoescaping Jinja; templates are re-read from disk only in debug mode."""
    env = Environment(
        loader=FileSystemLoader(settings.templates_dir), autoescape=True, auto_reload=settings.debug,
        trim_blocks=True, lstrip_blocks=True,
    )
    env.globals.update(TEMPLATE_GLOBALS)  # codes shown by their names (app/views/labels.py)
    env.globals.update(LANGUAGE_GLOBALS)
    return env
