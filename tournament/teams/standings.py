"""Team standings (FIDE C.07 for teams, and the FFE's interclub options through the scoring): match and game points per
round, the team tie-breaks, ranks; the last round all of whose matches have their results."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

import msgspec

from tournament.errors import Invalid
from tournament.standings import direct_encounter_places, rerank
from tournament.teams.core import Match, Team, TeamScoring, match_score
from tournament.tiebreaks import _cut as cut_items

ZERO, HALF, ONE, TWO = Decimal(0), Decimal("0.5"), Decimal(1), Decimal(2)

TEAM_TIE_BREAKS = ("MPVGP", "BH/C1", "BH", "SB", "PS")
#: Checked against gacrux (tests/test_teams_gacrux.py).
KNOWN = {"MPVGP", "GP", "MP", "BH", "FB", "SB", "PS", "WIN", "DE", "TPN", "SNO"}
#: Tie-breaks where the lower value ranks first.
ASCENDING = {"TPN", "SNO", "DE"}


class TeamRound(msgspec.Struct, frozen=True, kw_only=True):
    """One team's round, after the match is complete."""

    round: int
    opponent: int | None  # None: PAB or no match
    mp: Decimal
    gp: Decimal
    played: bool  # played over the board (not a whole-team forfeit, not a bye)
    won: bool = False
    vur: bool = False  # a voluntary unplayed round: the team did not come (C.07 Art. 16.5: cut first)


class TeamRow(msgspec.Struct, frozen=True, kw_only=True):
    team_number: int
    name: str
    points: Decimal  # match points
    game_points: Decimal
    rank: int
    values: list[Decimal | int | None]


