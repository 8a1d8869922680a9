"""Arbiter pages: login, the journal (filters, undo), the arbiter password; the server admin's login."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, URLEncodedBody
from litestar.response import Redirect, Response, Template

from app.params import bounded
from database.journal import Entry, may_undo
from database.registry import check_event_id
from database.store import EventStore
from i18n import translator
from tournament.errors import EchiquierError, Forbidden
from tournament.models import Info, Player
from web.auth import (
    ADMIN_COOKIE,
    COOKIE_AGE,
    Role,
    actor,
    arbiter_cookie_name,
    change_admin_password,
    check_password,
    close_session,
    hash_password,
    is_admin,
    is_local,
    open_session,
)
from web.deps import Reserved
from web.entry import ARBITER_ROLES
from web.render import language, render
from web.state import app_state

Password = Annotated[str, msgspec.Meta(max_length=200)]
MIN_PASSWORD = 8


class Login(msgspec.Struct, kw_only=True):
    password: Password = ""


class NewPassword(msgspec.Struct, kw_only=True):
    password: Password = ""
    confirm: Password = ""


class AdminOnly(Forbidden):
    def __init__(self) -> None:
        super().__init__("Reserved to the administrator of this server.")


class EntryLine(msgspec.Struct, frozen=True, kw_only=True):
    entry: Entry
    when: str
    day: str  # YYYY-MM-DD
    time: str  # HH:MM:SS
    tournament: str
    players: str
    undoable: bool
    admin_only: bool  # could be undone, but by the server administrator only (its undo_role)


def _cookie(response: Response[str], name: str, value: str) -> Response[str]:
    response.set_cookie(name, value, path="/", httponly=True, samesite="lax", max_age=COOKIE_AGE)
    return response


def check_new_password(data: NewPassword) -> None:
    if len(data.password) < MIN_PASSWORD:
        raise EchiquierError("At least %s characters, please.", MIN_PASSWORD)
    if data.password != data.confirm:
        raise EchiquierError("The two passwords differ.")


async def journal_lines(store: EventStore, entries: list[Entry], role: str) -> list[EntryLine]:
    """The journal's lines as `role` sees them: an undo button on the entries that role may undo."""
    tournaments = {t.id: t for t in await store.tournaments()}
    names: dict[int, str] = {}
    for tid in {e.tournament_id for e in entries if e.tournament_id in tournaments}:
        names.update({p.id: p.shown_name for p in await store.players(tid)})
    ids_of = {e.id: msgspec.json.decode(e.player_ids or "[]", type=list[int]) for e in entries}
    gone = {i for ids in ids_of.values() for i in ids if i not in names}  # replaced by a re-import since
    names.update({i: p.shown_name for i, p in (await store.journal_players(gone)).items()})
    lines = []
    for e in entries:
        ids = ids_of[e.id]
        can_undo = e.what not in ("baseline", "event created") and e.undone_by is None
        when = datetime.fromtimestamp(e.date)
        lines.append(EntryLine(
            entry=e, when=when.strftime("%Y-%m-%d %H:%M:%S"), day=when.strftime("%Y-%m-%d"),
            time=when.strftime("%H:%M:%S"),
            tournament=tournaments[e.tournament_id].name if e.tournament_id in tournaments else "",
            players=" – ".join(names.get(i, f"#{i}") for i in ids),
            undoable=can_undo and may_undo(role, e), admin_only=can_undo and not may_undo(role, e),
        ))
    return lines


