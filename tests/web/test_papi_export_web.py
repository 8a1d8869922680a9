"""The admin's "New Papi file from Echiquier" at the desk (web/controllers/papi.py `export`): a tournament as a new
.papi file to download; refused to anyone but the administrator (the file holds the players' personal data)."""

from __future__ import annotations

from pathlib import Path

from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.imports import import_papi
from tests.support.clients import in_app
from tests.support.files import fixture_path
from tournament.formats.jet import JetDatabase
from web.state import app_state

Client = AsyncTestClient[Litestar]
EVENT = "papi-export"


async def make(client: Client) -> int:
    async def create() -> int:
        store = await app_state(client.app).registry.create(EVENT, name="Open", start=0.0, stop=4e9)
        await import_papi(store, fixture_path("papi/small-20p-5r-r4-paired.papi").read_bytes(), "Open d'été")
        return (await store.tournaments())[0].id
    return await in_app(client, create)


async def test_the_admin_downloads_a_new_papi_file(admin_client: Client, tmp_path: Path) -> None:
    tid = await make(admin_client)
    fragment = (await admin_client.get(f"/arbiter/{EVENT}/papi/{tid}")).text
    assert f'href="/arbiter/{EVENT}/papi/{tid}/export"' in fragment
    response = await admin_client.get(f"/arbiter/{EVENT}/papi/{tid}/export")
    assert response.status_code == 200
    assert response.headers["content-disposition"] == (
        "attachment; filename=\"Open d__t_.papi\"; filename*=UTF-8''Open%20d%27%C3%A9t%C3%A9.papi")
    made = JetDatabase.from_bytes(response.content)
    source = JetDatabase.from_bytes(fixture_path("papi/small-20p-5r-r4-paired.papi").read_bytes())
    round4 = [f"Rd04{c}" for c in ("Cl", "Adv", "Res")]
    want = sorted((r["Ref"], r["Nom"], *(r[c] for c in round4)) for r in source.rows("JOUEUR"))
    assert sorted((r["Ref"], r["Nom"], *(r[c] for c in round4)) for r in made.rows("JOUEUR")) == want
    info = {r["Variable"]: r["Value"] for r in made.rows("INFO")}
    assert (info["Nom"], info["RondeActive"]) == ("Open d'été", "4")
    # the players kept their Papi Refs: the new file can be linked to the tournament it was made from
    path = tmp_path / "nouveau.papi"
    path.write_bytes(response.content)
    linked = await admin_client.post(f"/arbiter/{EVENT}/papi/{tid}/link", data={"path": str(path)},
                                     follow_redirects=False)
    assert linked.status_code == 303
    assert "nouveau.papi" in (await admin_client.get(f"/arbiter/{EVENT}/papi/{tid}")).text


async def test_anyone_else_is_refused(admin_client: Client, client: Client) -> None:
    tid = await make(admin_client)
    response = await client.get(f"/arbiter/{EVENT}/papi/{tid}/export")
    assert response.status_code in (401, 403)
    assert response.content[:4] != b"\x00\x01\x00\x00"
    assert response.headers.get("content-disposition") is None
