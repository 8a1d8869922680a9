"""Team screens in the hall: the screen types `team_boards` (the matches of the round on the boards, each a block
with the teams, the running match score and the boards), `team_standings` and `team_crosstable`. Each set shows
one team tournament; `first`/`last` select matches by position (team boards) or ranks (standings). They are
plain screens, family screens (team boards) and rotator screens like the others; a set refetches itself on the
live hub's `tournament-<tid>` and `result-<tid>` events (templates/screen/page.html)."""

from __future__ import annotations

from decimal import Decimal

import msgspec

from app.views.screens import ScreenSpec, SetSpec
from app.views.teams import MatchView, crosstable_view, match_views, shown_round, team_standings_view
from app.views.tournament import Translate
from database.store import EventStore
from tournament.boards import split_columns
from tournament.hall.sets import fill_name, select_range
from tournament.messages import N_
from tournament.models import Tournament
from tournament.notices import Notice
from tournament.standings import Standings

NOT_TEAM = N_("Set %s: %s is not a team tournament.")


FAMILY_NAME = "%t (%f to %l)"  # the title of a family's screens when the family has no name (screen_views.py)


class TeamSetView(msgspec.Struct, frozen=True, kw_only=True):
    id: int  # SetSpec.id, in the fragment URL
    tid: int
    kind: str  # the screen type
    tournament: Tournament
    title: str
    round: int
    count: int  # matches or teams shown
    match_columns: list[list[MatchView]] = []
    standings_columns: list[Standings] = []
    gp: dict[int, Decimal] = {}
    order: list[int] = []  # cross-table: team numbers by rank
    cells: dict[int, dict[int, list[tuple[str, int]]]] = {}
    notices: list[Notice] = []


async def team_set_view(store: EventStore, screen: ScreenSpec, s: SetSpec, _: Translate) -> TeamSetView:
    tournament = await store.tournament(s.tournament_id)
    if not await store.teams.is_team_tournament(s.tournament_id):
        return TeamSetView(id=s.id, tid=s.tournament_id, kind=screen.type, tournament=tournament,
                           title=tournament.name, round=0, count=0,
                           notices=[Notice(NOT_TEAM, (s.position, tournament.name))])
    ev = await store.teams.load_team_event(s.tournament_id)
    columns = max(screen.columns, 1)
    if screen.type == "team_boards":
        rnd = shown_round(ev)
        matches, notices = select_range(match_views(ev, rnd), s.first, s.last)
        first = str(matches[0].match.table) if matches else ""
        last = str(matches[-1].match.table) if matches else ""
        if s.name == FAMILY_NAME and matches:  # a family screen's default title: its tables
            tables = _("Table %s", first) if first == last else _("Tables %s to %s", first, last)
            title = f"{tournament.name} — {tables} — {_('Round %s', rnd)}"
        else:
            title = f"{fill_name(_(s.name or '%t'), tournament.name, first, last)} — {_('Round %s', rnd)}"
        return TeamSetView(id=s.id, tid=s.tournament_id, kind=screen.type, tournament=tournament, title=title,
                           round=rnd, count=len(matches), match_columns=split_columns(matches, columns),
                           notices=notices)
    if screen.type == "team_standings":
        st, gp = await team_standings_view(store, ev, s.tournament_id)
        rows, notices = select_range(st.rows, s.first, s.last)
        after = _("After round %s", st.round) if st.round else ""
        title = fill_name(_(s.name or "%t"), tournament.name, str(rows[0].rank) if rows else "",
                          str(rows[-1].rank) if rows else "")
        title = f"{title} — {_('Team standings')}"
        return TeamSetView(id=s.id, tid=s.tournament_id, kind=screen.type, tournament=tournament,
                           title=f"{title} ({after})" if after else title, round=st.round, count=len(rows),
                           standings_columns=[msgspec.structs.replace(st, rows=chunk)
                                              for chunk in split_columns(rows, columns)], gp=gp, notices=notices)
    st, order, cells = await crosstable_view(store, ev, s.tournament_id)
    title = f"{fill_name(_(s.name or '%t'), tournament.name, '', '')} — {_('Cross-table')}"
    return TeamSetView(id=s.id, tid=s.tournament_id, kind=screen.type, tournament=tournament, title=title,
                       round=st.round, count=len(order), standings_columns=[st], order=order, cells=cells)


async def team_sets(store: EventStore, screen: ScreenSpec, _: Translate) -> list[TeamSetView]:
    return [await team_set_view(store, screen, s, _) for s in screen.sets]

