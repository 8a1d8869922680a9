"""The French walk: every GET route and every template of the demo event, rendered in French, shows no English.

A crawler starts from the home page, the event page, the admin and the arbiter pages, and follows every
link and htmx URL (`href`, `hx-get`) of the demo event as the server administrator with the `lang=fr`
cookie; a few POSTs add the pages only a form reaches (result entered, refusals, field errors). From each
response it keeps what a person sees or hears: the text nodes, and the attributes `title`, `placeholder`,
`aria-label`, `alt`, `label`, `hx-confirm`, `data-online`/`data-offline`, the `value` of buttons and the
question of `confirm(…)`. A word of the English vocabulary (every word of the catalogs' English keys, of
the templates' own text and of a list of common words) that is not a word of the French catalog is a
leak, unless it is a proper name of the demo (players, clubs, event, tournaments, screens) or a code.

The walk must also reach every GET route of the app and every template file, so a new page cannot hide
from it (the lists of exceptions below say why each is left out).
"""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import AsyncIterator, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jinja2
import pytest
from jinja2 import nodes
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.publication import organiser
from app.publication.site import build_site
from app.ratings import import_list
from app.settings import Settings
from database.store import EventStore
from i18n import CATALOGS, po_path, read_catalog
from tests.support.clients import LOCAL_URL, prime_csrf
from tests.support.files import ROOT
from tests.support.papi import link_for_the_walk
from tests.support.rating_lists import rating_list
from tests.support.teams import walk_team_tournament
from tournament.demo import demo_tournament, store_rows
from web.app import create_app
from web.auth import hash_password
from web.language import COOKIE
from web.state import app_state

HX = {"HX-Request": "true"}

#: GET routes that answer no HTML page (data, live stream, files) and are not walked.
NOT_HTML = {"/clock", "/favicon.ico", "/live/{event_id:str}", "/api/standings/{event_id:str}/{uniq:str}",
            "/export/{event_id:str}/{uniq:str}", "/arbiter/{event_id:str}/export/{tid:int}",
            "/static/{file_path:path}", "/custom/{file_path:path}"}
#: Routes the demo cannot reach by a link: visited by explicit URLs in `extra_urls`.
#: Templates no response of the walk renders, with the reason.
UNRENDERED = {"screen/_notice.html": "answer to a write on a game no longer shown (a message the controller "
                                      "translated); needs a re-pairing between the dialog and the click"}

#: Common English words of UI texts (on top of the words of the catalogs' keys and of the templates).
COMMON_ENGLISH = set("""
the a an and or of to in on at by for with from into over under is are was were be been has have had
do does did not no yes all any none some this that these those here there it its you your we our they
their please click tap more less new old next previous back save edit delete add remove show hide open
close login logout sign error warning page screen screens board boards player players round rounds
result results standings event events tournament tournaments settings setting type name first last
before after since until ago minute minutes second seconds hour hours day days week weeks today
yesterday tomorrow monday tuesday wednesday thursday friday saturday sunday january february march april
may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov
dec mon tue wed thu fri sat sun white black draw win wins won loss lost bye forfeit half point points
rating rank total journal undo cancel enter entry input swiss haley soft sad nicois berger standard
rapid blitz image rotator rotators family families timer timers delay colour color menu link private
public archived archive archives import export check file upload replace preview order up down move
set sets fixed number columns limit code password admin administrator arbiter welcome live offline
retrying only also still yet already again other another every each both which what when who why how
where than then shown hidden empty none nothing done ok continue submit send apply reset clear search
filter view list print games game pairing pairings paired unpaired absent present checked
""".split())

