"""Validation of screens, sets, families, rotators, timers and hours (pure, per-field messages).

>>> f = Form({"tournament_id": "1", "first": "12", "last": "3"})
>>> _ = set_rules(f, tournament_ids={1}, siblings=[])
>>> f.errors["last"]
Message(text='The first item (%s) is after the last (%s).', args=(12, 3))
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from tournament.config_rules import Form, timer_json
from tournament.models import ScreenSet, TimerHour

SCREEN_TYPES = ("input", "boards", "players", "results", "image")
FAMILY_TYPES = ("input", "boards", "players")
MAX_FAMILY_SCREENS = 50
MAX_COLUMNS = 6
RANGE = re.compile(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?")

UNKNOWN_TOURNAMENT = "Unknown tournament."
UNKNOWN_TIMER = "Unknown timer."
FIRST_AFTER_LAST = "The first item (%s) is after the last (%s)."
NOT_BOARD = "%s is not a board number."
FIXED_OVERLAP = "Board %s is already shown by another set of this screen."
FIXED_AND_RANGE = "First and last are ignored with fixed boards: leave them empty."
PARTS_AND_NUMBER = "Give a number of screens or a number of items per screen, not both."
BAD_RANGE = "Enter a range as 4-6 or 3."
RANGE_ORDER = "The range starts after its end."
TOO_MANY_SCREENS = "This family would generate %s screens (at most %s)."
NO_SCREEN = "Choose at least one screen or family."
UNKNOWN_SCREEN = "Unknown screen."
UNKNOWN_FAMILY = "Unknown family."
PRIVATE_IN_PUBLIC = "This public rotator shows screens that are not public: %s."
LIMIT_ROUNDED = "The limit %s is rounded up to %s (a multiple of the columns)."
FIRST_HOUR_DATE = "The first hour needs a date."
HOUR_NOT_LATER = "This hour is not later than the previous one (%s)."
HOUR_TAKEN = "This id is already used by another hour of this timer."


def _tournament(form: Form, name: str, tournament_ids: Collection[int], *, required: bool) -> int | None:
    tid = form.integer(name, required=required)
    if tid is not None and tid not in tournament_ids:
        form.fail(name, UNKNOWN_TOURNAMENT)
        return None
    return tid


def _timer(form: Form, timer_ids: Collection[int]) -> int | None:
    timer_id = form.integer("timer_id")
    if timer_id is not None and timer_id not in timer_ids:
        form.fail("timer_id", UNKNOWN_TIMER)
        return None
    return timer_id


def _menu_fields(form: Form, values: dict[str, Any]) -> None:
    values["menu_link"] = form.flag("menu_link")
    values["menu_text"] = form.text("menu_text", max_length=100)
    values["menu"] = form.text("menu", max_length=500)


# -- screens and sets ---------------------------------------------------------------------------

def screen_rules(form: Form, *, taken_ids: Collection[str], tournament_ids: Collection[int],
                 timer_ids: Collection[int], screen_type: str | None = None) -> dict[str, Any]:
    """Screen fields → `screen` columns; `screen_type` is given when editing (the type is fixed).

    >>> f = Form({"uniq_id": "r", "type": "results", "columns": "3", "results_limit": "10"})
    >>> screen_rules(f, taken_ids=(), tournament_ids=(), timer_ids=())["results_limit"], f.warnings[0].args
    (10, (10, 12))
    """
    values: dict[str, Any] = {"uniq_id": form.ident("uniq_id", taken_ids)}
    kind = screen_type or form.choice("type", SCREEN_TYPES, required=True)
    if screen_type is None:
        values["type"] = kind
    values["name"] = form.text("name", max_length=200)
    values["public"] = form.flag("public")
    if kind == "image":
        values["background_image"] = form.text("background_image", max_length=500)
        values["background_color"] = form.colour("background_color")
        return values
    values["columns"] = form.integer("columns", minimum=1, maximum=MAX_COLUMNS)
    values["timer_id"] = _timer(form, timer_ids)
    _menu_fields(form, values)
    if kind == "players":
        values["players_show_unpaired"] = form.flag("players_show_unpaired")
    if kind == "results":
        limit = form.integer("results_limit", minimum=0, maximum=1000)
        values["results_limit"] = limit
        columns = values["columns"] or 1
        if limit and limit % columns:
            form.warn(LIMIT_ROUNDED, limit, -(-limit // columns) * columns)
        chosen = [int(t) for t in form.data.get("results_tournament_ids", []) if str(t).isdigit()]
        values["results_tournament_ids"] = str([t for t in chosen if t in tournament_ids]).replace(" ", "")
    return values


def parse_fixed_boards(form: Form, text: str) -> list[int]:
    boards = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if not part.isdigit() or int(part) < 1:
            form.fail("fixed_boards_str", NOT_BOARD, part)
            continue
        boards.append(int(part))
    return boards


def set_rules(form: Form, *, tournament_ids: Collection[int], siblings: Iterable[ScreenSet]) -> dict[str, Any]:
    """A set of a screen; `siblings` are the screen's other sets (fixed boards must not overlap)."""
    values: dict[str, Any] = {
        "tournament_id": _tournament(form, "tournament_id", tournament_ids, required=True),
        "name": form.text("name", max_length=200),
        "first": form.integer("first", minimum=1, maximum=9999),
        "last": form.integer("last", minimum=1, maximum=9999),
        "fixed_boards_str": None,
    }
    first, last = values["first"], values["last"]
    if first is not None and last is not None and first > last:
        form.fail("last", FIRST_AFTER_LAST, first, last)
    if form.flag("use_fixed_boards"):
        text = form.raw("fixed_boards_str")
        boards = parse_fixed_boards(form, text)
        values["fixed_boards_str"] = ", ".join(str(b) for b in boards)
        if first is not None or last is not None:
            form.fail("first", FIXED_AND_RANGE)
        for other in siblings:
            if other.tournament_id != values["tournament_id"] or not other.fixed_boards_str:
                continue
            shared = sorted(set(boards) & set(parse_fixed_boards(Form({}), other.fixed_boards_str)))
            if shared:
                form.fail("fixed_boards_str", FIXED_OVERLAP, shared[0])
                break
    return values


