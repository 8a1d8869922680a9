"""Standings of a part of the players: an age category (FFE categories as the event file stores them: U8…U20,
Sen, S50, S65) or the women, on the standings page, its print sheet and its JSON (`?category=U12`, `?sex=F`).
Each row keeps its place in the whole tournament; the rows' order in the part is the category's own ranking.
And provisional standings (`?provisional=1`): the round being played counted with the results entered so far."""

from __future__ import annotations

import msgspec

from app.views.standings import BadRequest
from database.store import EventStore
from tournament.boards import current_round
from tournament.models import Player
from tournament.player_rules import CATEGORIES
from tournament.standings import Standings, completed_round

SEXES = ("F",)


class Part(msgspec.Struct, frozen=True, kw_only=True):
    category: str | None = None
    sex: str | None = None

    def __bool__(self) -> bool:
        return self.category is not None or self.sex is not None

    def holds(self, p: Player) -> bool:
        return (self.category is None or p.category == self.category) and (self.sex is None or p.sex == self.sex)


def part_of(category: str | None, sex: str | None) -> Part:
    """The query's part of the players; an unknown category or sex is a 400 naming the known ones.

    >>> part_of("U12", None).category, bool(part_of(None, None)), part_of(None, "F").sex
    ('U12', False, 'F')
    """
    category = (category or "").strip() or None
    sex = (sex or "").strip().upper() or None
    if category is not None and category not in CATEGORIES:
        raise BadRequest("Unknown category %r (use %s).", category, ", ".join(CATEGORIES))
    if sex is not None and sex not in SEXES:
        raise BadRequest("Unknown sex %r (use F for the women's standings).", sex)
    return Part(category=category, sex=sex)


async def standings_of_part(store: EventStore, tid: int, standings: Standings, part: Part) -> Standings:
    """The rows of the players in `part`, in rank order, each with its place in the whole tournament."""
    if not part:
        return standings
    if standings.teams:
        raise BadRequest("Categories and the women's standings are for players, not teams.")
    players = {p.id: p for p in await store.players(tid)}
    rows = [r for r in standings.rows if r.player_id in players and part.holds(players[r.player_id])]
    return msgspec.structs.replace(standings, rows=rows)


async def parts_present(store: EventStore, tid: int) -> list[str]:
    """The categories the tournament's players have, in age order (the page's choice of parts)."""
    present = {p.category for p in await store.players(tid)}
    return [c for c in CATEGORIES if c in present]


async def round_in_progress(store: EventStore, tid: int) -> int | None:
    """The round being played (paired, some results missing) when it follows the last complete round, else None:
    the provisional standings count it with the results entered so far (a game without result is worth nothing
    yet, tournament/tiebreaks.py); once it is complete the standings are the final ones of that round."""
    pairings = await store.pairings(tid)
    playing = current_round(pairings)
    return playing if playing is not None and playing > completed_round(pairings) else None
