"""Board cards: a printable A4 page with one QR code per board, and the phone page each code opens.

A card's URL carries a signed token naming one game (tournament, round, White, Black). It lets
anyone holding the card enter 1-0, ½-½ or 0-1 on that game only, while the game is in the current
round and the round still has games without result; after that the card has expired.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Callable
from typing import Annotated

import msgspec
import qrcode
import qrcode.image.svg
from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, URLEncodedBody
from litestar.response import Response, Template

from database.journal import Submission, acting_as
from database.store import EventStore, GameKey
from tournament.errors import Forbidden, Unauthorized
from tournament.models import Info
from tournament.results import TABLET_RESULTS, Result
from web.auth import Role, actor, board_token, read_board_token
from web.entry import ARBITER_ROLES, Key, answer_once
from web.network import lan_address
from web.render import render
from web.state import app_state
from web.views import BoardRow, TournamentState, board_rows, tournament_state

PlayerCode = Annotated[int, msgspec.Meta(ge=1, le=3)]


class CardEntry(msgspec.Struct, kw_only=True):
    result: PlayerCode
    key: Key = ""


class CardExpired(Forbidden):
    pass


def qr_svg(url: str) -> str:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    return str(image.to_string(encoding="unicode"))


def public_base(request: Request) -> str:
    """The address phones in the hall reach: the LAN address when the page is opened on the server itself."""
    base = str(request.base_url).rstrip("/")
    host = request.url.hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if loopback:
        port = request.url.port
        return f"{request.url.scheme}://{lan_address()}" + (f":{port}" if port else "")
    return base


def find_row(state: TournamentState, key: GameKey) -> BoardRow | None:
    for row in board_rows(state):
        if (row.round, row.white.id) == (key.round, key.white_player_id) and row.black is not None \
                and row.black.id == key.black_player_id:
            return row
    return None


def check_card(state: TournamentState, key: GameKey, row: BoardRow | None) -> BoardRow:
    """The card's game, while it may still be entered (a card of a finished game still shows its result)."""
    if state.round != key.round or row is None:
        raise CardExpired("This card is for another round or the round was re-paired: it has expired.")
    if row.result is None and state.missing == 0:
        raise CardExpired("Every result of round %s is in: this card has expired.", key.round)
    return row


class BoardCardController(Controller):
    path = "/board-card/{event_id:str}"

    async def _card(self, request: Request, store: EventStore, event_id: str, token: str
                    ) -> tuple[GameKey, TournamentState, BoardRow]:
        key = read_board_token(app_state(request).secret, event_id, token)
        state = await tournament_state(store, key.tournament_id)
        return key, state, check_card(state, key, find_row(state, key))

    @get("/cards/{tid:int}")
    async def cards(self, request: Request, event_id: FromPath[str], tid: FromPath[int],
                    store: NamedDependency[EventStore], info: NamedDependency[Info], role: NamedDependency[Role]
                    ) -> Template:
        """The printable page: one card per board of the current round (arbiters)."""
        if role not in ARBITER_ROLES:
            raise Unauthorized("Reserved to arbiters: log in on /arbiter/%s.", event_id)
        state = await tournament_state(store, tid)
        base = public_base(request)
        cards = []
        for row in board_rows(state):
            if row.black is None:
                continue
            key = GameKey(tournament_id=tid, round=row.round, white_player_id=row.white.id,
                          black_player_id=row.black.id)
            url = f"{base}/board-card/{event_id}/game/{board_token(app_state(request).secret, event_id, key)}"
            cards.append((row, url, await asyncio.to_thread(qr_svg, url)))
        return render(request, "arbiter/cards.html", event_id=event_id, info=info, tournament=state.tournament,
                      round=state.round, cards=cards)

    @get("/game/{token:str}")
    async def card(self, request: Request, event_id: FromPath[str], token: FromPath[str],
                   store: NamedDependency[EventStore], info: NamedDependency[Info]) -> Template:
        _key, state, row = await self._card(request, store, event_id, token)
        return render(request, "arbiter/board.html", event_id=event_id, info=info, row=row, token=token,
                      tournament=state.tournament, choices=TABLET_RESULTS, message=None)

    @post("/game/{token:str}")
    async def enter(self, request: Request, event_id: FromPath[str], token: FromPath[str],
                    data: URLEncodedBody[CardEntry], store: NamedDependency[EventStore]) -> Response[str]:
        key, _state, row = await self._card(request, store, event_id, token)
        result = Result(data.result)
        here = f"/board-card/{event_id}/game/{token}"

        async def act(make: Callable[[int, str], Submission | None]) -> tuple[int, str]:
            answer = (303, here)
            await store.record_result(key, result, row.board or 0, submission=make(*answer))
            return answer

        with acting_as(actor(request, "board", f"board card {row.board or '?'}")):
            return await answer_once(request, store, data.key, f"card:{token}:{int(result)}", act)
