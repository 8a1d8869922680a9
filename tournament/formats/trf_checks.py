"""The TRF reader's cross-line checks (docs/formats.md §1.7): ranks, games seen from both sides, colours, points,
byes, TRF26 headers and team records. Each problem has its line, column, severity, message key and hint.

Errors are kept for what would import wrong data (a game whose two lines disagree, two players with one
number); everything else is a warning, and the results decide over the points column, as FIDE's reference
implementation does.
"""

from __future__ import annotations

from decimal import Decimal

from tournament.formats.trf_model import TrfError, TrfPlayer, TrfTournament
from tournament.formats.trf_records import TrfAdjustment
from tournament.messages import N_
from tournament.scoring import Scoring, format_decimal

#: Result codes the two players of one game may carry (first player's code, second player's code).
MATCHING = {("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"), ("W", "L"), ("L", "W"),
            ("D", "D"), ("?", "?"), ("W", "0"), ("0", "W"), ("1", "L"), ("L", "1"), ("D", "="), ("=", "D"),
            (" ", " "), ("?", " "), (" ", "?")}
UNKNOWN = ("?", " ")


def _col(rnd: int) -> int:
    return 92 + 10 * (rnd - 1)


def _warn(line_no: int, key: str, *params: str | int, column: int = 0, hint: str = "") -> TrfError:
    return TrfError(line_no, "", key, *params, column=column, severity="warning", hint=hint)


def check(trf: TrfTournament) -> list[TrfError]:
    """Cross-line checks: ranks, games seen from both sides, colours, points, byes, headers, teams."""
    found: list[TrfError] = []
    by_number: dict[int, TrfPlayer] = {}
    for p in trf.players:
        if p.number in by_number:
            found.append(TrfError(p.line_no, "", "starting rank %s is used twice (also on line %s)", p.number,
                                  by_number[p.number].line_no, column=5,
                                  hint=N_("Each player needs a distinct pairing number: renumber one of them.")))
        else:
            by_number[p.number] = p
    found += _check_games(trf, by_number)
    found += _check_points(trf)
    found += _check_byes(trf)
    found += _check_headers(trf)
    found += _check_records(trf, by_number)
    return found


def _check_games(trf: TrfTournament, by_number: dict[int, TrfPlayer]) -> list[TrfError]:
    found: list[TrfError] = []
    for p in trf.players:
        for r, block in enumerate(p.rounds, start=1):
            if block.opponent is None:
                continue
            other = by_number.get(block.opponent)
            back = other.rounds[r - 1] if other is not None and len(other.rounds) >= r else None
            if other is None:
                found.append(TrfError(p.line_no, "", "round %s: opponent %s does not exist", r, block.opponent,
                                      column=_col(r), hint=N_("The opponent must be the starting rank of a player.")))
            elif block.opponent == p.number:
                found.append(TrfError(p.line_no, "", "round %s: player %s is paired with themself", r, p.number,
                                      column=_col(r), hint=N_("Write the real opponent's starting rank.")))
            elif back is None or back.opponent != p.number:
                shown = "nothing" if back is None else (f"opponent {back.opponent}" if back.opponent
                                                        else f"a bye ({back.code.strip() or 'blank'})")
                found.append(TrfError(p.line_no, "", "round %s: opponent %s does not list %s back (their line "
                                                     "shows %s)", r, block.opponent, p.number, shown, column=_col(r),
                                      hint=N_("A game must appear on both players' lines, in the same round.")))
            elif p.number < block.opponent:
                found += _check_pair(p, other, r, block.colour, back.colour, block.code, back.code)
    return found


def _check_pair(p: TrfPlayer, other: TrfPlayer, r: int, mine: str, theirs: str, code: str,
                their_code: str) -> list[TrfError]:
    found: list[TrfError] = []
    if mine != "-" and mine == theirs:
        found.append(TrfError(p.line_no, "", "round %s: both %s and %s have colour %s", r, p.number, other.number,
                              repr(mine), column=_col(r) + 5,
                              hint=N_("One player has White (w) and the other Black (b): correct one of the lines.")))
    elif (mine == "-") != (theirs == "-"):
        found.append(_warn(p.line_no, "round %s: the colour of the game %s-%s is given on one line only", r,
                           p.number, other.number, column=_col(r) + 5, hint=N_("Write w and b on both lines.")))
    if (code, their_code) in MATCHING:
        return found
    if code in UNKNOWN or their_code in UNKNOWN:
        found.append(_warn(p.line_no, "round %s: the result of the game %s-%s is given on one line only (%s and %s)"
                                      "; read from that line", r, p.number, other.number, repr(code),
                           repr(their_code), column=_col(r) + 7, hint=N_("Write the result on both lines.")))
    else:
        found.append(TrfError(p.line_no, "", "round %s: results %s (%s) and %s (%s) do not match", r, repr(code),
                              p.number, repr(their_code), other.number, column=_col(r) + 7,
                              hint=N_("Matching codes are 1/0, =/=, +/- and -/- (double forfeit): correct one line.")))
    return found


def result_points(trf: TrfTournament, p: TrfPlayer, scoring: Scoring,
                  adjustments: list[TrfAdjustment] | None = None) -> Decimal:
    """A player's points from the round results (declared byes and `299` result overrides included)."""
    adjustments = trf.adjustments if adjustments is None else adjustments
    override = {a.round: a.game_points for a in adjustments
                if a.kind and a.round and p.number in a.ids and a.game_points is not None}
    total = Decimal(0)
    for r, b in enumerate(p.rounds, start=1):
        points = override.get(r)
        total += points if points is not None else scoring.code_points(b.code)
    total += sum((scoring.code_points(v[p.number]) for v in trf.declared_byes.values() if p.number in v),
                 Decimal(0))
    return total


