"""Who reaches the arbiter's desk, the pairing workflow and the print sheets (roles from web/deps.py)."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.response import Template

from app.pairing.draft import Drafts
from i18n import translator
from tournament.models import Info
from web.auth import Role
from web.deps import Reserved
from web.entry import ARBITER_ROLES
from web.render import language, render
from web.state import app_state

Req = Request[Any, Any, Any]


def require_arbiter(role: Role) -> None:
    """Arbiters of the event and the admin; anyone else is refused (403) before anything is read."""
    if role not in ARBITER_ROLES:
        raise Reserved()


def require_reader(role: Role, info: Info) -> None:
    """Print sheets: anyone on a public event, arbiters (and the admin) on any."""
    if not info.public and role not in ARBITER_ROLES:
        raise Reserved()


def login_page(request: Req, event_id: str, info: Info) -> Template:
    """The arbiter login form (401), as /arbiter/<event> shows it."""
    return render(request, "arbiter/login.html", status_code=401, event_id=event_id, info=info, message=None,
                  action=f"/arbiter/{event_id}/login", title=translator(language(request))("Arbiter"))


def drafts_of(request: Req) -> Drafts:
    return app_state(request).drafts
