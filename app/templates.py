"""The Jinja environment every HTML page is rendered with: the hall and admin pages (web/app.py wraps it for
Litestar) and the public site (app/publication/), so that both show codes by the same names."""

from __future__ import annotations

from jinja2 import Environment, FileSystemLoader

from app.settings import Settings
from app.views.labels import TEMPLATE_GLOBALS


def environment(settings: Settings) -> Environment:
    """Autoescaping Jinja; templates are re-read from disk only in debug mode."""
    env = Environment(
        loader=FileSystemLoader(settings.templates_dir), autoescape=True, auto_reload=settings.debug,
        trim_blocks=True, lstrip_blocks=True,
    )
    env.globals.update(TEMPLATE_GLOBALS)  # codes shown by their names (app/views/labels.py)
    return env