# -- families -----------------------------------------------------------------------------------

def family_screens(items: int, *, first: int | None = None, last: int | None = None, parts: int | None = None,
                   number: int | None = None, columns: int | None = None, checkin: bool = False,
                   screen_range: tuple[int, int | None] | None = None) -> list[tuple[int, int, int]]:
    """Generated screens (index, first item, last item), per screens.md §5.

    >>> family_screens(23, parts=2, columns=2)
    [(1, 1, 12), (2, 13, 23)]
    >>> family_screens(50, parts=3, columns=2)
    [(1, 1, 18), (2, 19, 36), (3, 37, 50)]
    >>> family_screens(10, parts=4, columns=2)
    [(1, 1, 4), (2, 5, 8), (3, 9, 10)]
    >>> family_screens(120, number=22, last=78)[-1], family_screens(120, number=22, first=79)
    ((4, 67, 78), [(1, 79, 100), (2, 101, 120)])
    >>> [i for i, _, _ in family_screens(100, number=10, screen_range=(4, 6))]
    [4, 5, 6]
    """
    start = first or 1
    stop = min(last or items, items)
    if items <= 0 or start > items or start > stop:
        return []
    n = stop - start + 1
    step = 2 * (columns or 1) if checkin else (columns or 1)
    if number:
        k = number * (2 if checkin else 1)
    elif parts:
        k = -(-n // parts)
    else:
        k = n
    k = min(-(-k // step) * step, n)
    out = [(i + 1, start + i * k, min(stop, start + (i + 1) * k - 1)) for i in range(-(-n // k))]
    if screen_range is not None:
        low, high = screen_range
        out = [s for s in out if low <= s[0] <= (high if high is not None else low)]
    return out


def parse_range(form: Form) -> tuple[int, int | None] | None:
    text = form.raw("range")
    if not text:
        return None
    match = RANGE.fullmatch(text)
    if match is None or int(match[1]) < 1:
        form.fail("range", BAD_RANGE)
        return None
    low, high = int(match[1]), int(match[2]) if match[2] else None
    if high is not None and high < low:
        form.fail("range", RANGE_ORDER)
        return None
    return low, high


def family_rules(form: Form, *, taken_ids: Collection[str], tournament_ids: Collection[int],
                 timer_ids: Collection[int], item_counts: dict[int, tuple[int, bool]]) -> dict[str, Any]:
    """Family fields → `family` columns. `item_counts[tid]` = (items, is a check-in list).

    >>> f = Form({"uniq_id": "f", "type": "boards", "tournament_id": "1", "number": "1"})
    >>> _ = family_rules(f, taken_ids=(), tournament_ids={1}, timer_ids=(), item_counts={1: (60, False)})
    >>> f.errors["number"].args
    (60, 50)
    """
    values: dict[str, Any] = {"uniq_id": form.ident("uniq_id", taken_ids),
                              "type": form.choice("type", FAMILY_TYPES, required=True),
                              "tournament_id": _tournament(form, "tournament_id", tournament_ids, required=True),
                              "name": form.text("name", max_length=200), "public": form.flag("public"),
                              "columns": form.integer("columns", minimum=1, maximum=MAX_COLUMNS),
                              "timer_id": _timer(form, timer_ids)}
    _menu_fields(form, values)
    values["menu_text"] = values["menu_text"] or ""
    values["menu"] = values["menu"] or ""
    values["players_show_unpaired"] = form.flag("players_show_unpaired") if values["type"] == "players" else None
    screen_range = parse_range(form)
    values["range"] = form.raw("range").replace(" ", "") or None
    for name in ("first", "last", "parts", "number"):
        values[name] = form.integer(name, minimum=1, maximum=9999)
    if values["first"] is not None and values["last"] is not None and values["first"] > values["last"]:
        form.fail("last", FIRST_AFTER_LAST, values["first"], values["last"])
    if values["parts"] is not None and values["number"] is not None:
        form.fail("number", PARTS_AND_NUMBER)
    if form.ok and values["tournament_id"] is not None:
        items, checkin = item_counts.get(values["tournament_id"], (0, False))
        count = len(family_screens(items, first=values["first"], last=values["last"], parts=values["parts"],
                                   number=values["number"], columns=values["columns"], checkin=checkin,
                                   screen_range=screen_range))
        if count > MAX_FAMILY_SCREENS:
            form.fail("number" if values["number"] else "parts", TOO_MANY_SCREENS, count, MAX_FAMILY_SCREENS)
    return values


# -- rotators -----------------------------------------------------------------------------------

def rotator_rules(form: Form, *, taken_ids: Collection[str], screens: dict[int, tuple[str, bool]],
                  families: dict[int, tuple[str, bool]], current: Sequence[int] = (),
                  current_families: Sequence[int] = ()) -> dict[str, Any]:
    """Rotator fields; `screens`/`families` map ids to (uniq id, public). Kept items keep their order."""
    values: dict[str, Any] = {"uniq_id": form.ident("uniq_id", taken_ids), "public": form.flag("public"),
                              "delay": form.integer("delay", minimum=1, maximum=3600),
                              "show_menus": form.flag("show_menus")}
    lists = {}
    for field, known, order in (("screen_ids", screens, current), ("family_ids", families, current_families)):
        chosen = {int(x) for x in form.data.get(field, []) if str(x).isdigit()}
        if chosen - set(known):
            form.fail(field, UNKNOWN_SCREEN if field == "screen_ids" else UNKNOWN_FAMILY)
        ordered = [i for i in order if i in chosen] + sorted(chosen - set(order))
        lists[field] = [i for i in ordered if i in known]
        values[field] = str(lists[field]).replace(" ", "")
    if not lists["screen_ids"] and not lists["family_ids"] and "screen_ids" not in form.errors:
        form.fail("screen_ids", NO_SCREEN)
    if values["public"]:
        hidden = [screens[i][0] for i in lists["screen_ids"] if not screens[i][1]]
        hidden += [families[i][0] for i in lists["family_ids"] if not families[i][1]]
        if hidden:
            form.warn(PRIVATE_IN_PUBLIC, ", ".join(hidden))
    return values


# -- timers and hours ---------------------------------------------------------------------------

def timer_rules(form: Form, *, taken_ids: Collection[str]) -> dict[str, Any]:
    return {"uniq_id": form.ident("uniq_id", taken_ids),
            "colors": timer_json(form, "colour", form.colour),
            "delays": timer_json(form, "delay", lambda n: form.integer(n, minimum=1, maximum=24 * 60))}


def hour_rules(form: Form, *, hours: Sequence[TimerHour], hour_id: int | None = None) -> dict[str, Any]:
    """An hour of a timer, checked against its neighbours in `order` (`hours` = all current hours).

    >>> h = TimerHour(id=1, uniq_id="1", timer_id=1, order=1, date_str="2026-07-01", time_str="14:00")
    >>> f = Form({"uniq_id": "2", "time_str": "13:30"})
    >>> _ = hour_rules(f, hours=[h])
    >>> f.errors["time_str"].args
    ('2026-07-01 14:00',)
    """
    values: dict[str, Any] = {"uniq_id": form.ident("uniq_id"), "time_str": form.clock("time_str", required=True),
                              "text_before": form.text("text_before", max_length=200),
                              "text_after": form.text("text_after", max_length=200)}
    day = form.date("date_str")
    values["date_str"] = day.strftime("%Y-%m-%d") if day else None
    if values["uniq_id"] and any(h.uniq_id == values["uniq_id"] and h.id != hour_id for h in hours):
        form.fail("uniq_id", HOUR_TAKEN)
    before = []
    for h in hours:
        if h.id == hour_id:
            break
        before.append(h)
    if not form.ok:
        return values
    date = values["date_str"]
    previous = None
    for h in before:
        date_before = h.date_str or (previous[0] if previous else None)
        if date_before and h.time_str:
            previous = (date_before, h.time_str)
    if date is None:
        if previous is None:
            form.fail("date_str", FIRST_HOUR_DATE)
            return values
        date = previous[0]
    if previous is not None and (date, values["time_str"]) <= previous:
        form.fail("time_str", HOUR_NOT_LATER, f"{previous[0]} {previous[1]}")
    return values