#: Codes and short names that are the same in French (or are not words at all).
CODES = {"bh", "sb", "ps", "trf", "fide", "elo", "qr", "en", "fr", "gm", "im", "fm", "cm", "wgm", "wim", "wfm",
         "wcm", "id", "url", "csv", "json", "papi", "html", "svg", "png", "jpg", "ffe", "echiquier", "ok",
         "rrggbb", "aro", "tpr", "ptp", "aob", "ks", "apro", "appo", "tpn", "rtng", "win", "won", "bpg", "bwg",
         "rep", "de", "fb", "c1", "m1", "c2", "sad", "berger", "haley", "buchholz", "sonneborn", "koya",
         # the language switch names each language in its own words
         "english", "français"}

ATTRIBUTES = {"title", "placeholder", "aria-label", "alt", "label", "hx-confirm", "data-online", "data-offline",
              "data-confirm", "data-waiting", "data-stored", "data-refused", "data-board"}
CONFIRM = re.compile(r"confirm\((\"(?:[^\"\\]|\\.)*\")\)")
WORD = re.compile(r"\b[^\W\d_]+\b")  # whole words: not the letters of a generated code such as "xq4em9"


class VisibleText(HTMLParser):
    """The text a person sees in a page: text nodes and the attributes shown or spoken."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[tuple[str, bool]] = []  # (URL, fetched by htmx)
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag in ("script", "style"):
            self._skip += 1
        for name in ATTRIBUTES & values.keys():
            # an example of what to type is in the form the field takes (a date as 2010-05-17)
            self.parts.append(f"⟦{values[name]}⟧" if name == "placeholder" else values[name])
        if tag == "input" and values.get("type") in ("submit", "button", "reset"):
            self.parts.append(values.get("value", ""))
        if "onclick" in values:
            self.parts += [json.loads(m) for m in CONFIRM.findall(values["onclick"])]
        for name in ("href", "hx-get"):
            if values.get(name):
                self.links.append((values[name], name == "hx-get"))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def visible(html: str) -> VisibleText:
    parser = VisibleText()
    parser.feed(html)
    return parser


def words(text: str) -> Iterator[str]:
    yield from (w.lower() for w in WORD.findall(text))


def template_text(path: Path) -> Iterator[str]:
    """The literal text of a template (outside tags) and the English given to `_()`."""
    tree = jinja2.Environment().parse(path.read_text(encoding="utf-8"))
    for data in tree.find_all(nodes.TemplateData):
        yield re.sub(r"<[^>]*>", " ", data.data)
    for call in tree.find_all(nodes.Call):
        if isinstance(call.node, nodes.Name) and call.node.name == "_" and call.args:
            first = call.args[0]
            if isinstance(first, nodes.Const) and isinstance(first.value, str):
                yield first.value


def english_vocabulary() -> set[str]:
    vocabulary = set(COMMON_ENGLISH)
    for key in CATALOGS["fr"]:
        vocabulary |= set(words(re.sub(r"%[a-z]", " ", key)))
    for path in (ROOT / "templates").rglob("*.html"):
        for text in template_text(path):
            vocabulary |= set(words(text))
    return {w for w in vocabulary if len(w) > 1}


CODE_TOKEN = re.compile(r"[@%]\w+|\w*_\w*|/\S*")  # @input, %t, record_illegal_moves, /arbiter/%s: syntax, not words


def french_vocabulary() -> set[str]:
    return {w for value in CATALOGS["fr"].values() for w in words(CODE_TOKEN.sub(" ", value))}


def leaks(text: str, allowed: set[str], english: set[str]) -> list[str]:
    text = CODE_TOKEN.sub(" ", re.sub(r"https?://\S+", " ", text))  # addresses on board cards, syntax in hints
    return sorted({w for w in words(text) if w in english and w not in allowed})


async def demo_names(store: EventStore) -> set[str]:
    """Words of the demo's own data (names are not UI strings)."""
    found: set[str] = set()
    texts: list[Any] = [(await store.info()).name]
    for t in await store.tournaments():
        texts += [t.name, t.uniq_id]
        for p in await store.players(t.id):
            texts += [v for v in msgspec_values(p) if isinstance(v, str)]
    # screens, families, rotators and timers were renamed in French by `richer_demo`: their names are not allowed
    for text in texts:
        found |= set(words(text or ""))
    return found


