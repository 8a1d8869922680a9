"""The language of a request: ?lang= (remembered in a cookie) > cookie > event default > Accept-Language >
server default (`serve --lang`) > English; htmx fragments and rotator turns follow the same rule."""

from __future__ import annotations

import argparse
import re
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import Settings
from app.views.labels import english_names, journal_english, journal_text, report_english, report_text
from cli import main as cli_main
from cli import serve as cli_serve
from database.imports import SyncReport
from database.migrations import LATEST, MIGRATIONS, sql_of
from database.store import EventStore
from i18n import CATALOGS, translator
from tests.support.clients import post as post_form
from tests.support.clients import prime_csrf
from tests.support.events import EVENT, make_event
from web.app import create_app
from web.language import COOKIE
from web.state import app_state

HX = {"HX-Request": "true"}


def page_language(html: str) -> str:
    found = re.search(r'<html lang="(\w+)"', html)
    assert found, html[:200]
    return found.group(1)


async def demo(client: AsyncTestClient[Litestar]) -> EventStore:
    store: EventStore = await app_state(client.app).registry.get("demo")
    return store


@pytest.fixture
async def fr_server(events_dir: Path, tmp_path: Path) -> AsyncIterator[AsyncTestClient[Litestar]]:
    """The demo on a server started with `--lang fr`."""
    app = create_app(Settings(events_dir=events_dir, custom_dir=tmp_path / "custom", create_demo=True, language="fr"))
    async with AsyncTestClient(app=app) as client:
        await prime_csrf(client)
        yield client


async def test_english_without_any_choice(demo_client: AsyncTestClient[Litestar]) -> None:
    response = await demo_client.get("/event/demo")
    assert page_language(response.text) == "en" and "Tournaments" in response.text
    assert COOKIE not in response.cookies


async def test_choosing_french_is_remembered_everywhere(demo_client: AsyncTestClient[Litestar]) -> None:
    chosen = await demo_client.get("/event/demo?lang=fr")
    assert page_language(chosen.text) == "fr" and "Tournois" in chosen.text
    set_cookie = chosen.headers.get("set-cookie", "")
    assert "lang=fr" in set_cookie and "Path=/" in set_cookie and "Max-Age=" in set_cookie
    # no ?lang= any more: the cookie speaks, on pages of other events and paths
    for url in ("/", "/event/demo", "/screen/demo/boards-a", "/standings/demo/open-a"):
        response = await demo_client.get(url)
        assert response.status_code == 200, url
        assert page_language(response.text) == "fr", url
    # and back to English the same way
    back = await demo_client.get("/?lang=en")
    assert "lang=en" in back.headers.get("set-cookie", "")
    assert page_language((await demo_client.get("/event/demo")).text) == "en"


async def test_the_cookie_is_set_only_when_the_choice_changes(demo_client: AsyncTestClient[Litestar]) -> None:
    first = await demo_client.get("/?lang=fr")
    assert "lang=fr" in first.headers.get("set-cookie", "")
    again = await demo_client.get("/?lang=fr")
    assert "lang=" not in again.headers.get("set-cookie", "")


async def test_an_unknown_language_is_ignored(demo_client: AsyncTestClient[Litestar]) -> None:
    response = await demo_client.get("/event/demo?lang=xx")
    assert response.status_code == 200 and page_language(response.text) == "en"
    assert "lang=" not in response.headers.get("set-cookie", "")
    demo_client.cookies.set(COOKIE, "klingon")
    assert page_language((await demo_client.get("/event/demo")).text) == "en"


async def test_the_browser_language_is_honoured(demo_client: AsyncTestClient[Litestar]) -> None:
    french_browser = {"Accept-Language": "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7"}
    response = await demo_client.get("/event/demo", headers=french_browser)
    assert page_language(response.text) == "fr"
    german_then_french = {"Accept-Language": "de-DE,de;q=0.9,fr;q=0.5"}
    assert page_language((await demo_client.get("/", headers=german_then_french)).text) == "fr"
    english_first = {"Accept-Language": "en-GB,fr;q=0.5"}
    assert page_language((await demo_client.get("/", headers=english_first)).text) == "en"
    # a remembered choice beats the browser
    demo_client.cookies.set(COOKIE, "en")
    assert page_language((await demo_client.get("/event/demo", headers=french_browser)).text) == "en"


