"""Family expansion (docs/screens.md §5) and generated screen ids (tournament/hall/families.py)."""

from __future__ import annotations

import pytest

from tournament.boards import split_columns
from tournament.hall.families import clashes, generated_id, parse_range, plan, split_generated_id
from tournament.hall.sets import select_range


def bounds(count: int, **kw: object) -> list[tuple[int, int]]:
    parts, _notices = plan(count, **kw)  # type: ignore[arg-type]
    return [(p.first, p.last) for p in parts]


def test_spec_worked_example_23_boards_two_screens_of_two_columns() -> None:
    boards = list(range(1, 24))
    parts, notices = plan(len(boards), parts=2, columns=2)
    assert not notices
    screens = []
    for p in parts:
        items, _ = select_range(boards, p.first, p.last)
        screens.append([(c[0], c[-1]) for c in split_columns(items, 2)])
    assert screens == [[(1, 6), (7, 12)], [(13, 18), (19, 23)]]


@pytest.mark.parametrize(("count", "kw", "expected"), [
    (50, {"parts": 3, "columns": 2}, [(1, 18), (19, 36), (37, 50)]),
    (10, {"parts": 4, "columns": 2}, [(1, 4), (5, 8), (9, 10)]),  # rounding lowers the count
    (120, {"number": 22, "last": 78}, [(1, 22), (23, 44), (45, 66), (67, 78)]),
    (120, {"number": 22, "first": 79}, [(79, 100), (101, 120)]),
    (7, {}, [(1, 7)]),
    (5, {"number": 2, "columns": 3}, [(1, 3), (4, 5)]),  # k rounded up to a multiple of the columns
])
def test_spec_examples(count: int, kw: dict[str, int], expected: list[tuple[int, int]]) -> None:
    assert bounds(count, **kw) == expected


def test_checkin_lists_double_number_and_round_to_twice_the_columns() -> None:
    # number 10 on a check-in list = 20 players per screen (two sub-columns)
    assert bounds(45, number=10, checkin=True) == [(1, 20), (21, 40), (41, 45)]
    # parts 4 over 30 players, 2 columns: k = 8 -> multiple of 4 -> 8
    assert bounds(30, parts=4, columns=2, checkin=True) == [(1, 8), (9, 16), (17, 24), (25, 30)]
    assert bounds(30, parts=4, columns=3, checkin=True) == [(1, 12), (13, 24), (25, 30)]


def test_range_keeps_absolute_indexes() -> None:
    parts, _ = plan(100, number=10, range_str="4-6")
    assert [(p.index, p.first, p.last) for p in parts] == [(4, 31, 40), (5, 41, 50), (6, 51, 60)]
    assert [generated_id("room", p.index) for p in parts] == ["room-4", "room-5", "room-6"]
    single, _ = plan(100, number=10, range_str="2")
    assert [p.index for p in single] == [2]


def test_the_number_of_screens_follows_the_item_count() -> None:
    assert len(plan(40, number=10)[0]) == 4
    assert len(plan(41, number=10)[0]) == 5
    assert len(plan(9, number=10)[0]) == 1


@pytest.mark.parametrize("kw", [{"parts": 2, "number": 3}, {"first": 30}, {"parts": 0}])
def test_refused_or_disabled_families_give_a_warning_and_no_screen(kw: dict[str, int]) -> None:
    parts, notices = plan(20, **kw)
    assert parts == [] and len(notices) == 1


def test_no_items_disables_the_family() -> None:
    parts, notices = plan(0, parts=2)
    assert parts == [] and notices


def test_bad_ranges_warn() -> None:
    assert parse_range("6-4")[0] is None and parse_range("6-4")[1]
    assert parse_range("a-b")[0] is None and parse_range("a-b")[1]
    parts, notices = plan(20, number=10, range_str="5-9")
    assert parts == [] and notices


def test_generated_ids_both_spellings_and_no_ambiguity() -> None:
    assert split_generated_id("room-12") == ("room", 12)
    assert split_generated_id("room:012") == ("room", 12)
    assert split_generated_id("boards-a-part-1") == ("boards-a-part", 1)
    assert split_generated_id("a-1-1") == ("a-1", 1)  # family "a-1", never family "a"
    assert split_generated_id("room") is None
    assert split_generated_id("room-01") is None  # generated ids are never padded
    assert clashes(["room-2", "room-a", "boards"], ["room"]) == ["room-2"]


async def test_store_refuses_ids_that_would_be_ambiguous(store) -> None:  # type: ignore[no-untyped-def]
    from tournament.errors import Conflict

    tid = await store.add_tournament(uniq_id="t", name="T")
    await store.add_family(uniq_id="room", type="boards", tournament_id=tid, menu_link=True, menu_text="", menu="")
    with pytest.raises(Conflict):
        await store.add_screen(uniq_id="room-3", type="boards")
    await store.add_screen(uniq_id="hall-2", type="boards")
    with pytest.raises(Conflict):
        await store.add_family(uniq_id="hall", type="boards", tournament_id=tid, menu_link=True, menu_text="",
                               menu="")
    assert [s.uniq_id for s in await store.screens()] == ["hall-2"]
