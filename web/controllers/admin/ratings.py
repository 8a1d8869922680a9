"""FIDE's rating list of the events folder (`/admin/ratings`): which list is there (its date, its size), and a new one
uploaded (TXT or XML, zipped or not: app/ratings.py imports it in one transaction, a malformed list changes nothing).
The player forms look players up in it (web/controllers/admin/players.py)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from litestar import Controller, Request, get, post
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.params import Body
from litestar.response import Redirect, Template

from app.ratings import import_list
from tournament.config_rules import Form
from tournament.errors import EchiquierError, Invalid, Unavailable
from tournament.messages import N_
from web.controllers.admin.common import back, page
from web.controllers.admin.guard import admin_guard
from web.limits import MAX_RATING_LIST_BODY, RATING_LIST_PATH
from web.state import app_state

Req = Request[Any, Any, Any]
Upload = Annotated[dict[str, Any], Body(media_type=RequestEncodingType.MULTI_PART)]
CHOOSE_FILE = N_("Choose a file first.")


class RatingsAdmin(Controller):
    path = RATING_LIST_PATH
    guards = [admin_guard]  # noqa: RUF012

    @get("/")
    async def index(self, request: Req) -> Template:
        return await self._page(request)

    async def _page(self, request: Req, failure: EchiquierError | None = None, filename: str | None = None
                    ) -> Template:
        state = app_state(request)
        lists = await state.ratings.get(state.settings.events_dir)
        form = Form({})
        if failure is not None:
            form.fail("file", failure.key, *failure.params)
        listed = await lists.info() if lists else None
        list_day = date.fromisoformat(listed.list_date) if listed and listed.list_date else None
        return page(request, "admin/ratings.html", form=form, listed=listed, list_day=list_day, failed_file=filename,
                    section="ratings")

    @post("/", request_max_body_size=MAX_RATING_LIST_BODY)
    async def upload(self, request: Req, data: Upload) -> Template | Redirect:
        upload = data.get("file")
        if not isinstance(upload, UploadFile) or not upload.filename:
            return await self._page(request, Invalid(CHOOSE_FILE))
        state = app_state(request)
        stream = upload.file
        size = stream.seek(0, 2)
        stream.seek(0)
        try:
            await import_list(state.settings.events_dir, stream, upload.filename, size)
        except (Invalid, Unavailable) as failure:
            return await self._page(request, failure, upload.filename)
        finally:
            await upload.close()
        return back(RATING_LIST_PATH, "imported")
