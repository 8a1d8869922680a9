"""Team tournaments as TRF: TRF16 (`001` games + `013` teams) and TRF26 (`001` + `310` teams, `320` team byes,
`330` forfeited matches, `352` board colours, `362` match scoring), written at the columns of the format
(docs/formats.md §1.5; the lenient reader of tournament/formats/trf_model.py reads them back). Pure."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

import msgspec

from tournament.errors import Invalid
from tournament.results import Result
from tournament.scoring import format_decimal
from tournament.teams.core import Match, Team, TeamScoring, a_is_white, match_score
from tournament.teams.standings import TeamStandings, parse_team_codes, team_standings
from tournament.tiebreaks import edition_for

CODES = {Result.WHITE_WIN: ("1", "0"), Result.DRAW: ("=", "="), Result.BLACK_WIN: ("0", "1"),
         Result.WHITE_FORFEIT_WIN: ("+", "-"), Result.BLACK_FORFEIT_WIN: ("-", "+"),
         Result.DOUBLE_FORFEIT: ("-", "-")}


class TeamPlayer(msgspec.Struct, frozen=True, kw_only=True):
    number: int  # starting rank
    name: str
    rating: int = 0
    federation: str = ""
    sex: str = ""
    fide_id: int | None = None
    title: str = ""  # FIDE title as TRF writes it (GM, IM, WGM …)


class TeamEvent(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    rounds: int
    team_size: int
    players: tuple[TeamPlayer, ...]
    teams: tuple[Team, ...]
    matches: tuple[Match, ...]
    scoring: TeamScoring = TeamScoring()
    start: str = ""  # YYYY/MM/DD
    round_robin: bool = False
    tie_breaks: str = "MPVGP,BH/C1,BH,SB,PS"


def _player_line(p: TeamPlayer, points: Decimal, rank: int, blocks: Sequence[str]) -> str:
    sex = {"M": "m", "F": "w"}.get(p.sex, " ")
    head = (f"001 {p.number:>4} {sex}{p.title[:3]:>3} {p.name[:33]:<33} {p.rating or '':>4} {p.federation[:3]:<3} "
            f"{(p.fide_id or ''):>11} {'':<10} {format_decimal(points):>4} {rank:>4}")
    return (head + "".join(f"  {b}" for b in blocks)).rstrip()


def paired_rounds(ev: TeamEvent) -> int:
    """The rounds written in the players' lines: up to the last one paired (the rounds scheduled after it are in
    `142` / `XXR` only; blocks for them would read as rounds everybody missed)."""
    return max((m.round for m in ev.matches), default=0)


def game_rows(ev: TeamEvent, played: int | None = None) -> dict[int, list[str]]:
    """Per player number, its round blocks (`opp c r`; not fielded = `0000 - Z`, team forfeit = `0000 - -`), for
    the first `played` rounds (all the rounds scheduled by default)."""
    count = paired_rounds(ev) if played is None else played
    blocks = {p.number: ["0000 - Z"] * count for p in ev.players}
    members = {t.number: t for t in ev.teams}
    for m in ev.matches:
        if m.round > count:
            continue
        if m.team_b is None:  # the PAB, or a match won by forfeit against a team not named (`+`)
            fielded = [g.a_player for g in m.boards if g.a_player] or members[m.team_a].members[:ev.team_size]
            for n in fielded:
                blocks[n][m.round - 1] = "0000 - +" if m.forfeit else "0000 - U"
            continue
        if m.forfeit:  # the present team's players win by forfeit, the absent team's lose
            for team, out in ((m.team_a, "A" in m.forfeit), (m.team_b, "B" in m.forfeit)):
                for n in members[team].members[:ev.team_size]:
                    blocks[n][m.round - 1] = "0000 - -" if out else "0000 - +"
            continue
        for g in m.boards:
            a_white = a_is_white(m, g.board)
            white, black = (g.a_player, g.b_player) if a_white else (g.b_player, g.a_player)
            w, b = CODES[g.result] if g.result is not None else ("?", "?")
            if white is not None and black is not None:
                blocks[white][m.round - 1] = f"{black:>4} w {w}"
                blocks[black][m.round - 1] = f"{white:>4} b {b}"
            elif white is not None:
                blocks[white][m.round - 1] = f"0000 - {w}"
            elif black is not None:
                blocks[black][m.round - 1] = f"0000 - {b}"
    return blocks


def _points(ev: TeamEvent, played: int | None = None) -> dict[int, Decimal]:
    score = {p.number: Decimal(0) for p in ev.players}
    unit = {"1": Decimal(1), "+": Decimal(1), "=": Decimal("0.5"), "U": Decimal(1)}
    for n, bl in game_rows(ev, played).items():
        score[n] = sum((unit.get(b[-1], Decimal(0)) for b in bl), Decimal(0))
    return score


def export_team_trf(ev: TeamEvent, *, trf26: bool = True, played: int | None = None) -> str:
    """The whole tournament; players ranked by their own points (the team ranks are in 310). With `played`, only
    the first `played` rounds (as a pairing program reads a tournament before its next round; `142` still gives
    the rounds scheduled)."""
    if played is not None:
        ev = msgspec.structs.replace(ev, matches=tuple(m for m in ev.matches if m.round <= played))
    pts = _points(ev, played)
    order = sorted(ev.players, key=lambda p: (-pts[p.number], p.number))
    rank = {p.number: i for i, p in enumerate(order, start=1)}
    blocks = game_rows(ev, played)
    out = [f"012 {ev.name}"]
    if ev.start:
        out.append(f"042 {ev.start}")
    out += [f"062 {len(ev.players)}", f"072 {sum(1 for p in ev.players if p.rating)}", f"082 {len(ev.teams)}",
            "092 Team: Round-Robin" if ev.round_robin else "092 Team: Swiss-System"]
    if not trf26:  # the rounds scheduled, as TRF16 programs write them (JaVaFo's XXR; TRF26: 142); the match
        out.append(f"XXR {ev.rounds}")  # points (`362`) unless they are those a reader assumes without it
        if _match_points(ev.scoring) != _match_points(TRF16_SCORING):
            out.append(_record_362(ev.scoring))
    if trf26:
        s = ev.scoring
        out.append(f"142 {ev.rounds}")
        out.append("192 FIDE_TEAM_ROUNDROBIN" if ev.round_robin else "192 FIDE_TEAM_TYPEA_MP_GP")
        out.append(f"202 {ev.tie_breaks}")
        colours = "".join("W" if b % 2 else "B" for b in range(1, ev.team_size + 1))
        out.append(f"352 {colours}")
        out.append(_record_362(s))
    out += [_player_line(p, pts[p.number], rank[p.number], blocks[p.number])
            for p in sorted(ev.players, key=lambda p: p.number)]
    if trf26:
        out += _team_records_26(ev, played)
    else:  # `330` too: without it the players' `+` and `-` do not say which teams met
        for t in sorted(ev.teams, key=lambda t: t.number):
            out.append((f"013 {t.name[:32]:<32}" + " ".join(f"{n:>4}" for n in t.members)).rstrip())
        out += _forfeited_330(ev)
    return "\n".join(out + extra_records(ev)) + "\n"


def extra_records(ev: TeamEvent) -> list[str]:
    """What the TRF fields cannot hold, in records of Echiquier's own (`XX` codes, which other programs and gacrux
    pass over): `XXT ttt FFF club` a team's federation and club, `XXN ttt name` a team name longer than the 32
    characters of `310`/`013`, `XXM pppp Last, First` a player name longer than the 33 of `001`.

    >>> ev = TeamEvent(name="T", rounds=1, team_size=1, matches=(), players=(TeamPlayer(number=1, name="N" * 40),),
    ...                teams=(Team(number=1, name="Ivry", club="Echiquier d'Ivry", federation="FRA"),))
    >>> extra_records(ev)[0], extra_records(ev)[1][:12]
    ("XXT   1 FRA Echiquier d'Ivry", 'XXM    1 NNN')
    """
    teams = sorted(ev.teams, key=lambda t: t.number)
    out = [f"XXT {t.number:>3} {t.federation[:3]:<3} {t.club}".rstrip() for t in teams if t.club or t.federation]
    out += [f"XXN {t.number:>3} {t.name}" for t in teams if len(t.name) > 32]
    return out + [f"XXM {p.number:>4} {p.name}" for p in ev.players if len(p.name) > 33]


#: The match points a reader assumes for a team file without `362` (gacrux: a PAB worth a draw).
TRF16_SCORING = TeamScoring(match_pab=Decimal(1))


def _match_points(s: TeamScoring) -> tuple[Decimal, ...]:
    return s.match_win, s.match_draw, s.match_loss, s.match_forfeit_loss, s.match_pab


def _record_362(s: TeamScoring) -> str:
    pairs = zip("WDLAP", _match_points(s), strict=True)
    return "362  " + "    ".join(f"{sym}{format_decimal(v):>4}" for sym, v in pairs)


def ranked(ev: TeamEvent, rounds: int) -> TeamStandings:
    """The standings whose ranks `310` carries: the tournament's full tie-break order, in the edition of its
    start date (only game points when its list is not a team list)."""
    try:
        codes = parse_team_codes(ev.tie_breaks)
    except Invalid:
        codes = ["MPVGP"]
    try:
        start: date | None = date(*(int(x) for x in ev.start.replace("-", "/").split("/")[:3]))
    except (TypeError, ValueError):
        start = None
    return team_standings(ev.teams, ev.matches, tie_breaks=codes, scoring=ev.scoring, team_size=ev.team_size,
                          rounds=rounds, round_robin=ev.round_robin, total_rounds=ev.rounds,
                          edition=edition_for(None, start))


def _team_records_26(ev: TeamEvent, played: int | None = None) -> list[str]:
    count = paired_rounds(ev) if played is None else played
    st = ranked(ev, count)
    by = {r.team_number: r for r in st.rows}
    out = []
    for t in sorted(ev.teams, key=lambda t: t.number):
        r = by[t.number]
        ids = "".join(f" {n:>4}" for n in t.members)
        out.append((f"310 {t.number:>3} {t.name[:32]:<32} {t.short_name[:5]:<5} {'':>6} "
                    f"{format_decimal(r.points):>6} {format_decimal(r.game_points):>6} {r.rank:>3} {ids}").rstrip())
    byes: dict[int, int] = {m.round: m.team_a for m in ev.matches if m.team_b is None and not m.forfeit}
    if byes:
        s = ev.scoring
        cells = "".join(f" {byes.get(rnd, 0) or '':>3}" for rnd in range(1, count + 1))
        out.append(f"320 {format_decimal(s.match_pab):>4} {format_decimal(s.game_win * ev.team_size):>4}{cells}"
                   .rstrip())
    return out + _forfeited_330(ev)


def _forfeited_330(ev: TeamEvent) -> list[str]:
    out = []
    for m in ev.matches:
        if m.forfeit and m.team_b is not None:
            kind = {"A": "-+", "B": "+-", "AB": "--"}[m.forfeit]
            out.append(f"330 {kind} {m.round:>3} {m.team_a:>3} {m.team_b:>3}")
    return out


def match_points_of(ev: TeamEvent) -> dict[int, Decimal]:
    """Match points per team after all the rounds written (as 310 carries them)."""
    total = {t.number: Decimal(0) for t in ev.teams}
    for m in ev.matches:
        sc = match_score(m, ev.scoring, ev.team_size)
        total[m.team_a] += sc.a_match or 0
        if m.team_b is not None:
            total[m.team_b] += sc.b_match or 0
    return total
