"""FIDE TRF16 / TRF26 reader (docs/formats.md §1): players, every round's pairings and results, byes, headers,
TRF26 records 240/250/260 and the engine dialects (`XX?`, `BB?`).

Lenient on whitespace, tabs, line ends and columns shifted by one; every unreadable line is reported
with its number and column, and the caller imports nothing while the error list is not empty.
Warnings (a plausible but suspicious file) are kept on `TrfTournament.warnings` and never block.
"""

from __future__ import annotations

import re
from datetime import date

import msgspec

from tournament.results import ByeKind, Result
from tournament.scoring import Scoring, scoring_from_162, scoring_from_engine

TITLES = {"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"}
GAME_CODES = set("10=+-WDL?")
BYE_CODES = {"U": ByeKind.PAB, "F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO, " ": ByeKind.ZERO,
             "-": ByeKind.ZERO, "0": ByeKind.ZERO}
#: Records that only exist in TRF26 (their presence makes a file TRF26).
TRF26_RECORDS = {"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260"}
#: Records that may appear several times (kept in order on `TrfTournament.records`).
REPEATED = {"102", "112", "240", "250", "260", "299", "300", "310", "320", "330", "801", "802", "XXA", "XXP",
            "XXZ", "DAT", "NRS"}
MAX_ERRORS = 100


class TrfError(ValueError):
    """A problem in a TRF file, with its line (1-based), column (1-based, 0 = whole line) and severity."""

    def __init__(self, line_no: int, line: str, reason: str, *, column: int = 0, severity: str = "error",
                 hint: str = "") -> None:
        where = f"line {line_no}, column {column}" if column else f"line {line_no}"
        text = line.rstrip()[:100]
        super().__init__(f"{where}: {reason}: {text!r}" if text.strip() else f"{where}: {reason}")
        self.line_no = line_no
        self.column = column
        self.reason = reason
        self.severity = severity
        self.hint = hint


class TrfRound(msgspec.Struct, frozen=True):
    opponent: int | None  # starting rank, None = no opponent
    colour: str  # "w", "b" or "-"
    code: str  # result code, upper case; " " = blank


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


class TrfTournament(msgspec.Struct, kw_only=True):
    headers: dict[str, str]
    players: list[TrfPlayer]
    records: list[TrfRecord] = msgspec.field(default_factory=list)
    warnings: list[TrfError] = msgspec.field(default_factory=list)
    #: Byes declared for the round after the last played one: round -> {starting rank: code H/F/Z}.
    declared_byes: dict[int, dict[int, str]] = msgspec.field(default_factory=dict)

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
    def rounds(self) -> int | None:
        for key in ("142", "XXR"):
            value = self.headers.get(key, "").strip().split()
            if value and value[0].isdigit() and 1 <= int(value[0]) <= 99:
                return int(value[0])
        return None

    @property
    def played_rounds(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)

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


def parse_date(text: str) -> date | None:
    """`YYYY/MM/DD`, `YY/MM/DD`, `YYYY-MM-DD` or `DD/MM/YYYY`.

    >>> parse_date("2026/04/04"), parse_date(" 26/01/08 "), parse_date("x")
    (datetime.date(2026, 4, 4), datetime.date(2026, 1, 8), None)
    """
    parts = re.split(r"[/.\-]", text.strip())
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
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


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM; a multi-byte character cut at the very end is dropped), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.start >= len(data) - 3 and exc.reason == "unexpected end of data":
            return data[: exc.start].decode("utf-8-sig")
        return data.decode("latin-1")


