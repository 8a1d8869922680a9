"""Player and pairing files uploaded for a tournament: TRF (replaces), Papi (re-sync), ChessEvent JSON (merge)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from typing import Any

import msgspec

from database.imports import import_chessevent, replace_tournament, sync_papi
from database.store import EventStore
from tournament.chessevent import ChessEventData, parse_chessevent
from tournament.config_rules import FILE_ERRORS, UNKNOWN_FORMAT, Form, upload_kind
from tournament.errors import EchiquierError, Invalid
from tournament.importing import trf_rows, trf_skipped, trf_tournament_values
from tournament.papi import PapiRows, papi_rows, read_papi
from tournament.trf import decode, parse_trf

MAX_ERRORS_SHOWN = 5


class TrfData(msgspec.Struct, kw_only=True):
    players: list[dict[str, Any]]
    pairings: list[dict[str, Any]]
    skipped: list[dict[str, Any]]
    values: dict[str, Any]
    name: str | None = None


class Parsed(msgspec.Struct, kw_only=True):
    kind: str  # "trf", "papi" or "chessevent"
    data: TrfData | PapiRows | ChessEventData

    @property
    def values(self) -> dict[str, Any]:
        """Tournament settings read from the file."""
        return self.data.values if isinstance(self.data, TrfData) else dict(self.data.tournament)

    @property
    def replaces(self) -> bool:
        """A TRF replaces players, pairings and results; Papi re-syncs and ChessEvent merges."""
        return self.kind == "trf"


def _read_trf(data: bytes) -> TrfData:
    trf, errors = parse_trf(decode(data))
    if errors:
        shown = "; ".join(str(e) for e in errors[:MAX_ERRORS_SHOWN]) + (" …" if len(errors) > MAX_ERRORS_SHOWN else "")
        raise UploadError(FILE_ERRORS, len(errors), shown)
    players, pairings = trf_rows(trf)
    return TrfData(players=players, pairings=pairings, skipped=trf_skipped(trf), values=trf_tournament_values(trf),
                   name=trf.name or None)


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
        "trf": _read_trf, "papi": _read_papi, "chessevent": parse_chessevent}
    reader = readers[kind]
    try:
        parsed = await asyncio.to_thread(reader, data)
    except EchiquierError as exc:
        form.fail(field, exc.key, *exc.params)
        return None
    return Parsed(kind=kind, data=parsed)


async def apply_upload(store: EventStore, tid: int, parsed: Parsed, keep: Collection[str] = ()) -> str:
    """Write a parsed file into a tournament (one transaction); returns a report for the arbiter.

    Settings named in `keep` (chosen on the form) are not taken from the file.
    """
    data = parsed.data
    settings = {k: v for k, v in parsed.values.items() if k not in keep}
    if isinstance(data, TrfData):
        await replace_tournament(store, tid, settings, data.players, data.pairings, data.skipped,
                                 "admin: TRF import")
        return f"{len(data.players)} players, {len(data.pairings)} pairings."
    if isinstance(data, PapiRows):
        return (await sync_papi(store, tid, msgspec.structs.replace(data, tournament=settings))).text()
    report = await import_chessevent(store, tid, data.players, data.skipped, settings, data.md5)
    return report.text()
