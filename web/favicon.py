"""`/favicon.ico`: the icon every browser asks for (templates/base.html also links web/static/favicon.svg)."""

from __future__ import annotations

from typing import Any

from litestar import Request, get
from litestar.response import File

from web.state import app_state


@get("/favicon.ico", include_in_schema=False)
async def favicon(request: Request[Any, Any, Any]) -> File:
    return File(
        path=app_state(request).settings.static_dir / "favicon.ico", filename="favicon.ico",
        content_disposition_type="inline", media_type="image/x-icon",
        headers={"Cache-Control": "public, max-age=86400"},
    )
