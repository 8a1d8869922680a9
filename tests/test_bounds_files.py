"""Uploads of every kind with malformed, deep, huge and numeric-edge content, and the other refusals of issue 21
(items 8 and 10): each is a 4xx in words that changes nothing, with the security headers; event files are private;
a private event's name is not shown on its arbiter login page."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from database.store import EventStore
from tests.arbiter_kit import EVENT, login_arbiter
from tests.bounds_kit import heavy_trf
from tests.conftest import fixture_path, import_fixture
from tests.desk_kit import finish_round, in_app, nine_player_event, settle
from tests.test_fuzz_endpoints import snapshot
from web.state import app_state

Client = AsyncTestClient[Litestar]
BASE = {"name": "X", "players": [{"last_name": "A"}]}
CHESSEVENT_SHAPES = {
    "deep arrays": b"[" * 100_000 + b"]" * 100_000,
    "deep objects": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "infinite rounds": json.dumps({**BASE, "rounds": 1}).replace('"rounds": 1', '"rounds": 1e999').encode(),
    "id above 2**63": json.dumps({**BASE, "players": [{"last_name": "A", "fide_id": 2**70}]}).encode(),
    "negative rounds": json.dumps({**BASE, "rounds": -3}).encode(),
    "5000 digits": ('{"name": "X", "rounds": ' + "9" * 5000 + ', "players": []}').encode(),
    "NaN": b'{"name": "X", "rounds": NaN, "players": []}',
    "skips not a map": json.dumps({**BASE, "players": [{"last_name": "A", "skipped_rounds": [1]}]}).encode(),
}
TRF_SHAPES = {
    "binary": bytes(range(256)) * 100,
    "one long line": b"001 " + b"9" * 500_000,
    "5000-digit rank": b"012 X\n001 " + b"9" * 5000 + b" m    A, B\n",
    "empty": b"",
    "only blanks": b"\n\n   \n",
}


def secured(response: object) -> bool:
    headers = getattr(response, "headers", {})
    return headers.get("x-content-type-options") == "nosniff" and "frame-ancestors" in headers.get(
        "content-security-policy", "")


@pytest.mark.parametrize("shape", sorted(CHESSEVENT_SHAPES))
async def test_chessevent_shapes_are_refused_in_words(admin_client: Client, store: EventStore, shape: str) -> None:
    events = app_state(admin_client.app).settings.events_dir
    before = snapshot(events)
    response = await admin_client.post(f"/data/{store.event_id}/import",
                                       files={"file": ("event.json", CHESSEVENT_SHAPES[shape])})
    assert response.status_code == 422, response.text[:300]
    assert "Nothing was imported" in response.text and secured(response)
    assert snapshot(events) == before


@pytest.mark.parametrize("shape", sorted(TRF_SHAPES))
async def test_malformed_trf_files_are_refused_in_words(admin_client: Client, store: EventStore, shape: str) -> None:
    events = app_state(admin_client.app).settings.events_dir
    before = snapshot(events)
    response = await admin_client.post(f"/data/{store.event_id}/import", files={"file": ("t.trf", TRF_SHAPES[shape])})
    assert 400 <= response.status_code < 500, response.text[:300]
    assert snapshot(events) == before
    checked = await admin_client.post("/trf-lint", files={"file": ("t.trf", TRF_SHAPES[shape] or b" ")})
    assert checked.status_code in (200, 422), checked.text[:300]


async def test_a_heavy_trf_is_checked_and_its_report_cut(client: Client) -> None:
    """The heaviest files pass through the child process; the page lists the first problems and counts them all."""
    response = await client.post("/trf-lint", files={"file": ("heavy.trf", heavy_trf(players=600, rounds=20))})
    assert response.status_code == 200, response.text[:300]
    assert "more problems are not listed" in response.text and "1200 warnings" in response.text.replace("\n", " ")


async def test_a_papi_resync_of_a_trf_tournament_is_refused(admin_client: Client, store: EventStore) -> None:
    tid = await import_fixture(store, "small-20p-5r.trf", uniq_id="small")
    tournament = await store.tournament(tid)
    events = app_state(admin_client.app).settings.events_dir
    before = snapshot(events)
    papi = fixture_path("papi/small-20p-5r.papi").read_bytes()
    response = await admin_client.post(f"/data/{store.event_id}/import", data={"tournament": tournament.name},
                                       files={"file": ("small.papi", papi)})
    assert response.status_code == 409 and "was not imported from Papi" in response.text
    assert snapshot(events) == before


@pytest.mark.parametrize(("text", "words"), [("0\n", "pairs nobody"), ("9" * 5000 + "\n1 2\n", "number of pairs"),
                                             ("1\n" + "9" * 5000 + " 1\n", "two pairing numbers")])
async def test_pairing_files_that_would_publish_nonsense_are_refused(client: Client, text: str, words: str) -> None:
    store, tid = await in_app(client, nine_player_event, app_state(client.app).registry)
    await in_app(client, finish_round, store, tid, 1)
    assert await login_arbiter(client) == 303
    response = await client.post(f"/arbiter/{EVENT}/pair/{tid}/import", files={"file": ("round.txt", text.encode())},
                                 follow_redirects=False)
    assert response.status_code == 422 and words in response.text, response.text[:300]
    assert {g.round for g in await store.pairings(tid)} == {1}
    await settle(client)


@pytest.mark.parametrize(("path", "status"), [("/event/" + "a" * 3000, 414), (f"/standings/x/t?round={10**30}", 400),
                                              ("/static/x%00.png", 400), ("/custom/x%00.png", 400)])
async def test_refusals_carry_the_security_headers(client: Client, path: str, status: int) -> None:
    response = await client.get(path)
    assert response.status_code == status and secured(response)


async def test_a_host_that_names_no_host_is_refused_in_words(client: Client) -> None:
    for host in ("a:b", "[::1", "127.0.0.1:99999"):
        response = await client.get("/", headers={"Host": host})
        assert response.status_code == 400 and "Host" in response.text and secured(response)
        nowhere = await client.get("/no/such/page", headers={"Host": host})  # no route: the error page itself
        assert nowhere.status_code == 404 and secured(nowhere)


async def test_too_large_bodies_carry_the_security_headers(client: Client) -> None:
    response = await client.post("/screen/demo/input/result", content=b"x" * (2 * 1024 * 1024),
                                 headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert response.status_code == 413 and secured(response)


async def test_event_files_are_private(store: EventStore, events_dir: Path) -> None:
    await store.update_info(name="Private files")
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in events_dir.glob(f"{store.event_id}.db*")}
    assert f"{store.event_id}.db" in modes and f"{store.event_id}.db-wal" in modes
    assert set(modes.values()) == {0o600}, modes


async def test_a_private_events_name_is_not_shown_on_its_arbiter_page(client: Client, store: EventStore) -> None:
    await store.update_info(name="Secret Invitational", public=False)
    page = await client.get(f"/arbiter/{store.event_id}")
    assert page.status_code == 401 and "Secret Invitational" not in page.text
    assert f"<h1>{store.event_id}</h1>" in page.text  # the id, already in the address, stands for the name
