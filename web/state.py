"""The application's typed state: one `AppState` held in `app.state`, read through `app_state()`.

Everything the app keeps between requests lives here with its type, instead of loose attributes
set on Litestar's `State` bag. Handlers receive the parts they need as dependencies (web/deps.py).
"""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass, field
from typing import Any

from litestar import Litestar
from litestar.connection import ASGIConnection
from litestar.plugins.jinja import JinjaTemplateEngine

from app.held_uploads import Confirmations
from app.live.channels import Channels
from app.live.hub import LiveHub
from app.pairing.draft import Drafts
from app.publication.publisher import Publications
from app.ratings import RatingLists
from app.sessions import Sessions
from app.settings import Settings
from app.throttle import LoginThrottle
from database.registry import EventRegistry
from database.shared_state import StateFile
from database.watch import Stamp

KEY = "echiquier"


@dataclass(kw_only=True)
class AppState:
    settings: Settings
    registry: EventRegistry
    channels: Channels
    templates: JinjaTemplateEngine
    hubs: dict[str, LiveHub] = field(default_factory=dict)  # per open event: its live hub (app/live/hub.py)
    throttle: LoginThrottle = field(default_factory=LoginThrottle)
    sessions: Sessions = field(default_factory=Sessions)  # logins (app/sessions.py; loaded in the lifespan)
    secret: bytes = b""  # the signing key of cookies and board cards (read in the lifespan)
    admin_hash: str | None = None  # argon2 hash of the admin password, None until one is set
    admin_stamp: Stamp | None = None  # of the `.admin` file when admin_hash was read (web/auth.py)
    drafts: Drafts = field(default_factory=Drafts)  # the arbiters' pairing drafts (app/pairing/draft.py)
    confirmations: Confirmations = field(default_factory=Confirmations)  # uploads held (app/held_uploads.py)
    shared: StateFile | None = None  # where the throttle, drafts, confirmations live (opened in the lifespan)
    submission_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = field(
        default_factory=weakref.WeakValueDictionary)  # one per idempotency key in flight (web/entry.py)
    publications: Publications | None = None  # the events' publishers (app/publication/publisher.py)
    ratings: RatingLists = field(default_factory=RatingLists)  # FIDE's list in the events folder (app/ratings.py)


def app_state(where: Litestar | ASGIConnection[Any, Any, Any, Any]) -> AppState:
    """The app's `AppState`, from the app or from a request (or any connection)."""
    app = where if isinstance(where, Litestar) else where.app
    state = app.state[KEY]
    if not isinstance(state, AppState):
        raise TypeError(f"app.state[{KEY!r}] is not an AppState")
    return state