class TeamStandings(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    tie_breaks: list[str]
    rows: list[TeamRow]

    def as_data(self) -> list[dict[str, object]]:
        """Same shape as individual standings: start_rank is the team number, points the match points."""
        return [{"rank": r.rank, "start_rank": r.team_number, "name": r.name, "points": float(r.points),
                 "tiebreaks": {code: (None if v is None else float(v) if isinstance(v, Decimal) else v)
                               for code, v in zip(self.tie_breaks, r.values, strict=True)}}
                for r in self.rows]


def parse_team_codes(text: str | Sequence[str]) -> list[str]:
    codes = [c.strip().upper() for c in (text.split(",") if isinstance(text, str) else text) if c.strip()]
    for code in codes:
        base = code.split("/")[0]
        if base not in KNOWN:
            raise Invalid("Unknown team tie-break %s.", code)
        for mod in code.split("/")[1:]:
            if not (len(mod) == 2 and mod[0] in "CM" and mod[1].isdigit()):
                raise Invalid("Unknown team tie-break %s.", code)
    return codes


def completed_matches(matches: Iterable[Match], s: TeamScoring | None = None, team_size: int = 0) -> int:
    """The last round such that it and every round before it have all their match results."""
    done: dict[int, bool] = {}
    for m in matches:
        done[m.round] = done.get(m.round, True) and match_score(m, s or TeamScoring(), team_size).complete
    last = 0
    for r in sorted(done):
        if not done[r] or r != last + 1:
            break
        last = r
    return last


def team_rounds(teams: Sequence[Team], matches: Iterable[Match], s: TeamScoring, team_size: int,
                rounds: int) -> dict[int, list[TeamRound]]:
    """Per team number, its rounds 1..`rounds` (a round without a match: no opponent, 0 points)."""
    out: dict[int, dict[int, TeamRound]] = {t.number: {} for t in teams}
    for m in matches:
        if m.round > rounds:
            continue
        sc = match_score(m, s, team_size)
        if not sc.complete:
            continue
        if m.team_b is None:
            out[m.team_a][m.round] = TeamRound(round=m.round, opponent=None, mp=sc.a_match or ZERO,
                                               gp=sc.a_games, played=False, won=s.match_pab >= s.match_win)
            continue
        played = not m.forfeit
        out[m.team_a][m.round] = TeamRound(round=m.round, opponent=m.team_b, mp=sc.a_match or ZERO,
                                           gp=sc.a_games, played=played,
                                           won=(sc.a_match or ZERO) > (sc.b_match or ZERO),
                                           vur="A" in (m.forfeit or ""))
        out[m.team_b][m.round] = TeamRound(round=m.round, opponent=m.team_a, mp=sc.b_match or ZERO,
                                           gp=sc.b_games, played=played,
                                           won=(sc.b_match or ZERO) > (sc.a_match or ZERO),
                                           vur="B" in (m.forfeit or ""))
    return {n: [by.get(r) or TeamRound(round=r, opponent=None, mp=ZERO, gp=ZERO, played=False)
                for r in range(1, rounds + 1)] for n, by in out.items()}


def _cut_sum(items: list[tuple[Decimal, Decimal, bool]], code: str, rounds: int) -> Decimal:
    """The sum of the values left after the code's Cut-n / Median-n (a VUR cut first, as for players)."""
    low = high = 0
    for mod in code.split("/")[1:]:
        n = int(mod[1])
        low += n
        high += n if mod[0] == "M" else 0
    return sum((v for _, v, _ in cut_items(items, low, high, rounds)), ZERO)


def team_standings(teams: Sequence[Team], matches: Sequence[Match], *, tie_breaks: str | Sequence[str],
                   scoring: TeamScoring | None = None, team_size: int, rounds: int | None = None,
                   round_robin: bool = False, total_rounds: int | None = None) -> TeamStandings:
    """Rank by match points, then the tie-breaks in order (C.07: BH/FB/SB/PS count match points, SB weighs each
    opponent's match points by the match points scored against it, MPVGP is the game points, DE the direct
    encounter between the teams still tied). `total_rounds`: the rounds of the tournament (FB treats the last
    one's match as drawn once it is played); by default the rounds counted."""
    s = scoring or TeamScoring()
    codes = parse_team_codes(tie_breaks)
    played_rounds = rounds if rounds is not None else completed_matches(matches, s, team_size)
    fore = played_rounds == (total_rounds if total_rounds is not None else played_rounds) and played_rounds > 0
    rr = team_rounds(teams, matches, s, team_size, played_rounds)
    mp = {n: sum((r.mp for r in rs), ZERO) for n, rs in rr.items()}
    gp = {n: sum((r.gp for r in rs), ZERO) for n, rs in rr.items()}
    # As gacrux counts them: an opponent's score is its match points as they are (forfeits and byes included);
    # a team's own round without an opponent over the board counts a virtual opponent with its own score.
    # FB (Art. 10.5, gacrux's Fore Buchholz): once the last round is played, every team's match of that round
    # counts as drawn (its score as the opponents see it, and its own score for a virtual opponent), and that
    # round counts as played over the board (a forfeit too).
    last_fore = {n: (s.match_draw - rs[-1].mp if fore and rs and rs[-1].opponent is not None else ZERO)
                 for n, rs in rr.items()}
    seen = {False: mp, True: {n: mp[n] + last_fore[n] for n in mp}}

    def items(n: int, sb: bool, fb: bool) -> list[tuple[Decimal, Decimal, bool]]:
        """(opponent's score, value, VUR) of each round counted (a round robin's free round is not)."""
        out = []
        for r in rr[n]:
            if round_robin and r.opponent is None:
                continue
            played = r.played or (fb and r.round == played_rounds)
            if played and r.opponent is not None:
                score = seen[fb][r.opponent]
            else:  # a virtual opponent with the team's own score (C.07 Art. 16)
                score = seen[fb][n]
            out.append((score, score * r.mp if sb else score, r.vur))
        return out

    def compute(code: str, n: int) -> Decimal | int | None:
        base = code.split("/")[0]
        if base in ("MPVGP", "GP"):
            return gp[n]
        if base == "MP":
            return mp[n]
        if base in ("TPN", "SNO"):
            return n
        if base == "WIN":
            return sum(1 for r in rr[n] if r.won)
        if base in ("BH", "SB", "FB"):
            return _cut_sum(items(n, base == "SB", base == "FB" and fore), code, played_rounds)
        if base == "PS":
            running, out = ZERO, []
            for r in rr[n]:
                running += r.mp
                out.append(running)
            cut = int(code.split("/")[1][1]) if "/" in code else 0
            return sum(out[cut:], ZERO)
        return None

    number = {t.number: t.number for t in teams}
    rank = dict.fromkeys(number, 1)
    order = rerank(sorted(number), rank, dict(mp), False, number)
    encounters = {n: [(r.opponent, r.mp, r.played) for r in rs] for n, rs in rr.items()}
    values: dict[int, list[Decimal | int | None]] = {n: [] for n in number}
    for code in codes:
        base = code.split("/")[0]
        if base == "DE":  # C.07 Art. 6 among the teams still tied (gacrux: matches played over the board)
            column = direct_encounter_places(encounters, number, order, rank, win=s.match_win,
                                             round_robin=round_robin, as_played=False)
        else:
            column = {n: compute(code, n) for n in number}
        for n in number:
            values[n].append(column[n])
        order = rerank(order, rank, column, base in ASCENDING, number)
    names = {t.number: t.name for t in teams}
    rows = [TeamRow(team_number=n, name=names[n], points=mp[n], game_points=gp[n], rank=rank[n], values=values[n])
            for n in order]
    return TeamStandings(round=played_rounds, tie_breaks=codes, rows=rows)