def msgspec_values(row: Any) -> list[Any]:
    return [getattr(row, f) for f in row.__struct_fields__]


def route_patterns(app: Litestar) -> dict[str, re.Pattern[str]]:
    out = {}
    for route in app.routes:
        if "GET" not in getattr(route, "methods", ()) or route.path in NOT_HTML:
            continue
        regex = re.sub(r"\{\w+:int\}", r"\\d+", route.path)
        regex = re.sub(r"\{\w+:str\}", r"[^/]+", regex)
        out[route.path] = re.compile(f"^{regex}$")
    return out


def route_of(path: str, patterns: dict[str, re.Pattern[str]]) -> str | None:
    matching = [route for route, regex in patterns.items() if regex.match(path)]
    # the most specific: the fewest parameters
    return min(matching, key=lambda r: (r.count("{"), -len(r)), default=None)


class RecordingLoader(jinja2.BaseLoader):
    """Remembers the name of every template the app loads."""

    def __init__(self, inner: jinja2.BaseLoader) -> None:
        self.inner = inner
        self.loaded: set[str] = set()

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str | None, Any]:
        self.loaded.add(template)
        return self.inner.get_source(environment, template)


@pytest.fixture
async def french_admin(events_dir: Path, tmp_path: Path) -> AsyncIterator[AsyncTestClient[Litestar]]:
    """The demo, seen from the server machine (the administrator), with French chosen."""
    app = create_app(Settings(events_dir=events_dir, custom_dir=tmp_path / "custom", create_demo=True))
    environment = app.template_engine.engine  # type: ignore[attr-defined]
    app.state.recorder = environment.loader = RecordingLoader(environment.loader)
    app.state.walk_host = "127.0.0.1"  # "10.0.0.7": a tablet of the hall (a visitor)
    async with AsyncTestClient(app=app, base_url=LOCAL_URL) as client:  # the server's own name (web/hosts.py)
        transport: Any = client._transport
        parse = transport.parse_request
        transport.parse_request = lambda request: {**parse(request=request), "client": (app.state.walk_host, 50000)}
        await prime_csrf(client)
        client.cookies.set(COOKIE, "fr")
        yield client


MAX_PER_ROUTE = 6  # a route reached by many links (84 players…) is walked a few times only…
EVERY_ONE = {"/screen/{event_id:str}/{screen_id:str}", "/rotator/{event_id:str}/{rotator_id:str}/{index:int}"}


async def walk(client: AsyncTestClient[Litestar], start: list[str]) -> dict[str, str]:
    """GET every reachable URL of the site (as htmx fragment when it came from hx-get); URL → visible text."""
    patterns = route_patterns(client.app)
    seen: dict[str, str] = {}
    per_route: dict[str, int] = {}
    queue = [(url, False) for url in start]
    while queue:
        url, fragment = queue.pop(0)
        if url in seen:
            continue
        route = route_of(urlsplit(url).path, patterns)
        if route is None or (route not in EVERY_ONE and per_route.get(route, 0) >= MAX_PER_ROUTE):
            continue
        per_route[route] = per_route.get(route, 0) + 1
        response = await client.get(url, headers=HX if fragment else None)
        assert response.status_code < 500, (url, response.text[:300])
        if response.headers.get("content-type", "").startswith("image/") or \
                response.headers.get("content-disposition", "").startswith("attachment"):
            seen[url] = ""  # the favicon and file downloads (TRF exports): no UI text in them
            continue
        assert "text/html" in response.headers.get("content-type", ""), url
        page = visible(response.text)
        seen[url] = "\n".join(page.parts)
        for link, by_htmx in page.links:
            parts = urlsplit(link)
            if parts.scheme not in ("", "http") or not parts.path.startswith("/") or "lang=" in parts.query:
                continue  # another site, or the language switch
            queue.append((parts.path + (f"?{parts.query}" if parts.query else ""), by_htmx))
    return seen


