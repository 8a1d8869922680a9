"""Player and pairing files uploaded for a tournament: TRF (replaces), Papi (re-sync), ChessEvent JSON (merge)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from typing import Any

import msgspec

from app.held_uploads import Confirmations
from database.store import EventStore
from tournament.config_rules import FILE_ERRORS, UNKNOWN_FORMAT, Form, upload_kind
from tournament.errors import EchiquierError, Invalid
from tournament.formats.chessevent import ChessEventData, parse_chessevent
from tournament.formats.importing import trf_rows, trf_skipped, trf_tournament_values
from tournament.formats.papi import PapiRows, papi_rows, read_papi
from tournament.formats.trf import decode, parse_trf
from tournament.formats.trf_source import TrfSource, source_of
from tournament.messages import N_
from tournament.models import Pairing, Player, ResultLog
from tournament.teams.trf import TeamEvent
from tournament.teams.trf_import import team_layer

MAX_ERRORS_SHOWN = 5
UPLOAD_EXPIRED = N_("This upload is no longer waiting for confirmation: choose the file again.")
TRF_IMPORT = "admin: TRF import"  # the journal's "what" of a replacing upload


class TrfData(msgspec.Struct, kw_only=True):
    players: list[dict[str, Any]]
    pairings: list[dict[str, Any]]
    skipped: list[dict[str, Any]]
    values: dict[str, Any]
    name: str | None = None
    source: TrfSource | None = None  # kept with the tournament (database/trf_source.py)
    team: TeamEvent | None = None  # a team file: its teams and matches (tournament/teams/trf_import.py)


class Parsed(msgspec.Struct, kw_only=True):
    kind: str  # "trf", "papi" or "chessevent"
    data: TrfData | PapiRows | ChessEventData

    @property
    def values(self) -> dict[str, Any]:
        """Tournament settings read from the file."""
        return self.data.values if isinstance(self.data, TrfData) else dict(self.data.tournament)

    @property
    def replaces(self) -> bool:
        """A TRF can replace players, pairings and results (else it re-syncs, as Papi); ChessEvent merges."""
        return self.kind == "trf"


def _read_trf(data: bytes, filename: str = "") -> TrfData:
    text = decode(data)
    trf, errors = parse_trf(text)
    if errors:
        shown = "; ".join(str(e) for e in errors[:MAX_ERRORS_SHOWN]) + (" …" if len(errors) > MAX_ERRORS_SHOWN else "")
        raise UploadError(FILE_ERRORS, len(errors), shown)
    players, pairings = trf_rows(trf)
    return TrfData(players=players, pairings=pairings, skipped=trf_skipped(trf), values=trf_tournament_values(trf),
                   name=trf.name or None, source=source_of(trf, text, filename),
                   team=team_layer(trf))


def _read_papi(data: bytes) -> PapiRows:
    return papi_rows(read_papi(data))


class UploadError(Invalid):
    """A file that cannot be imported: shown on the form, nothing is written."""


async def parse_upload(form: Form, filename: str, data: bytes, field: str = "file") -> Parsed | None:
    """Read an uploaded file off the event loop; a problem goes to `form.errors[field]`, nothing is written."""
    kind = upload_kind(filename)
    if kind is None:
        form.fail(field, UNKNOWN_FORMAT)
        return None
    readers: dict[str, Callable[[bytes], TrfData | PapiRows | ChessEventData]] = {
        "trf": lambda data: _read_trf(data, filename), "papi": _read_papi, "chessevent": parse_chessevent}
    reader = readers[kind]
    try:
        parsed = await asyncio.to_thread(reader, data)
    except EchiquierError as exc:
        form.fail(field, exc.key, *exc.params)
        return None
    return Parsed(kind=kind, data=parsed)


async def apply_upload(store: EventStore, tid: int, parsed: Parsed, keep: Collection[str] = (),
                       replace: bool = False) -> str:
    """Write a parsed file into a tournament (one transaction); returns a report for the arbiter.

    Settings named in `keep` (chosen on the form) are not taken from the file. A TRF re-syncs a tournament
    that has players (results entered on screens kept) unless `replace`.
    """
    data = parsed.data
    settings = {k: v for k, v in parsed.values.items() if k not in keep}
    if isinstance(data, TrfData) and not replace and await store.players(tid):
        return (await store.imports.sync_trf(tid, settings, data.players, data.pairings, data.skipped,
                                             source=data.source)).text()
    if isinstance(data, TrfData):
        await store.imports.replace_tournament(tid, settings, data.players, data.pairings, data.skipped, TRF_IMPORT,
                                               source=data.source, team=data.team)
        return f"{len(data.players)} players, {len(data.pairings)} pairings."
    if isinstance(data, PapiRows):
        return (await store.imports.sync_papi(tid, msgspec.structs.replace(data, tournament=settings))).text()
    report = await store.imports.import_chessevent(tid, data.players, data.skipped, settings, data.md5)
    return report.text()


# -- replacing a tournament: what would be lost, a confirmation, then an undo --------------------------


class RoundLoss(msgspec.Struct, frozen=True, kw_only=True):
    """Results of one round that the file does not have (they go if the file replaces the tournament)."""

    round: int
    results: int  # results stored now that the file does not carry
    on_screens: int  # of which entered on screens (the result log)


class ReplacePlan(msgspec.Struct, frozen=True, kw_only=True):
    """What a replacing upload would change: shown to the arbiter before anything is written."""

    token: str
    filename: str
    players_now: int
    players_file: int
    pairings_now: int
    pairings_file: int
    losses: list[RoundLoss]

    @property
    def results_lost(self) -> int:
        return sum(loss.results for loss in self.losses)


def round_losses(players: list[Player], pairings: list[Pairing], logged: list[ResultLog],
                 file_pairings: list[dict[str, Any]]) -> list[RoundLoss]:
    """Per round, the stored results that the file does not carry for the same game (same round, same
    pairing numbers, same result); `logged` tells which were entered on screens."""
    number = {p.id: p.pairing_number for p in players}
    in_file = {(g["round"], g["white"], g.get("black"), g.get("result")) for g in file_pairings}
    screens = {(r.round, r.white_player_id, r.black_player_id) for r in logged}
    lost: dict[int, list[int]] = {}
    for g in pairings:
        if g.result is None:
            continue
        black = number.get(g.black_player_id) if g.black_player_id is not None else None
        if (g.round, number.get(g.white_player_id), black, int(g.result)) in in_file:
            continue
        counts = lost.setdefault(g.round, [0, 0])
        counts[0] += 1
        counts[1] += (g.round, g.white_player_id, g.black_player_id) in screens
    return [RoundLoss(round=r, results=c[0], on_screens=c[1]) for r, c in sorted(lost.items())]


async def take_held(held: Confirmations, form: Form, token: str, event_id: str, tid: int) -> Parsed | None:
    """The upload held under `token` for this tournament (app/held_uploads.py), read again; None when there is none
    (a problem reading it goes to the form)."""
    found = await held.take(token, event_id, tid)
    return None if found is None else await parse_upload(form, found[0], found[1])


async def replace_plan(held: Confirmations, store: EventStore, event_id: str, tid: int, filename: str, data: bytes,
                       parsed: Parsed) -> ReplacePlan:
    """What replacing tournament `tid` with `parsed` (read from `data`) would lose; the upload is held for the
    confirmation."""
    assert isinstance(parsed.data, TrfData)
    players = await store.players(tid)
    pairings = await store.pairings(tid)
    losses = round_losses(players, pairings, await store.results_log([tid]), parsed.data.pairings)
    token = await held.hold(event_id, tid, filename, data)
    return ReplacePlan(token=token, filename=filename, players_now=len(players), players_file=len(parsed.data.players),
                       pairings_now=len(pairings), pairings_file=len(parsed.data.pairings), losses=losses)


async def import_entry(store: EventStore, tid: int) -> int | None:
    """The journal entry of the import just made in tournament `tid` (for its undo link)."""
    for entry in await store.journal_entries(tournament_id=tid, limit=20):
        if entry.what == TRF_IMPORT and entry.undone_by is None:
            return entry.id
    return None
