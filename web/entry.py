"""Result submissions from input screens and board cards: who may do what, and idempotent answers.

- A player (input code, or none set) enters 1-0, ½-½ or 0-1 on a game without result; a board card
  the same, on its own game only. Deleting from an input screen needs
  `info.allow_results_deletion_on_input_screens` (or an arbiter).
- An arbiter (or the admin) enters any of the six codes, corrects a result (the form names the result
  it replaces: compare-and-set) and deletes one.
- A submission names the game (tournament, round, White, Black); a re-paired round refuses it (409).
- A submission may carry a client-generated `key`: its answer is kept in the event file (with the
  write, in the same transaction), and a retry with the same key gets that answer again and changes
  nothing, even after a restart. Concurrent retries wait for the first one (one lock per key).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request
from litestar.response import Redirect, Response, Template

from database.journal import Submission
from database.store import EventStore, GameKey
from i18n import translator
from tournament.errors import EchiquierError, Forbidden, Invalid
from tournament.models import Info
from tournament.results import TABLET_RESULTS, Result
from web.auth import check_password, input_cookie_name, open_session
from web.errors import error_page, error_text_of, status_of
from web.htmx import is_htmx
from web.render import language, render
from web.state import app_state

Id = Annotated[int, msgspec.Meta(ge=1, le=2**31 - 1)]
Code = Annotated[int, msgspec.Meta(ge=1, le=6)]
Round = Annotated[int, msgspec.Meta(ge=1, le=99)]
Key = Annotated[str, msgspec.Meta(max_length=64, pattern="^[A-Za-z0-9_-]*$")]
ARBITER_ROLES = ("arbiter", "admin")


class ResultEntry(msgspec.Struct, kw_only=True):
    """A result sent by a tablet or a phone: the game's identity, never a board position."""

    tournament_id: Id
    round: Round
    white_player_id: Id
    black_player_id: Id
    result: Code
    board: Annotated[int, msgspec.Meta(ge=0, le=9999)] = 0  # as displayed, for messages and the log only
    old: Annotated[int, msgspec.Meta(ge=0, le=6)] = 0  # the result being corrected (arbiters); 0 = none
    key: Key = ""  # client-generated, one per submission

    @property
    def game(self) -> GameKey:
        return GameKey(tournament_id=self.tournament_id, round=self.round, white_player_id=self.white_player_id,
                       black_player_id=self.black_player_id)

    def fingerprint(self, what: str) -> str:
        return f"{what}:{self.tournament_id}/{self.round}/{self.white_player_id}/{self.black_player_id}" \
               f"/{self.result}/{self.old}"


class ResultDeletion(msgspec.Struct, kw_only=True):
    tournament_id: Id
    round: Round
    white_player_id: Id
    black_player_id: Id
    old: Code  # the result to delete, as displayed (compare-and-set)
    board: Annotated[int, msgspec.Meta(ge=0, le=9999)] = 0
    key: Key = ""

    @property
    def game(self) -> GameKey:
        return GameKey(tournament_id=self.tournament_id, round=self.round, white_player_id=self.white_player_id,
                       black_player_id=self.black_player_id)

    def fingerprint(self, what: str) -> str:
        return f"{what}:{self.tournament_id}/{self.round}/{self.white_player_id}/{self.black_player_id}/{self.old}"


class ArbiterOnly(Forbidden):
    pass


class KeyReused(Invalid):
    def __init__(self) -> None:
        super().__init__("This submission key was already used for another request; reload the page.")


def choices_for(role: str) -> tuple[Result, ...]:
    return tuple(Result) if role in ARBITER_ROLES else TABLET_RESULTS


def check_entry(role: str, data: ResultEntry) -> None:
    """Refuse what this role may not send (nothing is read or written before)."""
    arbiter = role in ARBITER_ROLES
    if not arbiter and Result(data.result) not in TABLET_RESULTS:
        raise ArbiterOnly("Forfeits (%s) are entered by an arbiter.", Result(data.result).label())
    if not arbiter and data.old:
        raise ArbiterOnly("Only an arbiter can correct a result.")
    if data.old == data.result:
        raise EchiquierError("The new result is the same as the old one; nothing to change.")