#: The demo's screens, families, rotators and timers have English ids and names (they are the organiser's
#: words, not UI strings): renamed here, so that a UI word such as "boards" cannot hide behind them.
FRENCH_IDS = {"input": "saisie", "boards-a": "echiquiers-a", "boards-b": "echiquiers-b", "players-a": "joueurs-a",
              "results": "resultats", "standings": "classement", "welcome": "accueil", "boards-a-part": "famille-a",
              "hall": "salle", "rounds": "rondes"}


async def richer_demo(store: EventStore) -> int:
    """The demo in French words, plus what some templates need: illegal-move marks, a tournament in check-in."""
    for table, rows in (("screen", await store.screens()), ("family", await store.families()),
                        ("rotator", await store.rotators()), ("timer", await store.timers())):
        for row in rows:
            values: dict[str, Any] = {"uniq_id": FRENCH_IDS[row.uniq_id]}
            if table == "screen":
                values["name"] = {"input": "Saisie des résultats", "welcome": "Bienvenue"}.get(row.uniq_id)
            update = {"screen": store.admin.update_screen, "family": store.admin.update_family,
                      "rotator": store.admin.update_rotator, "timer": store.admin.update_timer}[table]
            await update(row.id, values)
    await store.update_info(record_illegal_moves=2, public_address="https://www.club.example/echiquier/demo/")
    tid = await store.add_tournament(uniq_id="open-c", name="Open C", rounds=5, tournament_type="swiss")
    players, _pairings = demo_tournament(10, 3)
    player_rows, _rows = store_rows(players, [])
    await store.fill_tournament(tid, player_rows, [])
    await store.add_screen(uniq_id="pointage", type="input", public=True, name="Pointage C", columns=1,
                           sets=[{"tournament_id": tid}])
    return tid


