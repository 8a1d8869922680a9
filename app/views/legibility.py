"""What a hall screen will look like at its legibility rule (tournament/hall/legibility.py), for the admin's pages:
the text size, columns, rows per page and pages of a screen's current content, with the advice when it pages too
often (docs/screens.md §16).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from app.views.screens import ScreenSpec, family_specs, set_view
from app.views.standings_screen import standings_set_view
from app.views.tournament import AlphaRow, BoardRow, PlayerCell, Translate, results_view
from database.store import EventStore
from tournament.hall import legibility as rule
from tournament.hall.screen_rules import AUTOFIT_TYPES, STANDINGS_TYPES
from tournament.messages import N_
from tournament.models import Family

#: Set widths of the cells of a row, in em (web/static/echiquier.css), and the padding of each.
BOARD_FIXED = 3.2 + 2 * 2.4 + 4.4 + 4 * rule.CELL_PAD_EM
REAL_FIXED = 2 * (3.6 + rule.CELL_PAD_EM)
ILLEGAL_FIXED = 2 * (4.2 + rule.CELL_PAD_EM)
WHERE_FIXED = 10 + rule.CELL_PAD_EM
CHECKIN_FIXED = 2.2 + 1.4
RESULTS_FIXED = 4.6 + 4.2 + 4.4 + 3 * rule.CELL_PAD_EM
STANDINGS_FIXED = 6.6 + 3.5 + 3.5 + 4 * rule.CELL_PAD_EM
TIE_BREAK_EM = 3.8

PAGES_TOO_MANY = N_("At this size the screen turns through %s pages of %s s: a player waits up to %s s to see their "
                    "row again. Split it: a family of %s screens shows it in at most %s pages each.")
PAGES_TOO_MANY_RANKS = N_("At this size the screen turns through %s pages of %s s: a player waits up to %s s to see "
                          "their row again. Split it: %s screens, each showing a range of ranks (the first and last of "
                          "their set), show it in at most %s pages each.")
PAGES_TOO_MANY_RESULTS = N_("At this size the screen turns through %s pages of %s s. Show at most %s results to "
                            "keep it to %s pages.")
FEWER_COLUMNS = N_("%s columns asked, %s fit at this size: the widest row would be cut.")
FAMILY_PAGES = N_("This screen turns through %s pages: with %s rows a page, a family of %s screens shows each "
                  "on one page.")
NAMES_CUT = N_("Even one column cannot hold the widest row at this size: long names will wrap onto two lines.")


class Preview(msgspec.Struct, frozen=True, kw_only=True):
    """The admin's preview of one screen."""

    uniq_id: str
    metres: int
    rows: int
    layout: rule.Layout
    warnings: list[tuple[str, tuple[object, ...]]]  # messages (msgid, arguments), translated by the template

    @property
    def px_768(self) -> int:
        return rule.text_px(self.metres, 768)


def cell_chars(p: PlayerCell | None, points: bool = False) -> int:
    """The characters of a player's cell: title, name, rating and its letter, handicap time, [points]."""
    if p is None:
        return 0
    text = f"{p.title or ''} {p.name} {p.rating or ''}{p.rating_type or ''} {p.time or ''}".strip()
    return len(text) + (len(p.points) + 3 if points else 0)


def _leaves(columns: Iterable[Iterable[object]]) -> list[object]:
    """The rows of a set's columns (a check-in column holds two halves)."""
    out: list[object] = []
    for column in columns:
        for item in column:
            out.extend(item if isinstance(item, list) else [item])
    return out


def _longest(values: Iterable[int]) -> int:
    return max(values, default=12)


