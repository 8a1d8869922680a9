"""`store.teams`: team tournaments in the event file — the team layer's reads, its setup and editing, the matches.

The methods are the only entry for code outside database/; the rows, journal entries and announced changes
are those of database/teams.py (settings, teams, members, the layer's reads), database/team_admin.py (a team
edited or deleted, a player added to a team, the tournament ended) and database/team_matches.py (matches,
line-ups, forfeits, board results, a round published or taken back). The team reads are not cached.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from database import team_admin as ta
from database import team_matches as tm
from database import teams as tl
from database.event_file import Area
from database.journal import Submission
from tournament.results import Result
from tournament.teams.core import LineupRules, Match, TeamScoring
from tournament.teams.trf import TeamEvent


class Teams(Area):
    """A team tournament's reads and writes; each write one transaction, journalled, announcing `("teams", tid)`."""

    # -- reads ---------------------------------------------------------------------------------------------

    async def team_settings(self, tid: int) -> tuple[int, TeamScoring, LineupRules] | None:
        """(team size, scoring, line-up rules) of a team tournament; None for an individual tournament."""
        return await tl.team_settings(self._store, tid)

    async def is_team_tournament(self, tid: int) -> bool:
        return await tl.is_team_tournament(self._store, tid)

    async def load_team_event(self, tid: int) -> TeamEvent:
        """The whole team tournament as the pure model (player and team numbers, not row ids)."""
        return await tl.load_team_event(self._store, tid)

    # -- setup ---------------------------------------------------------------------------------------------

    async def make_team_tournament(self, tid: int, team_size: int, scoring: TeamScoring | None = None,
                                   rules: LineupRules | None = None, *, tie_breaks: str | None = None) -> None:
        """Turn a tournament into a team tournament (or change its team settings); `tie_breaks`: its team tie-break
        list too (checked by tournament/teams/tie_breaks.py), in the same transaction."""
        await tl.make_team_tournament(self._store, tid, team_size, scoring, rules, tie_breaks=tie_breaks)

    async def add_team(self, tid: int, name: str, *, short_name: str = "", club: str = "", federation: str = "",
                       members: Iterable[int] = ()) -> int:
        """A new team numbered after the others; `members` are player pairing numbers in board order."""
        return await tl.add_team(self._store, tid, name, short_name=short_name, club=club, federation=federation,
                                 members=members)

    async def set_members(self, tid: int, team_id: int, members: Sequence[int]) -> None:
        """The declared board order of a team (player pairing numbers), replaced."""
        await tl.set_members(self._store, tid, team_id, members)

    async def import_team_event(self, tid: int, ev: TeamEvent, *, what: str = "team import",
                                keep_games: bool = False) -> None:
        """Replace a tournament's players, games, teams and matches by a team event (a TRF team file read).

        With `keep_games`, the players and games are those already stored (the TRF import's individual rows, byes
        included): only the team layer is replaced, its boards linked to the stored games."""
        await tl.import_team_event(self._store, tid, ev, what=what, keep_games=keep_games)

    async def update_team(self, tid: int, team_id: int, name: str, *, short_name: str = "", club: str = "",
                          federation: str = "", members: Sequence[int] = ()) -> None:
        """A team's names, club, federation and declared board order (player pairing numbers), in one write."""
        await ta.update_team(self._store, tid, team_id, name, short_name=short_name, club=club,
                             federation=federation, members=members)

    async def delete_team(self, tid: int, team_id: int) -> None:
        """Delete a team that has no match yet (its members stay players of the tournament)."""
        await ta.delete_team(self._store, tid, team_id)

    async def add_team_player(self, tid: int, team_id: int, last_name: str, first_name: str = "", *,
                              rating: int | None = None, federation: str = "") -> int:
        """A new player of the tournament (next pairing number), last in the team's board order; returns the number."""
        return await ta.add_team_player(self._store, tid, team_id, last_name, first_name, rating=rating,
                                        federation=federation)

    async def end_team_tournament(self, tid: int) -> None:
        """Make a team tournament individual again; refused while it has teams."""
        await ta.end_team_tournament(self._store, tid)

    # -- matches -------------------------------------------------------------------------------------------

    async def add_match(self, tid: int, rnd: int, team_a: int, team_b: int | None, *, table: int | None = None,
                        a_white_first: bool = True) -> int:
        """A match (team numbers) with empty boards; the line-ups come later."""
        return await tm.add_match(self._store, tid, rnd, team_a, team_b, table=table, a_white_first=a_white_first)

    async def set_lineup(self, tid: int, match_id: int, side: str, lineup: Sequence[int | None], *,
                         override: bool = False) -> None:
        """One team's players for a match, board by board (pairing numbers, None = nobody: a board forfeit).

        Checked against the team's declared board order under the tournament's rules. It may change until a game
        of the match is played (board forfeits do not count); after that only with the arbiter's `override`,
        journalled as such. When both sides are in, the games are created; boards whose two players stay keep
        their game and result."""
        await tm.set_lineup(self._store, tid, match_id, side, lineup, override=override)

    async def set_team_forfeit(self, tid: int, match_id: int, forfeit: str | None) -> None:
        """A whole team (A, B or both) did not come, or None to lift it; boards entered are kept."""
        await tm.set_team_forfeit(self._store, tid, match_id, forfeit)

    async def set_board_result(self, tid: int, match_id: int, board: int, result: Result | None, *,
                               expected: Result | None = None, correction: bool = False,
                               submission: Submission | None = None) -> None:
        """Enter (or, with `correction`, change) a board's result. A game with both players goes through the
        store's result writes (compare-and-set, ResultChanged to the live hub); a board without a game follows
        its line-ups, and a result against nobody is refused. `submission`: the tablet's key, kept with the write."""
        await tm.set_board_result(self._store, tid, match_id, board, result, expected=expected, correction=correction,
                                  submission=submission)

    async def unpair_team_round(self, tid: int, rnd: int) -> int:
        """Remove the last round's matches (and their games) while none of its boards has a result and no team
        forfeit is declared; returns how many matches were removed."""
        return await tm.unpair_team_round(self._store, tid, rnd)

    async def team_round_status(self, tid: int) -> tuple[int, int]:
        """(last paired round, boards without a result in the paired rounds) of a team tournament."""
        return await tm.team_round_status(self._store, tid)

    async def publish_team_round(self, tid: int, ev: TeamEvent, rnd: int, chosen: str,
                                 matches: Sequence[Match]) -> int:
        """Write the matches of round `rnd` (paired with `chosen`) and their board games in one transaction
        (app/pairing/team_round.py pairs and checks them); returns their count."""
        return await tm.publish_team_round(self._store, tid, ev, rnd, chosen, matches)
