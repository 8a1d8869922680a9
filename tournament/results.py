"""Result codes (Papi codes, always from White's side) and points kept as integer half-points."""

from __future__ import annotations

import enum

from tournament.errors import Invalid


class Result(enum.IntEnum):
    """A game result from White's side.

    >>> Result.from_label("½-½") is Result.DRAW
    True
    >>> [Result(c).label() for c in (3, 2, 1)]
    ['1-0', '½-½', '0-1']
    >>> Result.WHITE_FORFEIT_WIN.half_points()
    (2, 0)
    """

    BLACK_WIN = 1
    DRAW = 2
    WHITE_WIN = 3
    BLACK_FORFEIT_WIN = 4
    DOUBLE_FORFEIT = 5
    WHITE_FORFEIT_WIN = 6

    def label(self) -> str:
        return LABELS[self]

    @classmethod
    def from_label(cls, text: str) -> Result:
        wanted = text.strip().replace("1/2", "½")
        for result, label in LABELS.items():
            if label == wanted:
                return result
        raise Invalid("Unknown result label: %r.", text)

    def half_points(self) -> tuple[int, int]:
        """(White, Black) points, in half-points."""
        return HALF_POINTS[self]

    @property
    def is_forfeit(self) -> bool:
        return self >= Result.BLACK_FORFEIT_WIN

    def opposite(self) -> Result:
        """The same result seen from Black's side (Papi's code for Black)."""
        return Result(OPPOSITE[self])


LABELS: dict[Result, str] = {
    Result.BLACK_WIN: "0-1",
    Result.DRAW: "½-½",
    Result.WHITE_WIN: "1-0",
    Result.BLACK_FORFEIT_WIN: "F-1",
    Result.DOUBLE_FORFEIT: "F-F",
    Result.WHITE_FORFEIT_WIN: "1-F",
}
HALF_POINTS: dict[Result, tuple[int, int]] = {
    Result.BLACK_WIN: (0, 2),
    Result.DRAW: (1, 1),
    Result.WHITE_WIN: (2, 0),
    Result.BLACK_FORFEIT_WIN: (0, 2),
    Result.DOUBLE_FORFEIT: (0, 0),
    Result.WHITE_FORFEIT_WIN: (2, 0),
}
OPPOSITE = {1: 3, 2: 2, 3: 1, 4: 6, 5: 5, 6: 4}

#: Codes a player may enter on an input screen (forfeits are arbiter work).
TABLET_RESULTS = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)


class ByeKind(enum.StrEnum):
    """Pairing rows without an opponent."""

    PAB = "U"  # pairing-allocated bye
    FULL = "F"  # requested full-point bye
    HALF = "H"  # requested half-point bye
    ZERO = "Z"  # zero-point bye, absent, unpaired

    def half_points(self, pab_half_points: int = 2) -> int:
        return {ByeKind.PAB: pab_half_points, ByeKind.FULL: 2, ByeKind.HALF: 1, ByeKind.ZERO: 0}[self]


def format_points(half_points: int) -> str:
    """Points as printed in the hall: no `.5`.

    >>> [format_points(h) for h in (0, 1, 2, 3, 8)]
    ['0', '½', '1', '1½', '4']
    """
    whole, half = divmod(half_points, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"
