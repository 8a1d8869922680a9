"""ChessEvent registration JSON (docs/formats.md §3) → tournament settings, players, skipped rounds, check-in.

Accepts both the documented and the coded field names. An unparsable payload raises ChessEventError
and nothing is imported.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Any

import msgspec

from tournament.errors import Invalid

TITLES = {1: "WFM", 2: "FM", 3: "WIM", 4: "IM", 5: "WGM", 6: "GM"}
CATEGORIES = {1: "U8", 2: "U10", 3: "U12", 4: "U14", 5: "U16", 6: "U18", 7: "U20", 8: "Sen", 9: "S50", 10: "S65"}
PAIRING = {1: "standard", 2: "haley", 3: "haley_soft", 4: "sad", 5: "nicois", 6: "berger"}
RATING = {1: "standard", 2: "rapid", 3: "blitz"}
RATING_TYPE = {1: "E", 2: "N", 3: "F"}
TIE_BREAKS = {1: "BH", 2: "BH/C1", 3: "BH/M1", 4: "PS", 7: "WIN", 9: "KS", 10: "SB"}


class ChessEventError(Invalid):
    pass


class ChessEventData(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    tournament: dict[str, Any]  # `tournament` columns
    players: list[dict[str, Any]]  # `player` columns (no pairing number)
    skipped: list[dict[str, Any]]  # {"index": position in players, "round": r, "score": 0/0.5/1}
    md5: str


MAX_NUMBER = 2**31 - 1  # ids, ratings, codes and rounds: a larger (or negative) one is an error, not a value


def _int(value: Any, what: str) -> int:
    """A whole number from 0 to `MAX_NUMBER` (0 when absent).

    >>> _int("12", "x"), _int(None, "x")
    (12, 0)
    >>> _int(1e999, "rounds")
    Traceback (most recent call last):
    ...
    tournament.formats.chessevent.ChessEventError: ChessEvent: rounds is not a number: inf. Nothing was imported.
    """
    if value in (None, ""):
        return 0
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        raise ChessEventError("ChessEvent: %s is not a number: %s. Nothing was imported.", what,
                              repr(value)[:40]) from None
    if not 0 <= number <= MAX_NUMBER:
        raise ChessEventError("ChessEvent: %s must be a whole number from 0 to %s, not %s. Nothing was imported.",
                              what, MAX_NUMBER, repr(value)[:40])
    return number


def _day(value: Any) -> str | None:
    if value in (None, "", 0):
        return None
    try:
        return datetime.fromtimestamp(float(value), tz=UTC).strftime("%Y-%m-%d")
    except (TypeError, ValueError, OverflowError, OSError):
        text = str(value)[:10]
        return text if len(text) == 10 and text[4] == "-" else None


def _text(value: Any) -> str | None:
    text = "" if value is None else str(value).strip()
    return text or None


def parse_chessevent(data: bytes) -> ChessEventData:
    try:
        payload = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as exc:  # ValueError: not JSON, or a number of thousands of digits
        raise ChessEventError("ChessEvent: the file is not JSON (%s). Nothing was imported.", str(exc)[:200]) from None
    except RecursionError:  # arrays or objects nested thousands deep
        raise ChessEventError("ChessEvent: the file is nested too deeply to be a ChessEvent file. Nothing was"
                              " imported.") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("players"), list):
        raise ChessEventError("ChessEvent: expected a tournament object with a `players` list. Nothing was imported.")
    rating = RATING.get(_int(payload.get("rating"), "rating"), "standard")
    rounds = _int(payload.get("rounds"), "rounds") or 7
    codes = [TIE_BREAKS.get(_int(payload.get(f"tie_break_{i}"), f"tie_break_{i}")) for i in (1, 2, 3)]
    tournament = {
        "rounds": min(rounds, 24), "tournament_type": "round_robin" if _int(payload.get("type"), "type") == 2
        else "swiss", "pairing_system": PAIRING.get(_int(payload.get("pairing"), "pairing"), "standard"),
        "rating_kind": rating, "tie_breaks": ",".join(c for c in codes if c) or None,
        "ffe_id": _int(payload.get("ffe_id"), "ffe_id") or None,
    }
    players: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    for i, p in enumerate(payload["players"]):
        if not isinstance(p, dict) or not _text(p.get("last_name")):
            raise ChessEventError("ChessEvent: player %s has no last name. Nothing was imported.", i + 1)
        players.append(_player(p, rating, i))
        skips = p.get("skipped_rounds") or {}
        if not isinstance(skips, dict):
            raise ChessEventError("ChessEvent: player %s (%s): skipped rounds are not a list of rounds. Nothing was"
                                  " imported.", i + 1, _text(p.get("last_name")))
        for rnd, score in skips.items():
            r = _int(rnd, f"player {i + 1} skipped round")
            try:
                points = float(score)
            except (TypeError, ValueError, OverflowError):
                points = -1.0
            if not 1 <= r <= rounds or points not in (0.0, 0.5, 1.0):
                raise ChessEventError("ChessEvent: player %s (%s): skipped round %s with %s points is not valid."
                                      " Nothing was imported.", i + 1, _text(p.get("last_name")), repr(rnd)[:40],
                                      repr(score)[:40])
            skipped.append({"index": i, "round": r, "score": points})
    md5 = hashlib.md5(data, usedforsecurity=False).hexdigest()
    return ChessEventData(name=_text(payload.get("name")) or "ChessEvent", tournament=tournament, players=players,
                          skipped=skipped, md5=md5)


def _player(p: dict[str, Any], rating: str, i: int) -> dict[str, Any]:
    kind = {"standard": "standard", "rapid": "rapid", "blitz": "blitz"}[rating]
    value = _int(p.get(f"{kind}_rating"), f"player {i + 1} rating")
    rtype = RATING_TYPE.get(_int(p.get(f"{kind}_rating_type"), f"player {i + 1} rating type"))
    fide_id = _int(p.get("fide_id"), f"player {i + 1} fide_id") or None
    return {
        "last_name": _text(p.get("last_name")), "first_name": _text(p.get("first_name")) or "",
        "sex": {1: "F", 2: "M"}.get(_int(p.get("gender"), "gender")),
        "title": TITLES.get(_int(p.get("title"), "title")),
        "fide_rating": value if rtype == "F" and value else None,
        "national_rating": value if rtype in ("N", "E") and value else None,
        "rating_type": rtype if value else None, "federation": _text(p.get("federation")), "fide_id": fide_id,
        "national_id": _text(p.get("ffe_license_number") or p.get("ffe_licence_number") or p.get("license")),
        "birth_date": _day(p.get("birth")), "category": CATEGORIES.get(_int(p.get("category"), "category")),
        "club": _text(p.get("ffe_club") or p.get("club")), "league": _text(p.get("ffe_league") or p.get("league")),
        "fixed_board": _int(p.get("board"), "board") or None, "checked_in": bool(p.get("check_in")),
        "email": _text(p.get("email")), "phone": _text(p.get("phone")),
    }
