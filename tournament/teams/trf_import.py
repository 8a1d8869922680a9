"""A team TRF file (TRF16 `013` or TRF26 `310`/`320`/`330`/`352`/`362`, read by tournament/formats/trf.py) as a team
event: the teams, their players, and the matches rebuilt from the individual games (each game between
players of two teams belongs to the match of those teams in that round; boards in the order of the team
listed first, whose player has White on board 1). Pure."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from tournament.errors import EchiquierError, Invalid
from tournament.formats.trf import BYE_ALIAS_WARNING, game_result
from tournament.formats.trf_model import TrfTournament
from tournament.results import Result
from tournament.scoring import scoring_from_162
from tournament.teams.core import BoardGame, Match, Team, TeamScoring, team_scoring
from tournament.teams.trf import TeamEvent, TeamPlayer

FORFEIT_KIND = {"+-": "B", "-+": "A", "--": "AB"}


def team_event_from_trf(trf: TrfTournament) -> TeamEvent:
    if not trf.is_team_file:
        raise Invalid("This file has no team records (013 or 310).")
    teams = tuple(Team(number=t.number, name=t.name, short_name=t.nickname or "",
                       members=tuple(m for m in t.members if m)) for t in trf.teams)
    team_of = {m: t.number for t in teams for m in t.members}
    players = tuple(TeamPlayer(number=p.number, name=f"{p.last_name}, {p.first_name}" if p.first_name
                               else p.last_name, rating=p.rating or 0, federation=p.federation or "",
                               sex={"m": "M", "w": "F", "f": "F"}.get((p.sex or "").lower(), ""),
                               fide_id=p.fide_id) for p in trf.players)
    by_number = {p.number: p for p in trf.players}
    rounds = max((len(p.rounds) for p in trf.players), default=0)
    size = len(trf.header("352") or "") or _boards_fielded(trf, team_of) or max(
        (len(t.members) for t in teams), default=0)
    # games and lone players (board forfeits, byes) per round and pair of teams
    games: dict[tuple[int, frozenset[int]], list[tuple[int | None, int | None, Result | None]]] = defaultdict(list)
    lone: dict[tuple[int, int], list[tuple[int, str]]] = defaultdict(list)
    plus = written_plus(trf)
    for p in trf.players:
        for rnd, r in enumerate(p.rounds, start=1):
            if r.opponent:
                if r.colour != "w":
                    continue
                other = by_number.get(r.opponent)
                if other is None or p.number not in team_of or r.opponent not in team_of:
                    continue
                black = other.rounds[rnd - 1] if len(other.rounds) >= rnd else None
                res = game_result(r.code, black.code if black else " ")
                games[(rnd, frozenset((team_of[p.number], team_of[r.opponent])))].append(
                    (p.number, r.opponent, res))
            elif r.code in ("+", "-", "U") and p.number in team_of:  # `0000 - +` is read as U, with a warning
                code = "+" if (p.number, rnd) in plus else r.code
                lone[(rnd, team_of[p.number])].append((p.number, code))
    bye_rounds = {(rnd, team) for b in trf.team_byes for rnd, team in b.teams.items()}
    # TRF16 has no 320: a team whose players have the PAB (`U`) in a round had the team bye
    bye_rounds |= {key for key, codes in lone.items() if any(code == "U" for _, code in codes)}
    forfeits = {(f.round, f.white, f.black): f.kind for f in trf.forfeited_matches}
    matches: list[Match] = []
    for rnd in range(1, rounds + 1):
        table = 0
        pairs = sorted({key[1] for key in games if key[0] == rnd}, key=lambda s: min(s))
        seen: set[int] = set()
        for pair in pairs:
            if len(pair) != 2:
                continue
            rows = games[(rnd, pair)]
            table += 1
            matches.append(_match(rnd, table, rows, lone, team_of, teams, size))
            seen |= pair
        for (frnd, a, b), kind in sorted(forfeits.items()):
            if frnd == rnd and kind in FORFEIT_KIND:
                table += 1
                matches.append(Match(round=rnd, table=table, team_a=a, team_b=b, forfeit=FORFEIT_KIND[kind]))
                seen |= {a, b}
        # TRF16 has no 330: a team whose players all won by forfeit without a game (`0000 - +`) met a team whose
        # players all lost by forfeit (paired in team order when several did in one round); a team left with `+`
        # and nobody absent to meet had the bye (a program that writes the PAB as `+`)
        present = [t.number for t in teams if t.number not in seen and _all_lone(lone, rnd, t.number, "+")]
        absent = [t.number for t in teams if t.number not in seen and _all_lone(lone, rnd, t.number, "-")]
        for a, b in zip(present, absent, strict=False):
            table += 1
            matches.append(Match(round=rnd, table=table, team_a=a, team_b=b, forfeit="B"))
            seen |= {a, b}
        bye_rounds |= {(rnd, a) for a in present[len(absent):]}
        for t in teams:
            if (rnd, t.number) in bye_rounds and t.number not in seen:
                table += 1
                fielded = sorted(n for n, code in lone.get((rnd, t.number), []) if code in "U+")
                matches.append(Match(round=rnd, table=table, team_a=t.number, team_b=None, boards=tuple(
                    BoardGame(board=k, a_player=n, b_player=None) for k, n in enumerate(fielded, start=1))))
    return TeamEvent(name=trf.name, rounds=trf.rounds or rounds, team_size=size, players=players,
                     teams=teams, matches=tuple(matches), scoring=_scoring(trf), start=trf.header("042") or "",
                     round_robin="ROUNDROBIN" in (trf.header("192") or "").upper() or
                     "round-robin" in (trf.header("092") or "").lower(),
                     tie_breaks=trf.header("202") or "MPVGP,BH/C1,BH,SB,PS")


def _match(rnd: int, table: int, rows: list[tuple[int | None, int | None, Result | None]],
           lone: dict[tuple[int, int], list[tuple[int, str]]], team_of: dict[int, int], teams: tuple[Team, ...],
           size: int) -> Match:
    order = {m: i for t in teams for i, m in enumerate(t.members)}
    first = min(rows, key=lambda g: min(order[g[0] or 0], order[g[1] or 0]))
    team_a = team_of[first[0] or 0]
    team_b = team_of[first[1] or 0]
    # A is the team with White on board 1: a game is (a_player, b_player, result from White's side)
    placed: list[tuple[int, int | None, int | None, Result | None, bool]] = []
    for white, black, res in rows:
        a_white = team_of[white or 0] == team_a
        a_player, b_player = (white, black) if a_white else (black, white)
        placed.append((order[a_player or 0], a_player, b_player, res, a_white))
    for side, team in ((0, team_a), (1, team_b)):
        for number, code in lone.get((rnd, team), []):
            placed.append((order[number], number if side == 0 else None, number if side == 1 else None,
                           None if code == "U" else _lone_result(code), side == 0))
    placed.sort(key=lambda x: x[0])
    boards = []
    for k, (_, a, b, res, _a_white) in enumerate(placed[:size] if size else placed, start=1):
        a_white = k % 2 == 1
        if a is None or b is None:
            res = _lone_for_board(res, a is not None, a_white)
        boards.append(BoardGame(board=k, a_player=a, b_player=b, result=res))
    return Match(round=rnd, table=table, team_a=team_a, team_b=team_b, a_white_first=True, boards=tuple(boards))


def written_plus(trf: TrfTournament) -> set[tuple[int, int]]:
    """(player number, round) of the blocks written `0000 - +`, which the reader reads as the bye `U` (with a
    warning): in a team file, a board won by forfeit against nobody or a whole-team forfeit won."""
    number = {p.line_no: p.number for p in trf.players}
    return {(number[w.line_no], int(w.params[0])) for w in trf.warnings
            if w.key == BYE_ALIAS_WARNING and w.params[1] == "+" and w.line_no in number}


def _all_lone(lone: dict[tuple[int, int], list[tuple[int, str]]], rnd: int, team: int, allowed: str) -> bool:
    codes = [c for _, c in lone.get((rnd, team), [])]
    return bool(codes) and all(c in allowed for c in codes)


def _boards_fielded(trf: TrfTournament, team_of: dict[int, int]) -> int:
    """TRF16 has no board count (352): the most players a team fielded in one round."""
    count: dict[tuple[int, int], int] = defaultdict(int)
    for p in trf.players:
        for rnd, r in enumerate(p.rounds, start=1):
            if p.number in team_of and (r.opponent or r.code in ("+", "-", "U")):
                count[(rnd, team_of[p.number])] += 1
    return max(count.values(), default=0)


def _lone_result(code: str) -> Result:
    return Result.WHITE_FORFEIT_WIN if code == "+" else Result.BLACK_FORFEIT_WIN


def _lone_for_board(res: Result | None, a_present: bool, a_white: bool) -> Result | None:
    """A player without opponent on a board: `+` won by forfeit, `-` lost (both absent)."""
    if res is None:
        return None
    won = res is Result.WHITE_FORFEIT_WIN
    if not won:
        return Result.DOUBLE_FORFEIT
    return Result.WHITE_FORFEIT_WIN if a_present == a_white else Result.BLACK_FORFEIT_WIN


def _scoring(trf: TrfTournament) -> TeamScoring:
    text = trf.header("362")
    if not text:
        return team_scoring()
    s = scoring_from_162(text)
    win = Decimal(s.win)
    variant = "ffe" if win == 3 else "fide"
    return team_scoring(variant, match_win=win, match_draw=s.draw, match_loss=s.loss,
                        match_forfeit_loss=s.zero_bye, match_pab=s.pab)


def team_layer(trf: TrfTournament) -> TeamEvent | None:
    """What a web import sets up over the games: a team file's teams and matches; None for an individual file,
    or for a team file whose team records cannot be made into matches (it is then played as individual games,
    and the tournament's pages say that it came from a team file)."""
    if not trf.is_team_file:
        return None
    try:
        return team_event_from_trf(trf)
    except EchiquierError:
        return None