async def screen_content(store: EventStore, spec: ScreenSpec, _: Translate) -> rule.Content:
    """The rows of a screen now and the widths of its widest row (what decides its size)."""
    timer = spec.timer_id is not None
    if spec.type == "results" and spec.row is not None:
        results = await results_view(store, spec.row)
        lines = [line for column in results.columns for line in column]
        widest = _longest(max(cell_chars(x.white), cell_chars(x.black)) for x in lines)
        fixed = RESULTS_FIXED + (8 if len(results.tournament_ids) > 1 else 0)
        return rule.Content(rows=len(lines), fixed_em=fixed, flex=2, flex_chars=widest, timer=timer, wraps=True)
    if spec.type in STANDINGS_TYPES:
        rows, sets, chars, fixed = 0, 0, 12, STANDINGS_FIXED
        for s in spec.sets:
            st = await standings_set_view(store, spec, s, _)
            rows += st.count
            sets += 1
            ranked = [r for column in st.columns for r in column.rows]
            chars = max(chars, _longest(len(r.name) for r in ranked))
            if st.columns:
                fixed = max(fixed, STANDINGS_FIXED + TIE_BREAK_EM * len(st.columns[0].tie_breaks))
        return rule.Content(rows=rows, sets=max(sets, 1), fixed_em=fixed, flex=1, flex_chars=chars, timer=timer)
    rows, sets, chars, fixed, halves = 0, 0, 12, BOARD_FIXED, 1
    for s in spec.sets:
        view = await set_view(store, spec, s, _)
        rows += view.count
        sets += 1
        leaves = _leaves(view.columns)
        boards = [r for r in leaves if isinstance(r, BoardRow)]
        alpha = [r for r in leaves if isinstance(r, AlphaRow)]
        if view.mode == "boards":
            chars = max(chars, _longest(max(cell_chars(r.white), cell_chars(r.black)) for r in boards))
            fixed = max(fixed, BOARD_FIXED + (REAL_FIXED if view.virtual else 0)
                        + (ILLEGAL_FIXED if spec.type == "input" and view.illegal_limit else 0))
        elif view.mode == "players":
            chars = max(chars, _longest(max(cell_chars(r.player, True), cell_chars(r.opponent, True)) for r in alpha))
            fixed = WHERE_FIXED
        else:  # a check-in list: two lists side by side in each column
            chars = max(chars, _longest(len(r.player.name) for r in alpha))
            fixed, halves = CHECKIN_FIXED, 2
    flex = 1 if halves == 2 else 2
    return rule.Content(rows=rows, sets=max(sets, 1), fixed_em=fixed, flex=flex, flex_chars=chars, halves=halves,
                        timer=timer)


def advice(layout: rule.Layout, rows: int, kind: str = "boards") -> list[tuple[str, tuple[object, ...]]]:
    """The warnings of a layout: too many pages (with the family, the screens of ranks or the number of results that
    would do), fewer columns, names cut."""
    out: list[tuple[str, tuple[object, ...]]] = []
    if layout.cut:
        out.append((NAMES_CUT, ()))
    elif layout.fewer_columns:
        out.append((FEWER_COLUMNS, (layout.asked_columns, layout.columns)))
    if layout.pages > rule.MAX_PAGES:
        wait = layout.pages * rule.PAGE_SECONDS
        if kind == "results":
            out.append((PAGES_TOO_MANY_RESULTS, (layout.pages, rule.PAGE_SECONDS, layout.capacity * rule.MAX_PAGES,
                                                 rule.MAX_PAGES)))
        else:
            text = PAGES_TOO_MANY_RANKS if kind in STANDINGS_TYPES else PAGES_TOO_MANY
            out.append((text, (layout.pages, rule.PAGE_SECONDS, wait, rule.screens_needed(layout, rows, rule.MAX_PAGES),
                               rule.MAX_PAGES)))
    return out


async def preview(store: EventStore, spec: ScreenSpec, _: Translate, metres: int | None = None,
                  columns: int | None = None) -> Preview:
    """The preview of a screen, at `metres` and `columns` when given (the form being filled), else its own."""
    spec = msgspec.structs.replace(spec, columns=columns or spec.columns,
                                   readable_m=metres if metres is not None else spec.readable_m)
    content = await screen_content(store, spec, _)
    layout = rule.layout(content, spec.readable_m, spec.columns)
    return Preview(uniq_id=spec.uniq_id, metres=spec.readable_m or rule.DEFAULT_METRES, rows=content.rows,
                   layout=layout, warnings=advice(layout, content.rows, spec.type))


async def family_previews(store: EventStore, family: Family, _: Translate) -> list[Preview]:
    """The preview of every screen a family generates now (none for input and team screens: they are not sized by
    the rule). A generated screen that pages is told how many screens would show each on one page."""
    if family.type not in AUTOFIT_TYPES:
        return []
    specs, _notices = await family_specs(store, family)
    shown = [await preview(store, spec, _) for spec in specs]
    total = sum(p.rows for p in shown)
    out = []
    for p in shown:
        if p.layout.pages > 1 and p.layout.pages <= rule.MAX_PAGES:
            needed = rule.screens_needed(p.layout, total)
            p = msgspec.structs.replace(p, warnings=[*p.warnings, (FAMILY_PAGES, (p.layout.pages, p.layout.capacity,
                                                                                   needed))])
        out.append(p)
    return out
