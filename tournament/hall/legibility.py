"""The hall at a distance: the smallest text a screen may use, and what a screen's content then looks like.

**The rule** (docs/screens.md §16): the text of a hall screen is at least `PX_PER_METRE` CSS pixels high per metre
of reading distance on a display 1080 lines high, in proportion on other displays: "readable at 5 m" is 35 px on a
1920×1080 TV and 25 px on a 1366×768 one. The rule is a share of the display's height, so on every 16:9 display the
rows per page and the columns come out the same. `web/static/autofit.js` never goes below it (it grows the type
when the content fits), and pages the screen when the rows do not fit.

`layout` estimates, from the content alone (rows, their widest texts), what autofit.js will do: the text size, the
columns that hold the widest row, the rows per page and the pages. It is an estimate for the admin's preview (the
browser measures the real glyphs); the geometry below is the one of web/static/echiquier.css.
"""

from __future__ import annotations

import math

import msgspec

#: CSS px of text per metre of reading distance, on a display of REFERENCE_LINES lines.
PX_PER_METRE = 7
REFERENCE_LINES = 1080
DEFAULT_METRES = 5
MIN_METRES, MAX_METRES = 1, 30
#: More pages than this and a player waits too long for their row: the admin is told to split the screen.
MAX_PAGES = 4
PAGE_SECONDS = 10

#: Geometry of echiquier.css, in em of the screen's text unless said otherwise.
ROW_EM = 1.62  # a row: line height (~1.17) and its padding (2 × .22em); plus a 1 px border
HEAD_EM = 1.3  # a table's header row (.8em text)
SET_EM = 2.7  # a set's title (1.1em) and margins (.4em, .8em below the set)
TIMER_EM = 1.8  # the timer banner
CHAR_EM = 0.58  # an average character of a name and rating (measured: the estimate and the browser agree)
CELL_PAD_EM = 0.56  # left and right padding of a cell
GAP_EM = 0.5  # between columns
FIXED_PX = 76  # the top bar and the menu (rem-sized, not scaled) and the page's padding
SIDE_PX = 16


def text_px(metres: float | None, lines: int = REFERENCE_LINES) -> int:
    """The smallest text, in CSS px, readable at `metres` on a display `lines` high (None = the default 5 m).

    >>> text_px(5), text_px(5, 768), text_px(3), text_px(None), text_px(8, 2160)
    (35, 25, 21, 35, 112)
    """
    return math.ceil(PX_PER_METRE * (metres or DEFAULT_METRES) * lines / REFERENCE_LINES - 1e-9)


def text_share(metres: float | None) -> float:
    """The same rule as a share of the display's height (what autofit.js reads from the page).

    >>> round(text_share(5) * 1080, 6)
    35.0
    """
    return PX_PER_METRE * (metres or DEFAULT_METRES) / REFERENCE_LINES


class Content(msgspec.Struct, frozen=True, kw_only=True):
    """What a screen shows, as far as its size goes.

    `rows`: rows of all its sets; `sets`: blocks (each has a title and a header row); `fixed_em`: the cells of a row
    that have a set width (board number, points, result…), in em; `flex`: the cells sharing the rest (names), and
    `flex_chars` the longest text any of them holds; `halves`: 2 for a check-in list (two lists side by side in
    each column)."""

    rows: int
    sets: int = 1
    fixed_em: float = 0.0
    flex: int = 1
    flex_chars: int = 20
    halves: int = 1
    timer: bool = False
    wraps: bool = False  # long texts wrap onto a second line rather than being cut (the latest results)


class Layout(msgspec.Struct, frozen=True, kw_only=True):
    px: int  # text size (at least; autofit grows it when everything fits on one page)
    columns: int
    asked_columns: int
    rows_per_page: int  # rows of one column
    pages: int
    cut: bool  # even one column cannot hold the widest row at this size: names will be cut

    @property
    def fewer_columns(self) -> bool:
        return self.columns < self.asked_columns

    @property
    def capacity(self) -> int:
        """Rows one page shows."""
        return self.rows_per_page * self.columns


def row_em(content: Content) -> float:
    """The width of the widest row, in em.

    >>> row_em(Content(rows=1, fixed_em=10, flex=2, flex_chars=25))
    40.12
    """
    cells = content.flex
    return round(content.fixed_em + cells * (content.flex_chars * CHAR_EM + CELL_PAD_EM), 2)


def fitting_columns(content: Content, px: int, width: int, asked: int) -> int:
    """The most columns (at most `asked`) whose width holds the widest row at `px`; 0 when not even one does."""
    need = row_em(content) * content.halves + GAP_EM * (content.halves - 1)
    for c in range(max(asked, 1), 0, -1):
        column_em = (width - SIDE_PX - (c - 1) * GAP_EM * px) / c / px
        if column_em >= need:
            return c
    return 0


def rows_per_page(content: Content, px: int, height: int) -> int:
    """Rows of one column on one page (at least 1).

    >>> rows_per_page(Content(rows=300), 35, 1080), rows_per_page(Content(rows=300, timer=True), 35, 1080)
    (14, 13)
    """
    chrome = FIXED_PX + content.sets * (SET_EM + HEAD_EM) * px + (TIMER_EM * px if content.timer else 0)
    return max(1, int((height - chrome) // (ROW_EM * px + 1)))


def layout(content: Content, metres: float | None, asked_columns: int | None, width: int = 1920,
           height: int = 1080) -> Layout:
    """What autofit.js makes of `content` at the rule's smallest text for `metres`.

    The 300 boards of a 600-player open, two columns asked, at 5 m on a Full HD TV: one column holds a board, 14
    boards a page, 22 pages.
    >>> boards = Content(rows=300, fixed_em=12.4, flex=2, flex_chars=28)
    >>> x = layout(boards, 5, 2); (x.px, x.columns, x.rows_per_page, x.pages, x.fewer_columns, x.cut)
    (35, 1, 14, 22, True, False)
    >>> layout(Content(rows=12, fixed_em=12.4, flex=2, flex_chars=28), 5, 1).pages
    1
    """
    px = text_px(metres, height)
    asked = max(asked_columns or 1, 1)
    columns = fitting_columns(content, px, width, asked)
    cut = columns == 0 and not content.wraps  # autofit.js then shows one column (it cuts the least) and pages it
    columns = max(columns, 1)
    per = rows_per_page(content, px, height)
    slots = columns * content.halves
    pages = max(1, math.ceil(content.rows / (per * slots))) if content.rows else 1
    return Layout(px=px, columns=columns, asked_columns=asked, rows_per_page=per * content.halves, pages=pages,
                  cut=cut)


def screens_needed(layout: Layout, rows: int, pages: int = 1) -> int:
    """How many screens show `rows` in at most `pages` pages each at this layout (a family's number of screens).

    >>> screens_needed(Layout(px=35, columns=1, asked_columns=2, rows_per_page=15, pages=20, cut=False), 300, 4)
    5
    """
    return max(1, math.ceil(rows / (layout.capacity * pages)))
