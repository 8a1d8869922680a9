"""The TRF records other than players (docs/formats.md §1.3, §1.4): teams (013, 310), bonus points (299),
acceleration (250, XXA), forbidden pairs, team byes, forfeited matches and line-ups (320, 330, 300), and the
readers of their fields."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation

import msgspec


class TrfRecord(msgspec.Struct, frozen=True):
    line_no: int
    code: str
    text: str  # the whole line, tabs expanded, right-stripped


class TrfTeam(msgspec.Struct, frozen=True, kw_only=True):
    """A TRF16 `013` or TRF26 `310` team: members are starting ranks in board order (0 = empty slot)."""

    line_no: int
    code: str
    number: int
    name: str
    nickname: str | None = None
    strength: int | None = None
    match_points: Decimal | None = None
    game_points: Decimal | None = None
    rank: int | None = None
    members: tuple[int, ...] = ()


class TrfAdjustment(msgspec.Struct, frozen=True, kw_only=True):
    """A `299` record (abnormal points). With a round and ids: the result kind `kind` (or a penalty when
    `kind` is blank) given to those players or teams in that round; round 999 = standings only, not pairing.
    With no id: the points of result kind `kind` for the whole tournament."""

    line_no: int
    kind: str
    match_points: Decimal | None
    game_points: Decimal | None
    round: int
    ids: tuple[int, ...]

    @property
    def counts_for_pairing(self) -> bool:
        return self.round < 999


class TrfAcceleration(msgspec.Struct, frozen=True, kw_only=True):
    """Virtual points (JaVaFo `XXA`, TRF26 `250`): added to the pairing score, never to the standings."""

    line_no: int
    first_player: int
    last_player: int
    first_round: int
    last_round: int
    points: Decimal
    match_points: Decimal | None = None


class TrfForbidden(msgspec.Struct, frozen=True, kw_only=True):
    """Players who must not meet (`260`, or `XXP` for every round)."""

    line_no: int
    first_round: int | None
    last_round: int | None
    players: tuple[int, ...]


class TrfTeamBye(msgspec.Struct, frozen=True, kw_only=True):
    """`320`: the pairing-allocated bye of team tournaments; teams by round (round -> team number)."""

    line_no: int
    match_points: Decimal | None
    game_points: Decimal | None
    teams: dict[int, int]


class TrfForfeitedMatch(msgspec.Struct, frozen=True, kw_only=True):
    """`330`: a team match forfeited (`+-`, `-+`, `--` …) in a round."""

    line_no: int
    kind: str
    round: int
    white: int
    black: int


class TrfLineup(msgspec.Struct, frozen=True, kw_only=True):
    """`300`: a team's line-up out of order in a round (starting ranks in board order)."""

    line_no: int
    round: int
    team: int
    opponent: int
    order: tuple[int, ...]


# -- field readers ---------------------------------------------------------------------------------------


def parse_date(text: str) -> date | None:
    """`YYYY/MM/DD`, `YY/MM/DD`, `YYYY-MM-DD` or `DD/MM/YYYY`.

    >>> parse_date("2026/04/04"), parse_date(" 26/01/08 "), parse_date("x")
    (datetime.date(2026, 4, 4), datetime.date(2026, 1, 8), None)
    """
    parts = re.split(r"[/.\-]", text.strip())
    if len(parts) != 3 or not all(p.isdecimal() for p in parts):
        return None
    a, b, c = (int(p) for p in parts)
    if len(parts[0]) == 2 and len(parts[2]) == 4:
        a, c = c, a
    elif len(parts[0]) == 2:
        a += 2000
    try:
        return date(a, b, c)
    except ValueError:
        return None


def field_int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdecimal() else None


def field_decimal(text: str) -> Decimal | None:
    text = text.strip().replace(",", ".")
    if not text:
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def _ids(text: str, start: int, width: int, step: int) -> tuple[int, ...]:
    out = []
    while start < len(text):
        value = field_int(text[start: start + width])
        out.append(value or 0)
        start += step
    while out and out[-1] == 0:
        out.pop()
    return tuple(out)


def team_013(r: TrfRecord, number: int) -> TrfTeam:
    """`013 Team name (5-36)  ids at 37-40, 42-45, …`."""
    return TrfTeam(line_no=r.line_no, code="013", number=number, name=r.text[4:36].strip(),
                   members=_ids(r.text, 36, 4, 5))


