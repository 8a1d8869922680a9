"""Admin pages: configure a whole event from the browser (one module per area)."""

from __future__ import annotations

from litestar import Controller

from web.controllers.admin.events import EventsAdmin
from web.controllers.admin.families import FamiliesAdmin
from web.controllers.admin.players import DeskPlayers, PlayersAdmin
from web.controllers.admin.publication import PublicationAdmin
from web.controllers.admin.ratings import RatingsAdmin
from web.controllers.admin.rotators import RotatorsAdmin
from web.controllers.admin.screens import ScreensAdmin
from web.controllers.admin.teams import TeamsAdmin
from web.controllers.admin.timers import TimersAdmin
from web.controllers.admin.tournaments import TournamentsAdmin

CONTROLLERS: list[type[Controller]] = [EventsAdmin, TournamentsAdmin, PlayersAdmin, ScreensAdmin, FamiliesAdmin,
                                       RotatorsAdmin, TimersAdmin, PublicationAdmin, TeamsAdmin, DeskPlayers,
                                       RatingsAdmin]
