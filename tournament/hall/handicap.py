"""Handicap clock times (docs/screens.md §12): the stronger player loses time per rating step."""

from __future__ import annotations

import msgspec

from tournament.models import Tournament


class HandicapTimes(msgspec.Struct, frozen=True, kw_only=True):
    white: int  # seconds on White's clock
    black: int
    increment: int  # seconds per move
    reduced: str | None  # "white", "black" or None: whose time was reduced

    def label(self, colour: str) -> str:
        return format_time(self.white if colour == "white" else self.black, self.increment)


def is_handicap(t: Tournament) -> bool:
    return bool(t.time_control_handicap_penalty_step and t.time_control_handicap_penalty_value
                and t.time_control_initial_time)


def handicap_times(t: Tournament, white_rating: int, black_rating: int) -> HandicapTimes | None:
    """Both clocks of a game, or None when the tournament has no handicap time control.

    >>> t = Tournament(id=1, uniq_id="h", name="H", time_control_initial_time=300, time_control_increment=2,
    ...                time_control_handicap_penalty_step=50, time_control_handicap_penalty_value=30,
    ...                time_control_handicap_min_time=60)
    >>> h = handicap_times(t, 1600, 1830); (h.white, h.black, h.reduced, h.label("black"), h.label("white"))
    (300, 180, 'black', '3\\' + 2"/move', '5\\' + 2"/move')
    >>> handicap_times(t, 2080, 1600).white  # 9 penalties, raised to the 60 s floor
    60
    >>> handicap_times(t, 1600, 1600).reduced is None
    True
    """
    if not is_handicap(t):
        return None
    initial = t.time_control_initial_time or 0
    step = t.time_control_handicap_penalty_step or 1
    value = t.time_control_handicap_penalty_value or 0
    floor = t.time_control_handicap_min_time or 0
    penalties = abs(white_rating - black_rating) // step
    strong_time = max(initial - penalties * value, floor) if penalties else initial
    increment = t.time_control_increment or 0
    if strong_time == initial:
        return HandicapTimes(white=initial, black=initial, increment=increment, reduced=None)
    if white_rating > black_rating:
        return HandicapTimes(white=strong_time, black=initial, increment=increment, reduced="white")
    return HandicapTimes(white=initial, black=strong_time, increment=increment, reduced="black")


def format_time(seconds: int, increment: int) -> str:
    """`M'S" + I"/move` (seconds left out when zero).

    >>> format_time(150, 2), format_time(300, 0), format_time(45, 5)
    ('2\\'30" + 2"/move', "5'", '0\\'45" + 5"/move')
    """
    minutes, secs = divmod(seconds, 60)
    clock = f"{minutes}'" + (f'{secs:02d}"' if secs else "")
    return f'{clock} + {increment}"/move' if increment else clock
