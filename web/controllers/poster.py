"""The hall poster: the event's public address in large type with its QR code, for spectators who follow the
tournament from home or from their phone (docs/publication.md). A4, black on white (web/static/print.css)."""

from __future__ import annotations

from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Template

from tournament.errors import NotFound
from tournament.models import Info
from web.auth import Role
from web.controllers.cards import qr_svg
from web.desk_access import Req, require_reader
from web.render import render


class PosterController(Controller):
    path = "/poster/{event_id:str}"

    @get("/")
    async def poster(self, request: Req, event_id: FromPath[str], info: NamedDependency[Info],
                     role: NamedDependency[Role]) -> Template:
        require_reader(role, info)
        if not info.public_address:
            raise NotFound("This event has no public address yet: give it in the event's administration "
                           "(Publication).")
        return render(request, "print/poster.html", event_id=event_id, info=info, address=info.public_address,
                      qr=qr_svg(info.public_address))
