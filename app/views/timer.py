"""Timer banners (docs/screens.md §7): the first render on the server and the data `timer.js` runs on.

The browser corrects its own clock by the offset it measures against `/clock`, so every screen of
the hall shows the same countdown even when a tablet's clock is wrong.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any

import msgspec

from app.views.tournament import Translate
from database.store import EventStore
from tournament.hall.timers import UNITS, banner_text, phase, timer_colors, timer_delays, valid_hours
from tournament.models import Info
from tournament.notices import Notice


class TimerView(msgspec.Struct, frozen=True, kw_only=True):
    uniq_id: str
    text: str
    color: str
    seconds: int
    before: bool
    clock: str  # server wall clock HH:MM:SS at render
    config: dict[str, Any]  # what timer.js needs
    notices: list[Notice]


def utc_offset_minutes(now: float) -> int:
    offset = datetime.fromtimestamp(now).astimezone().utcoffset()
    return int(offset.total_seconds() // 60) if offset is not None else 0


async def timer_view(store: EventStore, info: Info, timer_id: int | None, _: Translate,
                     now: float | None = None) -> TimerView | None:
    if timer_id is None:
        return None
    timer = next((t for t in await store.timers() if t.id == timer_id), None)
    if timer is None:
        return None
    now = time.time() if now is None else now
    hours, notices = valid_hours(await store.timer_hours(timer.id), _)
    colors, delays = timer_colors(timer, info), timer_delays(timer, info)
    current = phase(hours, colors, delays, now)
    config = {
        "hours": [{"id": h.uniq_id, "at": int(h.at * 1000), "before": h.text_before, "after": h.text_after}
                  for h in hours],
        "colors": list(colors),
        "delays": list(delays),
        "units": {one: [_(one), _(many)] for one, many, _size in UNITS},
        "and": _("%s and %s"),
        "tz": utc_offset_minutes(now),
        "now": int(now * 1000),
    }
    return TimerView(
        uniq_id=timer.uniq_id, text=banner_text(current, _) if current else "",
        color=current.color if current else "", seconds=current.seconds if current else 0,
        before=current.before if current else False, clock=datetime.fromtimestamp(now).strftime("%H:%M:%S"),
        config=config, notices=notices,
    )
