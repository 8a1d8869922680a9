"""`store.teams`: team tournaments in the event file, as one area of the store.

Its methods are those of database/teams.py (`TeamLayer`: settings, teams and members, the layer read as the
pure model), database/team_admin.py (`TeamAdmin`: a team edited or deleted, a player added to a team, the
tournament ended) and database/team_matches.py (`TeamMatches`: matches, line-ups, forfeits, board results,
a round published or taken back). Each write is one transaction, journalled, announcing `("teams", tid)`;
the team reads are not cached (database/cache.py).
"""

from __future__ import annotations

from database.team_admin import TeamAdmin
from database.team_matches import TeamMatches


class Teams(TeamAdmin, TeamMatches):
    """A team tournament's reads and writes."""
