"""Issue 24, item 1: the initial ranking (FIDE C.04.2): rating, then FIDE title order, then name."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournament.models import Player
from tournament.seeding import TITLE_ORDER, initial_ranking, renumbering


def player(pid: int, number: int, last: str, rating: int | None = None, title: str | None = None,
           first: str = "", rating_type: str | None = None, national: int | None = None) -> Player:
    return Player(id=pid, tournament_id=1, pairing_number=number, last_name=last, first_name=first, title=title,
                  fide_rating=rating, national_rating=national, rating_type=rating_type)


def test_rating_then_title_then_name() -> None:
    entered = [player(1, 1, "Zidane", 1500), player(2, 2, "Adams", 2290, "FM"), player(3, 3, "Martin", 2290, "IM"),
               player(4, 4, "Ödegaard", 2100), player(5, 5, "Durand"), player(6, 6, "Berger", 2100),
               player(7, 7, "Martin", 2290, "WGM"), player(8, 8, "Aubert", 2290, "FM", first="Zoé"),
               player(9, 9, "Aubert", 2290, "FM", first="Anne")]
    ranked = [(p.last_name, p.first_name) for p in initial_ranking(entered)]
    assert ranked == [("Martin", ""), ("Martin", ""), ("Adams", ""), ("Aubert", "Anne"), ("Aubert", "Zoé"),
                      ("Berger", ""), ("Ödegaard", ""), ("Zidane", ""), ("Durand", "")]
    assert [p.title for p in initial_ranking(entered)][:2] == ["IM", "WGM"]  # IM before WGM at equal rating


def test_the_fm_rated_2290_entered_last_gets_number_one() -> None:
    """The case seen in a hall: an FM rated 2290 entered 40th was number 40 and got the round-1 bye."""
    entered = [player(i, i, f"Player{i:02d}", 1200 + i) for i in range(1, 40)] + [player(40, 40, "Strong", 2290, "FM")]
    numbers = renumbering(entered)
    assert numbers[40] == 1
    assert numbers[39] == 2 and numbers[1] == 40


def test_national_ratings_count_when_the_player_plays_on_them() -> None:
    ranked = initial_ranking([player(1, 1, "Fide", 1800), player(2, 2, "National", None, rating_type="N",
                                                                         national=1900)])
    assert [p.last_name for p in ranked] == ["National", "Fide"]


@given(st.lists(st.tuples(st.integers(0, 2800), st.sampled_from([None, *TITLE_ORDER]), st.text("abcAB", max_size=4)),
                max_size=30))
def test_renumbering_gives_one_number_each_in_order(rows: list[tuple[int, str | None, str]]) -> None:
    players = [player(i + 1, i + 1, name or "x", rating or None, title) for i, (rating, title, name) in enumerate(rows)]
    numbers = {p.id: p.pairing_number for p in players} | renumbering(players)
    assert sorted(numbers.values()) == list(range(1, len(players) + 1))
    by_number = sorted(players, key=lambda p: numbers[p.id])
    ratings = [p.rating for p in by_number]
    assert ratings == sorted(ratings, reverse=True)
