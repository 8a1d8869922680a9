"""The server clock, which every timer page measures its offset against (docs/screens.md §7)."""

from __future__ import annotations

import time

from litestar import get
from litestar.response import Response


@get("/clock", cache=False)
async def clock() -> Response[dict[str, int]]:
    """`{"now": milliseconds since the epoch}`, never cached."""
    return Response({"now": int(time.time() * 1000)}, headers={"Cache-Control": "no-store"})
