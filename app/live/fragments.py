"""The fragments hall pages are assembled from, which are also what the live stream sends.

A board row is rendered by `board_row_html` only, for one screen variant (`boards`, or
`input-<screen id>`: an input row opens its screen's dialog) and one language, and kept in the event's
render cache (app/cache.py) by its content: the page, the set refetched by a screen, the tablet's
answer and the frame the live hub pushes are the same string, rendered once.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from jinja2 import Environment
from markupsafe import Markup

from app.cache import fragment
from app.views.tournament import BoardRow
from database.store import EventStore
from i18n import translator


class SlotScreen(msgspec.Struct, frozen=True):
    """What `_row.html` reads of a screen."""

    type: str
    uniq_id: str


def variant_of(screen_type: str, screen_id: str) -> str:
    """The rows of a boards screen read the same on every boards screen; an input screen's are its own."""
    return f"input-{screen_id}" if screen_type == "input" else "boards"


def board_row_html(environment: Environment, store: EventStore, row: BoardRow, screen_type: str, screen_id: str,
                   lang: str) -> Markup:
    """A board's `<tr>` for a screen variant and a language (templates/screen/_row.html)."""
    variant = variant_of(screen_type, screen_id)

    def render() -> str:
        screen = SlotScreen(type="input" if variant != "boards" else "boards", uniq_id=screen_id)
        template = environment.get_template("screen/_row.html")
        return str(template.render(row=row, screen=screen, event_id=store.event_id, _=translator(lang))).strip()

    return Markup(fragment(store, ("row", variant, lang, row), render))


class RowsHtml:
    """How one screen's sets show their board rows (templates/screen/_set.html): its variant, its language."""

    def __init__(self, environment: Environment, store: EventStore, screen_type: str, screen_id: str,
                 lang: str) -> None:
        self.environment, self.store, self.lang = environment, store, lang
        self.screen_type, self.screen_id = screen_type, screen_id

    def __call__(self, row: BoardRow) -> Markup:
        return board_row_html(self.environment, self.store, row, self.screen_type, self.screen_id, self.lang)

    def column(self, rows: Sequence[BoardRow]) -> Markup:
        """A column's rows, one after the other."""
        return Markup("\n".join([self(row) for row in rows]))

    @staticmethod
    def open_games(columns: Sequence[Sequence[BoardRow]]) -> int:
        """The games of these columns without a result yet."""
        return sum(1 for rows in columns for row in rows if row.black is not None and row.result is None)


def missing_html(environment: Environment, store: EventStore, tid: int, missing: int) -> Markup:
    """The tournament's count of games without result, as the stream sends it beside a row."""
    def render() -> str:
        template = environment.get_template("screen/_missing.html")
        return str(template.render(tid=tid, missing=missing)).strip()

    return Markup(fragment(store, ("missing", tid, missing), render))
