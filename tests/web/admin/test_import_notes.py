"""What a TRF import leaves for the arbiter on the tournament's admin page and on the arbiter's desk: the reader's
warnings (line, column, plain explanation, in English and French), replaced by the next import; and, for a
tournament read from a team file that is not a team tournament, the notice that it is played as individual games."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from database.store import EventStore
from tests.support.clients import Client, new_event, post
from tests.support.files import FIXTURES
from tournament.formats.importing import trf_rows, trf_skipped, trf_tournament_values
from tournament.formats.trf import decode, parse_trf
from tournament.formats.trf_source import source_of
from tournament.teams.trf_import import team_event_from_trf

pytestmark = pytest.mark.asyncio(loop_scope="module")
ODDITIES = FIXTURES / "trf-oddities"
TEAM_NOTICE = "This tournament came from a team file; it is played as individual games."


def upload(name: str) -> dict[str, Any]:
    return {"file": (name, (ODDITIES / name).read_bytes(), "application/octet-stream")}


def warnings_table(text: str, tid: int) -> list[list[str]]:
    """The rows of the tournament's import warnings: [line, column, what was read, why it matters]."""
    block = re.search(rf'<details class="import-warnings" id="import-warnings-{tid}"[^>]*>(.*?)</details>', text, re.S)
    if block is None:
        return []
    body = block[1].split("<tbody>")[1]
    return [[html.unescape(c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


async def web_import(client: Client, store: EventStore, name: str, tournament: str = "Oddities") -> int:
    """The file loaded on the event's import page (/data/<event>/import); returns the tournament id."""
    response = await post(client, "/data/open/import", {"tournament": tournament}, files=upload(name))
    assert response.status_code == 200, response.text[:500]
    return next(t.id for t in await store.tournaments() if t.name == tournament)


async def pages(client: Client, tid: int, lang: str = "en") -> tuple[str, str]:
    """(the tournament's admin page, the arbiter's desk)."""
    admin = await client.get(f"/admin/events/open/tournaments/{tid}?lang={lang}")
    desk = await client.get(f"/arbiter/open/desk?lang={lang}")
    assert admin.status_code == desk.status_code == 200
    return admin.text, desk.text


async def test_the_warnings_are_shown_on_both_pages_and_replaced_by_the_next_import(admin_web: Client) -> None:
    store = await new_event(admin_web)
    tid = await web_import(admin_web, store, "titles-lower-case.trf")
    admin, desk = await pages(admin_web, tid)
    for text in (admin, desk):
        rows = warnings_table(text, tid)
        assert len(rows) == 6
        assert rows[1] == ["13", "11", "title g read as GM", "Titles are GM IM WGM FM WIM CM WFM WCM."]
        assert "6 warnings when the file titles-lower-case.trf was imported" in html.unescape(text)
        assert TEAM_NOTICE not in text
    admin, desk = await pages(admin_web, tid, "fr")
    for text in (admin, desk):
        assert warnings_table(text, tid)[1][:3] == ["13", "11", "titre g lu comme GM"]
        assert "6 avertissements à l’import du fichier titles-lower-case.trf" in html.unescape(text)
    # the same tournament loaded again from its page, from a clean file: the warnings go
    response = await post(admin_web, f"/admin/events/open/tournaments/{tid}/upload", files=upload("clean-trf16.trf"))
    assert response.status_code == 200, response.text[:500]
    admin, desk = await pages(admin_web, tid)
    assert warnings_table(admin, tid) == warnings_table(desk, tid) == []
    assert f'id="import-notes-{tid}"' not in admin + desk
    # and back to a file with warnings, replacing the tournament this time (after the confirmation)
    response = await post(admin_web, f"/admin/events/open/tournaments/{tid}/upload", {"replace": "1"},
                          files=upload("misc-fields.trf"))
    token = re.search(r'name="pending" value="([^"]+)"', response.text)
    assert token is not None, response.text[:500]
    response = await post(admin_web, f"/admin/events/open/tournaments/{tid}/upload", {"pending": token[1]})
    assert response.status_code == 200
    assert [row[:2] for row in warnings_table(response.text, tid)] == [["2", ""], ["15", "11"], ["18", "49"]]
    assert "rating 18x0 is not a number: the player is read as unrated" in html.unescape(response.text)


async def test_a_team_file_imports_as_a_team_tournament(admin_web: Client) -> None:
    """The import page sets up the file's teams and matches over its games, in the same transaction."""
    store = await new_event(admin_web)
    tid = await web_import(admin_web, store, "team-trf26-310.trf", "Team Cup")
    assert await store.teams.team_settings(tid) is not None
    assert [t.name for t in (await store.teams.load_team_event(tid)).teams] == ["Alpha", "Beta", "Gamma"]
    admin, desk = await pages(admin_web, tid)
    assert TEAM_NOTICE not in html.unescape(admin) + html.unescape(desk)


async def test_a_team_file_shows_its_notice_until_the_tournament_is_a_team_tournament(admin_web: Client) -> None:
    store = await new_event(admin_web)
    # a team file kept as individual games (its team records could not be made into matches)
    text = decode((ODDITIES / "team-trf26-310.trf").read_bytes())
    trf, errors = parse_trf(text)
    assert errors == []
    tid = await store.add_tournament(uniq_id="team-cup", name="Team Cup", **trf_tournament_values(trf))
    players, pairings = trf_rows(trf)
    await store.imports.replace_tournament(tid, trf_tournament_values(trf), players, pairings, trf_skipped(trf),
                                           "trf import", source=source_of(trf, text, "team-trf26-310.trf"))
    admin, desk = await pages(admin_web, tid)
    assert TEAM_NOTICE in html.unescape(admin) and TEAM_NOTICE in html.unescape(desk)
    assert warnings_table(admin, tid) == []  # the file reads without warning
    admin, desk = await pages(admin_web, tid, "fr")
    notice = "Ce tournoi vient d’un fichier par équipes\u202f; il se joue en parties individuelles."
    assert notice in html.unescape(desk)
    # an individual file in the same event gets no notice
    other = await web_import(admin_web, store, "clean-trf26.trf", "Open A")
    admin, desk = await pages(admin_web, other)
    assert f'id="team-file-notice-{other}"' not in admin + desk and f'id="team-file-notice-{tid}"' in desk
    # once the teams are set up from the file (as the import pages and `echiquier import-trf` do), the notice goes
    await store.teams.import_team_event(tid, team_event_from_trf(trf), what="team import", keep_games=True)
    admin, desk = await pages(admin_web, tid)
    assert TEAM_NOTICE not in html.unescape(admin) and TEAM_NOTICE not in html.unescape(desk)


async def test_an_export_from_the_pages_writes_back_the_records_read(admin_web: Client) -> None:
    """The desk's and the admin's TRF download: the records the event file has no column for come back."""
    store = await new_event(admin_web)
    tid = await web_import(admin_web, store, "team-trf26-310.trf", "Team Cup")
    uniq = (await store.tournament(tid)).uniq_id
    for url in (f"/arbiter/open/export/{tid}", f"/export/open/{uniq}"):
        response = await admin_web.get(url)
        assert response.status_code == 200
        trf, errors = parse_trf(response.text)
        assert errors == [] and [t.name for t in trf.teams] == ["Alpha", "Beta", "Gamma"]
        assert [r.text for r in trf.lines("320")] == ["320  2.0  2.0   3   2"]
        assert trf.header("192") == "FIDE_TEAM_BAKU"
