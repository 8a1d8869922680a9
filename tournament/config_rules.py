"""Validation of the admin forms: per-field messages a person understands (pure, no I/O).

A `Form` reads submitted text fields and collects one `Message` per field; the rule functions
return the column values to store and leave the errors on the form. Messages are English text
keys with `%s` arguments, translated by the web layer.

>>> form = Form({"name": "Open A", "rounds": "0"})
>>> form.text("name", required=True), form.integer("rounds", minimum=1)
('Open A', None)
>>> form.errors["rounds"]
Message(text='Must be at least %s.', args=(1,))
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from datetime import datetime
from typing import Any

import msgspec

from tournament.messages import N_
from tournament.models import Tournament

IDENT = re.compile(r"[A-Za-z0-9_-]{1,64}")
COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
TRUE = ("1", "on", "true", "yes")

REQUIRED = N_("This field is required.")
TOO_LONG = N_("Too long (at most %s characters).")
NOT_INT = N_("Enter a whole number.")
TOO_SMALL = N_("Must be at least %s.")
TOO_BIG = N_("Must be at most %s.")
NOT_CHOICE = N_("Choose one of the listed values.")
BAD_IDENT = N_("Use letters, digits, - and _ only (at most 64).")
TAKEN = N_("This id is already used.")
BAD_COLOUR = N_("Enter a colour as #RRGGBB.")
BAD_DATE = N_("Enter a date as YYYY-MM-DD.")
BAD_TIME = N_("Enter a time as hh:mm.")
STOP_BEFORE_START = N_("The end date is before the start date.")
SHORT_CODE = N_("The code must have at least %s characters.")
MIN_CODE = 6  # input codes and arbiter passwords: a 4-digit code falls to parallel guesses in a minute
HANDICAP_PAIR = N_("Give both the rating step and the seconds per penalty, or neither.")
HANDICAP_NEEDS_TIME = N_("The handicap needs an initial time.")
MIN_OVER_INITIAL = N_("The minimum time cannot exceed the initial time.")
LIMITS_ORDER = N_("The second rating limit must be below the first.")
FIXED_BOARD_TAKEN = N_("Board %s is already the fixed board of %s.")
CHECK_IN_CLOSED = N_("Check-in is closed: round %s is paired.")
ROUND_PAIRED = N_("Round %s is already paired; choose a later round.")
ROUND_BEYOND = N_("The tournament has %s rounds.")
REPLACE_NEEDED = N_("This tournament already has players: tick “replace” to overwrite them and their results.")
UNKNOWN_FORMAT = N_("Unknown file type: upload a .trf, .papi or ChessEvent .json file.")
FILE_ERRORS = N_("The file has %s errors; nothing was imported: %s")
COLOUR_FIXED = N_("Round 1 is paired: the initial colour can no longer change.")

TOURNAMENT_TYPES = ("swiss", "round_robin")
PAIRING_SYSTEMS = ("standard", "haley", "haley_soft", "sad", "nicois", "berger")
RATING_KINDS = ("standard", "rapid", "blitz")
INITIAL_COLOURS = ("W", "B")  # the colour of the first-ranked player in round 1 (TRF 152 / XXC)
EVENT_LANGUAGES = ("en", "fr")  # the languages of i18n/__init__.py
TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
RATING_TYPES = ("F", "N", "E")
SKIP_SCORES = {"0": 0.0, "0.5": 0.5, "1": 1.0}


class Message(msgspec.Struct, frozen=True):
    """A message for one field: English text with `%s` placeholders, and their values."""

    text: str
    args: tuple[Any, ...] = ()


class Form:
    """Submitted fields, read one by one; the first problem of each field is kept in `errors`."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.errors: dict[str, Message] = {}
        self.warnings: list[Message] = []

    @property
    def ok(self) -> bool:
        return not self.errors

    def fail(self, name: str, text: str, *args: Any) -> None:
        self.errors.setdefault(name, Message(text, args))

    def warn(self, text: str, *args: Any) -> None:
        self.warnings.append(Message(text, args))

    def raw(self, name: str) -> str:
        value = self.data.get(name)
        return value.strip() if isinstance(value, str) else ""

    def text(self, name: str, *, required: bool = False, max_length: int = 200) -> str | None:
        value = self.raw(name)
        if not value:
            if required:
                self.fail(name, REQUIRED)
            return None
        if len(value) > max_length:
            self.fail(name, TOO_LONG, max_length)
            return None
        return value

    def integer(self, name: str, *, minimum: int | None = None, maximum: int | None = None,
                required: bool = False) -> int | None:
        value = self.raw(name)
        if not value:
            if required:
                self.fail(name, REQUIRED)
            return None
        try:
            number = int(value)
        except ValueError:
            self.fail(name, NOT_INT)
            return None
        if minimum is not None and number < minimum:
            self.fail(name, TOO_SMALL, minimum)
            return None
        if maximum is not None and number > maximum:
            self.fail(name, TOO_BIG, maximum)
            return None
        return number

    def flag(self, name: str) -> bool:
        return self.raw(name).lower() in TRUE

    def choice(self, name: str, options: Iterable[str], *, required: bool = False) -> str | None:
        value = self.raw(name)
        if not value:
            if required:
                self.fail(name, REQUIRED)
            return None
        if value not in options:
            self.fail(name, NOT_CHOICE)
            return None
        return value

    def ident(self, name: str, taken: Collection[str] = ()) -> str | None:
        value = self.raw(name)
        if not value:
            self.fail(name, REQUIRED)
            return None
        if not IDENT.fullmatch(value):
            self.fail(name, BAD_IDENT)
            return None
        if value in taken:
            self.fail(name, TAKEN)
            return None
        return value

    def colour(self, name: str) -> str | None:
        value = self.raw(name)
        if not value:
            return None
        if not COLOUR.fullmatch(value):
            self.fail(name, BAD_COLOUR)
            return None
        return value.upper()

    def _parsed(self, name: str, pattern: str, error: str, required: bool) -> datetime | None:
        """The field read with `strptime(pattern)`; None (and `error` or REQUIRED noted) when it cannot be."""
        value = self.raw(name)
        if not value:
            if required:
                self.fail(name, REQUIRED)
            return None
        try:
            return datetime.strptime(value, pattern)
        except ValueError:
            self.fail(name, error)
            return None

    def date(self, name: str, *, required: bool = False) -> datetime | None:
        return self._parsed(name, "%Y-%m-%d", BAD_DATE, required)

    def clock(self, name: str, *, required: bool = False) -> str | None:
        moment = self._parsed(name, "%H:%M", BAD_TIME, required)
        return None if moment is None else moment.strftime("%H:%M")