async def domain_messages(client: AsyncTestClient[Litestar], store: EventStore, checkin_tid: int) -> dict[str, str]:
    """Pages only a POST or a visitor reaches: a result entered, refusals, field errors, logins, wrong code."""
    out: dict[str, str] = {}
    checked = await client.post("/screen/demo/pointage/checkin", headers=HX, data={
        "tournament_id": checkin_tid, "player_id": (await store.players(checkin_tid))[0].id, "checked_in": 1})
    assert checked.status_code == 200, checked.text
    out["POST checkin"] = "\n".join(visible(checked.text).parts)
    tournament = await store.tournament_by_uniq_id("open-a")
    game = next(g for g in await store.pairings(tournament.id, 3) if g.is_game and g.result is None)
    done = next(g for g in await store.pairings(tournament.id, 3) if g.is_game and g.result is not None)
    fields = {"tournament_id": tournament.id, "round": 3, "white_player_id": game.white_player_id,
              "black_player_id": game.black_player_id, "board": game.board, "result": 3, "key": "walk-1"}
    entered = await client.post("/screen/demo/saisie/result", data=fields, headers=HX)
    out["POST result"] = "\n".join(visible(entered.text).parts)
    dialog = await client.get(f"/screen/demo/saisie/dialog?tid={tournament.id}&rnd=3&white={done.white_player_id}",
                              headers=HX)
    out["dialog of a game with a result"] = "\n".join(visible(dialog.text).parts)
    bad = await client.post("/admin/events", data={"event_id": "", "name": "", "start": "x", "stop": ""})
    assert bad.status_code == 422
    out["admin field errors"] = "\n".join(visible(bad.text).parts)
    same = await client.post("/screen/demo/saisie/result", headers=HX, data={
        **fields, "result": 3, "old": 3, "key": "walk-2"})
    out["same result refused"] = "\n".join(visible(same.text).parts)
    missing = await client.get("/screen/demo/zzz-inconnu")
    out["404 screen"] = "\n".join(visible(missing.text).parts)
    out["404 page"] = "\n".join(visible((await client.get("/no/such/page")).text).parts)
    closed = await client.post("/screen/demo/saisie/checkin", headers=HX, data={
        "tournament_id": tournament.id, "player_id": game.white_player_id, "checked_in": 1})
    out["check-in closed"] = "\n".join(visible(closed.text).parts)
    illegal = await client.post("/screen/demo/saisie/illegal", headers=HX, data={
        "tournament_id": tournament.id, "round": 3, "player_id": done.white_player_id, "action": "add"})
    out["POST illegal"] = "\n".join(visible(illegal.text).parts)
    # a tablet of the hall: first without, then with the event's input code
    client.app.state.walk_host = "10.0.0.7"
    try:
        other = next(g for g in await store.pairings(tournament.id, 3) if g.is_game and g.result is None)
        player_dialog = await client.get(
            f"/screen/demo/saisie/dialog?tid={tournament.id}&rnd=3&white={other.white_player_id}", headers=HX)
        assert player_dialog.status_code == 200
        out["player's dialog"] = "\n".join(visible(player_dialog.text).parts)
        refused = await client.get(f"/screen/demo/saisie/dialog?tid={tournament.id}&rnd=3&white={done.white_player_id}",
                                   headers=HX)
        out["player's dialog of a game with a result"] = "\n".join(visible(refused.text).parts)
        await store.update_info(update_password=await hash_password("hall-code"))
        for url in ("/screen/demo/saisie", "/arbiter/demo", "/event/demo", "/admin", "/teams/demo/equipes/input"):
            out[f"visitor {url}"] = "\n".join(visible((await client.get(url)).text).parts)
        wrong = await client.post("/screen/demo/saisie/login", data={"password": "nope"}, headers=HX)
        out["wrong input code"] = "\n".join(visible(wrong.text).parts)
        forfeit = await client.post("/screen/demo/saisie/result", headers=HX, data={**fields, "result": 6})
        out["visitor forfeit"] = "\n".join(visible(forfeit.text).parts)
    finally:
        client.app.state.walk_host = "127.0.0.1"
    return out


async def rating_list_for_the_walk(store: EventStore, events: Path) -> list[str]:
    """A FIDE rating list in the folder (docs/ratings.md), and the player forms' look-ups that show its players."""
    data = rating_list(30, "txt")
    await import_list(events, io.BytesIO(data), "players_list_foa.txt", len(data))
    tid = (await store.tournament_by_uniq_id("open-a")).id
    return [f"/admin/events/demo/tournaments/{tid}/players?lookup=lef",
            f"/arbiter/demo/players/{tid}/lookup?lookup=lef"]


