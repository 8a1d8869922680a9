"""Admin pages of team tournaments over HTTP: make a tournament a team tournament (size, scoring preset or
custom points, line-up rules), add / edit / delete teams, members in board order chosen among the players or
added as new players. Every refusal names the field and changes nothing; the line-up entry still works."""

from __future__ import annotations

from decimal import Decimal

import pytest

from app.pairing.team_round import pair_team_round
from database.store import EventStore
from tests.support.clients import Client, as_visitor, expect_error, field_error, new_event, post
from tournament.config_rules import NOT_CHOICE, REQUIRED, TOO_BIG
from tournament.teams import rules, tie_breaks
from tournament.teams.standings import INDIVIDUAL_ONLY

pytestmark = pytest.mark.asyncio(loop_scope="module")
EVENT = "open"
CUSTOM = {"match_win": "3", "match_draw": "1,5", "match_loss": "0", "match_forfeit_loss": "0", "match_pab": "3",
          "game_win": "1", "game_draw": "0.5", "game_loss": "0"}


async def tournament(client: Client, players: int = 10) -> tuple[EventStore, int, str]:
    store = await new_event(client, EVENT)
    tid = await store.add_tournament(uniq_id="ic", name="Interclubs", rounds=3)
    await store.fill_tournament(tid, [{"pairing_number": n, "last_name": f"Player{n:02d}", "first_name": "Test"}
                                      for n in range(1, players + 1)], [])
    return store, tid, f"/admin/events/{EVENT}/tournaments/{tid}/teams"


async def make_team(client: Client, base: str, size: str = "4", **extra: str) -> None:
    answer = await post(client, f"{base}/settings", {"team_size": size, "scoring": "fide", "keep_order": "1",
                                                     "allow_empty_boards": "1", **extra})
    assert answer.status_code == 303, answer.text[:300]


async def test_make_a_team_tournament(admin_web: Client) -> None:
    store, tid, base = await tournament(admin_web)
    page = await admin_web.get(base)
    assert page.status_code == 200 and 'id="individual"' in page.text and 'id="new-team"' not in page.text
    link = await admin_web.get(f"/admin/events/{EVENT}/tournaments/{tid}")
    assert f'href="{base}"' in link.text
    expect_error(await post(admin_web, f"{base}/settings", {"team_size": "30", "scoring": "fide"}),
                 "team_size", TOO_BIG, 20)
    expect_error(await post(admin_web, f"{base}/settings", {"team_size": "4", "scoring": "olympic"}),
                 "scoring", NOT_CHOICE)
    bad = await post(admin_web, f"{base}/settings", {"team_size": "4", "scoring": "custom", **CUSTOM,
                                                     "match_draw": "4"})
    expect_error(bad, "match_draw", rules.MATCH_ORDER)
    expect_error(await post(admin_web, f"{base}/settings", {"team_size": "4", "scoring": "custom", **CUSTOM,
                                                            "game_win": "lots"}), "game_win", rules.NOT_POINTS)
    for odd in ("", "nan", "Infinity"):  # empty, and what Decimal reads but is no number of points
        expect_error(await post(admin_web, f"{base}/settings", {"team_size": "4", "scoring": "custom", **CUSTOM,
                                                                "game_draw": odd}), "game_draw", rules.NOT_POINTS)
    assert await store.teams.team_settings(tid) is None  # nothing was saved
    await make_team(admin_web, base, "6", scoring="ffe")
    size, scoring, lineup = (await store.teams.team_settings(tid)) or (0, None, None)
    assert size == 6 and scoring is not None and scoring.match_win == 3 and lineup is not None and lineup.keep_order
    answer = await post(admin_web, f"{base}/settings", {"team_size": "5", "scoring": "custom", **CUSTOM,
                                                        "board_count": "1"})
    assert answer.status_code == 303
    size, scoring, lineup = (await store.teams.team_settings(tid)) or (0, None, None)
    assert size == 5 and scoring is not None and lineup is not None
    assert (scoring.match_win, scoring.match_draw, scoring.board_count) == (3, Decimal("1.5"), True)
    assert not lineup.keep_order and not lineup.allow_empty_boards  # the boxes were not ticked
    page = await admin_web.get(base)
    assert 'value="custom" selected' in page.text and 'value="1.5"' in page.text
    with as_visitor(admin_web):
        assert (await post(admin_web, f"{base}/settings", {"team_size": "2", "scoring": "fide"})).status_code == 403
    assert (await store.teams.team_settings(tid) or (0,))[0] == 5


