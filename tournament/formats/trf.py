"""FIDE TRF16 / TRF26 reader (docs/formats.md §1): players, every round's pairings and results, byes, headers,
team records, TRF26 records and the engine dialects (`XX?`, `BB?`).

Lenient: what other programs write is read and normalised, and each oddity becomes a warning with its line,
column and a plain explanation (`TrfError` with severity "warning", kept on `TrfTournament.warnings`).
An error (the caller imports nothing) is kept for what would give wrong data if it were imported, and its
hint says what to fix. The model lives in `tournament.formats.trf_model`, the cross-line checks in
`tournament.formats.trf_checks`, the writer in `tournament.formats.trf_export`.
"""

from __future__ import annotations

import re

import msgspec

from tournament.formats.trf_checks import check
from tournament.formats.trf_model import REPEATED, TRF26_RECORDS, TrfError, TrfPlayer, TrfRound, TrfTournament
from tournament.formats.trf_records import TrfRecord, field_int, parse_date
from tournament.messages import N_
from tournament.results import ByeKind, Result

__all__ = ["REPEATED", "TRF26_RECORDS", "TrfError", "TrfPlayer", "TrfRecord", "TrfRound", "TrfTournament",
           "bye_kind", "decode", "game_result", "looks_binary", "parse_date", "parse_trf", "requested_byes"]

TITLES = {"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"}
#: Title spellings of other programs (Swiss-Manager and FIDE's rating lists write one or two lower-case letters).
TITLE_ALIASES = {"G": "GM", "M": "IM", "I": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WI": "WIM",
                 "WF": "WFM", "WC": "WCM"}
GAME_CODES = set("10=+-WDL?")
BYE_CODES = {"U": ByeKind.PAB, "F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO, " ": ByeKind.ZERO,
             "-": ByeKind.ZERO, "0": ByeKind.ZERO}