# -- events -------------------------------------------------------------------------------------

def event_rules(form: Form, *, taken_ids: Collection[str] = (), new: bool = False) -> dict[str, Any]:
    """Event settings → `info` columns (plus `event_id`, and the clear `input_code`/`arbiter_code` when given).

    >>> f = Form({"event_id": "open", "name": "Open", "start": "2026-07-02", "stop": "2026-07-01"})
    >>> _ = event_rules(f, new=True)
    >>> f.errors["stop"].text
    'The end date is before the start date.'
    """
    values: dict[str, Any] = {}
    if new:
        values["event_id"] = form.ident("event_id", taken_ids)
    values["name"] = form.text("name", required=True)
    start, stop = form.date("start", required=True), form.date("stop", required=True)
    if start and stop:
        if stop < start:
            form.fail("stop", STOP_BEFORE_START)
        values["start"] = start.timestamp()
        values["stop"] = stop.replace(hour=23, minute=59, second=59).timestamp()
    values["public"] = form.flag("public")
    values["record_illegal_moves"] = form.integer("record_illegal_moves", minimum=0, maximum=9)
    values["allow_results_deletion_on_input_screens"] = form.flag("allow_results_deletion_on_input_screens")
    values["background_image"] = form.text("background_image", max_length=500)
    values["background_color"] = form.colour("background_color")
    values["timer_colors"] = timer_json(form, "colour", form.colour)
    values["timer_delays"] = timer_json(form, "delay", lambda n: form.integer(n, minimum=1, maximum=24 * 60))
    values["language"] = form.choice("language", EVENT_LANGUAGES)
    for name in ("input_code", "arbiter_code"):
        code = form.raw(name)
        if code:
            if len(code) < MIN_CODE:
                form.fail(name, SHORT_CODE, MIN_CODE)
            values[name] = code
        values[f"clear_{name}"] = form.flag(f"clear_{name}")
    return values


def timer_json(form: Form, prefix: str, read: Any) -> str | None:
    """Fields `<prefix>1..3` → the JSON dictionary of timer colours or delays (None when all empty)."""
    found = {str(i): value for i in (1, 2, 3) if (value := read(f"{prefix}{i}")) is not None}
    return msgspec.json.encode(found).decode() if found else None


# -- tournaments -------------------------------------------------------------------------------

