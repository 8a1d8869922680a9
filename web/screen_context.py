"""Everything a screen page (or a rotator showing it) renders: sets, results, image, menu, timer."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from litestar import Request

from app.live.fragments import RowsHtml
from app.views.labels import named
from app.views.screens import (
    ERROR_IMAGE,
    ScreenSpec,
    background,
    find_spec,
    image_url,
    menu_links,
    set_view,
    translate_notices,
)
from app.views.standings import fmt
from app.views.standings_screen import standings_sets
from app.views.team_screens import team_sets
from app.views.teams import team_tournament_ids
from app.views.timer import timer_view
from app.views.tournament import results_view
from database.store import EventStore
from i18n import translator
from tournament.errors import NotFound, Unauthorized
from tournament.hall.screen_rules import STANDINGS_TYPES, TEAM_SCREEN_TYPES
from tournament.hall.sets import fill_name
from tournament.models import Info
from tournament.notices import Notice
from web.auth import Role, is_admin
from web.deps import check_public
from web.render import language
from web.state import app_state

log = logging.getLogger("echiquier")


async def load_spec(request: Request, store: EventStore, screen_id: str) -> ScreenSpec:
    """The screen (plain or generated) if this client may see it (docs/screens.md §9)."""
    spec = await find_spec(store, screen_id)
    check_public(request, spec.public)
    return spec


class NeedsInputCode(Unauthorized):
    def __init__(self) -> None:
        super().__init__("This screen needs the event's input code.")


async def input_spec(request: Request, store: EventStore, role: Role, screen_id: str) -> ScreenSpec:
    """An input screen this client may use: the event's input code, or an arbiter's (or the admin's) session."""
    spec = await load_spec(request, store, screen_id)
    if spec.type != "input":
        raise NotFound("Screen %r is not an input screen.", screen_id)
    if role == "visitor":
        raise NeedsInputCode()
    return spec


async def resolve_image(request: Request, value: str | None) -> str:
    url, path = image_url(value, app_state(request).settings.custom_dir)
    if path is not None and not await asyncio.to_thread(path.is_file):
        log.warning("background image %s is missing", path)
        return ERROR_IMAGE
    return url


def row_renderer(request: Request, store: EventStore, spec: ScreenSpec) -> RowsHtml:
    """How this screen's sets show board rows: the shared fragments of its variant and the request's language."""
    return RowsHtml(app_state(request).templates.engine, store, spec.type, spec.uniq_id, language(request))


async def screen_context(request: Request, store: EventStore, info: Info, spec: ScreenSpec,
                         *, show_menu: bool = True) -> dict[str, Any]:
    _ = translator(language(request))
    admin = is_admin(request)
    notices: list[Notice] = []
    context: dict[str, Any] = {"screen": spec, "info": info}
    if spec.type in ("input", "boards", "players"):
        sets = [await set_view(store, spec, s, _) for s in spec.sets]
        for s in sets:
            notices += s.notices
        context["sets"] = sets
        context["row_html"] = row_renderer(request, store, spec)
        name = _(spec.name) if spec.name else ""  # a name that is a text of the catalog (the demo's) is translated
        if name and sets:
            title = fill_name(name, "", sets[0].first_label, sets[0].last_label)
            title = name.replace("%t", sets[0].name) if "%t" in name else title
        else:  # the header is not refreshed live: no "(round N)" in it, which each set shows (and refreshes)
            title = name or (sets[0].name if sets else spec.uniq_id)
        context["title"] = title
        context["tournament_ids"] = sorted({s.tid for s in sets})
        if spec.type == "input":  # the team entry pages of its team tournaments (captains enter match by match)
            teams = await team_tournament_ids(store)
            context["team_entry"] = [await store.tournament(tid) for tid in context["tournament_ids"] if tid in teams]
    elif spec.type == "results" and spec.row is not None:
        view = await results_view(store, spec.row)
        notices += view.notices
        context.update(title=spec.name or _("Latest results"), tournament_ids=view.tournament_ids,
                       result_columns=view.columns, several=len(view.tournament_ids) > 1)
    elif spec.type in STANDINGS_TYPES:
        standings = await standings_sets(store, spec, _)
        for standing in standings:
            notices += standing.notices
        title = spec.name or (standings[0].title if len(standings) == 1 else _("Standings"))
        context.update(title=title, standings_sets=standings, fmt=fmt,
                       tournament_ids=sorted({v.tid for v in standings}))
    elif spec.type in TEAM_SCREEN_TYPES:
        team_views = await team_sets(store, spec, _)
        for team_view in team_views:
            notices += team_view.notices
        title = spec.name or (team_views[0].title if len(team_views) == 1 else _(named("screen_type", spec.type)))
        context.update(title=title, team_sets=team_views, fmt=fmt, tournament_ids=sorted({v.tid for v in team_views}))
    else:
        context.update(title=_(spec.name or "Image"), tournament_ids=[])
    image, color = background(spec, info)
    context["background_color"] = color
    if spec.type == "image":
        context["image_url"] = await resolve_image(request, image)
    links: list[Any] = []
    if show_menu and spec.type != "image":
        links, menu_notices = await menu_links(store, spec, admin, _)
        notices += menu_notices
    context["menu"] = links
    timer = await timer_view(store, info, spec.timer_id, _)
    if timer is not None:
        notices += timer.notices
    context["timer"] = timer
    context["notices"] = translate_notices(notices, _) if admin else []
    return context
