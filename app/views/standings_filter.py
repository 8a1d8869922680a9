"""Standings of a part of the players: an age category (FFE categories U8…U20, Sen, S50, S65: the one the event
file holds, else the one of the birth date in the event's season, tournament/categories.py), the women, or a rating
band the organiser chooses, on the standings page, its print sheet and its JSON (`?category=U12`, `?sex=F`,
`?band=1600-1999`, `-1599` or `2000-`; together or alone). Each row keeps its place in the whole tournament;
the rows' order in the part is the part's own ranking.
And provisional standings (`?provisional=1`): the round being played counted with the results entered so far."""

from __future__ import annotations

import re
from datetime import date

import msgspec

from app.views.standings import BadRequest
from database.store import EventStore
from tournament.boards import current_round
from tournament.categories import category_of, season_of
from tournament.models import Player
from tournament.player_rules import CATEGORIES
from tournament.standings import Standings, completed_round

SEXES = ("F",)


BAND = re.compile(r"\s*(\d{1,4})?\s*-\s*(\d{1,4})?\s*")


class Part(msgspec.Struct, frozen=True, kw_only=True):
    category: str | None = None
    sex: str | None = None
    rating_min: int | None = None  # a rating band, bounds included; an unrated player counts as 0
    rating_max: int | None = None

    def __bool__(self) -> bool:
        return self.category is not None or self.sex is not None or self.band is not None

    @property
    def band(self) -> str | None:
        """The band as the query writes it (`1600-1999`, `-1599`, `2000-`), None without one."""
        if self.rating_min is None and self.rating_max is None:
            return None
        low, high = ("" if v is None else str(v) for v in (self.rating_min, self.rating_max))
        return f"{low}-{high}"

    def holds(self, p: Player, season: int | None = None) -> bool:
        rating = p.rating or 0
        return ((self.category is None or category_of(p, season) == self.category)
                and (self.sex is None or p.sex == self.sex)
                and (self.rating_min is None or rating >= self.rating_min)
                and (self.rating_max is None or rating <= self.rating_max))


def part_of(category: str | None, sex: str | None, band: str | None = None) -> Part:
    """The query's part of the players; an unknown category or sex, or a band that is not one, is a 400 naming what
    is expected.

    >>> part_of("U12", None).category, bool(part_of(None, None)), part_of(None, "F").sex
    ('U12', False, 'F')
    >>> [part_of(None, None, band).band for band in ("1600-1999", " -1599", "2000-")]
    ['1600-1999', '-1599', '2000-']
    """
    category = (category or "").strip() or None
    sex = (sex or "").strip().upper() or None
    if category is not None and category not in CATEGORIES:
        raise BadRequest("Unknown category %r (use %s).", category, ", ".join(CATEGORIES))
    if sex is not None and sex not in SEXES:
        raise BadRequest("Unknown sex %r (use F for the women's standings).", sex)
    low = high = None
    if band is not None and band.strip():
        found = BAND.fullmatch(band)
        if found is None or (found.group(1) is None and found.group(2) is None):
            raise BadRequest("%r is not a rating band (write 1600-1999, -1599 or 2000-).", band)
        low, high = (int(g) if g is not None else None for g in found.groups())
        if low is not None and high is not None and low > high:
            raise BadRequest("%r is not a rating band (write 1600-1999, -1599 or 2000-).", band)
    return Part(category=category, sex=sex, rating_min=low, rating_max=high)


async def season(store: EventStore) -> int | None:
    """The event's season (from its first day), for the categories of the birth dates; None without a date."""
    start = (await store.info()).start
    try:
        return season_of(date.fromtimestamp(start)) if start else None
    except (OverflowError, OSError, ValueError):
        return None


async def standings_of_part(store: EventStore, tid: int, standings: Standings, part: Part) -> Standings:
    """The rows of the players in `part`, in rank order, each with its place in the whole tournament."""
    if not part:
        return standings
    if standings.teams:
        raise BadRequest("Categories and the women's standings are for players, not teams.")
    players = {p.id: p for p in await store.players(tid)}
    year = await season(store)
    rows = [r for r in standings.rows if r.player_id in players and part.holds(players[r.player_id], year)]
    return msgspec.structs.replace(standings, rows=rows)


async def parts_present(store: EventStore, tid: int) -> list[str]:
    """The categories the tournament's players have, in age order (the page's choice of parts)."""
    year = await season(store)
    present = {category_of(p, year) for p in await store.players(tid)}
    return [c for c in CATEGORIES if c in present]


async def round_in_progress(store: EventStore, tid: int) -> int | None:
    """The round being played (paired, some results missing) when it follows the last complete round, else None:
    the provisional standings count it with the results entered so far (a game without result is worth nothing
    yet: an unplayed round until it has a result, tournament/entries.py); once it is complete the standings are the
    final ones of that round."""
    pairings = await store.pairings(tid)
    playing = current_round(pairings)
    return playing if playing is not None and playing > completed_round(pairings) else None