async def test_the_whole_site_is_french(french_admin: AsyncTestClient[Litestar]) -> None:
    client = french_admin
    registry = app_state(client.app).registry
    store: EventStore = await registry.get("demo")
    await registry.create("old-open", name="Old open", start=0.0, stop=1.0)
    await registry.archive("old-open")  # the admin lists it under the archives
    await registry.create("prive", name="Interclubs", start=0.0, stop=4e9, public=False)  # a "private" badge
    checkin_tid = await richer_demo(store)
    start = ["/", "/event/demo", "/admin", "/admin/events/demo", "/arbiter/demo", "/arbiter/demo/journal",
             "/auth/admin", "/trf-lint", "/data/demo/import"]
    start += [f"/rotator/demo/salle/{i}" for i in range(3)]
    start += [f"/{page}/demo/{t}" for page in ("standings", "crosstable") for t in ("open-a", "open-b")]
    start += await walk_team_tournament(store)
    start += await link_for_the_walk(store, app_state(client.app).settings.events_dir.parent)  # the Papi loop
    start += await rating_list_for_the_walk(store, app_state(client.app).settings.events_dir)
    pages = await walk(client, start)
    if os.environ.get("FRENCH_WALK_LIST"):
        print("\n".join(sorted(pages)))
    pages.update(await domain_messages(client, store, checkin_tid))

    visited_routes = {route_of(urlsplit(url).path, route_patterns(client.app)) for url in pages}
    # the published site (app/publication/site.py) in French: its pages are walked too, though not routes
    environment = client.app.template_engine.engine  # type: ignore[attr-defined]
    site = await build_site(store, environment, ROOT / "web" / "static", language="fr")
    assert site is not None
    published = {f"published:{path}": "\n".join(visible(shown_in_french(data.decode())).parts)
                 for path, data in site.files.items() if path.endswith(".html")}
    info = await store.info()  # the organiser's index above the sites (app/publication/organiser.py)
    index = organiser.render(environment, [organiser.entry_of("demo", info)], "fr").decode()
    published["published:../index.html"] = "\n".join(visible(shown_in_french(index)).parts)
    missing_routes = set(route_patterns(client.app)) - visited_routes
    assert not missing_routes, f"the walk never reached: {sorted(missing_routes)}"
    recorder: RecordingLoader = client.app.state.recorder
    every_template = {str(p.relative_to(ROOT / "templates")) for p in (ROOT / "templates").rglob("*.html")}
    unrendered = every_template - recorder.loaded - set(UNRENDERED)
    assert not unrendered, f"the walk never rendered: {sorted(unrendered)}"

    pages.update(published)
    assert_typography(pages)
    english = english_vocabulary()
    allowed = french_vocabulary() | await demo_names(store) | set(words("Old open old-open")) | CODES
    history = set(words(" ".join(FRENCH_IDS)))  # the journal remembers the demo's first, English, ids
    found = {url: leaked for url, text in pages.items()
             if (leaked := leaks(text, allowed | history if "/journal" in url else allowed, english))}
    report = "\n".join(f"  {url}: {', '.join(words_)}" for url, words_ in sorted(found.items()))
    assert not found, f"English in French pages ({len(pages)} visited):\n{report}"


def shown_in_french(html: str) -> str:
    """A published page as a French visitor sees it: its English texts (app/publication/languages.py) and the
    language switch (it offers "English") hidden by public.css."""
    html = re.sub(r'<span class="languages".*?</span>', "", html, flags=re.S)
    innermost = re.compile(r"<t-en>(?:(?!</?t-en>).)*</t-en>", flags=re.S)  # a text may hold another's (a legend)
    while True:
        html, count = innermost.subn("", html)
        if not count:
            return html


#: French typography (docs/translation.md): what a page of the walk must never show.
TYPOGRAPHY = {
    "a decimal point (French writes 4½ or 21,25)": re.compile(r"(?<![\w.:/])\d+\.\d+(?![\w.])"),
    "an ISO date (French writes 25 novembre 2026)": re.compile(r"\b\d{4}-\d\d-\d\d\b"),
    "no narrow no-break space before : ; ! ?": re.compile(r"(?<=[^\s\u202f\d]):(?=\s|$)|(?<=[^\s\u202f])[;!?](?=\s|$)"),
    "a plain space before : ; ! ?": re.compile(r"[ \u00a0][:;!?](?=\s|$)"),
}


def plural_words() -> set[str]:
    """The French plural nouns of the catalog's counts (`%s avertissements`): never after 0 or 1."""
    out: set[str] = set()
    for message in read_catalog(po_path("fr")):
        if isinstance(message.string, tuple) and len(message.string) > 1 and message.string[1]:
            out |= {w for w in message.string[1].split() if w.endswith("s") and w not in message.string[0].split()}
    return out


def typography_faults(text: str, plurals: set[str]) -> list[str]:
    text = re.sub(r"⟦[^⟧]*⟧", " ", text)  # examples of what to type (placeholders)
    found = [f"{rule}: {text[max(0, m.start() - 30):m.end() + 10]!r}"
             for rule, regex in TYPOGRAPHY.items() for m in regex.finditer(text)]
    found += [f"a plural after one: {m.group(0)!r}" for m in re.finditer(r"(?<![\d,.])[01] (\S+)", text)
              if m.group(1) in plurals]
    return found


