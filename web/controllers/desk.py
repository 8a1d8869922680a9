"""The arbiter's desk: one page per event with, for each tournament, the games still without result, the
next step (pair the next round, or load its file), requested byes; the journal, board cards, exports and
print sheets. Also the TRF export for arbiters (the admin's /export is guarded for the admin only).
"""

from __future__ import annotations

import msgspec
from litestar import Controller, MediaType, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery
from litestar.response import Redirect, Response, Template

from app.pairing.draft import Status, tournament_status
from app.views.import_notes import NotesView, notes_view
from app.views.tournament import tournament_state
from database.journal import Entry, acting_as
from database.store import EventStore
from tournament.config_rules import Form
from tournament.errors import Invalid
from tournament.hall.screen_rules import message_rule
from tournament.models import Info, Player, Screen, Tournament
from tournament.pairing.checks import not_to_pair
from tournament.results import ByeKind
from web.auth import Role, actor
from web.controllers.arbiter import EntryLine, journal_lines
from web.controllers.cards import board_signature
from web.desk_access import Req, drafts_of, login_page, require_arbiter
from web.entry import ARBITER_ROLES
from web.render import render
from web.state import app_state

JOURNAL_LINES = 8
class OpenGame(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    board: int | None
    white: str
    black: str
    enter_url: str


class DeskTournament(msgspec.Struct, frozen=True, kw_only=True):
    tournament: Tournament
    status: Status
    current: int | None  # the round the hall shows
    games: int  # games of the current round
    open_games: list[OpenGame]
    requested: list[tuple[Player, ByeKind]]  # players not to pair in the next round
    players: int
    has_draft: bool
    input_screen: Screen | None
    notes: NotesView | None = None  # the TRF import's warnings and team-file notice (app/views/import_notes.py)
    disputes: list[Entry] = msgspec.field(default_factory=list)  # refused second results (database/disputes.py)
    team: bool = False  # a team tournament: its entry page has the line-ups and team forfeits


async def desk_tournament(request: Req, store: EventStore, event_id: str, t: Tournament,
                          screens: list[Screen], screen_tids: dict[int, set[int]]) -> DeskTournament:
    state = await tournament_state(store, t.id)
    status = await tournament_status(store, t)
    secret = app_state(request).secret
    open_games = []
    for p in state.pairings:
        if p.is_game and p.result is None and p.black_player_id is not None:
            open_games.append(OpenGame(
                round=p.round, board=p.board, white=state.players[p.white_player_id].shown_name,
                black=state.players[p.black_player_id].shown_name,
                enter_url=f"/board/{event_id}/{t.uniq_id}/{p.board}"
                          f"?k={board_signature(secret, event_id, t.uniq_id, p.board or 0)}"))
    left_out = not_to_pair(state.players.values(), await store.skipped_rounds(t.id), status.next_round)
    screen = next((s for s in screens if t.id in screen_tids.get(s.id, set())), None)
    return DeskTournament(
        tournament=t, status=status, current=state.round, games=sum(1 for p in state.pairings if p.is_game),
        open_games=open_games, requested=[(state.players[pid], kind) for pid, kind in left_out.items()],
        players=len(state.players), has_draft=await drafts_of(request).get(event_id, t.id) is not None,
        input_screen=screen, notes=await notes_view(store, t.id), disputes=await store.open_disputes(t.id),
        team=await store.teams.is_team_tournament(t.id))


class DeskController(Controller):
    path = "/arbiter/{event_id:str}"

    @get("/desk")
    async def desk(self, request: Req, event_id: FromPath[str], store: NamedDependency[EventStore],
                   info: NamedDependency[Info], role: NamedDependency[Role]) -> Template:
        if role not in ARBITER_ROLES:
            return login_page(request, event_id, info)
        screens = [s for s in await store.screens() if s.type == "input"]
        screen_tids: dict[int, set[int]] = {}
        for s in await store.screen_sets():
            screen_tids.setdefault(s.screen_id, set()).add(s.tournament_id)
        tournaments = [await desk_tournament(request, store, event_id, t, screens, screen_tids)
                       for t in await store.tournaments()]
        lines: list[EntryLine] = await journal_lines(store, await store.journal_entries(limit=JOURNAL_LINES), role)
        return render(request, "desk/desk.html", event_id=event_id, info=info, tournaments=tournaments,
                      lines=lines, admin=role == "admin", done=request.query_params.get("done"),
                      message_screens=[s for s in await store.screens() if s.type != "image"],
                      message_families=await store.families())

    @post("/messages")
    async def message(self, request: Req, event_id: FromPath[str], store: NamedDependency[EventStore],
                      role: NamedDependency[Role]) -> Redirect:
        """The message scrolling across a screen, or across every screen of a family (docs/screens.md §17)."""
        require_arbiter(role)
        form = Form(dict(await request.form()))
        table = form.choice("table", ("screen", "family"), required=True)
        row_id = form.integer("id", minimum=1, required=True)
        text = message_rule(form)
        if not form.ok or table is None or row_id is None:
            raise Invalid("Bad message: %s.", ", ".join(sorted(form.errors)))
        with acting_as(actor(request, role, "arbiter desk")):
            await store.set_message(table, row_id, text)
        return Redirect(f"/arbiter/{event_id}/desk?done=message#hall-messages", status_code=303)

    @post("/disputes/{tid:int}/{entry_id:int}/settle")
    async def settle(self, request: Req, event_id: FromPath[str], tid: FromPath[int], entry_id: FromPath[int],
                     store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Redirect:
        """The arbiter keeps the result a second entry disputed: the board is no longer flagged."""
        require_arbiter(role)
        with acting_as(actor(request, role, "arbiter desk")):
            await store.settle_dispute(tid, entry_id)
        return Redirect(f"/arbiter/{event_id}/desk#t{tid}", status_code=303)

    @get("/export/{tid:int}")
    async def export(self, event_id: FromPath[str], tid: FromPath[int], store: NamedDependency[EventStore],
                     role: NamedDependency[Role], trf26: FromQuery[bool] = True) -> Response[bytes]:
        """The tournament as a TRF file, results entered on screens included (arbiters and the admin)."""
        require_arbiter(role)
        tournament = await store.tournament(tid)
        text = await store.imports.export_tournament(tid, trf26=trf26)
        name = f"{tournament.uniq_id}{'-trf26' if trf26 else ''}.trf"
        return Response(text.encode("utf-8"), media_type=MediaType.TEXT,
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})