async def test_the_event_default_language(demo_client: AsyncTestClient[Litestar]) -> None:
    await (await demo(demo_client)).update_info(language="fr")
    english_browser = {"Accept-Language": "en-US,en;q=0.9"}
    for url in ("/event/demo", "/screen/demo/input", "/rotator/demo/hall", "/crosstable/demo/open-a"):
        response = await demo_client.get(url, headers=english_browser)
        assert page_language(response.text) == "fr", url
    # pages of no event keep the browser's language
    assert page_language((await demo_client.get("/", headers=english_browser)).text) == "en"
    # the visitor's own choice beats the event's
    assert page_language((await demo_client.get("/event/demo?lang=en")).text) == "en"
    assert page_language((await demo_client.get("/event/demo")).text) == "en"  # remembered


async def test_the_server_default_language(fr_server: AsyncTestClient[Litestar]) -> None:
    assert page_language((await fr_server.get("/")).text) == "fr"
    assert page_language((await fr_server.get("/event/demo")).text) == "fr"
    # the browser beats the server, the event beats the browser
    english_browser = {"Accept-Language": "en"}
    assert page_language((await fr_server.get("/event/demo", headers=english_browser)).text) == "en"
    await (await demo(fr_server)).update_info(language="fr")
    assert page_language((await fr_server.get("/event/demo", headers=english_browser)).text) == "fr"


