"""Board cards: a printable A4 sheet with one QR code per board, and the phone page each code opens.

A card names the event, the tournament and the board, signed (`/board/<event>/<tournament>/<board>?k=…`):
scanned, it opens the current round's game on that board, so one set of cards serves the whole event
(every round, every re-pairing). It lets anyone holding the card enter 1-0, ½-½ or 0-1 on that game
only, while it has no result. The host printed in the codes is the one the arbiter chooses on the
sheet: a name that stays valid all event, not an address the laptop may lose.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import ipaddress
import re
from collections.abc import Callable
from typing import Annotated

import msgspec
import qrcode
import qrcode.image.svg
from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, URLEncodedBody
from litestar.response import Response, Template

from app.network import lan_address
from app.views.tournament import BoardRow, TournamentState, board_rows, tournament_state
from database.journal import Submission, acting_as
from database.store import EventStore, GameKey
from tournament.errors import Conflict, Invalid, NotFound, Unauthorized
from tournament.models import Info, Tournament
from tournament.results import TABLET_RESULTS, Result
from web.auth import BadCard, Role, actor
from web.entry import ARBITER_ROLES, Key, answer_once
from web.render import render
from web.state import app_state

PlayerCode = Annotated[int, msgspec.Meta(ge=1, le=3)]


class BoardEntry(msgspec.Struct, kw_only=True):
    """A result from a board card's phone page, with the game the page showed (a new round moves on)."""

    result: PlayerCode
    round: int
    white_player_id: int
    black_player_id: int
    key: Key = ""


HOST_RE = re.compile(r"^https?://[A-Za-z0-9.-]+(:\d{1,5})?$")
MAX_BOARDS = 1000


def board_signature(secret: bytes, event_id: str, tournament: str, board: int) -> str:
    """A short signature over (event, tournament, board): a card cannot be edited into another board's."""
    digest = hmac.new(secret, f"board-card:{event_id}:{tournament}:{board}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:9]).decode()


def check_board_signature(secret: bytes, event_id: str, tournament: str, board: int, signature: str) -> None:
    if not hmac.compare_digest(board_signature(secret, event_id, tournament, board).encode(), signature.encode()):
        raise BadCard()


def card_host(request: Request, chosen: str | None) -> str:
    """The host printed in the codes: the arbiter's choice (`?host=`), else the address of this page."""
    if chosen:
        chosen = chosen.strip().rstrip("/")
        if not HOST_RE.match(chosen):
            raise Invalid("Not a host for the cards: %s (write it as http://name:port).", chosen)
        return chosen
    return public_base(request)


def board_count(state: TournamentState) -> int:
    """Boards to print: every board a round of this field can use (half the players, rounded up)."""
    numbered = max((p.board or 0 for p in state.pairings), default=0)
    return min(max(numbered, (len(state.players) + 1) // 2), MAX_BOARDS)


def board_game(state: TournamentState, board: int) -> BoardRow | None:
    """The current round's game on `board` (a bye has no card game)."""
    for row in board_rows(state):
        if row.board == board and row.black is not None:
            return row
    return None


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


class BoardCardController(Controller):
    path = "/board-card/{event_id:str}"

    @get("/cards/{tid:int}")
    async def cards(self, request: Request, event_id: FromPath[str], tid: FromPath[int],
                    store: NamedDependency[EventStore], info: NamedDependency[Info], role: NamedDependency[Role],
                    host: FromQuery[str | None] = None) -> Template:
        """The printable sheet: one card per board, for the whole event (arbiters)."""
        if role not in ARBITER_ROLES:
            raise Unauthorized("Reserved to arbiters: log in on /arbiter/%s.", event_id)
        state = await tournament_state(store, tid)
        base = card_host(request, host)
        secret = app_state(request).secret
        uniq = state.tournament.uniq_id
        cards = []
        for board in range(1, board_count(state) + 1):
            url = f"{base}/board/{event_id}/{uniq}/{board}?k={board_signature(secret, event_id, uniq, board)}"
            cards.append((board, url, await asyncio.to_thread(qr_svg, url)))
        return render(request, "arbiter/cards.html", event_id=event_id, info=info, tournament=state.tournament,
                      round=state.round, cards=cards, host=base, tid=tid)


class BoardController(Controller):
    """What a board card opens: the current game of its board (GET), and a result for it (POST)."""

    path = "/board/{event_id:str}/{tournament:str}/{board:int}"

    async def _open(self, request: Request, store: EventStore, event_id: str, tournament: str, board: int,
                    k: str) -> tuple[Tournament, TournamentState, BoardRow | None]:
        check_board_signature(app_state(request).secret, event_id, tournament, board, k)
        found = next((t for t in await store.tournaments() if t.uniq_id == tournament), None)
        if found is None:
            raise NotFound("No tournament %s in this event.", tournament)
        state = await tournament_state(store, found.id)
        return found, state, board_game(state, board)

    @get("/")
    async def show(self, request: Request, event_id: FromPath[str], tournament: FromPath[str],
                   board: FromPath[int], store: NamedDependency[EventStore], info: NamedDependency[Info],
                   k: FromQuery[str] = "") -> Template:
        found, state, row = await self._open(request, store, event_id, tournament, board, k)
        return render(request, "arbiter/board.html", event_id=event_id, info=info, row=row, board=board,
                      tournament=found, round=state.round, choices=TABLET_RESULTS, message=None,
                      action=f"/board/{event_id}/{tournament}/{board}?k={k}")

    @post("/")
    async def enter(self, request: Request, event_id: FromPath[str], tournament: FromPath[str],
                    board: FromPath[int], data: URLEncodedBody[BoardEntry], store: NamedDependency[EventStore],
                    k: FromQuery[str] = "") -> Response[str]:
        found, _state, row = await self._open(request, store, event_id, tournament, board, k)
        key = GameKey(tournament_id=found.id, round=data.round, white_player_id=data.white_player_id,
                      black_player_id=data.black_player_id)
        if row is None or row.black is None or (row.round, row.white.id, row.black.id) != (
                key.round, key.white_player_id, key.black_player_id):
            raise Conflict("The game on board %s has changed (a new round or new pairings): reload the page.",
                           board)
        result = Result(data.result)
        here = f"/board/{event_id}/{tournament}/{board}?k={k}"

        async def act(make: Callable[[int, str], Submission | None]) -> tuple[int, str]:
            answer = (303, here)
            await store.record_result(key, result, board, submission=make(*answer))
            return answer

        with acting_as(actor(request, "board", f"board card {board}")):
            return await answer_once(request, store, data.key, f"board:{tournament}:{board}:{key.round}:"
                                     f"{key.white_player_id}:{int(result)}", act)
