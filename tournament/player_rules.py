"""Validation of a player's record (the admin's and the arbiter's player pages): every field the event file holds,
with a message per field a person understands (pure, no I/O; the `Form` of tournament/config_rules.py).

>>> f = Form({"last_name": "Dupont", "federation": "fra", "birth_date": "2010-02-30", "standard_rating": "1850"})
>>> values = record_rules(f, "standard")
>>> values["federation"], values["fide_rating"], f.errors["birth_date"].text
('FRA', 1850, 'Enter a birth date as YYYY-MM-DD, or the year alone.')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from typing import Any

from tournament.config_rules import CHECK_IN_CLOSED, FIXED_BOARD_TAKEN, RATING_TYPES, TITLES, Form
from tournament.messages import N_
from tournament.models import Player
from tournament.results import ByeKind
from tournament.seeding import ranking_key

#: FIDE age categories as the event file stores them (the imports map Papi's and ChessEvent's onto these).
CATEGORIES = ("U8", "U10", "U12", "U14", "U16", "U18", "U20", "Sen", "S50", "S65")
SEXES = ("M", "F")
#: The column of each rating list; the one of the tournament's kind is also `fide_rating`, the rating used.
RATING_COLUMNS = {"standard": "standard_rating", "rapid": "rapid_rating", "blitz": "blitz_rating"}
FEDERATION = re.compile(r"[A-Z]{3}")
LICENCE = re.compile(r"[A-Z0-9]{1,20}")
YEAR = re.compile(r"\d{4}")
MAX_FIDE_ID = 99_999_999_999  # 11 digits: the width of the TRF field
#: A late entrant's rounds already paired: none of their points (Z) or half a point each (H).
MISSED = {"0": ByeKind.ZERO, "0.5": ByeKind.HALF}

BAD_FEDERATION = N_("Enter the federation's three-letter code (FRA, GER…).")
BAD_BIRTH = N_("Enter a birth date as YYYY-MM-DD, or the year alone.")
BAD_LICENCE = N_("Use letters and digits only (at most 20), as on the licence (K12345).")


def rating_column(kind: str | None) -> str:
    """The rating column of a tournament's kind (standard when the tournament names none)."""
    return RATING_COLUMNS.get(kind or "standard", "standard_rating")


def _federation(form: Form) -> str | None:
    value = form.raw("federation").upper()
    if value and not FEDERATION.fullmatch(value):
        form.fail("federation", BAD_FEDERATION)
        return None
    return value or None


def _licence(form: Form) -> str | None:
    value = form.raw("national_id").upper().replace(" ", "")
    if value and not LICENCE.fullmatch(value):
        form.fail("national_id", BAD_LICENCE)
        return None
    return value or None


def _birth(form: Form) -> str | None:
    """YYYY-MM-DD (a real day, not in the future) or a year alone, as the imports store it."""
    value = form.raw("birth_date").replace("/", "-")
    if not value:
        return None
    try:
        day = date(int(value), 1, 1) if YEAR.fullmatch(value) else date.fromisoformat(value)
    except ValueError:
        form.fail("birth_date", BAD_BIRTH)
        return None
    if day.year < 1900 or day > date.today():
        form.fail("birth_date", BAD_BIRTH)
        return None
    return value


def _rating(form: Form, name: str) -> int | None:
    return form.integer(name, minimum=0, maximum=3500) or None  # 0 = unrated, stored as none


def record_rules(form: Form, rating_kind: str | None) -> dict[str, Any]:
    """The fields of a player's record → `player` columns, `fide_rating` being the rating of the tournament's
    kind (standard, rapid or blitz)."""
    values: dict[str, Any] = {
        "last_name": form.text("last_name", required=True, max_length=100),
        "first_name": form.text("first_name", max_length=100) or "",
        "sex": form.choice("sex", SEXES),
        "birth_date": _birth(form),
        "federation": _federation(form),
        "fide_id": form.integer("fide_id", minimum=1, maximum=MAX_FIDE_ID),
        "national_id": _licence(form),
        "club": form.text("club", max_length=100),
        "title": form.choice("title", TITLES),
        "standard_rating": _rating(form, "standard_rating"),
        "rapid_rating": _rating(form, "rapid_rating"),
        "blitz_rating": _rating(form, "blitz_rating"),
        "national_rating": _rating(form, "national_rating"),
        "rating_type": form.choice("rating_type", RATING_TYPES),
        "category": form.choice("category", CATEGORIES),
        "fixed_board": form.integer("fixed_board", minimum=1, maximum=9999),
    }
    values["fide_rating"] = values[rating_column(rating_kind)]
    return values


