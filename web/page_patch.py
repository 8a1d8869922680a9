"""A cached boards or input page, patched with one result instead of rendered again.

After a result, the live hub (web/hub.py) carries every cached screen page of the previous commit
into the new one with the game's row replaced (the row it renders for its push anyway) and the
counts of games without result updated. A page is re-rendered, as after any other commit, when it
does not have the expected shape (results and standings pages, a markup this code does not know).
tests/test_live.py checks that a patched page is the page a fresh render gives.
"""

from __future__ import annotations

import re

SECTION = re.compile(r'<section class="set[^"]*" id="set-\d+" data-tid="(\d+)"')
COUNTS = re.compile(r'(<span class="missing-set">)(\d+)(</span>[^<]*<span class="missing-elsewhere")( hidden)?'
                    r'(>[^<]*<span class="missing-tournament">)(\d+)(</span>)')
#: Screens whose content moves with every result: never patched.
MOVING = ('class="results"', "standings-set")


def patch_page(html: str, tid: int, dom_id: str, row: str, delta: int, missing: int) -> str | None:
    """`html` with the row `dom_id` replaced by `row` and the counts of tournament `tid`'s sets updated
    (`delta`: games without result gained in the row's set; `missing`: in the tournament). None if the
    page cannot be patched."""
    if any(marker in html for marker in MOVING):
        return None
    starts = [(m.start(), int(m.group(1))) for m in SECTION.finditer(html)]
    if not any(t == tid for _start, t in starts):
        return html if f'id="{dom_id}"' not in html else None
    bounds = [start for start, _t in starts] + [len(html)]
    out = [html[:bounds[0]]]
    for (start, t), end in zip(starts, bounds[1:], strict=True):
        part = html[start:end]
        if t == tid:
            here_delta = 0
            at = part.find(f'<tr id="{dom_id}"')
            if at >= 0:
                stop = part.find("</tr>", at)
                if stop < 0:
                    return None
                part = part[:at] + row + part[stop + len("</tr>"):]
                here_delta = delta
            counts = COUNTS.search(part)
            if counts is None:
                if 'class="missing"' in part:
                    return None  # counts in a shape this code does not know
            else:
                here = int(counts.group(2)) + here_delta
                part = (part[:counts.start()] + counts.group(1) + str(here) + counts.group(3)
                        + (" hidden" if here == missing else "") + counts.group(5) + str(missing) + counts.group(7)
                        + part[counts.end():])
        out.append(part)
    return "".join(out)