def _check_points(trf: TrfTournament) -> list[TrfError]:
    scoring = trf.scoring
    found: list[TrfError] = []
    last = trf.played_rounds + 1
    adjustments = trf.adjustments
    penalties: dict[int, Decimal] = {}
    for a in adjustments:
        if not a.kind:
            for n in a.ids:
                penalties[n] = penalties.get(n, Decimal(0)) + (a.game_points or Decimal(0))
    accelerations = trf.accelerations

    def acceleration(number: int, rnd: int) -> Decimal:
        return sum((a.points for a in accelerations if a.first_player <= number <= a.last_player
                    and a.first_round <= rnd <= a.last_round), Decimal(0))

    for p in trf.players:
        if p.points is None:
            continue
        given = Decimal(str(p.points))
        total = result_points(trf, p, scoring, adjustments) + penalties.get(p.number, Decimal(0))
        if abs(total - given) <= Decimal("0.001"):
            continue
        accelerated = [r for r in range(1, last + 1) if acceleration(p.number, r)
                       and abs(total + acceleration(p.number, r) - given) <= Decimal("0.001")]
        if accelerated:
            found.append(_warn(p.line_no, "player %s: the points column (%s) includes %s acceleration points; the "
                                          "results decide (%s)", p.number, format_decimal(given),
                               format_decimal(acceleration(p.number, accelerated[-1])), format_decimal(total),
                               column=81, hint=N_("Columns 81-84 hold the real points; acceleration points go in "
                                               "XXA or 250 records only.")))
        else:
            found.append(_warn(p.line_no, "player %s: points column says %s but the round results add up to %s; "
                                          "the results decide", p.number, format_decimal(given),
                               format_decimal(total),
                               column=81, hint=N_("Columns 81-84 hold the sum of the results (no acceleration points); "
                                               "pairing engines refuse the file otherwise. Extra points are written "
                                               "in a 299 record.")))
    return found


def _check_byes(trf: TrfTournament) -> list[TrfError]:
    found: list[TrfError] = []
    teams = trf.is_team_file
    for r in range(1, trf.played_rounds + 1):
        blocks = [(p, p.rounds[r - 1]) for p in trf.players if len(p.rounds) >= r]
        pabs = [p for p, b in blocks if b.opponent is None and b.code == "U"]
        fulls = [p for p, b in blocks if b.opponent is None and b.code == "F"]
        in_games = sum(1 for _, b in blocks if b.opponent is not None)
        if not teams:
            for extra in pabs[1:]:
                found.append(_warn(extra.line_no, "round %s: a second pairing-allocated bye (U); player %s already "
                                                  "has it", r, pabs[0].number, column=_col(r) + 7,
                                   hint=N_("An individual round has at most one pairing-allocated bye: check which "
                                        "one is a requested bye (F, H) or an absence (Z).")))
        if not pabs and fulls and (in_games + len(fulls)) % 2 == 1 and not teams:
            for p in fulls:
                found.append(_warn(p.line_no, "round %s: full-point bye 'F' where the pairing-allocated bye 'U' seems "
                                              "meant", r, column=_col(r) + 7,
                                   hint=N_("The PAB is U, never F: with F, engines think the player never had the PAB "
                                        "and may give a second one.")))
    return found


def _check_headers(trf: TrfTournament) -> list[TrfError]:
    found: list[TrfError] = []
    if "012" not in trf.headers:
        found.append(_warn(1, "no tournament name (record 012)", hint=N_("012 is mandatory in TRF.")))
    if trf.is_trf26:
        if trf.rounds is None:
            found.append(_warn(1, "TRF26 file without the number of rounds (record 142)",
                               hint=N_("Pairing engines need 142 (or XXR) to pair the next round.")))
        if "152" not in trf.headers and trf.initial_colour is None:
            found.append(_warn(1, "TRF26 file without the initial colour (record 152)",
                               hint=N_("bbpPairings cannot pair round 1 without 152 W or 152 B.")))
    if trf.rounds is not None and trf.played_rounds > trf.rounds:
        found.append(_warn(1, "%s rounds played but only %s scheduled", trf.played_rounds, trf.rounds,
                           hint=N_("Record 142 (or XXR) gives the number of rounds.")))
    return found


def _check_records(trf: TrfTournament, by_number: dict[int, TrfPlayer]) -> list[TrfError]:
    """Team members, 299 and acceleration records name existing players."""
    found: list[TrfError] = []
    members: dict[int, int] = {}
    for team in trf.teams:
        for n in team.members:
            if n and n not in by_number:
                found.append(_warn(team.line_no, "team %s lists player %s, who has no 001 line", team.name, n,
                                   hint=N_("Each team member is the starting rank of a player.")))
            elif n and n in members:
                found.append(_warn(team.line_no, "player %s is in two teams (%s and %s)", n, members[n], team.number,
                                   hint=N_("A player belongs to one team.")))
            elif n:
                members[n] = team.number
    if trf.teams:
        for p in trf.players:
            if p.number not in members:
                found.append(_warn(p.line_no, "player %s is in no team", p.number,
                                   hint=N_("In a team file each player is listed by a 013 or 310 record.")))
    if not trf.is_team_file:
        for a in trf.adjustments:
            for n in a.ids:
                if n not in by_number:
                    found.append(_warn(a.line_no, "record 299 names player %s, who has no 001 line", n,
                                       hint=N_("Record 299 names players by starting rank.")))
    for acc in trf.accelerations:
        for n in (acc.first_player, acc.last_player):
            if n not in by_number:
                found.append(_warn(acc.line_no, "acceleration record names player %s, who has no 001 line", n,
                                   hint=N_("XXA and 250 name players by starting rank.")))
    return found
