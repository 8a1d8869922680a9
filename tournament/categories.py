"""FFE age categories from a birth date and the season (pure).

The FFE season runs from 1 September to 31 August and is named by the year it ends in (2025-2026: 2026). A
player's category is set by their age on 1 January of that year, counted by birth year: under 8 (U8) when
born in 2018 or later for the 2026 season, U10 born 2016-2017, … U20 born 2006-2007, then Sen, S50 (50 to 64)
and S65 (65 and over). A category the event file holds (Papi, the player record) wins over the computed one.
"""

from __future__ import annotations

import re
from datetime import date

from tournament.models import Player
from tournament.player_rules import CATEGORIES

_YOUTH = ((8, "U8"), (10, "U10"), (12, "U12"), (14, "U14"), (16, "U16"), (18, "U18"), (20, "U20"),
          (50, "Sen"), (65, "S50"))


def season_of(day: date) -> int:
    """The season a day belongs to, by the year it ends in.

    >>> season_of(date(2025, 9, 1)), season_of(date(2026, 8, 31)), season_of(date(2026, 4, 4))
    (2026, 2026, 2026)
    """
    return day.year + 1 if day.month >= 9 else day.year


def ffe_category(birth_date: str | None, season: int) -> str | None:
    """The category of a birth date (`YYYY-MM-DD`, `YYYY/MM/DD` or the year alone) in `season`; None without a
    readable year.

    >>> [ffe_category(b, 2026) for b in ("2018-05-02", "2017", "2006/12/31", "2005", "1976-01-01", "1975",
    ...                                   "1961", "1960-06-30", "", None)]
    ['U8', 'U10', 'U20', 'Sen', 'Sen', 'S50', 'S50', 'S65', None, None]
    """
    found = re.match(r"\s*(\d{4})", birth_date or "")
    if found is None:
        return None
    age = season - 1 - int(found.group(1))  # on 1 January of the season's year, by birth year
    return next((name for limit, name in _YOUTH if age < limit), "S65")


def category_of(player: Player, season: int | None) -> str | None:
    """The player's category: the one the event file holds, else the one of their birth date in `season`."""
    if player.category in CATEGORIES:
        return player.category
    return ffe_category(player.birth_date, season) if season is not None else None