def check_deletion(role: str, info: Info) -> None:
    if role not in ARBITER_ROLES and not info.allow_results_deletion_on_input_screens:
        raise ArbiterOnly("Only an arbiter can delete a result on this event.")


def render_text(request: Request, template: str, **context: Any) -> str:
    """A template rendered now, to a string (answers kept for retries are stored as sent)."""
    return _rendered(request, render(request, template, **context))


def error_text(request: Request, exc: EchiquierError) -> str:
    return _rendered(request, error_page(request, status_of(exc), error_text_of(request, exc), translated=True))


def _rendered(request: Request, page: Template) -> str:
    compiled = app_state(request).templates.get_template(page.template_name or "")
    return str(compiled.render(**(page.context or {}), request=request))


REDIRECTS: dict[int, Literal[301, 302, 303]] = {301: 301, 302: 302, 303: 303}


def replay(submission: Submission) -> Response[str]:
    if submission.status in REDIRECTS:
        return Redirect(submission.body, status_code=REDIRECTS[submission.status])
    return Response(submission.body, status_code=submission.status, media_type="text/html",
                    headers={"Vary": "HX-Request"})


#: produce(submission_or_None) -> (status, body or redirect target); it writes, passing the submission along.
Act = Callable[[Callable[[int, str], Submission | None]], Awaitable[tuple[int, str]]]


async def answer_once(request: Request, store: EventStore, key: str, fingerprint: str, act: Act) -> Response[str]:
    """Run `act` at most once per key: a retry gets the first answer (kept in the event file)."""
    mode = "hx" if is_htmx(request) else "page"
    fingerprint = f"{mode}:{fingerprint}"
    if not key:
        status, body = await _act_and_catch(request, store, act, lambda _s, _b: None, None)
        return replay(Submission(key="", fingerprint=fingerprint, status=status, body=body))
    full_key = f"{mode}:{key}"
    lock = app_state(request).submission_locks.setdefault(full_key, asyncio.Lock())
    async with lock:
        known = await store.recall(full_key)
        if known is not None:
            if known.fingerprint != fingerprint:
                raise KeyReused()
            return replay(known)

        def make(status: int, body: str) -> Submission:
            return Submission(key=full_key, fingerprint=fingerprint, status=status, body=body)

        status, body = await _act_and_catch(request, store, act, make, make)
        return replay(make(status, body))


async def _act_and_catch(
    request: Request, store: EventStore, act: Act, make: Callable[[int, str], Submission | None],
    remember: Callable[[int, str], Submission] | None,
) -> tuple[int, str]:
    try:
        return await act(make)
    except EchiquierError as exc:
        status = status_of(exc)
        if status != 409 or remember is None:
            raise
        body = error_text(request, exc)
        await store.remember(remember(status, body))  # a refused write is an answer too
        return status, body


def message(request: Request, text: str, *args: object) -> str:
    return translator(language(request))(text, *args)


async def input_code_login(request: Request, info: Info, event_id: str, password: str, target: str,
                           refused: Callable[[str], Template]) -> Response[Any] | Template:
    """The event's input code typed on a tablet (an input screen, the team entry page): a session cookie and back
    to `target`, or `refused(message)` (the login form again, status 401) with the cookie dropped."""
    if info.update_password is None:
        return Redirect(target, status_code=303)
    if not await check_password(request, info.update_password, password):
        _ = translator(language(request))
        response = refused(_("Wrong code."))
        response.delete_cookie(input_cookie_name(event_id), path="/")
        return response
    redirect: Response[Any] = Redirect(target, status_code=303)
    redirect.set_cookie(input_cookie_name(event_id), await open_session(request, "input", event_id,
                                                                        info.update_password),
                        path="/", httponly=True, samesite="lax", max_age=60 * 60 * 24 * 30)
    return redirect
