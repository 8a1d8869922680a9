"""The public address of an event's site (issue 27, item 5): asked for in the publication block, checked, shown on
the desk and the event page, and printed on a hall poster with its QR code (decoded back from the SVG's modules is
beyond a test: the code is the `qrcode` package's; the test checks it encodes the address given)."""

from __future__ import annotations

import re

import pytest
import qrcode
import qrcode.image.svg

from tests.support.clients import Client, as_visitor, post, registry_of

pytestmark = pytest.mark.asyncio(loop_scope="module")

ADDRESS = "https://www.club.example/echiquier/open/"


def qr_path(address: str) -> str:
    """The path of the QR code of `address`, drawn independently of the page."""
    image = qrcode.make(address, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    found = re.search(r' d="([^"]+)"', str(image.to_string(encoding="unicode")))
    assert found
    return found.group(1)


async def test_the_public_address_is_checked_shown_and_printed_with_its_qr_code(admin_web: Client) -> None:
    store = await registry_of(admin_web).create("open", name="Open d'automne", start=0, stop=4e9, public=True)
    assert (await admin_web.get("/poster/open")).status_code == 404  # none given yet: said, not a blank poster
    for bad in ("www.club.example/open", "ftp://club.example/x", "https://", "https://club example/", "x" * 400):
        refused = await post(admin_web, "/admin/events/open/publication", {"publish_remote": "", "public_address": bad})
        assert refused.status_code == 422 and "is not a web address" in refused.text, bad
        assert (await store.info()).public_address is None
    saved = await post(admin_web, "/admin/events/open/publication", {"publish_remote": "", "public_address": ADDRESS})
    assert saved.status_code == 303 and (await store.info()).public_address == ADDRESS
    admin_page = (await admin_web.get("/admin/events/open")).text
    assert f'value="{ADDRESS}"' in admin_page and 'href="/poster/open"' in admin_page
    desk = (await admin_web.get("/arbiter/open/desk?lang=fr")).text
    assert f'<a href="{ADDRESS}" id="public-address">' in desk and "Site public pour les spectateurs" in desk
    poster = (await admin_web.get("/poster/open?lang=fr")).text
    assert "Suivez le tournoi en direct" in poster and f'id="poster-address">{ADDRESS}<' in poster
    assert qr_path(ADDRESS) in poster and qr_path(ADDRESS + "x") not in poster
    with as_visitor(admin_web):
        event_page = (await admin_web.get("/event/open")).text
        assert f'href="{ADDRESS}"' in event_page and 'href="/poster/open"' not in event_page  # the poster: staff
        assert (await admin_web.get("/poster/open")).status_code == 200  # a public event: anyone may print it
        refused = await post(admin_web, "/admin/events/open/publication", {"public_address": "https://evil.example/"})
        assert refused.status_code == 403
    assert (await store.info()).public_address == ADDRESS
    cleared = await post(admin_web, "/admin/events/open/publication", {"publish_remote": "", "public_address": " "})
    assert cleared.status_code == 303 and (await store.info()).public_address is None
