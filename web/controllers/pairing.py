"""The arbiter pairs the next round in the browser: propose, preview, change by hand, publish; unpair;
requested byes of the next round.

The draft lives server-side (app/pairing/draft.py) until it is published (database/rounds.py) or dropped.
Every POST answers with a redirect to the page (htmx follows it and swaps `#pairing`); refusals are
errors (409/422/403/404) with a message, and change nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Annotated, Any

import msgspec
from litestar import Controller, get, post
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromPath, FromQuery, URLEncodedBody
from litestar.response import Redirect, Response, Template

from app.pairing.draft import Draft, check_round, make_draft, preview, publish, status_of, tournament_status
from app.pairing.program_import import import_engine_round
from app.pairing.team_round import pair_team_round
from database.journal import acting_as
from database.store import EventStore
from i18n import translator
from tournament.errors import Conflict, Invalid
from tournament.models import Info, Tournament
from tournament.pairing.checks import Board, exchange, not_to_pair, pair_together, swap_colours, to_bye
from tournament.results import format_points
from tournament.teams.pairing import team_system
from web.auth import Role, actor
from web.desk_access import Req, drafts_of, login_page, require_arbiter
from web.entry import ARBITER_ROLES
from web.render import language, render


class RoundForm(msgspec.Struct, kw_only=True):
    round: int = 0
    confirm: int = 0
    lineups: int = 0  # team tournament: field the declared board orders


class BoardForm(msgspec.Struct, kw_only=True):
    board: int = 0


class TwoPlayers(msgspec.Struct, kw_only=True):
    a: int = 0
    b: int = 0


class OnePlayer(msgspec.Struct, kw_only=True):
    player: int = 0


class ByeRequest(msgspec.Struct, kw_only=True):
    player: int = 0
    score: str = "0.5"  # "1", "0.5" or "0"
    round: int = 0


MAX_PAIRING_FILE = 1024 * 1024
SCORES = {"1": 1.0, "0.5": 0.5, "½": 0.5, "0": 0.0}


def page_url(event_id: str, tid: int) -> str:
    return f"/arbiter/{event_id}/pair/{tid}"


def _desk(request: Req, role: Role) -> AbstractContextManager[None]:
    """Journal the write as the arbiter's desk (or the admin's)."""
    return acting_as(actor(request, role, "arbiter desk"))


class PairingController(Controller):
    path = "/arbiter/{event_id:str}/pair/{tid:int}"

    async def _draft(self, request: Req, event_id: str, tid: int, store: EventStore, role: Role) -> Draft:
        require_arbiter(role)
        await store.tournament(tid)
        draft = await drafts_of(request).get(event_id, tid)
        if draft is None:
            raise Conflict("There is no pairing draft for this tournament: pair the round first.")
        return draft

    def _back(self, event_id: str, tid: int) -> Response[Any]:
        return Redirect(page_url(event_id, tid), status_code=303)

    @get("/")
    async def page(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                   store: NamedDependency[EventStore], info: NamedDependency[Info],
                   role: NamedDependency[Role], done: FromQuery[str] = "") -> Template:
        if role not in ARBITER_ROLES:
            return login_page(request, event_id, info)
        tournament = await store.tournament(tid)
        if await store.teams.is_team_tournament(tid):
            return await _team_page(request, event_id, info, tournament, store, done)
        status = status_of(tournament, await store.pairings(tid))
        drafts = drafts_of(request)
        draft = await drafts.get(event_id, tid)
        if draft is not None and draft.round != status.next_round:  # published or unpaired elsewhere meanwhile
            await drafts.drop(event_id, tid, draft.revision)
            draft = None
        _ = translator(language(request))
        players = await store.players(tid)
        left_out = not_to_pair(players, await store.skipped_rounds(tid), status.next_round)
        by_id = {p.id: p for p in players}
        return render(request, "desk/pair.html", event_id=event_id, info=info, tournament=tournament,
                      status=status, preview=await preview(store, draft, _) if draft else None,
                      requested=[(by_id[pid], kind) for pid, kind in left_out.items()], admin=role == "admin",
                      players=sorted(players, key=lambda p: p.shown_name), format_points=format_points)

    @post("/")
    async def pair(self, request: Req, event_id: FromPath[str], tid: FromPath[int], data: URLEncodedBody[RoundForm],
                   store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[Any]:
        require_arbiter(role)
        if await store.teams.is_team_tournament(tid):  # a team round is published at once (no draft)
            tournament = await store.tournament(tid)
            status = await tournament_status(store, tournament)
            check_round(status, data.round)
            form = await request.form()  # the teams left out of the round: `absent` checkboxes (team numbers)
            absent = {_team_number(v) for v in form.getall("absent") if str(v).strip()} if "absent" in form else set()
            with _desk(request, role):
                await pair_team_round(store, tid, data.round, declared_lineups=bool(data.lineups),
                                       require_results=not data.confirm, absent=absent)
            return Redirect(f"{page_url(event_id, tid)}?done=published", status_code=303)
        draft = await make_draft(store, tid, data.round, confirm=bool(data.confirm))
        await drafts_of(request).put(event_id, draft)
        return self._back(event_id, tid)

    async def _edit(self, request: Req, event_id: str, tid: int, store: EventStore, role: Role,
                    change: Callable[[list[Board], dict[int, str]], tuple[list[Board], str]]) -> Response[Any]:
        """A change by hand to the draft: `change(boards, names)` gives the new boards and what it did."""
        draft = await self._draft(request, event_id, tid, store, role)
        draft.boards, done = change(draft.boards, {p.id: p.shown_name for p in await store.players(tid)})
        draft.changes.append(done)
        await drafts_of(request).change(event_id, draft)  # refused if changed meanwhile (another worker too)
        return self._back(event_id, tid)

    @post("/swap")
    async def swap(self, request: Req, event_id: FromPath[str], tid: FromPath[int], data: URLEncodedBody[BoardForm],
                   store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[Any]:
        return await self._edit(request, event_id, tid, store, role, lambda boards, names: (
            swap_colours(boards, data.board), f"colours swapped on draft board {data.board}"))

    @post("/exchange")
    async def exchange(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                       data: URLEncodedBody[TwoPlayers], store: NamedDependency[EventStore],
                       role: NamedDependency[Role]) -> Response[Any]:
        return await self._edit(request, event_id, tid, store, role, lambda boards, names: (
            exchange(boards, data.a, data.b, names), f"{names.get(data.a)} exchanged with {names.get(data.b)}"))

    @post("/together")
    async def together(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                       data: URLEncodedBody[TwoPlayers], store: NamedDependency[EventStore],
                       role: NamedDependency[Role]) -> Response[Any]:
        return await self._edit(request, event_id, tid, store, role, lambda boards, names: (
            pair_together(boards, data.a, data.b, names),
            f"{names.get(data.a)} paired with {names.get(data.b)} by hand"))

    @post("/bye")
    async def bye(self, request: Req, event_id: FromPath[str], tid: FromPath[int], data: URLEncodedBody[OnePlayer],
                  store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[Any]:
        return await self._edit(request, event_id, tid, store, role, lambda boards, names: (
            to_bye(boards, data.player, names), f"{names.get(data.player)} moved to the bye"))

    @post("/discard")
    async def discard(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                      store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[Any]:
        require_arbiter(role)
        await store.tournament(tid)
        await drafts_of(request).drop(event_id, tid)
        return self._back(event_id, tid)

    @post("/publish")
    async def publish(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                      data: URLEncodedBody[RoundForm], store: NamedDependency[EventStore],
                      role: NamedDependency[Role]) -> Response[Any]:
        draft = await self._draft(request, event_id, tid, store, role)
        if data.round and data.round != draft.round:
            raise Conflict("The draft is for round %s, not round %s: reload the page.", draft.round, data.round)
        with _desk(request, role):
            await publish(store, draft)
        await drafts_of(request).drop(event_id, tid, draft.revision)
        return Redirect(f"/arbiter/{event_id}/desk?done=published#t{tid}", status_code=303)

    @post("/import")
    async def import_file(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                          data: Annotated[dict[str, Any], Body(media_type=RequestEncodingType.MULTI_PART)],
                          store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[Any]:
        """Publish the next round from a pairing program's `-p` output file (paired elsewhere)."""
        require_arbiter(role)
        await store.tournament(tid)
        upload = data.get("file")
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise Invalid("Choose a file first.")
        content = await upload.read()
        if len(content) > MAX_PAIRING_FILE:
            raise Invalid("%s: the file is larger than 1 MB. Nothing was imported.", upload.filename)
        with _desk(request, role):
            await import_engine_round(store, tid, content.decode("utf-8", errors="replace"),
                                      confirm=str(data.get("confirm") or "") == "1")
        await drafts_of(request).drop(event_id, tid)
        return Redirect(f"/arbiter/{event_id}/desk?done=published#t{tid}", status_code=303)

    @post("/unpair")
    async def unpair(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                     data: URLEncodedBody[RoundForm], store: NamedDependency[EventStore],
                     role: NamedDependency[Role]) -> Response[Any]:
        require_arbiter(role)
        await store.tournament(tid)
        with _desk(request, role):
            if await store.teams.is_team_tournament(tid):
                await store.teams.unpair_team_round(tid, data.round)
            else:
                await store.rounds.unpair_round(tid, data.round)
        await drafts_of(request).drop(event_id, tid)
        return Redirect(f"/arbiter/{event_id}/desk?done=unpaired#t{tid}", status_code=303)

    async def _next_round(self, store: EventStore, tid: int, rnd: int, role: Role) -> int:
        require_arbiter(role)
        status = status_of(await store.tournament(tid), await store.pairings(tid))
        if rnd and rnd != status.next_round:
            raise Conflict("Round %s is not the next round to pair (that is round %s).", rnd, status.next_round)
        return status.next_round

    @post("/requested-bye")
    async def add_bye(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                      data: URLEncodedBody[ByeRequest], store: NamedDependency[EventStore],
                      role: NamedDependency[Role]) -> Response[Any]:
        """A player asks for a bye (½ or 0, or 1 where the rules allow it) in the next round."""
        rnd = await self._next_round(store, tid, data.round, role)
        if data.score not in SCORES:
            raise Invalid("A requested bye is worth 1, ½ or 0 points, not %s.", data.score)
        with _desk(request, role):
            await store.rounds.request_bye(tid, data.player, rnd, SCORES[data.score])
        await drafts_of(request).drop(event_id, tid)
        return self._back(event_id, tid)

    @post("/requested-bye/cancel")
    async def remove_bye(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                         data: URLEncodedBody[ByeRequest], store: NamedDependency[EventStore],
                         role: NamedDependency[Role]) -> Response[Any]:
        rnd = await self._next_round(store, tid, data.round, role)
        with _desk(request, role):
            await store.rounds.cancel_bye(tid, data.player, rnd)
        await drafts_of(request).drop(event_id, tid)
        return self._back(event_id, tid)


async def _team_page(request: Req, event_id: str, info: Info, tournament: Tournament, store: EventStore,
                     done: str) -> Template:
    """A team tournament's next round: the system, the last round's matches (just published: `done`), "Pair and
    publish"."""
    ev = await store.teams.load_team_event(tournament.id)
    status = await tournament_status(store, tournament)
    return render(request, "desk/pair_teams.html", event_id=event_id, info=info, tournament=tournament,
                  status=status, teams=ev.teams, team_size=ev.team_size, system=team_system(ev),
                  names={t.number: t.name for t in ev.teams},
                  matches=[m for m in ev.matches if m.round == status.last_paired], done=done)


def _team_number(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        raise Invalid("No team %s in this tournament.", value) from None