async def test_add_edit_and_delete_teams(admin_web: Client) -> None:
    store, tid, base = await tournament(admin_web)
    refused = await post(admin_web, base, {"name": "Cavaliers"})
    assert refused.status_code == 404  # not a team tournament yet: no team
    await make_team(admin_web, base)
    expect_error(await post(admin_web, base, {"name": ""}), "team-name", REQUIRED)
    expect_error(await post(admin_web, base, {"name": "Rois", "federation": "F1"}), "team-federation",
                 rules.BAD_FEDERATION)
    created = await post(admin_web, base, {"name": "Cavaliers", "short_name": "CAV", "club": "Club A",
                                           "federation": "fra"})
    assert created.status_code == 303
    [cav] = (await store.teams.load_team_event(tid)).teams
    assert created.headers["location"] == f"{base}/{cav.id}?done=created"
    assert (cav.number, cav.short_name, cav.club, cav.federation) == (1, "CAV", "Club A", "FRA")
    expect_error(await post(admin_web, base, {"name": "Cavaliers"}), "team-name", rules.TEAM_TAKEN)
    assert (await post(admin_web, base, {"name": "Fous"})).status_code == 303
    cav, fous = (await store.teams.load_team_event(tid)).teams
    page = await admin_web.get(f"{base}/{cav.id}")
    assert page.status_code == 200 and 'name="board_7"' in page.text and "PLAYER10" in page.text

    members = {"name": "Cavaliers", "board_1": "3", "board_2": "1", "board_3": "", "board_4": "2", "board_5": "4"}
    assert (await post(admin_web, f"{base}/{cav.id}", members)).status_code == 303
    ev = await store.teams.load_team_event(tid)
    assert ev.teams[0].members == (3, 1, 2, 4) and ev.teams[0].short_name == ""  # emptied, as sent
    expect_error(await post(admin_web, f"{base}/{fous.id}", {"name": "Fous", "board_1": "5", "board_2": "3"}),
                 "board_2", rules.IN_OTHER_TEAM, "Cavaliers")
    expect_error(await post(admin_web, f"{base}/{fous.id}", {"name": "Fous", "board_1": "5", "board_2": "5"}),
                 "board_2", rules.TWICE, 1)
    expect_error(await post(admin_web, f"{base}/{fous.id}", {"name": "Fous", "board_1": "99"}), "board_1",
                 NOT_CHOICE)
    expect_error(await post(admin_web, f"{base}/{fous.id}", {"name": "Cavaliers", "board_1": "5"}), "name",
                 rules.TEAM_TAKEN)
    assert (await store.teams.load_team_event(tid)).teams[1].members == ()  # nothing changed
    assert (await post(admin_web, f"{base}/{fous.id}", {"name": "Les Fous", "board_1": "5", "board_2": "6",
                                                        "board_3": "7", "board_4": "8"})).status_code == 303

    expect_error(await post(admin_web, f"{base}/{fous.id}/player", {"last_name": "", "rating": "1500"}),
                 "player-last_name", REQUIRED)
    before = len(await store.players(tid))
    added = await post(admin_web, f"{base}/{fous.id}/player", {"last_name": "Nouveau", "first_name": "Ned",
                                                               "rating": "1850", "federation": "BEL"})
    assert added.status_code == 303
    players = await store.players(tid)
    assert len(players) == before + 1 and players[-1].last_name == "Nouveau" and players[-1].fide_rating == 1850
    ev = await store.teams.load_team_event(tid)
    assert ev.teams[1].name == "Les Fous" and ev.teams[1].members == (5, 6, 7, 8, players[-1].pairing_number)
    listing = await admin_web.get(base)
    assert "Les Fous" in listing.text and "NOUVEAU" in listing.text

    # a team with a match cannot be deleted; one without can, and the next teams move up a number
    assert (await post(admin_web, base, {"name": "Tours"})).status_code == 303
    tours = (await store.teams.load_team_event(tid)).teams[2]
    await store.teams.add_match(tid, 1, 1, 2)
    refused = await post(admin_web, f"{base}/{cav.id}/delete")
    assert refused.status_code == 409 and "already has matches" in refused.text
    assert 'id="team-played"' in (await admin_web.get(f"{base}/{cav.id}")).text
    assert (await post(admin_web, f"{base}/{tours.id}/delete")).status_code == 303
    assert [t.name for t in (await store.teams.load_team_event(tid)).teams] == ["Cavaliers", "Les Fous"]
    # the team size is fixed once matches are paired
    expect_error(await post(admin_web, f"{base}/settings", {"team_size": "6", "scoring": "fide"}), "team_size",
                 rules.SIZE_FIXED, 4)


async def test_team_size_free_after_delete_and_back_to_individual(admin_web: Client) -> None:
    store, tid, base = await tournament(admin_web, players=4)
    await make_team(admin_web, base)
    assert (await post(admin_web, base, {"name": "Solo"})).status_code == 303
    refused = await post(admin_web, f"{base}/individual")
    assert refused.status_code == 409 and await store.teams.is_team_tournament(tid)
    [solo] = (await store.teams.load_team_event(tid)).teams
    assert (await post(admin_web, f"{base}/{solo.id}/delete")).status_code == 303
    assert (await post(admin_web, f"{base}/individual")).status_code == 303
    assert not await store.teams.is_team_tournament(tid)
    assert (await admin_web.get(f"{base}/{solo.id}")).status_code == 404