def record_values(player: Player, rating_kind: str | None) -> dict[str, Any]:
    """A player as the record form shows it: a file imported before the three lists were kept has the rating of
    the tournament's kind in `fide_rating` only."""
    out = {k: getattr(player, k) for k in player.__struct_fields__ if getattr(player, k) is not None}
    column = rating_column(rating_kind)
    if column not in out and player.fide_rating:
        out[column] = player.fide_rating
    return out


def fixed_board_rule(form: Form, board: int | None, players: Iterable[Player], player_id: int | None) -> None:
    if board is None:
        return
    for other in players:
        if other.fixed_board == board and other.id != player_id:
            form.fail("fixed_board", FIXED_BOARD_TAKEN, board, other.shown_name)
            return


def player_rules(form: Form, player: Player, players: Iterable[Player], current_round: int | None,
                 rating_kind: str | None) -> dict[str, Any]:
    """An edit of a player's record: every field, the displayed name and the check-in (closed once paired). A
    record field the form does not send keeps its value (the check-in box, unticked, sends nothing: it is read).

    >>> p = Player(id=1, tournament_id=1, pairing_number=1, last_name="Roux", club="Metz", fide_rating=1800)
    >>> values = player_rules(Form({"club": "Nancy"}), p, [p], None, "standard")
    >>> values["last_name"], values["club"], values["fide_rating"]
    ('Roux', 'Nancy', 1800)
    """
    kept = {k: str(v) for k, v in record_values(player, rating_kind).items() if k not in form.data}
    whole = Form({**kept, **form.data})
    values = record_rules(whole, rating_kind)
    for name, message in whole.errors.items():
        form.errors.setdefault(name, message)
    values["display_name"] = form.text("display_name", max_length=100)
    values["checked_in"] = form.flag("checked_in")
    fixed_board_rule(form, values["fixed_board"], players, player.id)
    if values["checked_in"] != player.checked_in and current_round is not None:
        form.fail("checked_in", CHECK_IN_CLOSED, current_round)
    return values


def new_player_rules(form: Form, players: Iterable[Player], rating_kind: str | None) -> dict[str, Any]:
    """A new player (before round 1) or a late entrant → `player` columns (numbered by the store)."""
    values = record_rules(form, rating_kind)
    fixed_board_rule(form, values["fixed_board"], players, None)
    return values


def missed_rounds_rule(form: Form) -> ByeKind:
    """What a late entrant scores in each round paired before the entry: the arbiter's choice of a zero-point (`Z`,
    the default) or a half-point bye (`H`), as the TRF writes them.

    >>> missed_rounds_rule(Form({"missed": "0.5"})), missed_rounds_rule(Form({}))
    (<ByeKind.HALF: 'H'>, <ByeKind.ZERO: 'Z'>)
    """
    return MISSED[form.choice("missed", MISSED) or "0"]


def ranking_changed(before: Player, after: Player) -> bool:
    """Whether an edit moves the player in the initial ranking (rating used, title or name).

    >>> p = Player(id=1, tournament_id=1, pairing_number=1, last_name="Roux", fide_rating=1800)
    >>> ranking_changed(p, Player(id=1, tournament_id=1, pairing_number=1, last_name="Roux", club="Metz",
    ...                           fide_rating=1800))
    False
    """
    def key(p: Player) -> tuple[int, int, str, str]:
        return ranking_key(p.rating, p.title, p.last_name, p.first_name)
    return key(before) != key(after)
