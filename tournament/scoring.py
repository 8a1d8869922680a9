"""Scoring systems (TRF 162, JaVaFo `XXS`, bbpPairings `BB?`): points per result kind, as exact decimals."""

from __future__ import annotations

import re
from decimal import Decimal

import msgspec

ONE, HALF, ZERO = Decimal(1), Decimal("0.5"), Decimal(0)


class Scoring(msgspec.Struct, frozen=True, kw_only=True):
    """Points of each result kind; the default is FIDE's 1 / ½ / 0 with a PAB worth a win.

    >>> Scoring().code_points("U"), Scoring().code_points("H"), Scoring(pab=HALF).code_points("U")
    (Decimal('1'), Decimal('0.5'), Decimal('0.5'))
    """

    win: Decimal = ONE
    draw: Decimal = HALF
    loss: Decimal = ZERO
    forfeit_win: Decimal = ONE
    forfeit_loss: Decimal = ZERO
    pab: Decimal = ONE
    full_bye: Decimal = ONE
    half_bye: Decimal = HALF
    zero_bye: Decimal = ZERO

    def code_points(self, code: str) -> Decimal:
        """Points of a TRF result code from the player's side (`?` and unknown codes: 0)."""
        return {
            "1": self.win, "W": self.win, "=": self.draw, "D": self.draw, "0": self.loss, "L": self.loss,
            "+": self.forfeit_win, "-": self.forfeit_loss, "U": self.pab, "F": self.full_bye, "H": self.half_bye,
        }.get(code.upper(), self.zero_bye)

    @property
    def is_default(self) -> bool:
        return self == Scoring()


_PAIR = re.compile(r"([A-Z]+)\s*=?\s*(-?\d+(?:[.,]\d+)?)")


def scoring_from_162(text: str) -> Scoring:
    """TRF26 `162` (symbol at column 6, value at 7-10, next pairs every 9 columns; read leniently).

    >>> scoring_from_162(" W 3.0    D 1.0    L 0.0").win
    Decimal('3.0')
    """
    values: dict[str, Decimal] = {}
    for symbol, number in _PAIR.findall(text.upper()):
        values[symbol] = Decimal(number.replace(",", "."))
    win, draw = values.get("W", ONE), values.get("D", HALF)
    zero = values.get("A", ZERO)
    return Scoring(win=win, draw=draw, loss=values.get("L", ZERO), forfeit_win=win, forfeit_loss=zero,
                   pab=values.get("P", win), full_bye=win, half_bye=draw, zero_bye=zero)


def scoring_from_engine(xxs: str, bb: dict[str, str]) -> Scoring:
    """JaVaFo `XXS CODE=v …` and bbpPairings `BBW 1.0` lines (bb maps `W`, `D`, `L`, `Z`, `F`, `U`)."""
    values: dict[str, Decimal] = {}
    for symbol, number in _PAIR.findall(xxs.upper()):
        values[symbol] = Decimal(number.replace(",", "."))
    for key, text in bb.items():
        try:
            values["BB" + key] = Decimal(text.strip().replace(",", "."))
        except ArithmeticError:
            continue
    win = values.get("WW", values.get("W", values.get("BBW", ONE)))
    draw = values.get("WD", values.get("D", values.get("BBD", HALF)))
    loss = values.get("WL", values.get("L", values.get("BBL", ZERO)))
    return Scoring(
        win=win, draw=draw, loss=loss, forfeit_win=values.get("FW", win),
        forfeit_loss=values.get("FL", values.get("BBF", ZERO)), pab=values.get("PAB", values.get("BBU", win)),
        full_bye=values.get("FPB", win), half_bye=values.get("HPB", draw),
        zero_bye=values.get("ZPB", values.get("BBZ", ZERO)),
    )


def format_decimal(value: Decimal) -> str:
    """`2.5`, `3.0`: one decimal at least, as TRF writes points.

    >>> format_decimal(Decimal(3)), format_decimal(Decimal("2.50")), format_decimal(Decimal("12.25"))
    ('3.0', '2.5', '12.25')
    """
    text = f"{value.normalize():f}"
    return text if "." in text else f"{text}.0"
