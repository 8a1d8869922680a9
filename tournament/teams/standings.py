"""Team standings (FIDE C.07 for teams, and the FFE's interclub options through the scoring): match and game points per
round, the team tie-breaks, ranks; the last round all of whose matches have their results."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

import msgspec

from tournament.entries import Context, Entry, Value
from tournament.errors import Invalid
from tournament.messages import N_
from tournament.models import Player
from tournament.scoring import Scoring
from tournament.standings import direct_encounter_places, rerank
from tournament.teams.core import Match, Team, TeamScoring, match_score
from tournament.tiebreaks import KNOWN as INDIVIDUAL_KNOWN
from tournament.tiebreaks import parse_tiebreak, value

ZERO, HALF, ONE, TWO = Decimal(0), Decimal("0.5"), Decimal(1), Decimal(2)

TEAM_TIE_BREAKS = ("MPVGP", "BH/C1", "BH", "SB", "PS")
#: Checked against gacrux (tests/test_teams_gacrux.py).
KNOWN = {"MPVGP", "GP", "MP", "BH", "FB", "SB", "PS", "WIN", "WON", "KS", "DE", "TPN", "SNO", "GPD"}
#: GPD (FFE interclubs): game points scored minus game points conceded; not a C.07 code, so not gacrux's.
INDIVIDUAL_ONLY = N_("%s is a tie-break for players, not for teams: choose a team tie-break.")


class TeamRound(msgspec.Struct, frozen=True, kw_only=True):
    """One team's round, after the match is complete."""

    round: int
    opponent: int | None  # None: PAB or no match
    mp: Decimal
    gp: Decimal
    played: bool  # played over the board (not a whole-team forfeit, not a bye)
    won: bool = False
    vur: bool = False  # a voluntary unplayed round: the team did not come (C.07 Art. 16.5: cut first)
    conceded: Decimal = ZERO  # the opponent's game points


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
        if base in INDIVIDUAL_KNOWN and base != "PTS" and base not in KNOWN:
            raise Invalid(INDIVIDUAL_ONLY, code)
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
                                               gp=sc.a_games, played=False, won=(sc.a_match or ZERO) >= s.match_win)
            continue
        played = sc.played
        out[m.team_a][m.round] = TeamRound(round=m.round, opponent=m.team_b, mp=sc.a_match or ZERO,
                                           gp=sc.a_games, played=played,
                                           won=(sc.a_match or ZERO) > (sc.b_match or ZERO),
                                           vur="A" in (sc.forfeit or ""), conceded=sc.b_games)
        out[m.team_b][m.round] = TeamRound(round=m.round, opponent=m.team_a, mp=sc.b_match or ZERO,
                                           gp=sc.b_games, played=played,
                                           won=(sc.b_match or ZERO) > (sc.a_match or ZERO),
                                           vur="B" in (sc.forfeit or ""), conceded=sc.a_games)
    return {n: [by.get(r) or TeamRound(round=r, opponent=None, mp=ZERO, gp=ZERO, played=False)
                for r in range(1, rounds + 1)] for n, by in out.items()}


