"""The parsed TRF (docs/formats.md §1): players with their round blocks, every other record in file order, and
typed views of the records the importer understands (teams, abnormal points, accelerations, forbidden pairs).

Pure data: the reader is `tournament.formats.trf`, the cross-line checks `tournament.formats.trf_checks`, the writer
`tournament.formats.trf_export`. Nothing here imports them, so there is no import cycle.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation

import msgspec

from tournament.scoring import Scoring, scoring_from_162, scoring_from_engine

#: Records that only exist in TRF26 (their presence makes a file TRF26).
TRF26_RECORDS = {"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299", "300",
                 "310", "320", "330", "352", "362"}
#: Records that may appear several times (every occurrence is kept; `headers` holds the first one).
REPEATED = {"102", "112", "240", "250", "260", "299", "300", "310", "320", "330", "801", "802", "XXA", "XXP",
            "XXZ", "DAT", "NRS", "013", "###"}
#: Team records (TRF16 `013`, TRF26 `3xx`).
TEAM_RECORDS = {"013", "300", "310", "320", "330", "352", "362"}


class TrfError(ValueError):
    """A problem in a TRF file: its line (1-based; 0 = the whole file), column (1-based; 0 = the whole line),
    severity ("error": nothing is imported; "warning": imported as explained), a message key (fixed English
    text with `%s`, the translation key) with its parameters, and a hint (fixed English text: what to do).
    """

    def __init__(self, line_no: int, line: str, key: str, *params: str | int, column: int = 0,
                 severity: str = "error", hint: str = "") -> None:
        self.line_no = line_no
        self.column = column
        self.key = key
        self.params: tuple[str | int, ...] = params
        self.severity = severity
        self.hint = hint
        self.text = line.rstrip()[:100]
        super().__init__(str(self))

    @property
    def reason(self) -> str:
        try:
            return self.key % self.params
        except (TypeError, ValueError):
            return self.key

    def __str__(self) -> str:
        where = f"line {self.line_no}, column {self.column}" if self.column else f"line {self.line_no}"
        return f"{where}: {self.reason}: {self.text!r}" if self.text.strip() else f"{where}: {self.reason}"

    def __repr__(self) -> str:
        return f"TrfError({self.severity}, {self.line_no}, {self.column}, {self.key!r}, {self.params!r})"


class TrfRound(msgspec.Struct, frozen=True):
    opponent: int | None  # starting rank, None = no opponent
    colour: str  # "w", "b" or "-"
    code: str  # result code, upper case; " " = blank (not played yet, or unpaired without opponent)


class TrfPlayer(msgspec.Struct, frozen=True, kw_only=True):
    line_no: int
    number: int
    sex: str | None
    title: str | None
    last_name: str
    first_name: str
    rating: int | None
    federation: str | None
    fide_id: int | None
    birth_date: str | None
    points: float | None
    rank: int | None
    rounds: tuple[TrfRound, ...]


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


class TrfTournament(msgspec.Struct, kw_only=True):
    """What a TRF file holds. `records` keeps every line that is not a `001` record, in file order (headers
    included); `player_index` is where the `001` block stands among them (for writing back in place)."""

    headers: dict[str, str]
    players: list[TrfPlayer]
    records: list[TrfRecord] = msgspec.field(default_factory=list)
    warnings: list[TrfError] = msgspec.field(default_factory=list)
    #: Byes declared for the round after the last played one: round -> {starting rank: code H/F/Z}.
    declared_byes: dict[int, dict[int, str]] = msgspec.field(default_factory=dict)
    player_index: int | None = None

    @property
    def name(self) -> str:
        return self.headers.get("012", "").strip() or "Tournament"

    def header(self, code: str) -> str | None:
        value = self.headers.get(code, "").strip()
        return value or None

    @property
    def is_trf26(self) -> bool:
        return any(code in TRF26_RECORDS for code in self.headers) or any(
            r.code in TRF26_RECORDS for r in self.records)

    @property
    def is_team_file(self) -> bool:
        """Teams are declared (`013` or `310`): the games still import as individual games."""
        return any(r.code in ("013", "310") for r in self.records)

    @property
    def rounds(self) -> int | None:
        for key in ("142", "XXR"):
            value = self.headers.get(key, "").strip().split()
            if value and value[0].isdecimal() and 1 <= int(value[0]) <= 99:
                return int(value[0])
        return None

    @property
    def played_rounds(self) -> int:
        """Rounds with a block on some `001` line (paired; results may still be blank)."""
        return max((len(p.rounds) for p in self.players), default=0)

    @property
    def completed_rounds(self) -> int:
        """The last round such that it and every round before it have all their game results."""
        by_number = {p.number: p for p in self.players}
        done = 0
        for r in range(1, self.played_rounds + 1):
            for p in self.players:
                b = p.rounds[r - 1] if len(p.rounds) >= r else None
                if b is None or b.opponent is None or b.code not in (" ", "?"):
                    continue
                other = by_number.get(b.opponent)
                back = other.rounds[r - 1] if other is not None and len(other.rounds) >= r else None
                if back is None or back.code in (" ", "?"):
                    return done
            done = r
        return done

    @property
    def city(self) -> str | None:
        return self.header("022")

    @property
    def federation(self) -> str | None:
        return self.header("032")

    @property
    def start_date(self) -> date | None:
        return parse_date(self.headers.get("042", ""))

    @property
    def end_date(self) -> date | None:
        return parse_date(self.headers.get("052", ""))

    @property
    def arbiters(self) -> list[str]:
        """Chief arbiter first, then deputies (102 and 112 lines)."""
        found = [self.headers.get(c, "").strip() for c in ("102", "112")]
        found += [r.text[4:].strip() for r in self.records if r.code in ("102", "112")]
        return list(dict.fromkeys(a for a in found if a))

    @property
    def time_control(self) -> str | None:
        return self.header("122") or self.header("222")

    @property
    def initial_colour(self) -> str | None:
        """`W` or `B` for the top seed in round 1, from `152` or `XXC white1|black1`."""
        value = self.headers.get("152", "").strip().upper()[:1]
        if value in ("W", "B"):
            return value
        for word in self.headers.get("XXC", "").lower().split():
            if word in ("white1", "black1"):
                return word[0].upper()
        return None

    @property
    def scoring(self) -> Scoring:
        if "162" in self.headers:
            return scoring_from_162(self.headers["162"])
        bb = {code[2]: text for code, text in self.headers.items() if code.startswith("BB") and len(code) == 3}
        return scoring_from_engine(self.headers.get("XXS", ""), bb)

    @property
    def tie_breaks(self) -> list[str]:
        """The `202` list (or the `212` list without its leading `PTS`)."""
        if "202" in self.headers:
            return [t.strip() for t in self.headers["202"].split(",") if t.strip()]
        codes = [t.strip() for t in self.headers.get("212", "").split(",") if t.strip()]
        return codes[1:] if codes and codes[0].upper() == "PTS" else codes

    @property
    def round_dates(self) -> list[date | None]:
        """`132`: round r's date at columns 92+10(r-1), `YY/MM/DD`."""
        line = "132 " + self.headers.get("132", "")
        out: list[date | None] = []
        k = 0
        while 91 + 10 * k < len(line):
            out.append(parse_date(line[89 + 10 * k: 101 + 10 * k]))
            k += 1
        while out and out[-1] is None:
            out.pop()
        return out

    @property
    def tournament_type(self) -> str:
        text = (self.headers.get("192", "") + " " + self.headers.get("092", "")).upper()
        return "round_robin" if any(w in text for w in ("ROUNDROBIN", "ROUND-ROBIN", "ROUND ROBIN", "BERGER")) \
            else "swiss"

    def lines(self, code: str) -> list[TrfRecord]:
        return [r for r in self.records if r.code == code]

    # -- typed views of the records ------------------------------------------------------------------

    @property
    def teams(self) -> list[TrfTeam]:
        """`310` teams when the file has them (they replace `013`), else the `013` teams numbered 1, 2, …"""
        ext = [team_310(r) for r in self.lines("310")]
        return ext if ext else [team_013(r, n) for n, r in enumerate(self.lines("013"), start=1)]

    @property
    def adjustments(self) -> list[TrfAdjustment]:
        return [adjustment_299(r) for r in self.lines("299")]

    @property
    def accelerations(self) -> list[TrfAcceleration]:
        out = [a for r in self.lines("XXA") for a in acceleration_xxa(r)]
        return out + [acceleration_250(r) for r in self.lines("250")]

    @property
    def forbidden(self) -> list[TrfForbidden]:
        return [forbidden(r) for r in self.records if r.code in ("260", "XXP")]

    @property
    def team_byes(self) -> list[TrfTeamBye]:
        return [team_bye_320(r) for r in self.lines("320")]

    @property
    def forfeited_matches(self) -> list[TrfForfeitedMatch]:
        return [forfeited_330(r) for r in self.lines("330")]

    @property
    def lineups(self) -> list[TrfLineup]:
        return [lineup_300(r) for r in self.lines("300")]

    def acceleration(self, number: int, rnd: int) -> Decimal:
        """Virtual points of a player for the pairing of round `rnd` (0 when none)."""
        return sum((a.points for a in self.accelerations if a.first_player <= number <= a.last_player
                    and a.first_round <= rnd <= a.last_round), Decimal(0))

    def points_adjustments(self, rounds: int) -> tuple[dict[int, Decimal], dict[int, Decimal]]:
        """`299` points given or taken by starting rank after `rounds` rounds: (counted in the score from their
        round on, as gacrux does; counted in the final standings only: round 999)."""
        scored: dict[int, Decimal] = {}
        final: dict[int, Decimal] = {}
        for a in self.adjustments:
            if a.kind or a.game_points is None or not a.round or (a.counts_for_pairing and a.round > rounds):
                continue
            target = scored if a.counts_for_pairing else final
            for n in a.ids:
                target[n] = target.get(n, Decimal(0)) + a.game_points
        return scored, final

    def adjustment(self, number: int, *, pairing: bool | None = None) -> Decimal:
        """Points given or taken by `299` penalty records (blank kind) to a player (game points column)."""
        return sum((a.game_points or Decimal(0) for a in self.adjustments if a.kind.strip() == "" and number in a.ids
                    and (pairing is None or a.counts_for_pairing == pairing)), Decimal(0))


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
