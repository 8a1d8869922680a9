"""Shared helpers of the admin pages: reading forms, rendering with field errors, redirects."""

from __future__ import annotations

import json
import math
from datetime import datetime
from typing import Any

from litestar import Request
from litestar.datastructures import UploadFile
from litestar.response import Redirect, Template

from tournament.config_rules import Form
from tournament.hall.timers import DEFAULT_COLORS
from tournament.messages import N_
from tournament.models import Row
from web.render import render

#: Fields that carry several values (check boxes sharing one name).
LISTS = frozenset({"results_tournament_ids", "screen_ids", "family_ids"})
DONE = {
    "saved": N_("Saved."), "created": N_("Created."), "deleted": N_("Deleted."), "moved": N_("Moved."),
    "archived": N_("Archived."), "restored": N_("Restored."), "cloned": N_("Cloned."), "imported": N_("Imported."),
    "withdrawn": N_("Withdrawn."),
    "undone": N_("Undone: the tournament is back as it was before the import."),
}


async def read_form(request: Request[Any, Any, Any]) -> dict[str, Any]:
    """The submitted fields: the last value of each, or every value for the list fields; then the fields the
    forms show in other units or with other controls read back (`from_controls`)."""
    data = await request.form()
    out: dict[str, Any] = {}
    for key in data:
        values = data.getall(key)
        out[key] = values if key in LISTS else values[-1]
    return from_controls(out)


def from_controls(data: dict[str, Any]) -> dict[str, Any]:
    """Form boundary: `<name>_minutes` (typed in minutes) → `<name>` in seconds, as stored; `<name>_unset`
    (the "default" box of a colour picker, which always sends a colour) → `<name>` empty. A value that is not
    a number is passed on unchanged, for the validation to name the field.

    >>> from_controls({"t_minutes": "90", "c": "#00ff00", "c_unset": "1", "d": "#123456"})
    {'c': '', 'd': '#123456', 't': '5400'}
    >>> from_controls({"t_minutes": "1.5", "u_minutes": "", "v_minutes": "soon"})
    {'t': '90', 'u': '', 'v': 'soon'}
    """
    out = {k: v for k, v in data.items() if not k.endswith(("_minutes", "_unset"))}
    for key, value in data.items():
        if key.endswith("_minutes") and isinstance(value, str):
            out[key.removesuffix("_minutes")] = _seconds(value.strip())
        elif key.endswith("_unset") and value:
            out[key.removesuffix("_unset")] = ""
    return out


def _seconds(minutes: str) -> str:
    try:
        value = float(minutes.replace(",", "."))
    except ValueError:
        return minutes
    if not math.isfinite(value):
        return minutes
    seconds = value * 60
    return str(round(seconds)) if abs(seconds - round(seconds)) < 1e-6 else str(seconds)


def upload_of(data: dict[str, Any], name: str = "file") -> UploadFile | None:
    value = data.get(name)
    return value if isinstance(value, UploadFile) and value.filename else None


def page(request: Request[Any, Any, Any], template: str, *, form: Form | None = None, status_code: int = 200,
         **context: Any) -> Template:
    """An admin page; `form` brings the field errors and warnings, `?done=` a confirmation."""
    context.setdefault("errors", form.errors if form else {})
    context.setdefault("warnings", form.warnings if form else [])
    context.setdefault("done", DONE.get(request.query_params.get("done", "")))
    context.setdefault("colour_defaults", DEFAULT_COLORS)
    context.setdefault("done_key", request.query_params.get("done", ""))
    if form is not None and not form.ok:
        status_code = 422
    return render(request, template, status_code=status_code, **context)


def back(url: str, done: str = "saved") -> Redirect:
    """After a successful change: see the page again (POST → redirect → GET)."""
    return Redirect(f"{url}?done={done}", status_code=303)


def values_of(row: Row | None, **extra: Any) -> dict[str, Any]:
    """A row as form values (None → absent), plus computed fields."""
    out: dict[str, Any] = {}
    if row is not None:
        out = {k: getattr(row, k) for k in row.__struct_fields__ if getattr(row, k) is not None}
    out.update(extra)
    return out


def day(timestamp: float | None) -> str:
    return datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d") if timestamp is not None else ""


def only(values: dict[str, Any], *names: str) -> dict[str, Any]:
    return {k: values[k] for k in names if k in values}


def id_list(text: str | None) -> list[int]:
    try:
        values = json.loads(text or "[]")
    except ValueError:
        return []
    return [v for v in values if isinstance(v, int)] if isinstance(values, list) else []
