"""The parsed TRF (docs/formats.md §1): players with their round blocks, every other record in file order, and
typed views of the records the importer understands (teams, abnormal points, accelerations, forbidden pairs).

Pure data: the reader is `tournament.formats.trf`, the cross-line checks `tournament.formats.trf_checks`, the writer
`tournament.formats.trf_export`. Nothing here imports them, so there is no import cycle.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import msgspec

from tournament.formats.trf_records import (
    TrfAcceleration,
    TrfAdjustment,
    TrfForbidden,
    TrfForfeitedMatch,
    TrfLineup,
    TrfRecord,
    TrfTeam,
    TrfTeamBye,
    acceleration_250,
    acceleration_xxa,
    adjustment_299,
    forbidden,
    forfeited_330,
    lineup_300,
    parse_date,
    team_013,
    team_310,
    team_bye_320,
)
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
