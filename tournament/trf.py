"""FIDE TRF16 reader (formats.md §1): players, every round's pairings and results, byes.

Lenient on whitespace and line ends; every unreadable line is reported with its number, and the
caller imports nothing while the error list is not empty.
"""

from __future__ import annotations

import msgspec

from tournament.results import ByeKind, Result

TITLES = {"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"}
GAME_CODES = set("10=+-WDL?")
BYE_CODES = {"U": ByeKind.PAB, "F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO, " ": ByeKind.ZERO,
             "-": ByeKind.ZERO, "0": ByeKind.ZERO}


class TrfError(ValueError):
    def __init__(self, line_no: int, line: str, reason: str) -> None:
        super().__init__(f"line {line_no}: {reason}: {line.rstrip()[:100]!r}")
        self.line_no = line_no
        self.reason = reason


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


class TrfTournament(msgspec.Struct, kw_only=True):
    headers: dict[str, str]
    players: list[TrfPlayer]

    @property
    def name(self) -> str:
        return self.headers.get("012", "").strip() or "Tournament"

    @property
    def rounds(self) -> int | None:
        for key in ("142", "XXR"):
            value = self.headers.get(key, "").strip().split()
            if value and value[0].isdigit():
                return int(value[0])
        return None

    @property
    def played_rounds(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else None


def _parse_player(line_no: int, line: str) -> TrfPlayer:
    line = line.replace("\t", " ").rstrip()
    number = _int(line[4:8])
    if number is None or number < 1:
        raise TrfError(line_no, line, "columns 5-8 must hold the starting rank")
    name = line[14:47].strip()
    if not name:
        raise TrfError(line_no, line, "columns 15-47 must hold the name")
    last, _, first = name.partition(",")
    sex = {"m": "M", "w": "F", "f": "F"}.get(line[9:10].lower()) if len(line) > 9 else None
    title = line[10:13].strip().upper() or None
    if title is not None and title not in TITLES:
        raise TrfError(line_no, line, f"unknown title {title!r} in columns 11-13")
    rating_text = line[48:52].strip()
    if rating_text and not rating_text.isdigit():
        raise TrfError(line_no, line, "columns 49-52 must hold the rating")
    points_text = line[80:84].strip()
    try:
        points = float(points_text) if points_text else None
    except ValueError:
        raise TrfError(line_no, line, "columns 81-84 must hold the points") from None
    birth = line[69:79].strip().replace("/", "-") or None
    rounds: list[TrfRound] = []
    k = 0
    while 91 + 10 * k < len(line):
        block = line[91 + 10 * k : 99 + 10 * k].ljust(8)
        opponent_text, colour, code = block[0:4].strip(), block[5].lower(), block[7].upper()
        if opponent_text and not opponent_text.isdigit():
            raise TrfError(line_no, line, f"round {k + 1}: bad opponent {opponent_text!r} (column {92 + 10 * k})")
        opponent = int(opponent_text) if opponent_text else 0
        if colour not in "wb- ":
            raise TrfError(line_no, line, f"round {k + 1}: bad colour {colour!r} (column {97 + 10 * k})")
        if opponent:
            if code not in GAME_CODES:
                raise TrfError(line_no, line, f"round {k + 1}: bad result {code!r} (column {99 + 10 * k})")
        elif code not in BYE_CODES and code not in "+":
            raise TrfError(line_no, line, f"round {k + 1}: bad bye code {code!r} (column {99 + 10 * k})")
        rounds.append(TrfRound(opponent or None, colour if colour != " " else "-", code))
        k += 1
    return TrfPlayer(
        line_no=line_no, number=number, sex=sex, title=title, last_name=last.strip(), first_name=first.strip(),
        rating=int(rating_text) if rating_text and int(rating_text) > 0 else None,
        federation=line[53:56].strip() or None, fide_id=_int(line[57:68]), birth_date=birth, points=points,
        rank=_int(line[85:89]), rounds=tuple(rounds),
    )


def parse_trf(text: str) -> tuple[TrfTournament, list[TrfError]]:
    """Read a TRF text; returns the tournament and every error found (empty list = importable)."""
    headers: dict[str, str] = {}
    players: list[TrfPlayer] = []
    errors: list[TrfError] = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for line_no, raw in enumerate(lines, start=1):
        line = raw.rstrip("\n")
        if not line.strip() or line.startswith("###"):
            continue
        code = line[:3]
        if code == "001":
            try:
                players.append(_parse_player(line_no, line))
            except TrfError as exc:
                errors.append(exc)
        elif len(code) == 3 and (code.isdigit() or (code.isalpha() and code.isupper())):
            headers.setdefault(code, line[4:].rstrip())
        else:
            errors.append(TrfError(line_no, line, "not a TRF record (columns 1-3 must be a record code)"))
    trf = TrfTournament(headers=headers, players=players)
    if not errors:
        errors.extend(_check(trf))
    if not players and not errors:
        errors.append(TrfError(0, "", "no player (001) line"))
    return trf, errors


def _check(trf: TrfTournament) -> list[TrfError]:
    """Cross-line checks needed to build pairings: unique ranks, games seen from both sides."""
    errors: list[TrfError] = []
    by_number: dict[int, TrfPlayer] = {}
    for p in trf.players:
        if p.number in by_number:
            errors.append(TrfError(p.line_no, "", f"starting rank {p.number} is used twice"))
        by_number[p.number] = p
    for p in trf.players:
        for r, block in enumerate(p.rounds, start=1):
            if block.opponent is None:
                continue
            other = by_number.get(block.opponent)
            back = other.rounds[r - 1] if other is not None and len(other.rounds) >= r else None
            if other is None:
                errors.append(TrfError(p.line_no, "", f"round {r}: opponent {block.opponent} does not exist"))
            elif back is None or back.opponent != p.number:
                errors.append(TrfError(p.line_no, "", f"round {r}: opponent {block.opponent} does not list "
                                                      f"{p.number} back"))
            elif block.colour != "-" and block.colour == back.colour:
                errors.append(TrfError(p.line_no, "", f"round {r}: both {p.number} and {block.opponent} "
                                                      f"have colour {block.colour!r}"))
    return errors


def game_result(white_code: str, black_code: str) -> Result | None:
    """The stored result of a game from both players' TRF codes (None = not played yet / unknown).

    >>> [game_result(w, b) for w, b in [("1", "0"), ("=", "="), ("0", "1"), ("+", "-"), ("-", "+"), ("-", "-")]]
    [<Result.WHITE_WIN: 3>, <Result.DRAW: 2>, <Result.BLACK_WIN: 1>, <Result.WHITE_FORFEIT_WIN: 6>, \
<Result.BLACK_FORFEIT_WIN: 4>, <Result.DOUBLE_FORFEIT: 5>]
    """
    white_code = {"W": "1", "D": "=", "L": "0"}.get(white_code, white_code)
    black_code = {"W": "1", "D": "=", "L": "0"}.get(black_code, black_code)
    if white_code == "+":
        return Result.WHITE_FORFEIT_WIN
    if white_code == "-":
        return Result.DOUBLE_FORFEIT if black_code == "-" else Result.BLACK_FORFEIT_WIN
    return {"1": Result.WHITE_WIN, "=": Result.DRAW, "0": Result.BLACK_WIN}.get(white_code)


def bye_kind(code: str) -> ByeKind:
    if code in ("+", "1"):
        return ByeKind.PAB
    return BYE_CODES.get(code, ByeKind.ZERO)