class ArbiterController(Controller):
    """Arbiter pages reach non-public events too: no public check here, the role check follows."""

    path = "/arbiter/{event_id:str}"

    def _login_page(self, request: Request, event_id: str, info: Info, message: str | None,
                    status: int = 401) -> Template:
        """The login form; the name of an event that is not public is not shown to whoever is not signed in (its id
        is in the address already)."""
        if not info.public:
            info = msgspec.structs.replace(info, name=event_id)
        return render(request, "arbiter/login.html", status_code=status, event_id=event_id, info=info,
                      message=message, action=f"/arbiter/{event_id}/login",
                      title=translator(language(request))("Arbiter"))

    @get("/")
    async def home(self, request: Request, event_id: FromPath[str], store: NamedDependency[EventStore],
                   info: NamedDependency[Info], role: NamedDependency[Role]) -> Template:
        if role not in ARBITER_ROLES:
            return self._login_page(request, event_id, info, None)
        screens = [s for s in await store.screens() if s.type == "input"]
        return render(request, "arbiter/home.html", event_id=event_id, info=info, tournaments=await store.tournaments(),
                      screens=screens, admin=is_admin(request), message=request.query_params.get("done"))

    @post("/login")
    async def login(self, request: Request, event_id: FromPath[str], data: URLEncodedBody[Login],
                    info: NamedDependency[Info]) -> Response[str] | Template:
        _ = translator(language(request))
        if not info.arbiter_password:
            return self._login_page(request, event_id, info, _("No arbiter password is set for this event: ask"
                                                               " the server administrator."), 403)
        if not await check_password(request, info.arbiter_password, data.password):
            page = self._login_page(request, event_id, info, _("Wrong password."))
            page.delete_cookie(arbiter_cookie_name(event_id), path="/")
            return page
        token = await open_session(request, "arbiter", event_id, info.arbiter_password)
        return _cookie(Redirect(f"/arbiter/{event_id}/desk", status_code=303), arbiter_cookie_name(event_id), token)

    @post("/logout")
    async def logout(self, request: Request, event_id: FromPath[str]) -> Response[str]:
        check_event_id(event_id)  # the id goes into a cookie name: no arbitrary characters
        await close_session(request, arbiter_cookie_name(event_id))
        response = Redirect(f"/arbiter/{event_id}", status_code=303)
        response.delete_cookie(arbiter_cookie_name(event_id), path="/")
        return response

    @post("/password")
    async def set_password(self, request: Request, event_id: FromPath[str], data: URLEncodedBody[NewPassword],
                           store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[str]:
        """The server admin sets (or, with an empty password, removes) the event's arbiter password."""
        if role != "admin":
            raise AdminOnly()
        if data.password or data.confirm:
            check_new_password(data)
            await store.update_info(arbiter_password=await hash_password(data.password))
        else:
            await store.update_info(arbiter_password=None)
        return Redirect(f"/arbiter/{event_id}?done=password", status_code=303)

    @get("/journal")
    async def journal(
        self, request: Request, event_id: FromPath[str], store: NamedDependency[EventStore],
        info: NamedDependency[Info], role: NamedDependency[Role], tid: FromQuery[int | None] = None,
        rnd: FromQuery[int | None] = None, board: FromQuery[int | None] = None,
        player: FromQuery[int | None] = None,
    ) -> Template:
        if role not in ARBITER_ROLES:
            return self._login_page(request, event_id, info, None)
        for name, value in (("tid", tid), ("rnd", rnd), ("board", board), ("player", player)):
            bounded(name, value)
        entries = await store.journal_entries(tournament_id=tid, rnd=rnd, board=board, player=player, limit=1000)
        tournaments = await store.tournaments()
        players: list[Player] = []
        for t in tournaments:
            if tid is None or t.id == tid:
                players.extend(await store.players(t.id))
        players.sort(key=lambda p: p.shown_name)
        return render(request, "arbiter/journal.html", event_id=event_id, info=info, tournaments=tournaments,
                      players=players, lines=await journal_lines(store, entries, role),
                      filters={"tid": tid, "rnd": rnd, "board": board, "player": player})

    @post("/journal/{entry_id:int}/undo")
    async def undo(self, request: Request, event_id: FromPath[str], entry_id: FromPath[int],
                   store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[str]:
        if role not in ARBITER_ROLES:
            raise Reserved()
        undo_id = await store.undo(entry_id, who=actor(request, role, "journal"))
        back = request.headers.get("referer") or f"/arbiter/{event_id}/journal"
        if f"/arbiter/{event_id}/journal" not in back:
            back = f"/arbiter/{event_id}/journal"
        return Redirect(back, status_code=303, headers={"X-Undo-Entry": str(undo_id)})


class ServerAdminController(Controller):
    """The server admin: a password set at first start from the server machine, then a login anywhere."""

    path = "/auth/admin"

    @get("/")
    async def page(self, request: Request) -> Template:
        state = app_state(request)
        return render(request, "arbiter/admin.html", has_password=bool(state.admin_hash), local=is_local(request),
                      admin=is_admin(request), message=request.query_params.get("done"))

    @post("/password")
    async def set_password(self, request: Request, data: URLEncodedBody[NewPassword]) -> Response[str]:
        state = app_state(request)
        first_start = not state.admin_hash and is_local(request)
        if not (first_start or is_admin(request)):
            raise AdminOnly()
        check_new_password(data)
        admin_hash = await change_admin_password(request, data.password)  # for every worker; old sessions end
        return _cookie(Redirect("/auth/admin?done=password", status_code=303), ADMIN_COOKIE,
                       await open_session(request, "admin", "", admin_hash))

    @post("/login")
    async def login(self, request: Request, data: URLEncodedBody[Login]) -> Response[str] | Template:
        state = app_state(request)
        if not await check_password(request, state.admin_hash, data.password) or state.admin_hash is None:
            _ = translator(language(request))
            page = render(request, "arbiter/admin.html", status_code=401, has_password=bool(state.admin_hash),
                          local=is_local(request), admin=False, message=_("Wrong password."))
            page.delete_cookie(ADMIN_COOKIE, path="/")
            return page
        return _cookie(Redirect("/auth/admin?done=login", status_code=303), ADMIN_COOKIE,
                       await open_session(request, "admin", "", state.admin_hash))

    @post("/logout")
    async def logout(self, request: Request) -> Response[str]:
        await close_session(request, ADMIN_COOKIE)
        response = Redirect("/auth/admin", status_code=303)
        response.delete_cookie(ADMIN_COOKIE, path="/")
        return response