#: Codes other programs write for a bye, and the TRF code they mean.
BYE_ALIASES = {"+": "U", "1": "U", "=": "H", "*": " ", "L": "Z", "X": " "}
#: The warning of a bye written with another program's code (its parameters: round, code written, code read);
#: a team file's `0000 - +` (a board or match won by forfeit against nobody) is told from the bye by it.
BYE_ALIAS_WARNING = N_("round %s: bye written %s, read as %s")
MAX_ERRORS = 100
MAX_IGNORED = 20
_RULER = re.compile(r"[\d ]+")
#: Control characters but CR, LF, tab, form feed and DOS end of file (0x1a).
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0e-\x19\x1b-\x1f]")


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
    controls = len(_CONTROLS.findall(sample))
    return controls > max(8, len(sample) // 100)


def _warn(line_no: int, line: str, key: str, *params: str | int, column: int = 0, hint: str = "") -> TrfError:
    return TrfError(line_no, line, key, *params, column=column, severity="warning", hint=hint)


def _parse_blocks(line_no: int, line: str) -> tuple[list[TrfRound], list[TrfError]]:
    """Round blocks from column 92; columns shifted by one or two are read with a warning."""
    rounds: list[TrfRound] = []
    warnings: list[TrfError] = []
    k = 0
    while 91 + 10 * k < len(line):
        start = 91 + 10 * k
        block = line[start: start + 8].ljust(8)
        opponent_text, colour, code = block[0:4].strip(), block[5].lower(), block[7].upper()
        bad_opponent = bool(opponent_text) and not opponent_text.isdecimal()
        if bad_opponent or colour not in "wb- " or (block[4] != " " or block[6] != " "):
            return _parse_shifted(line_no, line, rounds, start)
        opponent = int(opponent_text) if opponent_text else 0
        code, found = _block_code(line_no, line, k + 1, opponent, code)
        warnings.extend(found)
        if code in "HFZU" and opponent:
            opponent = 0
        rounds.append(TrfRound(opponent or None, colour if colour not in " " else "-", code))
        k += 1
    return rounds, warnings


def _block_code(line_no: int, line: str, rnd: int, opponent: int, code: str) -> tuple[str, list[TrfError]]:
    """The normalised result code of one block, with a warning when it had to be interpreted."""
    column = 99 + 10 * (rnd - 1)
    if opponent:
        if code in GAME_CODES or code == " ":
            return code, []
        if code in "HFZU":
            return code, [_warn(line_no, line, "round %s: code %s with opponent %s: read as a bye without opponent",
                                rnd, code, opponent, column=column,
                                hint=N_("A bye has no opponent; write `0000 - Z` (or H, F, U)."))]
        if code == "*":
            return " ", [_warn(line_no, line, "round %s: result %s read as not played yet", rnd, code, column=column,
                               hint=N_("A game without a result has a blank result column."))]
        return "?", [_warn(line_no, line, "round %s: result code %s is not a TRF code; the game is read without a "
                                          "result", rnd, code, column=column,
                           hint=N_("Game results are 1 = 0 + - W D L; enter this result again after the import."))]
    if code in BYE_CODES:
        return code, []
    if code in BYE_ALIASES:
        meant = BYE_ALIASES[code]
        return meant, [_warn(line_no, line, BYE_ALIAS_WARNING, rnd, code,
                             repr(meant) if meant != " " else "not paired", column=column,
                             hint=N_("Byes are U (pairing-allocated), F, H or Z."))]
    return "Z", [_warn(line_no, line, "round %s: code %s without opponent, read as a zero-point bye (Z)", rnd, code,
                       column=column, hint=N_("Without an opponent the code must be U, F, H or Z (or blank)."))]


def _parse_shifted(line_no: int, line: str, done: list[TrfRound], start: int) -> tuple[list[TrfRound],
                                                                                       list[TrfError]]:
    """Read the remaining blocks as `opponent colour code` tokens when the columns do not line up."""
    rounds = list(done)
    tail = line[start - 2:]
    pattern = re.compile(r"\s*(\d{1,4})\s+([wWbB-])\s+([10=+\-WDLHFUZwdlhfuz?*])(?=\s|$)")
    pos = 0
    while pos < len(tail) and tail[pos:].strip():
        m = pattern.match(tail, pos)
        if m is None:
            raise TrfError(line_no, line, "round %s: unreadable block %s", len(rounds) + 1,
                           repr(tail[pos:].strip()[:10]), column=start - 1 + pos,
                           hint=N_("Each round is `opponent colour result`, e.g. `  12 w 1` or `0000 - H`; correct "
                                "this block."))
        opponent, colour, code = int(m.group(1)), m.group(2).lower(), m.group(3).upper()
        if code == "*":
            code = " "
        if opponent and code in "HFZU":
            opponent = 0
        rounds.append(TrfRound(opponent or None, colour, code))
        pos = m.end()
    warning = _warn(line_no, line, "round blocks from round %s are not at their columns (read anyway)", len(done) + 1,
                    column=start + 1, hint=N_("Round r starts at column 92+10(r-1); the file should be rewritten "
                                           "strictly."))
    return rounds, [warning]


def _title(line_no: int, line: str) -> tuple[str | None, str | None, list[TrfError]]:
    """(sex, title) from columns 10-14, accepting lower-case codes and a title one column off."""
    sex_char = line[9:10]
    area = line[10:13]
    warnings: list[TrfError] = []
    column = 11
    shifted = line[10:14].strip().upper()
    if line[13:14].strip() and ((shifted in TITLES and len(shifted) > 1)
                                or (shifted in TITLE_ALIASES and line[14:15] == " ")):
        area = line[10:14]
        warnings.append(_warn(line_no, line, "the title is one column to the right", column=14,
                              hint=N_("The title is in columns 11-13.")))
    elif sex_char.strip() and sex_char.lower() not in "mwf" and line[10:11].strip():
        area, sex_char, column = line[9:13], " ", 10
        warnings.append(_warn(line_no, line, "the title is one column to the left", column=10,
                              hint=N_("Column 10 holds the sex (m or w), the title is in columns 11-13.")))
    sex = {"m": "M", "w": "F", "f": "F"}.get(sex_char.lower())
    raw = area.strip()
    if not raw:
        return sex, None, warnings
    upper = raw.upper()
    if upper in TITLES and raw == upper:
        return sex, upper, warnings
    if upper in TITLES:
        warnings.append(_warn(line_no, line, "title %s written in lower case, read as %s", raw, upper, column=column,
                              hint=N_("Titles are GM IM WGM FM WIM CM WFM WCM.")))
        return sex, upper, warnings
    if upper in TITLE_ALIASES:
        meant = TITLE_ALIASES[upper]
        warnings.append(_warn(line_no, line, "title %s read as %s", raw, meant, column=column,
                              hint="Titles are GM IM WGM FM WIM CM WFM WCM."))
        return sex, meant, warnings
    warnings.append(_warn(line_no, line, "unknown title %s: read as no title", raw, column=column,
                          hint=N_("Titles are GM IM WGM FM WIM CM WFM WCM; enter the title again after the import.")))
    return sex, None, warnings


def _parse_player(line_no: int, line: str) -> tuple[TrfPlayer, list[TrfError]]:
    line = line.replace("\t", " ").rstrip()
    number = field_int(line[4:8])
    if number is None or number < 1:
        raise TrfError(line_no, line, "columns 5-8 must hold the starting rank", column=5,
                       hint=N_("Write the player's pairing number, right-aligned in columns 5-8."))
    name = line[14:47].strip()
    if not name:
        raise TrfError(line_no, line, "columns 15-47 must hold the name", column=15,
                       hint=N_("Write `Last name, First name` from column 15."))
    last, _, first = name.partition(",")
    sex, title, warnings = _title(line_no, line)
    rating_text = line[48:52].strip()
    rating: int | None = None
    if rating_text.isdecimal():
        rating = int(rating_text) or None
    elif rating_text:
        warnings.append(_warn(line_no, line, "rating %s is not a number: the player is read as unrated",
                              rating_text, column=49, hint=N_("Columns 49-52 hold the FIDE rating.")))
    points_text = line[80:84].strip().replace(",", ".")
    points: float | None = None
    try:
        points = float(points_text) if points_text else None
    except ValueError:
        warnings.append(_warn(line_no, line, "points %s are not a number: the results decide", points_text,
                              column=81, hint=N_("Columns 81-84 hold the points, e.g. `3.5`.")))
    birth = line[69:79].strip().replace("/", "-") or None
    rounds, found = _parse_blocks(line_no, line)
    player = TrfPlayer(
        line_no=line_no, number=number, sex=sex, title=title, last_name=last.strip(), first_name=first.strip(),
        rating=rating, federation=line[53:56].strip() or None, fide_id=field_int(line[57:68]) or None,
        birth_date=birth, points=points, rank=field_int(line[85:89]), rounds=tuple(rounds),
    )
    return player, warnings + found


def _record_code(line: str) -> str | None:
    code = line[:3]
    if len(code) == 3 and (code.isdecimal() or (code.isalpha() and code.isupper()) or code == "###"):
        return code
    return None


def is_ruler(line: str) -> bool:
    """A column ruler (`         1         2 …` or `1234567890123…`) that some programs print above the records."""
    if not _RULER.fullmatch(line) or not line.strip():
        return False
    words = line.split()
    return "1234567890" in line or all(len(w) == 1 for w in words)


def parse_trf(text: str) -> tuple[TrfTournament, list[TrfError]]:
    """Read a TRF text; returns the tournament and every error found (empty list = importable).

    Warnings (read, normalised, importable) are on `trf.warnings`; `tournament.formats.trf_lint.lint` lists both.
    """
    headers: dict[str, str] = {}
    players: list[TrfPlayer] = []
    records: list[TrfRecord] = []
    errors: list[TrfError] = []
    warnings: list[TrfError] = []
    player_index: int | None = None
    if looks_binary(text):
        errors.append(TrfError(1, "", "this is not a TRF file (binary data)",
                               hint=N_("A TRF file is plain text; check that the right file was chosen.")))
        return TrfTournament(headers={}, players=[]), errors
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    blank_lines: list[int] = []
    ignored = 0
    for line_no, raw in enumerate(lines, start=1):
        if len(errors) >= MAX_ERRORS:
            errors.append(TrfError(line_no, "", "too many errors; reading stopped",
                                   hint=N_("This does not look like a TRF file.")))
            break
        line = raw.replace("\t", " ").replace("\f", " ").replace("\x1a", " ").rstrip()
        if not line.strip():
            blank_lines.append(line_no)
            continue
        code = _record_code(line)
        if code == "001":
            if player_index is None:
                player_index = len(records)
            try:
                player, found = _parse_player(line_no, line)
                players.append(player)
                warnings.extend(found)
            except TrfError as exc:
                errors.append(exc)
        elif is_ruler(line):
            warnings.append(_warn(line_no, line, "column ruler ignored", hint=N_("A TRF file holds records only.")))
        elif code is not None:
            records.append(TrfRecord(line_no, code, line))
            if code == "###":
                continue
            if code in headers and code not in REPEATED:
                warnings.append(_warn(line_no, line, "record %s given twice; the first one is used", code,
                                      hint=N_("Keep one line per header record.")))
            headers.setdefault(code, line[4:].rstrip())
        else:
            ignored += 1
            if ignored <= MAX_IGNORED:
                hint = N_("Columns 1-3 hold a record code (001, 012, …); comments start with ###.")
                warnings.append(_warn(line_no, line, "not a TRF record: line ignored", column=1, hint=hint))
    if ignored > MAX_IGNORED:
        warnings.append(_warn(0, "", "%s more lines ignored", ignored - MAX_IGNORED))
    last_written = max((n for n, x in enumerate(lines, start=1) if x.strip()), default=0)
    inner = [n for n in blank_lines if n < last_written]  # followed by a record
    if inner:
        warnings.append(_warn(inner[0], "", "%s blank lines between records ignored", len(inner),
                              hint=N_("A TRF file has no blank lines.")))
    trf = TrfTournament(headers=headers, players=players, records=records, warnings=warnings,
                        player_index=player_index)
    if not players and not errors:
        errors.append(TrfError(0, "", "no player (001) line", hint=N_("A TRF file lists its players on 001 lines.")))
    if not errors:
        _split_declared_round(trf)
        found = check(trf)
        errors.extend(e for e in found if e.severity == "error")
        trf.warnings.extend(e for e in found if e.severity != "error")
    trf.warnings.sort(key=lambda w: (w.line_no, w.column))
    return trf, errors


#: Result codes of a block without opponent that, in a round not played yet, mean an absence (zero points).
ABSENT_CODES = ("-",)


def _split_declared_round(trf: TrfTournament) -> None:
    """A last round with no game and no PAB holds byes declared in advance, not a played round; there a
    `0000 - -` block (a forfeit loss without opponent, how other programs write withdrawals) is an absence,
    as bbpPairings reads it."""
    last = trf.played_rounds
    if last == 0:
        return
    blocks = [p.rounds[last - 1] for p in trf.players if len(p.rounds) >= last]
    if any(b.opponent is not None or b.code in ("U", "+", "1") for b in blocks):
        return
    declared = trf.declared_byes.setdefault(last, {})
    for p in trf.players:
        code = p.rounds[last - 1].code if len(p.rounds) >= last else ""
        if code in ("H", "F", "Z"):
            declared[p.number] = code
        elif code in ABSENT_CODES:  # `0000 - -`: how other programs write a withdrawal or an absence
            declared[p.number] = "Z"
            trf.warnings.append(_warn(
                p.line_no, "", "player %s: round %s is not played yet and its block `0000 - %s` reads as an "
                "absence: not paired, no points (a zero-point bye, Z)", p.number, last, code,
                column=92 + 10 * (last - 1), hint=N_("Write Z for an absence or H or F for a requested bye; "
                                                     "a withdrawn player keeps Z to the end.")))
    trf.players[:] = [msgspec.structs.replace(p, rounds=p.rounds[: last - 1]) if len(p.rounds) >= last else p
                      for p in trf.players]


def requested_byes(trf: TrfTournament) -> dict[int, dict[int, str]]:
    """Byes requested for rounds not played yet: declared blocks, `240` records and `XXZ` (round played+1)."""
    out = {r: dict(v) for r, v in trf.declared_byes.items()}
    nxt = trf.played_rounds + 1
    for rec in trf.lines("240"):
        parts = rec.text[4:].split()
        if len(parts) >= 2 and parts[0].upper() in ("H", "F", "Z") and parts[1].isdecimal():
            for pid in parts[2:]:
                if pid.isdecimal():
                    out.setdefault(int(parts[1]), {})[int(pid)] = parts[0].upper()
    for rec in trf.lines("XXZ"):
        for pid in rec.text[4:].split():
            if pid.isdecimal():
                out.setdefault(nxt, {}).setdefault(int(pid), "Z")
    return {r: v for r, v in out.items() if r > trf.played_rounds}


def game_result(white_code: str, black_code: str) -> Result | None:
    """The stored result of a game from both players' TRF codes (None = not played yet / unknown).

    >>> [game_result(w, b) for w, b in [("1", "0"), ("=", "="), ("0", "1"), ("+", "-"), ("-", "+"), ("-", "-")]]
    [<Result.WHITE_WIN: 3>, <Result.DRAW: 2>, <Result.BLACK_WIN: 1>, <Result.WHITE_FORFEIT_WIN: 6>, \
<Result.BLACK_FORFEIT_WIN: 4>, <Result.DOUBLE_FORFEIT: 5>]
    >>> game_result("W", "L"), game_result("?", "?"), game_result(" ", " "), game_result(" ", "1")
    (<Result.WHITE_WIN: 3>, None, None, <Result.BLACK_WIN: 1>)
    """
    white_code = {"W": "1", "D": "=", "L": "0"}.get(white_code, white_code)
    black_code = {"W": "1", "D": "=", "L": "0"}.get(black_code, black_code)
    if white_code == "+":
        return Result.WHITE_FORFEIT_WIN
    if white_code == "-":
        return Result.DOUBLE_FORFEIT if black_code == "-" else Result.BLACK_FORFEIT_WIN
    if white_code in ("?", " ") and black_code in ("1", "=", "0", "+"):
        return game_result({"1": "0", "=": "=", "0": "1", "+": "-"}[black_code], black_code)
    return {"1": Result.WHITE_WIN, "=": Result.DRAW, "0": Result.BLACK_WIN}.get(white_code)


def bye_kind(code: str) -> ByeKind:
    if code in ("+", "1"):
        return ByeKind.PAB
    return BYE_CODES.get(code, ByeKind.ZERO)
