"""TRF lint (docs/formats.md §1.7): the importer's cross-line checks, each with its line, column, severity and a
plain explanation. Errors block an import; warnings do not.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from tournament.trf import TrfError, TrfPlayer, TrfTournament, decode, parse_trf

#: Result codes the two players of one game may carry (first player's code, second player's code).
MATCHING = {("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"), ("W", "L"), ("L", "W"),
            ("D", "D"), ("?", "?"), ("W", "0"), ("0", "W"), ("1", "L"), ("L", "1"), ("D", "="), ("=", "D")}


class LintItem(msgspec.Struct, frozen=True, kw_only=True):
    """One problem, as the lint page and `echiquier check-trf` print it."""

    line: int
    column: int
    severity: str  # "error" or "warning"
    message: str
    hint: str

    def text(self) -> str:
        where = f"line {self.line}" + (f", column {self.column}" if self.column else "")
        tail = f" ({self.hint})" if self.hint else ""
        return f"{where}: {self.severity}: {self.message}{tail}"


class LintReport(msgspec.Struct, frozen=True, kw_only=True):
    items: list[LintItem]
    players: int
    rounds: int
    version: str  # "TRF16" or "TRF26"

    @property
    def errors(self) -> list[LintItem]:
        return [i for i in self.items if i.severity == "error"]

    @property
    def warnings(self) -> list[LintItem]:
        return [i for i in self.items if i.severity != "error"]

    @property
    def ok(self) -> bool:
        return not self.errors


def lint_bytes(data: bytes) -> LintReport:
    """Every error and warning of a TRF file, in line order."""
    if not data.strip():
        item = LintItem(line=0, column=0, severity="error", message="the file is empty",
                        hint="Export the tournament again from the pairing program.")
        return LintReport(items=[item], players=0, rounds=0, version="TRF16")
    trf, errors = parse_trf(decode(data))
    found = [*errors, *trf.warnings]
    items = [LintItem(line=e.line_no, column=e.column, severity=e.severity, message=e.reason, hint=e.hint)
             for e in found]
    items.sort(key=lambda i: (i.line, i.column, i.severity))
    return LintReport(items=items, players=len(trf.players), rounds=trf.played_rounds,
                      version="TRF26" if trf.is_trf26 else "TRF16")


def _col(rnd: int) -> int:
    return 92 + 10 * (rnd - 1)


def check(trf: TrfTournament) -> list[TrfError]:
    """Cross-line checks: ranks, games seen from both sides, colours, points, byes, TRF26 headers."""
    found: list[TrfError] = []
    by_number: dict[int, TrfPlayer] = {}
    for p in trf.players:
        if p.number in by_number:
            found.append(TrfError(p.line_no, "", f"starting rank {p.number} is used twice (also on line "
                                                 f"{by_number[p.number].line_no})", column=5,
                                  hint="Each player needs a distinct pairing number."))
        else:
            by_number[p.number] = p
    found += _check_games(trf, by_number)
    found += _check_points(trf)
    found += _check_byes(trf)
    found += _check_headers(trf)
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
                found.append(TrfError(p.line_no, "", f"round {r}: opponent {block.opponent} does not exist",
                                      column=_col(r), hint="The opponent must be the starting rank of a player."))
            elif block.opponent == p.number:
                found.append(TrfError(p.line_no, "", f"round {r}: player {p.number} is paired with themself",
                                      column=_col(r)))
            elif back is None or back.opponent != p.number:
                shown = "nothing" if back is None else (f"opponent {back.opponent}" if back.opponent
                                                        else f"a bye ({back.code.strip() or 'blank'})")
                found.append(TrfError(p.line_no, "", f"round {r}: opponent {block.opponent} does not list "
                                                     f"{p.number} back (their line shows {shown})", column=_col(r),
                                      hint="A game must appear on both players' lines, in the same round."))
            elif p.number < block.opponent:
                found += _check_pair(p, other, r, block.colour, back.colour, block.code, back.code)
    return found


def _check_pair(p: TrfPlayer, other: TrfPlayer, r: int, mine: str, theirs: str, code: str,
                their_code: str) -> list[TrfError]:
    found: list[TrfError] = []
    if mine != "-" and mine == theirs:
        found.append(TrfError(p.line_no, "", f"round {r}: both {p.number} and {other.number} have colour "
                                             f"{mine!r}", column=_col(r) + 5,
                              hint="One player has White (w) and the other Black (b)."))
    elif (mine == "-") != (theirs == "-"):
        found.append(TrfError(p.line_no, "", f"round {r}: the colour of the game {p.number}-{other.number} is "
                                             "given on one line only", column=_col(r) + 5, severity="warning",
                              hint="Write w and b on both lines."))
    if (code, their_code) not in MATCHING:
        severity = "warning" if "?" in (code, their_code) else "error"
        found.append(TrfError(p.line_no, "", f"round {r}: results {code!r} ({p.number}) and {their_code!r} "
                                             f"({other.number}) do not match", column=_col(r) + 7,
                              severity=severity, hint="Matching codes are 1/0, =/=, +/- and -/- (double forfeit)."))
    return found


def _check_points(trf: TrfTournament) -> list[TrfError]:
    scoring = trf.scoring
    found: list[TrfError] = []
    for p in trf.players:
        if p.points is None:
            continue
        total = sum((scoring.code_points(b.code) for b in p.rounds), Decimal(0))
        total += sum((scoring.code_points(c) for r, v in trf.declared_byes.items() for n, c in v.items()
                      if n == p.number), Decimal(0))
        if abs(total - Decimal(str(p.points))) > Decimal("0.001"):
            found.append(TrfError(p.line_no, "", f"player {p.number}: points column says {p.points:g} but the "
                                                 f"round results add up to {total.normalize():f}", column=81,
                                  hint="Columns 81-84 hold the sum of the results (no acceleration points); "
                                       "pairing engines refuse the file otherwise."))
    return found


def _check_byes(trf: TrfTournament) -> list[TrfError]:
    found: list[TrfError] = []
    for r in range(1, trf.played_rounds + 1):
        blocks = [(p, p.rounds[r - 1]) for p in trf.players if len(p.rounds) >= r]
        pabs = [p for p, b in blocks if b.opponent is None and b.code == "U"]
        fulls = [p for p, b in blocks if b.opponent is None and b.code == "F"]
        in_games = sum(1 for _, b in blocks if b.opponent is not None)
        for extra in pabs[1:]:
            found.append(TrfError(extra.line_no, "", f"round {r}: a second pairing-allocated bye (U); player "
                                                     f"{pabs[0].number} already has it", column=_col(r) + 7,
                                  hint="A round has at most one pairing-allocated bye."))
        if not pabs and fulls and (in_games + len(fulls)) % 2 == 1:
            for p in fulls:
                found.append(TrfError(p.line_no, "", f"round {r}: full-point bye 'F' where the pairing-allocated "
                                                     "bye 'U' seems meant", column=_col(r) + 7, severity="warning",
                                      hint="The PAB is U, never F: with F, engines think the player never had "
                                           "the PAB and may give a second one."))
    return found


def _check_headers(trf: TrfTournament) -> list[TrfError]:
    found: list[TrfError] = []
    if "012" not in trf.headers:
        found.append(TrfError(1, "", "no tournament name (record 012)", severity="warning",
                              hint="012 is mandatory in TRF."))
    if trf.is_trf26:
        if trf.rounds is None:
            found.append(TrfError(1, "", "TRF26 file without the number of rounds (record 142)", severity="warning",
                                  hint="Pairing engines need 142 (or XXR) to pair the next round."))
        if "152" not in trf.headers and trf.initial_colour is None:
            found.append(TrfError(1, "", "TRF26 file without the initial colour (record 152)", severity="warning",
                                  hint="bbpPairings cannot pair round 1 without 152 W or 152 B."))
    if trf.rounds is not None and trf.played_rounds > trf.rounds:
        found.append(TrfError(1, "", f"{trf.played_rounds} rounds played but only {trf.rounds} scheduled",
                              severity="warning"))
    return found
