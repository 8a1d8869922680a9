"""Timer colours, phases and durations (docs/screens.md §7, tournament/hall/timers.py)."""

from __future__ import annotations

from datetime import datetime

import pytest

from i18n import translator
from tournament.hall.timers import (
    DEFAULT_COLORS,
    DEFAULT_DELAYS,
    Hour,
    banner_text,
    fade,
    phase,
    spell_duration,
    timer_colors,
    timer_delays,
    valid_hours,
)
from tournament.models import Info, Timer, TimerHour

EN = translator("en")
FR = translator("fr")
T = 1_000_000.0
MIN = 60


def hour(at: float, uniq_id: str = "1", before: str = "before %s", after: str = "after %s") -> Hour:
    return Hour(uniq_id=uniq_id, at=at, text_before=before, text_after=after, round=None)


def info(**kw: object) -> Info:
    return Info(version="x", start=0, stop=0, **kw)  # type: ignore[arg-type]


def test_defaults_and_fallbacks_are_not_shared_between_events() -> None:
    assert timer_colors(None, None) == DEFAULT_COLORS == ("#2B8A3E", "#B35C00", "#C92A2A")
    assert timer_delays(None, None) == DEFAULT_DELAYS == (15, 5, 10)
    event = info(timer_colors='{"1": "#111111", "3": "#333333"}', timer_delays='{"2": 7}')
    own = Timer(id=1, uniq_id="t", colors='{"1": "#aaaaaa", "2": "RGB(1,2,3)"}', delays='{"3": 1}')
    assert timer_colors(own, event) == ("#AAAAAA", "#B35C00", "#333333")  # a bad colour falls back
    assert timer_delays(own, event) == (15, 7, 1)
    assert timer_colors(None, None) == DEFAULT_COLORS  # nothing was mutated


@pytest.mark.parametrize(("now", "color", "before", "seconds"), [
    (T - 3600, "#2B8A3E", True, 3600),                      # long before: colour 1, time left
    (T - 20 * MIN, "#2B8A3E", True, 20 * MIN),              # start of the first fade
    (T - 12.5 * MIN, "#6F731F", True, 750),                 # halfway 1 -> 2
    (T - 5 * MIN, "#B35C00", True, 5 * MIN),                # colour 2 reached
    (T - 2.5 * MIN, "#BE4315", True, 150),                  # halfway 2 -> 3
    (T, "#C92A2A", False, 0),                               # the hour: colour 3, time elapsed
    (T + 9 * MIN, "#C92A2A", False, 9 * MIN),
])
def test_timeline_of_one_hour(now: float, color: str, before: bool, seconds: int) -> None:
    p = phase([hour(T), hour(T + 7200, "2")], DEFAULT_COLORS, DEFAULT_DELAYS, now)
    assert p is not None
    assert (p.color, p.before, p.seconds, p.hour) == (color, before, seconds, "1")


def test_after_d3_the_next_hour_applies_and_after_the_last_hour_colour_3_forever() -> None:
    hours = [hour(T), hour(T + 7200, "2")]
    p = phase(hours, DEFAULT_COLORS, DEFAULT_DELAYS, T + 10 * MIN)
    assert p is not None and (p.hour, p.before, p.seconds, p.color) == ("2", True, 7200 - 600, "#2B8A3E")
    p = phase(hours, DEFAULT_COLORS, DEFAULT_DELAYS, T + 7200 + 86400)
    assert p is not None and (p.hour, p.before, p.color) == ("2", False, "#C92A2A")
    assert phase([], DEFAULT_COLORS, DEFAULT_DELAYS, T) is None


def test_fade_is_linear_rgb() -> None:
    assert fade("#000000", "#FFFFFF", 0) == "#000000"
    assert fade("#000000", "#FFFFFF", 1) == "#FFFFFF"
    assert fade("#000000", "#FF0000", 0.25) == "#400000"


def hours_rows(*rows: tuple[str, str | None, str | None]) -> list[TimerHour]:
    return [TimerHour(id=i, uniq_id=u, timer_id=1, order=i, date_str=d, time_str=t)
            for i, (u, d, t) in enumerate(rows, start=1)]


def test_valid_hours_dates_default_and_bad_hours_are_ignored_with_warnings() -> None:
    rows = hours_rows(("3", "2026-07-11", "14:00"), ("4", None, "19:30"), ("5", None, "19:00"),
                      ("6", "2026-07-12", "9h"), ("7", "2026-07-12", "09:00"))
    hours, notices = valid_hours(rows, EN)
    assert [h.uniq_id for h in hours] == ["3", "4", "7"]
    assert hours[1].at == datetime(2026, 7, 11, 19, 30).timestamp()
    assert len(notices) == 2
    assert hours[0].text_before == "Round 3 starts in %s"
    assert hours[0].text_after == "Round 3 started %s ago"
    assert valid_hours(hours_rows(("1", None, "10:00")), EN)[0] == []  # the first hour needs a date


def test_round_texts_in_french_and_other_hours_keep_their_texts() -> None:
    prizes = TimerHour(id=9, uniq_id="prizes", timer_id=1, order=9, time_str="18:00", text_before="Prizes in %s")
    rows = [*hours_rows(("2", "2026-07-11", "14:00")), prizes]
    hours, _ = valid_hours(rows, FR)
    assert hours[0].text_before == "Début de la ronde 2 dans %s"
    assert hours[0].text_after == "Ronde 2 commencée depuis %s"
    assert (hours[1].text_before, hours[1].text_after, hours[1].round) == ("Prizes in %s", "", None)


@pytest.mark.parametrize(("seconds", "en", "fr"), [
    (7500, "2 hours and 5 minutes", "2 heures et 5 minutes"),
    (3 * 86400, "3 days", "3 jours"),
    (45, "45 seconds", "45 secondes"),
    (61, "1 minute and 1 second", "1 minute et 1 seconde"),
    (7 * 86400 + 3600, "1 week", "1 semaine"),  # the next unit (days) is zero
    (3600 + 59, "1 hour", "1 heure"),
])
def test_spelled_durations(seconds: int, en: str, fr: str) -> None:
    assert spell_duration(seconds, EN) == en
    assert spell_duration(seconds, FR) == fr


def test_banner_text() -> None:
    p = phase([hour(T, before="Round 1 starts in %s")], DEFAULT_COLORS, DEFAULT_DELAYS, T - 125)
    assert p is not None and banner_text(p, EN) == "Round 1 starts in 2 minutes and 5 seconds"
    empty = phase([hour(T, before="")], DEFAULT_COLORS, DEFAULT_DELAYS, T - 125)
    assert empty is not None and banner_text(empty, EN) == ""
