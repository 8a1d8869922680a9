"""Player and pairing files uploaded for a tournament: TRF today, Papi and ChessEvent when their readers exist."""

from __future__ import annotations

import asyncio
import importlib
from typing import Any

import msgspec

from tournament.config_rules import FILE_ERRORS, NOT_AVAILABLE, UNKNOWN_FORMAT, Form, upload_kind
from tournament.importing import trf_rows
from tournament.trf import decode, parse_trf

MAX_ERRORS_SHOWN = 5
LABELS = {"trf": "TRF", "papi": "Papi", "chessevent": "ChessEvent"}


class Loaded(msgspec.Struct, kw_only=True):
    players: list[dict[str, Any]]
    pairings: list[dict[str, Any]]
    name: str | None = None
    rounds: int | None = None


def _read_trf(data: bytes) -> tuple[Loaded | None, list[str]]:
    trf, errors = parse_trf(decode(data))
    if errors:
        return None, [str(e) for e in errors]
    players, pairings = trf_rows(trf)
    return Loaded(players=players, pairings=pairings, name=trf.name or None, rounds=trf.rounds), []


def available(kind: str) -> bool:
    if kind == "trf":
        return True
    try:
        importlib.import_module(f"tournament.{kind}")
    except ImportError:
        return False
    return False  # the module exists but is not wired to the admin upload yet


async def read_upload(form: Form, filename: str, data: bytes, field: str = "file") -> Loaded | None:
    """Parse an uploaded file off the event loop; problems go to `form.errors[field]`."""
    kind = upload_kind(filename)
    if kind is None:
        form.fail(field, UNKNOWN_FORMAT)
        return None
    if not available(kind):
        form.fail(field, NOT_AVAILABLE, LABELS[kind])
        return None
    loaded, errors = await asyncio.to_thread(_read_trf, data)
    if errors:
        shown = "; ".join(errors[:MAX_ERRORS_SHOWN]) + (" …" if len(errors) > MAX_ERRORS_SHOWN else "")
        form.fail(field, FILE_ERRORS, len(errors), shown)
    return loaded
