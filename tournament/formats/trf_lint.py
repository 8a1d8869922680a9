"""TRF lint (docs/formats.md §1.7): every problem the reader found, each with its line, column, severity, message
(key + parameters, for translation) and a plain explanation. Errors block an import; warnings do not.
"""

from __future__ import annotations

import msgspec

from tournament.formats.trf import decode, parse_trf
from tournament.messages import N_


class LintItem(msgspec.Struct, frozen=True, kw_only=True):
    """One problem, as the lint page and `echiquier check-trf` print it."""

    line: int
    column: int
    severity: str  # "error" or "warning"
    message: str  # English, parameters filled in
    hint: str
    key: str = ""  # the message with %s (translation key)
    params: tuple[str | int, ...] = ()

    def text(self) -> str:
        where = f"line {self.line}" + (f", column {self.column}" if self.column else "")
        tail = f" ({self.hint})" if self.hint else ""
        return f"{where}: {self.severity}: {self.message}{tail}"


class LintReport(msgspec.Struct, frozen=True, kw_only=True):
    items: list[LintItem]
    players: int
    rounds: int
    version: str  # "TRF16" or "TRF26"
    teams: int = 0

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
        item = LintItem(line=0, column=0, severity="error", message="the file is empty", key=N_("the file is empty"),
                        hint=N_("Export the tournament again from the pairing program."))
        return LintReport(items=[item], players=0, rounds=0, version="TRF16")
    trf, errors = parse_trf(decode(data))
    found = [*errors, *trf.warnings]
    items = [LintItem(line=e.line_no, column=e.column, severity=e.severity, message=e.reason, hint=e.hint,
                      key=e.key, params=e.params) for e in found]
    items.sort(key=lambda i: (i.line, i.column, i.severity))
    return LintReport(items=items, players=len(trf.players), rounds=trf.played_rounds,
                      version="TRF26" if trf.is_trf26 else "TRF16", teams=len(trf.teams))