def assert_typography(pages: dict[str, str]) -> None:
    """Every French page, print sheet and published page writes numbers, dates, counts and signs the French way."""
    assert any(url.startswith("/print/") for url in pages) and any(url.startswith("published:") for url in pages)
    plurals = plural_words()
    assert {"avertissements", "joueur·euses"} <= plurals
    faults = {url: found for url, text in pages.items() if (found := typography_faults(text, plurals))}
    report = "\n".join(f"  {url}: {found[:3]}" for url, found in sorted(faults.items()))
    assert not faults, f"French typography broken on {len(faults)} pages:\n{report}"
    cross = pages["/print/demo/1/crosstable"]
    assert "B (Blancs) ou N (Noirs)" in cross and "Imprimé le" in cross
    assert re.search(r"Imprimé le \d{1,2} [a-zéû]+ \d{4} à \d\d:\d\d", cross), cross[:300]
    published = pages["published:1/standings.html"]
    assert re.search(r"\b\d+½\b", published) and re.search(r"\b\d+,\d+\b", published)
    for url in ("/print/demo/1/standings", "/standings/demo/open-a", "published:1/standings.html"):
        assert "BH/C1\u202f: Buchholz tronqué" in pages[url], url  # the tie-breaks' legend


def test_typography_finds_faults() -> None:
    """The typography checker must be able to fail."""
    page = visible('<p>Points : 4.5 le 2026-11-25</p><p>Annuler? 1 avertissements</p>'
                   '<input placeholder="2010-05-17"><p>Ronde\u202f3\u202f: 21,25 · 03:54</p>')
    faults = typography_faults("\n".join(page.parts), {"avertissements"})
    assert [f.split(":")[0] for f in faults] == [
        "a decimal point (French writes 4½ or 21,25)", "an ISO date (French writes 25 novembre 2026)",
        "no narrow no-break space before ", "a plain space before ", "a plural after one"], faults


def test_the_catalog_keeps_the_vocabulary() -> None:
    """Elo for a rating, "exempt" only for the pairing-allocated bye, one form of "joueurs", no English left."""
    french = CATALOGS["fr"]
    rating = {k: v for k, v in french.items() if re.search(r"\bratings?\b", k)}
    # "classement initial" is FIDE's initial ranking list (C.04.2), not a rating
    assert len(rating) > 10 and not {k: v for k, v in rating.items() if re.search(r"classement(?! initial)", v.lower())}
    asked = {k: v for k, v in french.items() if re.search(r"requested bye|full-point|half-point|zero-point", k)
             and not re.search(r"pairing-allocated|PAB|'U'", k)}  # those that name both kinds
    assert len(asked) > 3 and not {k: v for k, v in asked.items() if "exempt" in v.lower()}
    assert not {k: v for k, v in french.items() if re.search(r"\b[Jj]oueurs\b", v)}
    assert french["Withdraw from the tournament"] != french["Cancel the bye"]
    assert "Retirer" not in french["Cancel the bye"]
    for text in ("arbiter desk", "imported from a pairing program"):
        assert french[text] != text


def test_the_leak_finder_finds_english() -> None:
    """The checker must be able to fail: an English sentence in a French page is found, names are not."""
    english = english_vocabulary()
    allowed = french_vocabulary() | {"dupont"} | CODES
    page = visible('<p>Classement après la ronde 3</p><button title="Delete the result">x</button>'
                   '<p>Dupont Marie 1-0 BH</p><input type="submit" value="Save">'
                   '<a onclick="return confirm(&quot;Really undo?&quot;)">y</a><script>var board = 1;</script>')
    assert leaks("\n".join(page.parts), allowed, english) == ["delete", "really", "result", "save", "the", "undo"]
    assert len(english) > 500 and "ronde" not in english