def looks_binary(text: str) -> bool:
    """A NUL or many control characters: not a text file."""
    sample = text[:65536]
    if "\x00" in sample:
        return True
    controls = sum(1 for c in sample if ord(c) < 32 and c not in "\r\n\t\f")
    return controls > max(8, len(sample) // 100)


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else None


def _parse_blocks(line_no: int, line: str) -> tuple[list[TrfRound], list[TrfError]]:
    """Round blocks from column 92; columns shifted by one or two are read with a warning."""
    rounds: list[TrfRound] = []
    warnings: list[TrfError] = []
    k = 0
    while 91 + 10 * k < len(line):
        start = 91 + 10 * k
        block = line[start: start + 8].ljust(8)
        opponent_text, colour, code = block[0:4].strip(), block[5].lower(), block[7].upper()
        bad_opponent = bool(opponent_text) and not opponent_text.isdigit()
        if bad_opponent or colour not in "wb- " or (block[4] != " " or block[6] != " "):
            return _parse_shifted(line_no, line, rounds, start)
        opponent = int(opponent_text) if opponent_text else 0
        if opponent and code in "HFZU" and code != " ":
            warnings.append(TrfError(
                line_no, line, f"round {k + 1}: code {code!r} with opponent {opponent}: read as a bye without "
                               "opponent", column=92 + 10 * k, severity="warning",
                hint="A bye has no opponent; write `0000 - Z` (or H, F, U)."))
            opponent = 0
        elif opponent and code not in GAME_CODES:
            raise TrfError(line_no, line, f"round {k + 1}: bad result {code!r}", column=99 + 10 * k,
                           hint="Game results are 1 = 0 + - W D L.")
        elif not opponent and code not in BYE_CODES and code not in "+1":
            raise TrfError(line_no, line, f"round {k + 1}: bad bye code {code!r}", column=99 + 10 * k,
                           hint="Without an opponent the code must be U, F, H or Z (or blank).")
        rounds.append(TrfRound(opponent or None, colour if colour not in " " else "-", code))
        k += 1
    return rounds, warnings


def _parse_shifted(line_no: int, line: str, done: list[TrfRound], start: int) -> tuple[list[TrfRound],
                                                                                       list[TrfError]]:
    """Read the remaining blocks as `opponent colour code` tokens when the columns do not line up."""
    rounds = list(done)
    tail = line[start - 2:]
    pattern = re.compile(r"\s*(\d{1,4})\s+([wWbB-])\s+([10=+\-WDLHFUZwdlhfuz?])(?=\s|$)")
    pos = 0
    while pos < len(tail) and tail[pos:].strip():
        m = pattern.match(tail, pos)
        if m is None:
            raise TrfError(line_no, line, f"round {len(rounds) + 1}: unreadable block "
                                          f"{tail[pos:].strip()[:10]!r}", column=start - 1 + pos,
                           hint="Each round is `opponent colour result`, e.g. `  12 w 1` or `0000 - H`.")
        opponent, colour, code = int(m.group(1)), m.group(2).lower(), m.group(3).upper()
        if opponent and code in "HFZU":
            opponent = 0
        rounds.append(TrfRound(opponent or None, colour, code))
        pos = m.end()
    warning = TrfError(line_no, line, f"round blocks from round {len(done) + 1} are not at their columns "
                                      "(read anyway)", column=start + 1, severity="warning",
                       hint="Round r starts at column 92+10(r-1); the file should be rewritten strictly.")
    return rounds, [warning]


def _parse_player(line_no: int, line: str) -> tuple[TrfPlayer, list[TrfError]]:
    line = line.replace("\t", " ").rstrip()
    number = _int(line[4:8])
    if number is None or number < 1:
        raise TrfError(line_no, line, "columns 5-8 must hold the starting rank", column=5)
    name = line[14:47].strip()
    if not name:
        raise TrfError(line_no, line, "columns 15-47 must hold the name", column=15)
    last, _, first = name.partition(",")
    sex = {"m": "M", "w": "F", "f": "F"}.get(line[9:10].lower()) if len(line) > 9 else None
    title = line[10:13].strip().upper() or None
    if title is not None and title not in TITLES:
        raise TrfError(line_no, line, f"unknown title {title!r}", column=11,
                       hint="Titles are GM IM WGM FM WIM CM WFM WCM.")
    rating_text = line[48:52].strip()
    if rating_text and not rating_text.isdigit():
        raise TrfError(line_no, line, "columns 49-52 must hold the rating", column=49)
    points_text = line[80:84].strip().replace(",", ".")
    try:
        points = float(points_text) if points_text else None
    except ValueError:
        raise TrfError(line_no, line, "columns 81-84 must hold the points", column=81) from None
    birth = line[69:79].strip().replace("/", "-") or None
    rounds, warnings = _parse_blocks(line_no, line)
    player = TrfPlayer(
        line_no=line_no, number=number, sex=sex, title=title, last_name=last.strip(), first_name=first.strip(),
        rating=int(rating_text) if rating_text and int(rating_text) > 0 else None,
        federation=line[53:56].strip() or None, fide_id=_int(line[57:68]) or None, birth_date=birth,
        points=points, rank=_int(line[85:89]), rounds=tuple(rounds),
    )
    return player, warnings


def _record_code(line: str) -> str | None:
    code = line[:3]
    if len(code) == 3 and (code.isdigit() or (code.isalpha() and code.isupper())):
        return code
    return None


def parse_trf(text: str) -> tuple[TrfTournament, list[TrfError]]:
    """Read a TRF text; returns the tournament and every error found (empty list = importable).

    Warnings (suspicious but importable) are on `trf.warnings`; `tournament.trf_lint.lint` lists both.
    """
    headers: dict[str, str] = {}
    players: list[TrfPlayer] = []
    records: list[TrfRecord] = []
    errors: list[TrfError] = []
    warnings: list[TrfError] = []
    if looks_binary(text):
        errors.append(TrfError(1, "", "this is not a TRF file (binary data)",
                               hint="A TRF file is plain text; check that the right file was chosen."))
        return TrfTournament(headers={}, players=[]), errors
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for line_no, raw in enumerate(lines, start=1):
        if len(errors) >= MAX_ERRORS:
            errors.append(TrfError(line_no, "", "too many errors; reading stopped",
                                   hint="This does not look like a TRF file."))
            break
        line = raw.replace("\t", " ").rstrip()
        if not line.strip() or line.startswith("###"):
            continue
        code = _record_code(line)
        if code == "001":
            try:
                player, found = _parse_player(line_no, line)
                players.append(player)
                warnings.extend(found)
            except TrfError as exc:
                errors.append(exc)
        elif code is not None:
            if code in REPEATED:
                records.append(TrfRecord(line_no, code, line))
            if code in headers and code not in REPEATED:
                warnings.append(TrfError(line_no, line, f"record {code} given twice; the first one is used",
                                         severity="warning"))
            headers.setdefault(code, line[4:].rstrip())
        elif line[:3].strip() and line[:3].isalpha():
            records.append(TrfRecord(line_no, line[:3], line))  # national rating lines (`BEL  …`) are kept
        else:
            errors.append(TrfError(line_no, line, "not a TRF record (columns 1-3 must be a record code)",
                                   column=1))
    trf = TrfTournament(headers=headers, players=players, records=records, warnings=warnings)
    if not players and not errors:
        errors.append(TrfError(0, "", "no player (001) line", hint="A TRF file lists its players on 001 lines."))
    if not errors:
        _split_declared_round(trf)
        from tournament.trf_lint import check  # the cross-line checks (a module of their own)

        found = check(trf)
        errors.extend(e for e in found if e.severity == "error")
        trf.warnings.extend(e for e in found if e.severity != "error")
    return trf, errors


def _split_declared_round(trf: TrfTournament) -> None:
    """A last round with no game and no PAB holds byes declared in advance, not a played round."""
    last = trf.played_rounds
    if last == 0:
        return
    blocks = [p.rounds[last - 1] for p in trf.players if len(p.rounds) >= last]
    if any(b.opponent is not None or b.code in ("U", "+", "1") for b in blocks):
        return
    trf.declared_byes.setdefault(last, {}).update(
        {p.number: p.rounds[last - 1].code for p in trf.players
         if len(p.rounds) >= last and p.rounds[last - 1].code in ("H", "F", "Z")})
    trf.players[:] = [msgspec.structs.replace(p, rounds=p.rounds[: last - 1]) if len(p.rounds) >= last else p
                      for p in trf.players]


def requested_byes(trf: TrfTournament) -> dict[int, dict[int, str]]:
    """Byes requested for rounds not played yet: declared blocks, `240` records and `XXZ` (round played+1)."""
    out = {r: dict(v) for r, v in trf.declared_byes.items()}
    nxt = trf.played_rounds + 1
    for rec in trf.lines("240"):
        parts = rec.text[4:].split()
        if len(parts) >= 2 and parts[0].upper() in ("H", "F", "Z") and parts[1].isdigit():
            for pid in parts[2:]:
                if pid.isdigit():
                    out.setdefault(int(parts[1]), {})[int(pid)] = parts[0].upper()
    for rec in trf.lines("XXZ"):
        for pid in rec.text[4:].split():
            if pid.isdigit():
                out.setdefault(nxt, {}).setdefault(int(pid), "Z")
    return {r: v for r, v in out.items() if r > trf.played_rounds}


def game_result(white_code: str, black_code: str) -> Result | None:
    """The stored result of a game from both players' TRF codes (None = not played yet / unknown).

    >>> [game_result(w, b) for w, b in [("1", "0"), ("=", "="), ("0", "1"), ("+", "-"), ("-", "+"), ("-", "-")]]
    [<Result.WHITE_WIN: 3>, <Result.DRAW: 2>, <Result.BLACK_WIN: 1>, <Result.WHITE_FORFEIT_WIN: 6>, \
<Result.BLACK_FORFEIT_WIN: 4>, <Result.DOUBLE_FORFEIT: 5>]
    >>> game_result("W", "L"), game_result("?", "?")
    (<Result.WHITE_WIN: 3>, None)
    """
    white_code = {"W": "1", "D": "=", "L": "0"}.get(white_code, white_code)
    black_code = {"W": "1", "D": "=", "L": "0"}.get(black_code, black_code)
    if white_code == "+":
        return Result.WHITE_FORFEIT_WIN
    if white_code == "-":
        return Result.DOUBLE_FORFEIT if black_code == "-" else Result.BLACK_FORFEIT_WIN
    if white_code == "?" and black_code in ("1", "=", "0", "+"):
        return game_result({"1": "0", "=": "=", "0": "1", "+": "-"}[black_code], black_code)
    return {"1": Result.WHITE_WIN, "=": Result.DRAW, "0": Result.BLACK_WIN}.get(white_code)


def bye_kind(code: str) -> ByeKind:
    if code in ("+", "1"):
        return ByeKind.PAB
    return BYE_CODES.get(code, ByeKind.ZERO)
