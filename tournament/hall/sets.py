"""Screen sets (docs/screens.md §4): which items a set keeps, its default name, columns and halves."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from tournament.boards import split_columns
from tournament.notices import Notice

T = TypeVar("T")


def parse_fixed_boards(text: str) -> tuple[set[int], list[Notice]]:
    """Board numbers of `fixed_boards_str`; '' gives the empty set (= boards with a fixed-board player).

    >>> parse_fixed_boards("12, 14,15")
    ({12, 14, 15}, [])
    >>> numbers, notices = parse_fixed_boards("3, x"); numbers, notices[0].args
    ({3}, ('x',))
    """
    numbers: set[int] = set()
    notices: list[Notice] = []
    for raw in text.split(","):
        entry = raw.strip()
        if not entry:
            continue
        if entry.isdigit() and int(entry) > 0:
            numbers.add(int(entry))
        else:
            notices.append(Notice("Fixed boards: %r is not a board number; ignored.", (entry,)))
    return numbers, notices


def select_fixed(items: Sequence[T], text: str, board_of: Callable[[T], int | None],
                 has_fixed_player: Callable[[T], bool]) -> tuple[list[T], list[Notice]]:
    """The boards a `fixed_boards_str` keeps: those numbers, or ('') every board with a fixed-board player."""
    numbers, notices = parse_fixed_boards(text)
    if numbers:
        return [i for i in items if board_of(i) in numbers], notices
    return [i for i in items if has_fixed_player(i)], notices


def select_range(items: Sequence[T], first: int | None, last: int | None) -> tuple[list[T], list[Notice]]:
    """Items first..last (positions, 1-based, inclusive); first > last gives a warning and nothing.

    >>> select_range(list("abcdef"), 2, 4)[0], select_range(list("abc"), None, 9)[0]
    (['b', 'c', 'd'], ['a', 'b', 'c'])
    >>> items, notices = select_range(list("abc"), 3, 2); items, len(notices)
    ([], 1)
    """
    start = max(first or 1, 1)
    if last is not None and start > last:
        return [], [Notice("Set first %s is after last %s: the set is empty.", (start, last))]
    stop = len(items) if last is None else min(last, len(items))
    return list(items[start - 1 : stop]), []


def fill_name(template: str, tournament: str, first: str, last: str) -> str:
    """
    >>> fill_name("%t (%f to %l)", "Open A", "1", "12")
    'Open A (1 to 12)'
    """
    return template.replace("%t", tournament).replace("%f", first).replace("%l", last)


def name_bound(last_name: str, size: int = 8, upper: bool = False) -> str:
    """The first letters of a last name, for %f/%l of alphabetical lists.

    >>> name_bound("de la Tour"), name_bound("Élodie", 3, upper=True)
    ('de la To', 'ÉLO')
    """
    out = last_name.strip()[:size]
    return out.upper() if upper else out


def halves(column: Sequence[T]) -> list[list[T]]:
    """A check-in column as two halves side by side, the left one gets the extra item.

    >>> halves([1, 2, 3, 4, 5])
    [[1, 2, 3], [4, 5]]
    """
    return split_columns(column, 2)
