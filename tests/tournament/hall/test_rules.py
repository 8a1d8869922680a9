"""Pure rules behind the screens: board order, set slicing, A-Z order, virtual points, handicap, check-in."""

from __future__ import annotations

from msgspec.structs import replace

from app.views.tournament import alpha_key
from tournament.boards import number_boards, order_games, split_columns
from tournament.checkin import absent_for_round_one, is_open
from tournament.hall.handicap import format_time, handicap_times
from tournament.hall.sets import halves, parse_fixed_boards, select_fixed, select_range
from tournament.models import Pairing, Player, Tournament
from tournament.pairing.virtual_points import applies, virtual_half_points
from tournament.results import ByeKind


def player(pid: int, rating: int = 1500, last: str = "", first: str = "", title: str | None = None,
           fixed: int | None = None) -> Player:
    return Player(id=pid, tournament_id=1, pairing_number=pid, last_name=last or f"P{pid:03d}", first_name=first,
                  fide_rating=rating, rating_type="F", title=title, fixed_board=fixed)


# -- board order (docs/screens.md §2.4) ----------------------------------------------------------------

def test_stronger_players_points_first_then_the_weaker_players_points() -> None:
    ps = {i: player(i, 2000 - i) for i in range(1, 9)}
    points = {1: 2, 2: 2, 3: 4, 4: 0, 5: 4, 6: 4, 7: 2, 8: 2}
    games = [(1, 2), (3, 4), (5, 6), (7, 8)]
    # 5-6: strong 4, weak 4; 3-4: strong 4, weak 0; 1-2 and 7-8: 2/2, then by the stronger player's rating
    assert order_games(games, ps, points) == [(5, 6), (3, 4), (1, 2), (7, 8)]


def test_rating_then_title_then_name_break_ties_and_the_bye_is_last() -> None:
    ps = {1: player(1, 1800, "Zed"), 2: player(2, 1500), 3: player(3, 1800, "Abel", title="FM"),
          4: player(4, 1500), 5: player(5, 1800, "Abel"), 6: player(6, 1500), 7: player(7, 2700)}
    games = [(1, 2), (7, None), (3, 4), (5, 6)]
    assert order_games(games, ps, {}) == [(3, 4), (5, 6), (1, 2), (7, None)]


def test_published_numbers_respect_fixed_boards() -> None:
    ps = {1: player(1, 2000), 2: player(2, 1900), 3: player(3, 1800, fixed=9), 4: player(4, 1700)}
    rows = [Pairing(tournament_id=1, round=1, white_player_id=w, black_player_id=b) for w, b in [(4, 3), (1, 2)]]
    out = {(p.white_player_id, p.black_player_id): (p.board_order, p.board) for p in number_boards(rows, ps, {})}
    assert out == {(1, 2): (1, 1), (4, 3): (2, 9)}


# -- set slicing (docs/screens.md §4) ---------------------------------------------------------------------

def test_first_last_slices_positions_and_columns_never_drop_an_item() -> None:
    items = list(range(1, 24))
    chosen, _ = select_range(items, 13, None)
    assert split_columns(chosen, 2) == [[13, 14, 15, 16, 17, 18], [19, 20, 21, 22, 23]]
    for n in range(0, 30):
        for c in range(1, 5):
            cols = split_columns(list(range(n)), c)
            assert [x for col in cols for x in col] == list(range(n)) and len(cols) == c
            assert max(map(len, cols)) - min(map(len, cols)) <= 1


def test_first_after_last_gives_an_empty_set_and_a_warning() -> None:
    chosen, notices = select_range([1, 2, 3], 3, 2)
    assert chosen == [] and len(notices) == 1


def test_fixed_boards_keep_numbers_or_boards_with_fixed_players() -> None:
    boards = [(1, False), (2, True), (12, False), (14, True), (15, False)]
    by_number, notices = select_fixed(boards, "12, 14,15, x", lambda b: b[0], lambda b: b[1])
    assert [b[0] for b in by_number] == [12, 14, 15] and len(notices) == 1
    assert [b[0] for b in select_fixed(boards, "", lambda b: b[0], lambda b: b[1])[0]] == [2, 14]
    assert parse_fixed_boards(" ") == (set(), [])


