"""Timer banners (docs/screens.md §7): valid hours, colours and delays with their defaults, the phase at
a given instant, and durations spelled out. Pure: "now" and the hours' instants are arguments.

The browser runs the same computation every second (`web/static/timer.js`) on the server's clock;
this module is the reference the HTTP tests and the first render use.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import datetime

import msgspec

from tournament.messages import N_
from tournament.models import Info, Timer, TimerHour
from tournament.notices import Notice

DEFAULT_COLORS = ("#2B8A3E", "#B35C00", "#C92A2A")  # calm green, amber, red: white text reads on each
DEFAULT_DELAYS = (15, 5, 10)  # minutes
COLOR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
TIME_RE = re.compile(r"^\d{1,2}:\d{2}$")

Translate = Callable[..., str]


class Hour(msgspec.Struct, frozen=True, kw_only=True):
    """A valid hour: its instant (seconds since the epoch) and its two texts (`%s` = the duration)."""

    uniq_id: str
    at: float
    text_before: str
    text_after: str
    round: int | None  # the round it starts, when its id is a positive integer


class Phase(msgspec.Struct, frozen=True, kw_only=True):
    color: str  # "#RRGGBB"
    text: str  # with %s
    seconds: int  # seconds left before the hour (text_before) or elapsed since it (text_after)
    before: bool
    hour: str


def _json_triplet(raw: str | None) -> dict[str, object]:
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def timer_colors(timer: Timer | None, info: Info | None) -> tuple[str, str, str]:
    """Colours 1-3: the timer's, else the event's, else the built-in defaults (never shared state).

    >>> timer_colors(Timer(id=1, uniq_id="t", colors='{"2": "#123456"}'), None)
    ('#2B8A3E', '#123456', '#C92A2A')
    """
    own = _json_triplet(timer.colors if timer else None)
    event = _json_triplet(info.timer_colors if info else None)
    out = []
    for i, default in enumerate(DEFAULT_COLORS, start=1):
        value = next((v for v in (own.get(str(i)), event.get(str(i)))
                      if isinstance(v, str) and COLOR_RE.match(v)), default)
        out.append(value.upper())
    return out[0], out[1], out[2]


def timer_delays(timer: Timer | None, info: Info | None) -> tuple[int, int, int]:
    """Delays 1-3 in minutes, with the same fallback as the colours.

    >>> timer_delays(Timer(id=1, uniq_id="t", delays='{"1": 30}'), None)
    (30, 5, 10)
    """
    own = _json_triplet(timer.delays if timer else None)
    event = _json_triplet(info.timer_delays if info else None)
    out = []
    for i, default in enumerate(DEFAULT_DELAYS, start=1):
        value = next((int(v) for v in (own.get(str(i)), event.get(str(i)))
                      if isinstance(v, int | float) and not isinstance(v, bool) and v >= 0), default)
        out.append(value)
    return out[0], out[1], out[2]


def round_of(uniq_id: str) -> int | None:
    return int(uniq_id) if uniq_id.isdigit() and int(uniq_id) > 0 else None


def valid_hours(hours: Sequence[TimerHour], _: Translate, to_instant: Callable[[datetime], float] | None = None
                ) -> tuple[list[Hour], list[Notice]]:
    """The hours that count, in `order`, with their texts defaulted; warnings for the others.

    `to_instant` turns a naive server-local datetime into an instant (default: `datetime.timestamp`).
    """
    instant = to_instant or (lambda d: d.timestamp())
    out: list[Hour] = []
    notices: list[Notice] = []
    date: str | None = None
    for h in sorted(hours, key=lambda h: (h.order, h.id)):
        day = h.date_str or date
        if not h.time_str or not TIME_RE.match(h.time_str.strip()):
            notices.append(Notice("Timer hour %s: the time %s is not hh:mm; ignored.", (h.uniq_id, h.time_str)))
            continue
        if day is None or not DATE_RE.match(day.strip()):
            notices.append(Notice("Timer hour %s: a date YYYY-MM-DD is needed; ignored.", (h.uniq_id,)))
            continue
        try:
            when = datetime.strptime(f"{day.strip()} {h.time_str.strip()}", "%Y-%m-%d %H:%M")
        except ValueError:
            notices.append(Notice("Timer hour %s: %s %s is not a valid date; ignored.", (h.uniq_id, day, h.time_str)))
            continue
        at = instant(when)
        if out and at <= out[-1].at:
            notices.append(Notice("Timer hour %s is not later than the previous one; ignored.", (h.uniq_id,)))
            continue
        date = day.strip()
        rnd = round_of(h.uniq_id)
        before = h.text_before or (_("Round %s starts in %s", rnd, "%s") if rnd else "")
        after = h.text_after or (_("Round %s started %s ago", rnd, "%s") if rnd else "")
        out.append(Hour(uniq_id=h.uniq_id, at=at, text_before=before, text_after=after, round=rnd))
    return out, notices


def _rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def fade(start: str, stop: str, fraction: float) -> str:
    """Linear RGB blend, `fraction` 0 → start, 1 → stop.

    >>> fade("#00FF00", "#FF7700", 0.5)
    '#80BB00'
    """
    fraction = min(max(fraction, 0.0), 1.0)
    mixed = (round(a + (b - a) * fraction) for a, b in zip(_rgb(start), _rgb(stop), strict=True))
    return "#" + "".join(f"{c:02X}" for c in mixed)


def phase(hours: Sequence[Hour], colors: tuple[str, str, str], delays: tuple[int, int, int], now: float
          ) -> Phase | None:
    """What the banner shows at `now` (docs/screens.md §7 timeline); None when there is no valid hour.

    >>> hs = [Hour(uniq_id="1", at=10_000.0, text_before="in %s", text_after="since %s", round=1)]
    >>> c, d = DEFAULT_COLORS, DEFAULT_DELAYS
    >>> [(p.color, p.seconds, p.before) for p in (phase(hs, c, d, t) for t in (0, 10_000 - 750, 10_000, 99_999))]
    [('#2B8A3E', 10000, True), ('#6F731F', 750, True), ('#C92A2A', 0, False), ('#C92A2A', 89999, False)]
    """
    if not hours:
        return None
    c1, c2, c3 = colors
    d1, d2, d3 = (m * 60 for m in delays)
    for hour in hours:
        t = hour.at
        if now < t + d3:
            if now >= t:
                return Phase(color=c3, text=hour.text_after, seconds=int(now - t), before=False, hour=hour.uniq_id)
            left = int(-(-(t - now) // 1))  # seconds left, rounded up
            if now < t - d1 - d2:
                color = c1
            elif now < t - d2:
                color = fade(c1, c2, (now - (t - d1 - d2)) / d1) if d1 else c2
            else:
                color = fade(c2, c3, (now - (t - d2)) / d2) if d2 else c3
            return Phase(color=color, text=hour.text_before, seconds=left, before=True, hour=hour.uniq_id)
    last = hours[-1]
    return Phase(color=c3, text=last.text_after, seconds=int(now - last.at), before=False, hour=last.uniq_id)


UNITS = ((N_("week"), N_("weeks"), 7 * 86400), (N_("day"), N_("days"), 86400), (N_("hour"), N_("hours"), 3600),
         (N_("minute"), N_("minutes"), 60), (N_("second"), N_("seconds"), 1))


def spell_duration(seconds: int, _: Translate) -> str:
    """The largest non-zero unit, plus the next unit when non-zero, in the UI language.

    >>> en = lambda text, *args: text % args if args else text
    >>> [spell_duration(s, en) for s in (7500, 3 * 86400, 45, 0, 3600 + 59, 8 * 86400 + 3600)]
    ['2 hours and 5 minutes', '3 days', '45 seconds', '0 seconds', '1 hour', '1 week and 1 day']
    """
    seconds = max(int(seconds), 0)
    parts: list[str] = []
    for i, (one, many, size) in enumerate(UNITS):
        count = seconds // size
        if count or (i == len(UNITS) - 1 and not parts):
            parts.append(f"{count} {_(one if count == 1 else many)}")
            if i + 1 < len(UNITS):
                one2, many2, size2 = UNITS[i + 1]
                nxt = (seconds % size) // size2
                if nxt:
                    parts.append(f"{nxt} {_(one2 if nxt == 1 else many2)}")
            break
    return _("%s and %s", parts[0], parts[1]) if len(parts) == 2 else parts[0]


def banner_text(p: Phase, _: Translate) -> str:
    return p.text.replace("%s", spell_duration(p.seconds, _)) if p.text else ""
