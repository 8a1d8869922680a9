"""Menus of screens (docs/screens.md §8): token expansion and link labels.

Entries are every screen of the event, plain and generated, in menu order (plain screens by id,
then each family's screens by index); the web layer builds them.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence

import msgspec

from tournament.messages import N_
from tournament.notices import Notice

TYPE_TOKENS = {"@input": "input", "@boards": "boards", "@players": "players", "@results": "results",
               "@standings": "standings", "@provisional_standings": "provisional_standings",
               "@team_boards": "team_boards", "@team_standings": "team_standings",
               "@team_crosstable": "team_crosstable"}
LEGACY = {"@view": ["@boards", "@players", "@results"], "@update": ["@input"], "@none": []}
GLOB_CHARS = frozenset("*?[")


class MenuEntry(msgspec.Struct, frozen=True, kw_only=True):
    uniq_id: str
    type: str
    family: str | None = None  # uniq_id of the family that generated it
    menu_link: bool = True
    public: bool = False

    @property
    def linkable(self) -> bool:
        return self.menu_link and self.type != "image"


def tokens(menu: str | None) -> list[str]:
    """Menu items, legacy tokens expanded (`@view`, `@update`, `@none`).

    >>> tokens(" @view, room-* ,, @none")
    ['@boards', '@players', '@results', 'room-*']
    """
    out: list[str] = []
    for raw in (menu or "").split(","):
        item = raw.strip()
        if item:
            out.extend(LEGACY.get(item.lower(), [item]))
    return out


def resolve(menu: str | None, entries: Sequence[MenuEntry], current: MenuEntry | None, admin: bool
            ) -> tuple[list[MenuEntry], list[Notice]]:
    """The screens a menu links to, in order, duplicates keeping their first place.

    >>> es = [MenuEntry(uniq_id=u, type=t, family=f, public=p) for u, t, f, p in [
    ...     ("in", "input", None, True), ("b", "boards", None, True), ("hidden", "boards", None, False),
    ...     ("img", "image", None, True), ("fam-1", "boards", "fam", True), ("fam-2", "boards", "fam", True)]]
    >>> [e.uniq_id for e in resolve("@boards, in, fam-*", es, es[4], admin=False)[0]]
    ['b', 'fam-1', 'fam-2', 'in']
    >>> [e.uniq_id for e in resolve("@family,img,nope", es, es[4], admin=True)[0]]
    ['fam-1', 'fam-2']
    >>> [n.args for n in resolve("@family,img,nope", es, es[0], admin=True)[1]]
    [('in',), ('img',), ('nope',)]
    """
    chosen: dict[str, MenuEntry] = {}
    notices: list[Notice] = []

    def visible(e: MenuEntry) -> bool:
        return e.linkable and (admin or e.public)

    def add(found: Sequence[MenuEntry]) -> None:
        for e in found:
            if visible(e):
                chosen.setdefault(e.uniq_id, e)

    by_id = {e.uniq_id: e for e in entries}
    for item in tokens(menu):
        lowered = item.lower()
        if lowered in TYPE_TOKENS:
            add([e for e in entries if e.type == TYPE_TOKENS[lowered]])
        elif lowered == "@family":
            if current is None or current.family is None:
                notices.append(Notice("Menu token @family is only valid on a family screen (%s).",
                                      (current.uniq_id if current else "?",)))
            else:
                add([e for e in entries if e.family == current.family])
        elif GLOB_CHARS & set(item):
            found = [e for e in entries if fnmatch.fnmatchcase(e.uniq_id, item)]
            if not found:
                notices.append(Notice("Menu item %s matches no screen.", (item,)))
            add(found)
        elif item in by_id:
            if not by_id[item].linkable:
                notices.append(Notice("Menu item %s is not linkable (image or menu_link off).", (item,)))
            add([by_id[item]])
        else:
            notices.append(Notice("Menu item %s is not a screen id.", (item,)))
    return list(chosen.values()), notices


def default_label(kind: str, paired: bool, ranged: bool, several: bool) -> str:
    """The English label template of a link (translated by the caller), docs/screens.md §8 table.

    >>> default_label("boards", True, False, False), default_label("players", True, True, True)
    ('By board', '%t [%f-%l]')
    >>> default_label("input", False, False, True), default_label("results", True, True, True)
    ('%t (alphabetical)', 'Latest results')
    >>> default_label("standings", True, False, False), default_label("standings", True, False, True)
    ('Standings', '%t (standings)')
    """
    if kind == "results":
        return "Latest results"
    if kind == "standings":
        return N_("%t (standings)") if several else "Standings"
    if kind == "provisional_standings":
        return N_("%t (provisional standings)") if several else N_("Provisional standings")
    by_board = kind in ("input", "boards") and paired
    if by_board:
        if several:
            return N_("%t [boards %f-%l]") if ranged else N_("%t (by board)")
        return N_("Boards %f-%l") if ranged else "By board"
    if several:
        return "%t [%f-%l]" if ranged else N_("%t (alphabetical)")
    return "%f-%l" if ranged else "Alphabetical"
