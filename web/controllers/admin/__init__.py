"""Admin pages: configure a whole event from the browser (one module per area)."""

from __future__ import annotations

from web.controllers.admin.events import EventsAdmin
from web.controllers.admin.tournaments import TournamentsAdmin

CONTROLLERS = [EventsAdmin, TournamentsAdmin]