async def test_serve_takes_a_default_language(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[argparse.Namespace] = []
    monkeypatch.setattr(cli_serve, "serve", lambda args: seen.append(args) or 0)
    assert cli_main.main(["serve", "--lang", "fr"]) == 0
    assert cli_main.main(["serve"]) == 0
    assert [a.lang for a in seen] == ["fr", "en"]
    with pytest.raises(SystemExit):
        cli_main.main(["serve", "--lang", "de"])


async def test_htmx_fragments_follow_the_cookie(demo_client: AsyncTestClient[Litestar]) -> None:
    """The result dialog and the set fragments are fetched by htmx without ?lang=: the cookie decides."""
    store = await demo(demo_client)
    tournament = await store.tournament_by_uniq_id("open-a")
    game = next(g for g in await store.pairings(tournament.id, 3) if g.is_game and g.result is None)
    dialog_url = (f"/screen/demo/input/dialog?tid={tournament.id}&rnd=3&white={game.white_player_id}")
    english = await demo_client.get(dialog_url, headers=HX)
    assert english.status_code == 200 and "Cancel" in english.text
    demo_client.cookies.set(COOKIE, "fr")
    french = await demo_client.get(dialog_url, headers=HX)
    assert "Annuler" in french.text and "Cancel" not in french.text
    screen = await store.screen("boards-a")
    [s] = await store.screen_sets(screen.id)
    fragment = await demo_client.get(f"/screen/demo/boards-a/sets/{s.id}", headers=HX)
    assert "Blancs" in fragment.text


async def test_the_rotator_keeps_its_language_on_every_turn(demo_client: AsyncTestClient[Litestar]) -> None:
    demo_client.cookies.clear()
    url = "/rotator/demo/hall?lang=fr"
    for _turn in range(4):
        demo_client.cookies.clear()  # a TV that forgets cookies still turns in French
        response = await demo_client.get(url)
        assert page_language(response.text) == "fr"
        found = re.search(r'content="\d+; url=([^"]+)"', response.text)
        assert found, "no refresh to the next turn"
        url = found.group(1)
        assert url.endswith("?lang=fr")


async def test_errors_speak_the_remembered_language(demo_client: AsyncTestClient[Litestar]) -> None:
    demo_client.cookies.set(COOKIE, "fr")
    response = await demo_client.get("/screen/demo/no-such-screen")
    assert response.status_code == 404 and page_language(response.text) == "fr"
    missing = await demo_client.get("/no/such/page")
    assert missing.status_code == 404 and "Page introuvable." in missing.text


async def test_the_admin_sets_the_event_language(admin_client: AsyncTestClient[Litestar],
                                                 store: EventStore) -> None:
    page = await admin_client.get(f"/admin/events/{store.event_id}?lang=fr")
    assert 'name="language"' in page.text and "Langue par défaut" in page.text
    response = await post_form(admin_client, f"/admin/events/{store.event_id}", {
        "name": "Test event", "start": "2026-01-01", "stop": "2026-01-02", "language": "fr"})
    assert response.status_code == 303, response.text
    assert (await store.info()).language == "fr"
    bad = await post_form(admin_client, f"/admin/events/{store.event_id}", {
        "name": "Test event", "start": "2026-01-01", "stop": "2026-01-02", "language": "de"})
    assert bad.status_code == 422
    assert (await store.info()).language == "fr"  # unchanged


def test_every_name_of_a_code_has_french() -> None:
    """Screen types, systems, tie-breaks, journal words: every English name shown has a French entry."""
    french = CATALOGS["fr"]
    missing = sorted(text for text in english_names() | journal_english() if text not in french)
    assert not missing, missing


def test_journal_lines_are_translated() -> None:
    fr = translator("fr")
    assert journal_text("result corrected", fr) == "résultat corrigé"
    assert journal_text("round 3, board 11", fr) == "ronde 3, échiquier 11"
    assert journal_text("60 players, 91 pairings", fr) == "60 joueur·euses, 91 appariements"
    assert journal_text("screen input (10.0.0.7)", fr) == "écran input (10.0.0.7)"
    assert journal_text("in", fr) == "Pointé·e"
    assert journal_text("name, language", fr) == "Nom, Langue par défaut"
    assert journal_text("undo: result", fr) == "annulation\u202f: résultat"
    assert journal_text("DUPONT Jean", fr) == "DUPONT Jean"  # a name stays as it is


async def test_the_security_refusal_speaks_french(demo_client: AsyncTestClient[Litestar]) -> None:
    demo_client.cookies.set(COOKIE, "fr")
    refused = await demo_client.post("/screen/demo/input/result", data={"result": 3},
                                     headers={"X-CSRF-Token": "forged"})
    assert refused.status_code == 403
    assert "Cette page est périmée" in refused.text and "out of date" not in refused.text
    assert 'lang="fr"' in refused.text


async def test_a_2_6_file_gets_the_event_language_column(tmp_path: Path) -> None:
    """Migration 0004: an event file of 2.6.0 opens at the latest version with no default language, then keeps one."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        for _version, name in MIGRATIONS[:3]:
            db.executescript(sql_of(name))
        db.execute("INSERT INTO info (version, name, start, stop, last_update) VALUES ('2.6.0', 'Old', 0, 1, 0)")
    store = await EventStore.open(path)
    try:
        info = await store.info()
        assert info.version == LATEST and info.language is None
        await store.update_info(language="fr")
        assert (await store.info()).language == "fr"
    finally:
        await store.close()
    assert MIGRATIONS[3] == ("2.7.0", "0004_event_language.sql")


async def test_the_switch_keeps_the_page_and_its_filters(admin_client: AsyncTestClient[Litestar],
                                                         store: EventStore) -> None:
    page = await admin_client.get(f"/arbiter/{store.event_id}/journal?rnd=2&done=saved")
    links = re.findall(r'<a href="([^"]+)" hreflang="(\w+)"', page.text)
    assert (f"/arbiter/{store.event_id}/journal?rnd=2&amp;lang=fr", "fr") in links, links
    switched = await admin_client.get(f"/arbiter/{store.event_id}/journal?rnd=2&lang=fr")
    assert page_language(switched.text) == "fr"


def test_import_reports_are_translated() -> None:
    """The reports written in English by database/imports.py (SyncReport.text) read in French, line by line."""
    report = SyncReport(players_added=3, players_updated=1, rounds_added=[4, 5], results_added=7,
                        conflicts=["round 4, Ref 12 - Ref 7: Papi says 1-0, the event file says 0-1 (kept)."],
                        notes=["Players no longer in the Papi file were kept: Ref 3, 9."])
    french = report_text(report.text(), translator("fr"))
    assert french.splitlines() == [
        "joueur·euses ajouté·es\u202f: 3, mis·es à jour\u202f: 1\u202f; rondes ajoutées\u202f: 4, 5\u202f; "
        "résultats repris du fichier\u202f: 7.",
        "Conflit\u202f: ronde 4, Réf 12 - Réf 7\u202f: Papi indique 1-0, le fichier de l’évènement 0-1 (gardé).",
        "Les joueur·euses absent·es du fichier Papi ont été gardé·es\u202f: Réf 3, 9.",
    ]
    assert report_text(SyncReport(notes=["The ChessEvent data has not changed since the last import."]).text(),
                       translator("fr")).endswith("Les données ChessEvent n’ont pas changé depuis le dernier import.")
    assert not {key for key in report_english() if key not in CATALOGS["fr"]}


async def test_an_upload_reports_in_french(admin_client: AsyncTestClient[Litestar]) -> None:
    store, _tid = await make_event(app_state(admin_client.app).registry)
    exported = await admin_client.get(f"/export/{EVENT}/t")
    assert exported.status_code == 200
    other = await store.add_tournament(uniq_id="copy", name="Copy")
    response = await admin_client.post(f"/admin/events/{EVENT}/tournaments/{other}/upload?lang=fr",
                                       files={"file": ("open.trf", exported.content)}, follow_redirects=False)
    assert response.status_code == 200, response.text[:500]
    assert re.search(r"Joueur·euses\u202f: 8, appariements\u202f: \d+\.", response.text), response.text
    assert "players," not in response.text