def test_checkin_halves_put_the_extra_item_left() -> None:
    assert halves([1, 2, 3]) == [[1, 2], [3]]
    assert halves([]) == [[], []]


# -- alphabetical order (docs/screens.md §2.5) --------------------------------------------------------------

def test_accents_and_case_do_not_change_the_alphabetical_order() -> None:
    names = ["Zoé", "élodie", "Dupont", "de la Tour", "Ødegaard", "Édith", "eve", "Çelik", "Bernard"]
    players = [player(i, last=n) for i, n in enumerate(names, start=1)]
    ordered = [p.last_name for p in sorted(players, key=alpha_key)]
    assert ordered == ["Bernard", "Çelik", "de la Tour", "Dupont", "Édith", "élodie", "eve", "Ødegaard", "Zoé"]


def test_display_name_is_sorted_on_and_homonyms_by_first_name_then_number() -> None:
    a = player(3, last="Martin", first="Émile")
    b = player(1, last="Martin", first="Agnès")
    c = replace(player(2, last="Zeta"), display_name="Alpha")
    assert [p.id for p in sorted([a, b, c], key=alpha_key)] == [2, 1, 3]


# -- virtual points (docs/screens.md §2.3), in half-points --------------------------------------------------

def test_haley_and_haley_soft() -> None:
    assert [virtual_half_points("haley", r, 2000, None, rnd, 9, 0) for r, rnd in
            [(2000, 1), (2000, 2), (2000, 3), (1999, 1)]] == [2, 2, 0, 0]
    assert [virtual_half_points("haley_soft", r, 2000, None, rnd, 9, 0) for r, rnd in
            [(2000, 2), (1500, 1), (1500, 2)]] == [2, 0, 1]


def test_sad_groups_and_the_half_point_per_one_and_a_half_points() -> None:
    sad = [virtual_half_points("sad", r, 2000, 1600, 3, 9, h) for r, h in
           [(2100, 0), (1700, 0), (1700, 2), (1700, 3), (1700, 6), (1500, 0), (1500, 3), (1500, 5), (1500, 6),
            (1500, 12)]]
    # A: 2; B: 1, 1, 1½, 2 (capped); C: 0, ½, ½, 1, 2 (cap)
    assert sad == [4, 2, 2, 3, 4, 0, 1, 1, 2, 4]
    assert virtual_half_points("sad", 1000, 2000, 1600, 5, 9, 9) == 4  # 2p >= N: 2 points
    assert virtual_half_points("sad", 2100, 2000, 1600, 8, 9, 0) == 0  # only while r <= N - 2
    assert virtual_half_points("standard", 2100, 2000, 1600, 1, 9, 0) == 0
    assert (applies("sad", 7, 9), applies("haley", 3, 9)) == (True, False)


# -- handicap (docs/screens.md §12) ---------------------------------------------------------------------------

def test_handicap_spec_example() -> None:
    t = Tournament(id=1, uniq_id="h", name="H", time_control_initial_time=300, time_control_increment=2,
                   time_control_handicap_penalty_step=50, time_control_handicap_penalty_value=30,
                   time_control_handicap_min_time=60)
    h = handicap_times(t, 1830, 1600)
    assert h is not None and (h.white, h.black, h.reduced) == (180, 300, "white")
    assert (h.label("white"), h.label("black")) == ("3' + 2\"/move", "5' + 2\"/move")
    floor = handicap_times(t, 1600, 2080)
    assert floor is not None and (floor.white, floor.black, floor.reduced) == (300, 60, "black")
    even = handicap_times(t, 1600, 1600)
    assert even is not None and (even.white, even.black, even.reduced) == (300, 300, None)
    assert handicap_times(Tournament(id=2, uniq_id="n", name="N", time_control_initial_time=300), 1, 2) is None
    assert format_time(90, 0) == "1'30\""


# -- check-in (docs/screens.md §10) ---------------------------------------------------------------------------

def test_checkin_meaning_for_round_one() -> None:
    ps = [player(1), player(2), player(3)]
    assert absent_for_round_one(ps) == set()
    ps[1] = replace(ps[1], checked_in=True)
    assert absent_for_round_one(ps) == {1, 3}
    assert is_open(None) and not is_open(1)


def test_bye_kinds_are_known() -> None:
    assert {k.value for k in ByeKind} == {"U", "F", "H", "Z"}