async def test_french_admin_pages(admin_web: Client) -> None:
    _store, _tid, base = await tournament(admin_web)
    await make_team(admin_web, base)
    page = await admin_web.get(f"{base}?lang=fr")
    assert page.status_code == 200
    assert "Échiquiers par équipe" in page.text and "Ajouter une équipe" in page.text
    bad = await post(admin_web, f"{base}?lang=fr", {"name": "X", "federation": "1"})
    assert field_error(bad, "team-federation") == "Une fédération est un code de 2 ou 3 lettres (FRA, GER…)."


async def test_teams_set_up_in_the_admin_then_a_line_up_entered(admin_web: Client) -> None:
    """The line-up entry of the team pages works on teams made in the admin pages (board order checked)."""
    store, tid, base = await tournament(admin_web, players=8)
    await make_team(admin_web, base, "3")
    for name, first in (("Rois", 1), ("Dames", 5)):
        assert (await post(admin_web, base, {"name": name})).status_code == 303
        team = (await store.teams.load_team_event(tid)).teams[-1]
        members = {"name": name, **{f"board_{k}": str(first + k - 1) for k in range(1, 5)}}
        assert (await post(admin_web, f"{base}/{team.id}", members)).status_code == 303
    await pair_team_round(store, tid, 1)
    mid = (await store.teams.load_team_event(tid)).matches[0].id
    hx = {"HX-Request": "true"}
    swapped = await admin_web.post(f"/teams/{EVENT}/ic/lineup?lang=en", headers=hx,
                                   data={"match_id": str(mid), "side": "A", "players": "2 1 3"})
    assert swapped.status_code == 422 and "declared board order" in swapped.text
    ok = await admin_web.post(f"/teams/{EVENT}/ic/lineup?lang=en", headers=hx,
                              data={"match_id": str(mid), "side": "A", "players": "1 3 4"})
    assert ok.status_code == 200 and "PLAYER04" in ok.text.upper()
    m = (await store.teams.load_team_event(tid)).matches[0]
    assert [g.a_player for g in m.boards] == [1, 3, 4]


async def test_team_tie_breaks_are_picked_from_the_team_list(admin_web: Client) -> None:
    """The team settings offer the team tie-breaks in lists (FIDE order, FFE interclub order or chosen); a
    tie-break of players is refused there and in the tournament's own form, and nothing changes."""
    store, tid, base = await tournament(admin_web)
    await make_team(admin_web, base, tie_break_order="ffe")
    assert (await store.tournament(tid)).tie_breaks == tie_breaks.ORDERS["ffe"]
    page = await admin_web.get(base)
    assert 'value="ffe" selected' in page.text and 'name="tie_break_1"' in page.text
    assert 'value="ARO"' not in page.text and 'value="GPD"' in page.text
    before = (await store.tournament(tid)).tie_breaks
    answer = await post(admin_web, f"{base}/settings", {"team_size": "4", "scoring": "fide",
                                                        "tie_break_order": "chosen", "tie_break_1": "BH",
                                                        "tie_break_2": "TPR"})
    expect_error(answer, "tie_break_2", INDIVIDUAL_ONLY, "TPR")
    expect_error(await post(admin_web, f"{base}/settings", {"team_size": "4", "scoring": "fide",
                                                            "tie_break_order": "chosen"}),
                 "tie_break_1", tie_breaks.NONE_CHOSEN)
    assert (await store.tournament(tid)).tie_breaks == before
    await make_team(admin_web, base, tie_break_order="chosen", tie_break_1="DE", tie_break_2="SB",
                    tie_break_3="MPVGP")
    assert (await store.tournament(tid)).tie_breaks == "DE,SB,MPVGP"
    tournament_form = f"/admin/events/{EVENT}/tournaments/{tid}"
    shown = await admin_web.get(tournament_form)  # its tie-break lists are the team ones too
    assert 'value="GPD"' in shown.text and 'value="ARO"' not in shown.text
    refused = await post(admin_web, tournament_form, {"uniq_id": "ic", "name": "Interclubs",
                                                      "tie_breaks": "BH,ARO/C1"})
    expect_error(refused, "tie_breaks", INDIVIDUAL_ONLY, "ARO/C1")
    assert (await store.tournament(tid)).tie_breaks == "DE,SB,MPVGP"
    standings = await admin_web.get(f"/api/standings/{EVENT}/ic?tiebreaks=BH,TPR")
    assert standings.status_code == 400 and "TPR" in standings.text
