"""FIDE's rating list over HTTP: uploaded on /admin/ratings (TXT and XML, zipped or not), a malformed one refused with
its message and the list in use kept, then the player forms' suggestions (htmx fragment, and the page without script)
and the record filled from the list, on the admin's and on the desk's forms."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tests.support.clients import Client, new_event, post
from tests.support.rating_lists import player, rating_list

pytestmark = pytest.mark.asyncio(loop_scope="module")
BASE = "/admin/events/open/tournaments"


def upload(data: bytes, name: str) -> dict[str, Any]:
    return {"file": (name, data, "application/octet-stream")}


def suggested(text: str) -> list[int]:
    """The FIDE ids a suggestions fragment (or page) offers, in order."""
    return [int(i) for i in re.findall(r'data-fide-id="(\d+)"', text)]


async def tournament(client: Client, kind: str = "standard") -> int:
    store = await new_event(client)
    response = await post(client, BASE, {"uniq_id": "a", "name": "Open A", "rounds": "7", "rating_kind": kind})
    assert response.status_code == 303, response.text
    [t] = await store.tournaments()
    return t.id


async def test_without_a_list_the_admin_is_shown_where_to_import(admin_web: Client) -> None:
    """The first test of the module: its events folder has no list yet."""
    tid = await tournament(admin_web)
    page = (await admin_web.get(f"{BASE}/{tid}/players")).text
    assert 'id="no-rating-list"' in page and 'href="/admin/ratings"' in page and 'id="rating-lookup"' not in page
    assert "No rating list yet" in (await admin_web.get("/admin/ratings")).text


@pytest.mark.parametrize(("form", "zipped"), [("txt", False), ("txt", True), ("xml", False), ("xml", True)])
async def test_upload_shows_the_list(admin_web: Client, form: str, zipped: bool) -> None:
    data = rating_list(40, form, zipped=zipped)
    name = f"players_list_foa.{'zip' if zipped else form}"
    response = await post(admin_web, "/admin/ratings", files=upload(data, name))
    assert response.status_code == 303 and response.headers["location"] == "/admin/ratings?done=imported"
    page = html.unescape((await admin_web.get("/admin/ratings?lang=fr")).text)
    info = re.search(r'id="rating-list-info">(.*?)</p>', page, re.S)
    assert info is not None
    assert f"{name}, 40 joueur·euses" in info[1]
    assert ("liste du 1 novembre 2026" in info[1]) == zipped  # the zip entry's date


async def test_malformed_list_changes_nothing(admin_web: Client) -> None:
    await post(admin_web, "/admin/ratings", files=upload(rating_list(12, "txt"), "players_list_foa.txt"))
    good = rating_list(30, "txt").decode()
    lines = good.splitlines(keepends=True)
    lines[20] = "12x45          " + lines[20][15:]  # line 21: not an id
    response = await post(admin_web, "/admin/ratings?lang=fr", files=upload("".join(lines).encode(), "list.txt"))
    assert response.status_code == 422
    message = re.search(r'id="error-file">(.*?)</small>', html.unescape(response.text), re.S)
    assert message is not None and message[1] == ("Ligne 21\u202f: le code FIDE «\u202f12x45\u202f» n’est pas un "
                                                  "nombre. Rien n’a été importé.")
    assert "list.txt" in html.unescape(response.text)  # the file named, to be chosen again
    page = (await admin_web.get("/admin/ratings?lang=en")).text
    assert "players_list_foa.txt, 12 players" in html.unescape(page)  # the list before, whole
    nothing = await post(admin_web, "/admin/ratings", files={"other": ("", b"", "text/plain")})
    assert nothing.status_code == 422 and "Choose a file first." in nothing.text
    for bad in (b"hello\n", b"PK\x03\x04 not a zip", b"<playerslist><player><fideid>1</fideid>"):
        response = await post(admin_web, "/admin/ratings", files=upload(bad, "bad.zip"))
        assert response.status_code == 422, bad
    assert "players_list_foa.txt, 12 players" in html.unescape((await admin_web.get("/admin/ratings")).text)


async def test_suggestions_fill_the_new_player(admin_web: Client) -> None:
    await post(admin_web, "/admin/ratings", files=upload(rating_list(60, "xml", zipped=True), "players.zip"))
    tid = await tournament(admin_web, "rapid")
    players = f"{BASE}/{tid}/players"
    zoe = player(3)  # Øster, Ivan: an accented name
    fragment = await admin_web.get(f"{players}/lookup", params={"lookup": "oster"}, headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert suggested(fragment.text) == [player(i).fide_id for i in (3, 13, 23, 33, 43, 53)]
    by_name = await admin_web.get(f"{players}/lookup", params={"last_name": "ØSTER"})
    assert suggested(by_name.text)[0] == zoe.fide_id  # typed in the name field, case and accents ignored
    by_id = await admin_web.get(f"{players}/lookup", params={"fide_id": str(zoe.fide_id)})
    assert suggested(by_id.text) == [zoe.fide_id]
    none = await admin_web.get(f"{players}/lookup", params={"lookup": "zzz", "lang": "fr"})
    assert suggested(none.text) == [] and "Aucun joueur de la liste FIDE" in html.unescape(none.text)
    filled = await admin_web.get(f"{players}/fill/{zoe.fide_id}", params={"club": "Échiquier Nancéien",
                                                                          "last_name": "typed"})
    fields = dict(re.findall(r'name="(\w+)" id="f-\w+" value="([^"]*)"', html.unescape(filled.text)))
    assert (fields["last_name"], fields["first_name"], fields["fide_id"], fields["federation"]) == (
        "Øster", "Ivan", str(zoe.fide_id), "NOR")
    assert (fields["rapid_rating"], fields["blitz_rating"], fields["birth_date"], fields["club"]) == (
        str(zoe.rapid), str(zoe.blitz), str(zoe.birth_year), "Échiquier Nancéien")  # what was typed stays
    assert 'id="rating-suggestions"' in filled.text and 'hx-get="' + f"{players}/lookup" in filled.text  # again
    assert re.search(r'<option value="CM" selected', filled.text) and re.search(r'<option value="F" selected',
                                                                                  filled.text)
    # without script: the page proposes, a link fills the form
    page = await admin_web.get(players, params={"lookup": str(zoe.fide_id)[:5]})
    assert zoe.fide_id in suggested(page.text) and f'href="{players}?fill={zoe.fide_id}"' in page.text
    page = await admin_web.get(players, params={"fill": str(zoe.fide_id)})
    assert f'value="{zoe.fide_id}"' in page.text and 'value="Øster"' in page.text


async def test_the_desk_looks_up_and_edits(admin_web: Client) -> None:
    await post(admin_web, "/admin/ratings", files=upload(rating_list(20, "txt"), "players_list_foa.txt"))
    tid = await tournament(admin_web)
    response = await post(admin_web, f"{BASE}/{tid}/players", {"last_name": "Dupont"})
    assert response.status_code == 303
    found = await admin_web.get(f"/arbiter/open/players/{tid}/lookup", params={"lookup": "dupont"})
    assert suggested(found.text) == [player(2).fide_id, player(12).fide_id]
    [pid] = re.findall(rf'href="{BASE}/{tid}/players/(\d+)"', (await admin_web.get(f"{BASE}/{tid}/players")).text)
    looked = await admin_web.get(f"/arbiter/open/players/{tid}/{pid}", params={"lookup": "Dupont"})
    assert f'href="/arbiter/open/players/{tid}/{pid}?fill={player(2).fide_id}"' in looked.text  # this player's page
    page = await admin_web.get(f"/arbiter/open/players/{tid}/{pid}", params={"fill": str(player(2).fide_id)})
    fields = dict(re.findall(r'name="(\w+)" id="f-\w+" value="([^"]*)"', html.unescape(page.text)))
    assert (fields["first_name"], fields["standard_rating"]) == (player(2).first, str(player(2).standard))


async def test_an_unknown_id_fills_nothing(admin_web: Client) -> None:
    await post(admin_web, "/admin/ratings", files=upload(rating_list(20, "txt"), "players_list_foa.txt"))
    tid = await tournament(admin_web)
    fragment = await admin_web.get(f"{BASE}/{tid}/players/lookup", params={"lookup": "987654321"})
    assert fragment.status_code == 200 and suggested(fragment.text) == []
    fill = await admin_web.get(f"{BASE}/{tid}/players/fill/999999999")
    assert fill.status_code == 200 and 'value=""' in fill.text