def team_310(r: TrfRecord) -> TrfTeam:
    """`310 nnn name(9-40) nick(42-46) strength(48-53) MP(55-60) GP(62-67) rank(69-71) ids from 74, step 5`."""
    t = r.text
    return TrfTeam(line_no=r.line_no, code="310", number=field_int(t[4:7]) or 0, name=t[8:40].strip(),
                   nickname=t[41:46].strip() or None, strength=field_int(t[47:53]),
                   match_points=field_decimal(t[54:60]), game_points=field_decimal(t[61:67]),
                   rank=field_int(t[68:71]), members=_ids(t, 73, 4, 5))


def adjustment_299(r: TrfRecord) -> TrfAdjustment:
    """`299 K  MM.M  GG.G RRR  iiii iiii …` (kind at 5, MP 8-11, GP 14-17, round 20-22, ids from 24, step 5)."""
    t = r.text
    return TrfAdjustment(line_no=r.line_no, kind=t[4:5].strip().upper(), match_points=field_decimal(t[7:11]),
                         game_points=field_decimal(t[13:17]), round=field_int(t[19:22]) or 0,
                         ids=tuple(i for i in _ids(t, 23, 4, 5) if i))


def acceleration_xxa(r: TrfRecord) -> list[TrfAcceleration]:
    """JaVaFo `XXA nnnn pp.p pp.p …`: id at 5-8, round r's points at 10+5(r-1)."""
    t = r.text
    number = field_int(t[4:8]) or 0
    out = []
    k = 0
    while 9 + 5 * k < len(t):
        value = field_decimal(t[9 + 5 * k: 13 + 5 * k])
        if value:
            out.append(TrfAcceleration(line_no=r.line_no, first_player=number, last_player=number,
                                       first_round=k + 1, last_round=k + 1, points=value))
        k += 1
    return out


def acceleration_250(r: TrfRecord) -> TrfAcceleration:
    """`250 MMMM GGGG RRR RRR  iiii iiii`: match points 5-8, points 10-13, rounds 15-17/19-21, ids 23-26/28-31."""
    t = r.text
    first_round = field_int(t[14:17]) or 1
    first = field_int(t[22:26]) or 0
    return TrfAcceleration(line_no=r.line_no, match_points=field_decimal(t[4:8]),
                           points=field_decimal(t[9:13]) or Decimal(0), first_round=first_round,
                           last_round=field_int(t[18:21]) or first_round, first_player=first,
                           last_player=field_int(t[27:31]) or first)


def forbidden(r: TrfRecord) -> TrfForbidden:
    """`260 RRR RRR iiii iiii …` (rounds 5-7 and 9-11, ids from 13, step 5) or `XXP ids…` (every round)."""
    if r.code == "XXP":
        return TrfForbidden(line_no=r.line_no, first_round=None, last_round=None,
                            players=tuple(int(w) for w in r.text[4:].split() if w.isdecimal()))
    t = r.text
    first = field_int(t[4:7])
    return TrfForbidden(line_no=r.line_no, first_round=first, last_round=field_int(t[8:11]) or first,
                        players=tuple(i for i in _ids(t, 12, 4, 5) if i))


def team_bye_320(r: TrfRecord) -> TrfTeamBye:
    """`320 MMMM GGGG ttt ttt …`: points at 5-8 and 10-13, then round r's team at 15+4(r-1), 3 wide."""
    t = r.text
    teams = {k + 1: n for k, n in enumerate(_ids(t, 14, 3, 4)) if n}
    return TrfTeamBye(line_no=r.line_no, match_points=field_decimal(t[4:8]), game_points=field_decimal(t[9:13]),
                      teams=teams)


def forfeited_330(r: TrfRecord) -> TrfForfeitedMatch:
    """`330 KK RRR www bbb` (kind 5-6, round 8-10, teams 12-14 and 16-18)."""
    t = r.text
    return TrfForfeitedMatch(line_no=r.line_no, kind=t[4:6].strip().upper(), round=field_int(t[7:10]) or 0,
                             white=field_int(t[11:14]) or 0, black=field_int(t[15:18]) or 0)


def lineup_300(r: TrfRecord) -> TrfLineup:
    """`300 RRR ttt ooo  iiii iiii …` (round 5-7, team 9-11, opponent 13-15, ids from 17, step 5)."""
    t = r.text
    return TrfLineup(line_no=r.line_no, round=field_int(t[4:7]) or 0, team=field_int(t[8:11]) or 0,
                     opponent=field_int(t[12:15]) or 0, order=_ids(t, 16, 4, 5))
