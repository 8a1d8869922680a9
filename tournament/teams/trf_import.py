"""A team TRF file (TRF16 `013` or TRF26 `310`/`320`/`330`/`352`/`362`, read by tournament/formats/trf.py) as a team
event: the teams, their players, and the matches rebuilt from the individual games (each game between
players of two teams belongs to the match of those teams in that round; boards in the order of the team
listed first, whose player has White on board 1). Pure."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from tournament.errors import EchiquierError, Invalid
from tournament.formats.trf import BYE_ALIAS_WARNING, game_result
from tournament.formats.trf_model import TrfError, TrfTournament
from tournament.formats.trf_records import TrfTeam
from tournament.messages import N_
from tournament.results import Result
from tournament.scoring import _PAIR as PAIR
from tournament.teams.core import VARIANTS, BoardGame, Match, Team, TeamScoring, team_scoring
from tournament.teams.trf import TeamEvent, TeamPlayer

FORFEIT_KIND = {"+-": "B", "-+": "A", "--": "AB"}
MAX_BOARDS = 20  # as the event file allows (database/migrations: team_size)


def team_event_from_trf(trf: TrfTournament) -> TeamEvent:
    if not trf.is_team_file:
        raise Invalid("This file has no team records (013 or 310).")
    extra = extra_fields(trf)
    teams = tuple(Team(number=t.number, name=extra.get(("XXN", t.number), t.name), short_name=t.nickname or "",
                       club=extra.get(("club", t.number), ""), federation=extra.get(("fed", t.number), ""),
                       members=members) for t, members in checked_teams(trf))
    team_of = {m: t.number for t in teams for m in t.members}
    players = tuple(TeamPlayer(number=p.number, name=extra.get(("XXM", p.number), f"{p.last_name}, {p.first_name}"
                                                               if p.first_name else p.last_name),
                               rating=p.rating or 0, federation=p.federation or "", title=(p.title or "").upper(),
                               sex={"m": "M", "w": "F", "f": "F"}.get((p.sex or "").lower(), ""),
                               fide_id=p.fide_id) for p in trf.players)
    by_number = {p.number: p for p in trf.players}
    rounds = max((len(p.rounds) for p in trf.players), default=0)
    size = _team_size(trf, team_of, teams)
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
    numbers = {t.number for t in teams}
    bye_rounds = {(rnd, team) for b in trf.team_byes for rnd, team in b.teams.items()
                  if _known(trf, numbers, team, b.line_no, 15 + 4 * (rnd - 1))}
    # TRF16 has no 320: a team whose players have the PAB (`U`) in a round had the team bye
    bye_rounds |= {key for key, codes in lone.items() if any(code == "U" for _, code in codes)}
    forfeits = {(f.round, f.white, f.black): f.kind for f in trf.forfeited_matches
                if _known(trf, numbers, f.white, f.line_no, 12) and _known(trf, numbers, f.black, f.line_no, 16)}
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
        # without a `330`, a team whose players all won by forfeit without a game (`0000 - +`) won its match by
        # forfeit against a team the file does not name (as gacrux reads it: a win without an opponent); a team
        # whose players all lost by forfeit has no match (an absence)
        for t in teams:
            if t.number not in seen and (rnd, t.number) not in bye_rounds and _all_lone(lone, rnd, t.number, "+"):
                table += 1
                fielded = sorted(n for n, _ in lone[(rnd, t.number)])
                matches.append(Match(round=rnd, table=table, team_a=t.number, team_b=None, forfeit="B",
                                     boards=tuple(BoardGame(board=k, a_player=n, b_player=None)
                                                  for k, n in enumerate(fielded, start=1))))
                seen.add(t.number)
        for t in teams:
            if (rnd, t.number) in bye_rounds and t.number not in seen:
                table += 1
                fielded = sorted(n for n, code in lone.get((rnd, t.number), []) if code in "U+")
                matches.append(Match(round=rnd, table=table, team_a=t.number, team_b=None, boards=tuple(
                    BoardGame(board=k, a_player=n, b_player=None) for k, n in enumerate(fielded, start=1))))
    return TeamEvent(name=trf.name, rounds=trf.rounds or rounds, team_size=size, players=players,
                     teams=teams, matches=tuple(matches), scoring=_scoring(trf), start=trf.header("042") or "",
                     round_robin=is_round_robin(trf.header("092"), len(teams), max(trf.rounds or 0, rounds)),
                     tie_breaks=trf.header("202") or "MPVGP,BH/C1,BH,SB,PS")


UNKNOWN_TEAM = N_("there is no team %s: this record is left out")
TEAM_TWICE = N_("team %s is listed twice: this line is left out")
MEMBER_TWICE = N_("player %s is already in team %s: left out of this team")
NOT_A_PLAYER = N_("player %s has no 001 line: left out of this team")


def _warn(trf: TrfTournament, line_no: int, key: str, *params: str | int, column: int = 0) -> None:
    """A warning of the team records, with the line and column (shown with the file's others)."""
    line = next((r.text for r in trf.records if r.line_no == line_no), "")
    trf.warnings.append(TrfError(line_no, line, key, *params, column=column, severity="warning"))


def _known(trf: TrfTournament, numbers: set[int], team: int, line_no: int, column: int) -> bool:
    if team in numbers:
        return True
    _warn(trf, line_no, UNKNOWN_TEAM, team, column=column)
    return False


def checked_teams(trf: TrfTournament) -> list[tuple[TrfTeam, tuple[int, ...]]]:
    """The team records and their members as they can be used, a warning for what is left out: a team number
    given twice, a member of two teams, a member without a player line."""
    players = {p.number for p in trf.players}
    taken: dict[int, int] = {}
    out: list[tuple[TrfTeam, tuple[int, ...]]] = []
    for t in trf.teams:
        if any(t.number == kept.number for kept, _ in out):
            _warn(trf, t.line_no, TEAM_TWICE, t.number, column=5)
            continue
        members = []
        for m in (m for m in t.members if m):
            if m in taken:
                _warn(trf, t.line_no, MEMBER_TWICE, m, taken[m])
            elif m not in players:
                _warn(trf, t.line_no, NOT_A_PLAYER, m)
            else:
                taken[m] = t.number
                members.append(m)
        out.append((t, tuple(members)))
    return out


def extra_fields(trf: TrfTournament) -> dict[tuple[str, int], str]:
    """Echiquier's own records (tournament/teams/trf.py `extra_records`): ("club" | "fed" | "XXN", team number) and
    ("XXM", player number) -> text; a record that cannot be read is passed over."""
    out: dict[tuple[str, int], str] = {}
    for code in ("XXT", "XXN", "XXM"):
        for r in trf.lines(code):
            head, _, rest = r.text[4:].strip().partition(" ")
            if not head.isdigit():
                continue
            if code == "XXT":
                fed, _, club = rest.partition(" ")
                out[("fed", int(head))], out[("club", int(head))] = fed.strip(), club.strip()
            elif rest.strip():
                out[(code, int(head))] = rest.strip()
    return out


def is_round_robin(kind: str | None, teams: int, rounds: int) -> bool:
    """As gacrux decides whether a team file's tie-breaks treat it as predetermined: the tournament type (`092`)
    says Swiss or round robin, else a round robin has as many rounds as teams (or one less), or twice that.

    >>> is_round_robin("Team: Round-Robin", 8, 5), is_round_robin(None, 8, 7), is_round_robin("Swiss", 8, 7)
    (True, True, False)
    """
    text = (kind or "").upper()
    if "SWISS" in text:
        return False
    if any(word in text for word in ("RR", "ROBIN", "BERGER")):
        return True
    return teams in (rounds, rounds + 1) or 2 * teams in (rounds, rounds + 1)


def _match(rnd: int, table: int, rows: list[tuple[int | None, int | None, Result | None]],
           lone: dict[tuple[int, int], list[tuple[int, str]]], team_of: dict[int, int], teams: tuple[Team, ...],
           size: int) -> Match:
    order = {m: i for t in teams for i, m in enumerate(t.members)}
    first = min(rows, key=lambda g: min(order[g[0] or 0], order[g[1] or 0]))
    team_a = team_of[first[0] or 0]
    team_b = team_of[first[1] or 0]
    # A is the team with White on board 1: a game is (a_player, b_player, result from White's side)
    placed: list[tuple[int, int | None, int | None, Result | None, bool, str]] = []
    for white, black, res in rows:
        a_white = team_of[white or 0] == team_a
        a_player, b_player = (white, black) if a_white else (black, white)
        placed.append((order[a_player or 0], a_player, b_player, res, a_white, ""))
    # players without an opponent (`+` won by forfeit, `-` absent; `U` inside a match counts nothing, as `-`): one
    # of each team shares a board unless both won, as gacrux pairs them
    a_lone = sorted((order[n], n, "-" if c == "U" else c) for n, c in lone.get((rnd, team_a), []))
    b_lone = sorted((order[n], n, "-" if c == "U" else c) for n, c in lone.get((rnd, team_b), []))
    for o, n, code in a_lone:
        partner = next((x for x in b_lone if "-" in (code, x[2])), None)
        if partner is not None:
            b_lone.remove(partner)
        placed.append((o, n, partner[1] if partner else None, None, True, code + (partner[2] if partner else "")))
    placed += [(o, None, n, None, True, "" + code) for o, n, code in b_lone]
    placed.sort(key=lambda x: (x[1] is None, x[0]))
    kept = placed[:size] if size else placed
    # colours alternate down the boards from board 1 (tournament.teams.core.a_is_white), from the colour of the
    # first game; a game whose colours do not follow (a file with another colour order, or boards fielded out of
    # the declared order) keeps its own colours and its result is turned round to the model's, so that the
    # points go to the right team (database/teams.py turns the stored game's result the same way)
    board_one = next(((k, g[4]) for k, g in enumerate(kept, start=1) if not g[5]), (1, True))
    white_first = board_one[1] == (board_one[0] % 2 == 1)
    boards = []
    for k, (_, a, b, res, actual, codes) in enumerate(kept, start=1):
        a_white = white_first == (k % 2 == 1)
        if codes:
            res, a, b = _lone_board(codes, a, b, a_white)
        elif res is not None and actual != a_white:
            res = res.opposite()
        boards.append(BoardGame(board=k, a_player=a, b_player=b, result=res))
    return Match(round=rnd, table=table, team_a=team_a, team_b=team_b, a_white_first=white_first,
                 boards=tuple(boards))


def _lone_board(codes: str, a: int | None, b: int | None, a_white: bool) -> tuple[Result, int | None, int | None]:
    """A board without a game: `codes` are A's then B's (or B's alone when `a` is None) `+` / `-`; a player who
    did not come is left out when the other is on the board (the board forfeit of tournament.teams.core).

    >>> _lone_board("+-", 3, 7, False)
    (<Result.BLACK_FORFEIT_WIN: 4>, 3, None)
    >>> _lone_board("-", 3, None, True)
    (<Result.DOUBLE_FORFEIT: 5>, 3, None)
    """
    a_code, b_code = (codes[0], codes[1:]) if a is not None else (" ", codes)
    a_won, b_won = a_code == "+", b_code == "+"
    if a is not None and b is not None:  # two players without a game: the one who did not come is left out
        a, b = (a if a_won else None), (b if b_won else None)
    if not (a_won or b_won):
        return Result.DOUBLE_FORFEIT, a, b
    white_wins = a_won == a_white
    return (Result.WHITE_FORFEIT_WIN if white_wins else Result.BLACK_FORFEIT_WIN), a, b


def written_plus(trf: TrfTournament) -> set[tuple[int, int]]:
    """(player number, round) of the blocks written `0000 - +`, which the reader reads as the bye `U` (with a
    warning): in a team file, a board won by forfeit against nobody or a whole-team forfeit won."""
    number = {p.line_no: p.number for p in trf.players}
    return {(number[w.line_no], int(w.params[0])) for w in trf.warnings
            if w.key == BYE_ALIAS_WARNING and w.params[1] == "+" and w.line_no in number}


def _all_lone(lone: dict[tuple[int, int], list[tuple[int, str]]], rnd: int, team: int, allowed: str) -> bool:
    codes = [c for _, c in lone.get((rnd, team), [])]
    return bool(codes) and all(c in allowed for c in codes)


BAD_COLOURS = N_("the colour sequence has %s boards (1 to %s): the boards are counted from the games")
TOO_MANY_BOARDS = N_("A team has 1 to %s boards; this file has %s. Nothing was imported.")


def _team_size(trf: TrfTournament, team_of: dict[int, int], teams: tuple[Team, ...]) -> int:
    """The boards of a match: `352`'s colours, else the most players a team fielded, else the longest team."""
    colours = (trf.header("352") or "").strip()
    if len(colours) > MAX_BOARDS:
        line = next((r for r in trf.records if r.code == "352"), None)
        _warn(trf, line.line_no if line else 0, BAD_COLOURS, len(colours), MAX_BOARDS, column=5)
        colours = ""
    size = len(colours) or _boards_fielded(trf, team_of) or max((len(t.members) for t in teams), default=1)
    if size > MAX_BOARDS:
        raise Invalid(TOO_MANY_BOARDS, MAX_BOARDS, size)
    return max(size, 1)


def _boards_fielded(trf: TrfTournament, team_of: dict[int, int]) -> int:
    """TRF16 has no board count (352): the most players a team fielded in one round."""
    count: dict[tuple[int, int], int] = defaultdict(int)
    for p in trf.players:
        for rnd, r in enumerate(p.rounds, start=1):
            if p.number in team_of and (r.opponent or r.code in ("+", "-", "U")):
                count[(rnd, team_of[p.number])] += 1
    return max(count.values(), default=0)


def _scoring(trf: TrfTournament) -> TeamScoring:
    """The file's match points as gacrux reads them: `362` (W, D, L, A = forfeit, P = PAB) over the defaults
    2 / 1 / 0 / 0 with a PAB worth a draw, and the `320` match points for the PAB.

    >>> from tournament.formats.trf import parse_trf
    >>> _scoring(parse_trf("012 T\\n362  W   3.0    D   2.0    L   1.0    A   0.0    P   3.0\\n")[0]).variant
    'ffe'
    """
    values = {symbol: Decimal(number.replace(",", ".")) for symbol, number in
              PAIR.findall((trf.header("362") or "").upper())}
    win, draw = values.get("W", Decimal(2)), values.get("D", Decimal(1))
    pab = next((b.match_points for b in trf.team_byes if b.match_points is not None), values.get("P", draw))
    points = {"match_win": win, "match_draw": draw, "match_loss": values.get("L", Decimal(0)),
              "match_forfeit_loss": values.get("A", Decimal(0)), "match_pab": pab}
    ffe = VARIANTS["ffe"]
    if all(getattr(ffe, name) == value for name, value in points.items()):
        return ffe
    return team_scoring("fide", **points)


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