def tournament_rules(form: Form, *, taken_ids: Collection[str] = (), paired_colour: str | bool | None = False
                     ) -> dict[str, Any]:
    """Tournament settings → `tournament` columns. `paired_colour`: once round 1 is paired, the initial colour it
    was paired with, which may no longer change (False before).

    >>> f = Form({"uniq_id": "a", "name": "A", "time_control_handicap_penalty_step": "50"})
    >>> _ = tournament_rules(f)
    >>> f.errors["time_control_handicap_penalty_value"].text
    'Give both the rating step and the seconds per penalty, or neither.'
    """
    values: dict[str, Any] = {
        "uniq_id": form.ident("uniq_id", taken_ids),
        "name": form.text("name", required=True),
        "rounds": form.integer("rounds", minimum=1, maximum=99),
        "tournament_type": form.choice("tournament_type", TOURNAMENT_TYPES),
        "pairing_system": form.choice("pairing_system", PAIRING_SYSTEMS),
        "rating_kind": form.choice("rating_kind", RATING_KINDS),
        "rating_limit_1": form.integer("rating_limit_1", minimum=0, maximum=3500),
        "rating_limit_2": form.integer("rating_limit_2", minimum=0, maximum=3500),
        "time_control_initial_time": form.integer("time_control_initial_time", minimum=0, maximum=24 * 3600),
        "time_control_increment": form.integer("time_control_increment", minimum=0, maximum=3600),
        "time_control_handicap_penalty_step": form.integer("time_control_handicap_penalty_step", minimum=1),
        "time_control_handicap_penalty_value": form.integer("time_control_handicap_penalty_value", minimum=1),
        "time_control_handicap_min_time": form.integer("time_control_handicap_min_time", minimum=0),
        "record_illegal_moves": form.integer("record_illegal_moves", minimum=0, maximum=9),
        "tie_breaks": form.text("tie_breaks", max_length=200),
        "initial_colour": form.choice("initial_colour", INITIAL_COLOURS),
    }
    if paired_colour is not False:  # round 1 is paired: the colour it was paired with stays
        if "initial_colour" not in form.data:
            values["initial_colour"] = paired_colour
        elif values["initial_colour"] != paired_colour:
            form.fail("initial_colour", COLOUR_FIXED)
    step, value = values["time_control_handicap_penalty_step"], values["time_control_handicap_penalty_value"]
    initial, minimum = values["time_control_initial_time"], values["time_control_handicap_min_time"]
    if (step is None) != (value is None) and not {"time_control_handicap_penalty_step",
                                                 "time_control_handicap_penalty_value"} & set(form.errors):
        form.fail("time_control_handicap_penalty_value" if value is None else "time_control_handicap_penalty_step",
                  HANDICAP_PAIR)
    if step is not None and value is not None and initial is None and "time_control_initial_time" not in form.errors:
        form.fail("time_control_initial_time", HANDICAP_NEEDS_TIME)
    if minimum is not None and initial is not None and minimum > initial:
        form.fail("time_control_handicap_min_time", MIN_OVER_INITIAL)
    limit_1, limit_2 = values["rating_limit_1"], values["rating_limit_2"]
    if limit_1 is not None and limit_2 is not None and limit_2 >= limit_1:
        form.fail("rating_limit_2", LIMITS_ORDER)
    return values


def upload_kind(filename: str) -> str | None:
    """`trf`, `papi` or `chessevent` from a file name, None when unknown.

    >>> [upload_kind(n) for n in ("open.TRF", "a.txt", "b.papi", "c.json", "d.pdf")]
    ['trf', 'trf', 'papi', 'chessevent', None]
    """
    suffix = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    return {"trf": "trf", "txt": "trf", "trfx": "trf", "papi": "papi", "json": "chessevent"}.get(suffix)


# -- players (their record: tournament/player_rules.py) ------------------------------------------

def withdraw_rules(form: Form, tournament: Tournament, paired_rounds: Collection[int]) -> tuple[list[int], float]:
    """Withdrawal "from round r on": the unpaired rounds r..N to skip, and the points each gives."""
    first = form.integer("from_round", minimum=1, maximum=99, required=True)
    score_text = form.choice("score", SKIP_SCORES, required=True)
    last = tournament.rounds or max([*paired_rounds, first or 1])
    if first is not None and first > last:
        form.fail("from_round", ROUND_BEYOND, last)
    elif first is not None and first in paired_rounds:
        form.fail("from_round", ROUND_PAIRED, first)
    if not form.ok or first is None or score_text is None:
        return [], 0.0
    return [r for r in range(first, last + 1) if r not in paired_rounds], SKIP_SCORES[score_text]