def team_context(teams: Sequence[Team], matches: Iterable[Match], s: TeamScoring, team_size: int, rounds: int, *,
                 total_rounds: int | None = None, edition: str = "2026-03", round_robin: bool = False) -> Context:
    """The individual tie-break engine's context (tournament.tiebreaks) with teams for players and matches for
    games, match points for points, as gacrux computes the team tie-breaks: a match won by forfeit (whole team or
    every board) is not played over the board, its loser's round is a voluntary unplayed round; a PAB is
    paired and not voluntary; a round without a match is an absence."""
    scoring = Scoring(win=s.match_win, draw=s.match_draw, loss=s.match_loss, forfeit_win=s.match_win,
                      forfeit_loss=s.match_forfeit_loss, pab=s.match_pab, full_bye=s.match_pab, half_bye=s.match_draw,
                      zero_bye=ZERO)
    players = [Player(id=t.number, tournament_id=0, pairing_number=t.number, last_name=t.name) for t in teams]
    absent = Entry(opponent=None, points=ZERO, rpoints=ZERO, played=False, colour=None, vur=True, paired=False)
    entries = {t.number: [absent] * rounds for t in teams}
    for m in matches:
        sc = match_score(m, s, team_size)
        if m.round > rounds or not sc.complete or m.team_a not in entries:
            continue
        if m.team_b is None:
            entries[m.team_a][m.round - 1] = Entry(opponent=None, points=sc.a_match or ZERO, rpoints=ZERO,
                                                   played=False, colour=None, vur=False, paired=True)
            continue
        for team, other, mp, theirs, colour in ((m.team_a, m.team_b, sc.a_match, sc.b_match, "w"),
                                                (m.team_b, m.team_a, sc.b_match, sc.a_match, "b")):
            won = (mp or ZERO) > (theirs or ZERO)
            entries[team][m.round - 1] = Entry(opponent=other, points=mp or ZERO, rpoints=ZERO, played=sc.played,
                                               colour=colour, vur=not sc.played and not won, paired=True)
    points = {n: sum((e.points for e in rows), ZERO) for n, rows in entries.items()}
    return Context(players={p.id: p for p in players}, entries=entries, rounds=rounds,
                   total_rounds=max(total_rounds or 0, rounds), scoring=scoring, edition=edition,
                   round_robin=round_robin, points=points)


def team_standings(teams: Sequence[Team], matches: Sequence[Match], *, tie_breaks: str | Sequence[str],
                   scoring: TeamScoring | None = None, team_size: int, rounds: int | None = None,
                   round_robin: bool = False, total_rounds: int | None = None,
                   edition: str = "2026-03") -> TeamStandings:
    """Rank by match points, then the tie-breaks in order, as gacrux computes them in the C.07 `edition`: the
    individual engine's BH/FB/SB/PS/KS/WIN/WON over match points (a round robin counts as predetermined: every
    match counts its opponent, a free round nothing), MPVGP/GP the game points, MP the match points, DE the
    direct encounter between the teams still tied. `total_rounds`: the rounds of the tournament (FB treats the
    last one's match as drawn once it is played); by default the rounds counted."""
    s = scoring or TeamScoring()
    codes = parse_team_codes(tie_breaks)
    played_rounds = rounds if rounds is not None else completed_matches(matches, s, team_size)
    ctx = team_context(teams, matches, s, team_size, played_rounds, total_rounds=total_rounds, edition=edition,
                       round_robin=round_robin)
    per_round = team_rounds(teams, matches, s, team_size, played_rounds)
    gp = {n: sum((r.gp for r in rs), ZERO) for n, rs in per_round.items()}
    conceded = {n: sum((r.conceded for r in rs), ZERO) for n, rs in per_round.items()}
    number = {t.number: t.number for t in teams}
    rank = dict.fromkeys(number, 1)
    order = rerank(sorted(number), rank, dict(ctx.points), False, number)
    values: dict[int, list[Decimal | int | None]] = {n: [] for n in number}
    for code in codes:
        tb = parse_tiebreak({"MPVGP": "PTS", "GP": "PTS", "MP": "PTS", "SNO": "TPN", "GPD": "PTS"}.get(
            code.split("/")[0], code))
        column: dict[int, Value]
        if code.split("/")[0] in ("MPVGP", "GP"):
            column = dict(gp)
        elif code == "GPD":
            column = {n: gp[n] - conceded[n] for n in number}
        elif tb.name == "DE":  # C.07 Art. 6 among the teams still tied (gacrux: matches played over the board)
            column = direct_encounter_places(
                {n: [(e.opponent, e.points, e.played) for e in rows] for n, rows in ctx.entries.items()}, number,
                order, rank, win=s.match_win, round_robin=round_robin, as_played=False)
        else:
            column = value(ctx, tb)
        for n in number:
            values[n].append(column[n])
        order = rerank(order, rank, column, tb.ascending, number)
    names = {t.number: t.name for t in teams}
    rows = [TeamRow(team_number=n, name=names[n], points=ctx.points[n], game_points=gp[n], rank=rank[n],
                    values=values[n]) for n in order]
    return TeamStandings(round=played_rounds, tie_breaks=codes, rows=rows)
