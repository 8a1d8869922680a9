"""Admin pages from another machine of the hall: refused until the admin password is given."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import AsyncTestClient

from web.auth import save_admin_password
from web.controllers.admin.guard import AdminOnly
from web.state import app_state


async def test_the_admin_password_opens_the_admin_pages(app: Litestar, client: AsyncTestClient[Litestar]) -> None:
    app_state(app).admin_hash = await save_admin_password(app_state(app).settings.events_dir, "a long admin secret")
    refused = await client.get("/admin")
    assert refused.status_code == 403 and "/auth/admin" in refused.text
    assert str(AdminOnly()).split(":")[0] in refused.text
    wrong = await client.post("/auth/admin/login", data={"password": "guess"}, follow_redirects=False)
    assert wrong.status_code == 401
    assert (await client.get("/admin")).status_code == 403
    logged = await client.post("/auth/admin/login", data={"password": "a long admin secret"}, follow_redirects=False)
    assert logged.status_code == 303
    page = await client.get("/admin")
    assert page.status_code == 200 and 'id="new-event"' in page.text
    created = await client.post("/admin/events", data={"event_id": "remote", "name": "Remote", "start": "2026-07-01",
                                                       "stop": "2026-07-02"}, follow_redirects=False)
    assert created.status_code == 303
    assert (await client.get("/admin/events/remote")).status_code == 200
