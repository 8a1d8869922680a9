"""Standings screens: each set shows its tournament's standings (ranks `first`..`last`), split into columns.

The standings are those of `app.views.standings.standings_for`: after the last round whose results are
all in, with the tournament's tie-break list and edition; the page refetches a set on live updates. A provisional
standings screen (type `provisional_standings`) counts the round being played with the results entered so far,
marked as such, and refetches on every result; once the round is complete it shows that round's standings.
"""

from __future__ import annotations

import msgspec

from app.views.screens import ScreenSpec, SetSpec
from app.views.standings import standings_for
from app.views.standings_filter import round_in_progress
from app.views.tournament import Translate
from database.store import EventStore
from tournament.boards import split_columns
from tournament.hall.sets import fill_name, select_range
from tournament.models import Tournament
from tournament.notices import Notice
from tournament.standings import Standings

DEFAULT_NAME = "%t"
RANGED_NAME = "%t (%f to %l)"


class StandingsSetView(msgspec.Struct, frozen=True, kw_only=True):
    id: int  # SetSpec.id, in the fragment URL
    tid: int
    tournament: Tournament
    title: str
    round: int  # rounds counted
    playing: int | None  # a provisional screen: the round in progress counted (None: after a complete round)
    count: int  # players shown
    columns: list[Standings]  # one table per column, the same tie-breaks in each
    notices: list[Notice]


async def standings_set_view(store: EventStore, screen: ScreenSpec, s: SetSpec, _: Translate) -> StandingsSetView:
    tournament = await store.tournament(s.tournament_id)
    playing = await round_in_progress(store, s.tournament_id) if screen.type == "provisional_standings" else None
    standings = await standings_for(store, s.tournament_id, rounds=playing)
    rows, notices = select_range(standings.rows, s.first, s.last)
    ranged = s.first is not None or s.last is not None
    first = str(rows[0].rank) if rows else ""
    last = str(rows[-1].rank) if rows else ""
    title = fill_name(s.name or _(RANGED_NAME if ranged else DEFAULT_NAME), tournament.name, first, last)
    if playing:
        after = _("Provisional: round %s in progress", playing)
    else:
        after = _("Standings after round %s", standings.round) if standings.round else _("Standings")
    columns = [msgspec.structs.replace(standings, rows=chunk) for chunk in split_columns(rows, screen.columns)]
    return StandingsSetView(id=s.id, tid=s.tournament_id, tournament=tournament, title=f"{title} — {after}",
                            round=standings.round, playing=playing, count=len(rows), columns=columns,
                            notices=notices)


async def standings_sets(store: EventStore, screen: ScreenSpec, _: Translate) -> list[StandingsSetView]:
    return [await standings_set_view(store, screen, s, _) for s in screen.sets]
