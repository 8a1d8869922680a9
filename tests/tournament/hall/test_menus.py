"""Menu resolution and link labels (docs/screens.md §8, tournament/hall/menus.py)."""

from __future__ import annotations

from tournament.hall.menus import MenuEntry, default_label, resolve, tokens

ENTRIES = [
    MenuEntry(uniq_id="input-room-1", type="input", public=True),
    MenuEntry(uniq_id="input-room-2", type="input", public=False),
    MenuEntry(uniq_id="boards", type="boards", public=True),
    MenuEntry(uniq_id="no-link", type="boards", public=True, menu_link=False),
    MenuEntry(uniq_id="players", type="players", public=True),
    MenuEntry(uniq_id="results", type="results", public=True),
    MenuEntry(uniq_id="welcome", type="image", public=True),
    MenuEntry(uniq_id="room-1", type="boards", family="room", public=True),
    MenuEntry(uniq_id="room-2", type="boards", family="room", public=True),
]
BY_ID = {e.uniq_id: e for e in ENTRIES}


def ids(menu: str, current: str = "boards", admin: bool = False) -> list[str]:
    return [e.uniq_id for e in resolve(menu, ENTRIES, BY_ID[current], admin)[0]]


def test_type_tokens_cover_plain_and_generated_screens_in_order() -> None:
    assert ids("@boards") == ["boards", "room-1", "room-2"]
    assert ids("@results,@players") == ["results", "players"]


def test_duplicates_keep_their_first_place() -> None:
    assert ids("results, @boards, boards, @results") == ["results", "boards", "room-1", "room-2"]


def test_non_public_screens_only_for_admins() -> None:
    assert ids("@input") == ["input-room-1"]
    assert ids("@input", admin=True) == ["input-room-1", "input-room-2"]


def test_non_linkable_and_image_screens_never_appear_even_named() -> None:
    chosen, notices = resolve("no-link, welcome, @boards", ENTRIES, BY_ID["boards"], True)
    assert [e.uniq_id for e in chosen] == ["boards", "room-1", "room-2"]
    assert len(notices) == 2


def test_globs_and_unknown_items() -> None:
    assert ids("input-room-*", admin=True) == ["input-room-1", "input-room-2"]
    assert ids("room-[2]") == ["room-2"]
    chosen, notices = resolve("nothing-*, ghost", ENTRIES, BY_ID["boards"], False)
    assert chosen == [] and [n.args for n in notices] == [("nothing-*",), ("ghost",)]


def test_family_token_only_on_family_screens() -> None:
    assert ids("@family", current="room-2") == ["room-1", "room-2"]
    chosen, notices = resolve("@family", ENTRIES, BY_ID["boards"], False)
    assert chosen == [] and len(notices) == 1


def test_legacy_tokens_and_empty_menus() -> None:
    assert tokens("@view") == ["@boards", "@players", "@results"]
    assert tokens("@update") == ["@input"]
    assert ids("@none") == [] and ids("") == []
    assert ids("@view") == ["boards", "room-1", "room-2", "players", "results"]


def test_default_labels_table() -> None:
    assert default_label("boards", paired=True, ranged=False, several=False) == "By board"
    assert default_label("input", paired=True, ranged=True, several=False) == "Boards %f-%l"
    assert default_label("boards", paired=True, ranged=False, several=True) == "%t (by board)"
    assert default_label("boards", paired=True, ranged=True, several=True) == "%t [boards %f-%l]"
    assert default_label("players", paired=True, ranged=False, several=False) == "Alphabetical"
    assert default_label("boards", paired=False, ranged=True, several=False) == "%f-%l"  # before round 1
    assert default_label("players", paired=True, ranged=False, several=True) == "%t (alphabetical)"
    assert default_label("players", paired=True, ranged=True, several=True) == "%t [%f-%l]"
    assert default_label("results", paired=True, ranged=True, several=True) == "Latest results"
