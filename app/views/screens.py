"""Screens as the hall sees them: plain and family-generated screens, their sets, menus and timers.

A `ScreenSpec` is what a page needs to know about a screen, whether it is a `screen` row or one
of the screens a family generates (`tournament/hall/families.py` documents the generated ids).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path

import msgspec

from app.cache import memo
from app.views.teams import match_count
from app.views.tournament import (
    AlphaRow,
    BoardRow,
    Translate,
    cached_alpha_rows,
    cached_board_rows,
    tournament_state,
)
from database.store import EventStore
from tournament.boards import split_columns
from tournament.errors import NotFound
from tournament.hall import families as fam
from tournament.hall import legibility, menus
from tournament.hall.screen_rules import STANDINGS_TYPES, TEAM_SCREEN_TYPES
from tournament.hall.sets import fill_name, halves, name_bound, select_fixed, select_range
from tournament.messages import N_
from tournament.models import Family, Info, Screen
from tournament.notices import Notice

log = logging.getLogger("echiquier")

DEFAULT_BACKGROUND = "#e9ecef"
DEFAULT_IMAGE = "/static/background.svg"
ERROR_IMAGE = "/static/image-missing.svg"


class SetSpec(msgspec.Struct, frozen=True, kw_only=True):
    id: int  # in fragment URLs: the `screen_set` row id, or 1 for the one set of a generated screen
    position: int  # 1-based place on the screen
    tournament_id: int
    name: str | None = None
    first: int | None = None
    last: int | None = None
    fixed_boards_str: str | None = None


class ScreenSpec(msgspec.Struct, frozen=True, kw_only=True):
    uniq_id: str
    type: str
    public: bool
    name: str | None = None
    columns: int = 1
    menu_link: bool = True
    menu_text: str | None = None
    menu: str | None = None
    timer_id: int | None = None
    players_show_unpaired: bool = True
    results_limit: int | None = None
    results_tournament_ids: str | None = None
    background_image: str | None = None
    background_color: str | None = None
    sets: tuple[SetSpec, ...] = ()
    family: str | None = None  # generating family's uniq_id
    row: Screen | None = None  # the `screen` row of a plain screen
    readable_m: int | None = None  # readable from this far (None = 5 m): tournament/hall/legibility.py
    message: str | None = None  # the line scrolling across the screen

    def min_text(self) -> str:
        """The rule's smallest text as a share of the display's height (autofit.js reads it from the page)."""
        return f"{legibility.text_share(self.readable_m):.9f}"

    def entry(self) -> menus.MenuEntry:
        return menus.MenuEntry(uniq_id=self.uniq_id, type=self.type, family=self.family,
                               menu_link=self.menu_link, public=self.public)


class SetView(msgspec.Struct, frozen=True, kw_only=True):
    id: int  # SetSpec.id
    tid: int
    title: str  # with the state of the tournament: "(check-in)", "(round N)"
    name: str  # without it: what the page's header shows (it is not refreshed live; the set is)
    mode: str  # "boards", "players" or "checkin"
    round: int | None
    columns: list[list[BoardRow]] | list[list[AlphaRow]] | list[list[list[AlphaRow]]]
    missing: int
    count: int
    first_label: str  # %f and %l of menu labels
    last_label: str
    virtual: bool
    handicap: bool
    illegal_limit: int
    notices: list[Notice]


def plain_spec(screen: Screen, sets: Sequence[SetSpec]) -> ScreenSpec:
    return ScreenSpec(
        uniq_id=screen.uniq_id, type=screen.type, public=bool(screen.public), name=screen.name,
        columns=max(screen.columns or 1, 1), menu_link=screen.menu_link is not False and screen.type != "image",
        menu_text=screen.menu_text, menu=screen.menu, timer_id=screen.timer_id,
        players_show_unpaired=screen.players_show_unpaired is not False, results_limit=screen.results_limit,
        results_tournament_ids=screen.results_tournament_ids, background_image=screen.background_image,
        background_color=screen.background_color, sets=tuple(sets), row=screen, readable_m=screen.readable_m,
        message=screen.message or None,
    )


async def plain_specs(store: EventStore) -> list[ScreenSpec]:
    sets_by_screen: dict[int, list[SetSpec]] = {}
    for s in await store.screen_sets():
        group = sets_by_screen.setdefault(s.screen_id, [])
        group.append(SetSpec(id=s.id, position=len(group) + 1, tournament_id=s.tournament_id, name=s.name,
                             first=s.first, last=s.last, fixed_boards_str=s.fixed_boards_str))
    return [plain_spec(s, sets_by_screen.get(s.id, [])) for s in await store.screens()]


async def family_items(store: EventStore, family: Family) -> tuple[int, bool]:
    """(number of items the family splits, whether they form a check-in list)."""
    if family.type == "team_boards":
        return await match_count(store, family.tournament_id), False
    state = await tournament_state(store, family.tournament_id)
    if state.round is None:
        return len(state.players), True
    if family.type in ("input", "boards"):
        return len(await cached_board_rows(store, family.tournament_id)), False
    show = family.players_show_unpaired is not False
    return len(await cached_alpha_rows(store, family.tournament_id, show)), False


async def family_specs(store: EventStore, family: Family) -> tuple[list[ScreenSpec], list[Notice]]:
    """The screens a family generates now (their number follows the tournament's size)."""
    count, checkin = await family_items(store, family)
    parts, notices = fam.plan(count, first=family.first, last=family.last, parts=family.parts,
                              number=family.number, columns=family.columns, checkin=checkin,
                              range_str=family.range)
    specs = [
        ScreenSpec(
            uniq_id=fam.generated_id(family.uniq_id, p.index), type=family.type, public=bool(family.public),
            name=None, columns=max(family.columns or 1, 1),
            menu_link=bool(family.menu_link), menu_text=family.menu_text or None, menu=family.menu or None,
            timer_id=family.timer_id, players_show_unpaired=family.players_show_unpaired is not False,
            sets=(SetSpec(id=1, position=1, tournament_id=family.tournament_id, name=family.name or "%t (%f to %l)",
                          first=p.first, last=p.last),),
            family=family.uniq_id, readable_m=family.readable_m, message=family.message or None,
        )
        for p in parts
    ]
    return specs, [Notice("Family %s: %s", (family.uniq_id, n)) for n in notices]


async def all_specs(store: EventStore) -> list[ScreenSpec]:
    """Every screen of the event, in menu order: plain screens by id, then each family's screens."""
    async def compute() -> list[ScreenSpec]:
        out = await plain_specs(store)
        taken = {s.uniq_id for s in out}
        for family in await store.families():
            generated, _notices = await family_specs(store, family)
            out.extend(s for s in generated if s.uniq_id not in taken)
        return out

    specs: list[ScreenSpec] = await memo(store, ("all-specs",), compute)
    return specs


async def find_spec(store: EventStore, uniq_id: str) -> ScreenSpec:
    """A plain screen, else a generated one (`<family>-<n>` or `<family>:<nnn>`); NotFound otherwise."""
    for spec in await plain_specs(store):
        if spec.uniq_id == uniq_id:
            return spec
    parsed = fam.split_generated_id(uniq_id)
    if parsed is not None:
        family_id, index = parsed
        family = next((f for f in await store.families() if f.uniq_id == family_id), None)
        if family is not None:
            wanted = fam.generated_id(family_id, index)
            for spec in (await family_specs(store, family))[0]:
                if spec.uniq_id == wanted:
                    return spec
            raise NotFound("Family %r has no screen %s now (the tournament changed?).", family_id, index)
    raise NotFound("No screen %r in this event.", uniq_id)


# -- sets ----------------------------------------------------------------------------------------


async def set_view(store: EventStore, screen: ScreenSpec, s: SetSpec, _: Translate) -> SetView:
    """One set of an input/boards/players screen (docs/screens.md §4)."""
    state = await tournament_state(store, s.tournament_id)
    tname = state.tournament.name
    notices: list[Notice] = []
    ranged = s.first is not None or s.last is not None
    common = dict(id=s.id, tid=state.tournament.id, round=state.round, missing=state.missing,
                  virtual=state.virtual, handicap=state.handicap, illegal_limit=state.illegal_limit)
    if screen.type == "players" or state.round is None:
        show_unpaired = screen.players_show_unpaired or state.round is None
        items: list[AlphaRow] = await cached_alpha_rows(store, s.tournament_id, show_unpaired)
        chosen, notices = select_range(items, s.first, s.last)
        first = name_bound(chosen[0].player.last_name) if chosen else ""
        last = name_bound(chosen[-1].player.last_name) if chosen else ""
        default = N_("%f to %l") if ranged else "%t"
        title = name = fill_name(_(s.name or default), tname, first, last)  # a pattern given is translated too
        short = [name_bound(r.player.last_name, 3, upper=True) for r in (chosen[:1] + chosen[-1:])] or ["", ""]
        if state.round is None:
            columns: list = [halves(c) for c in split_columns(chosen, screen.columns)]
            mode = "checkin"
            title = f"{title} ({_('check-in')})"
        else:
            columns = split_columns(chosen, screen.columns)
            mode = "players"
            title = f"{title} ({_('round')} {state.round})"
        return SetView(title=title, name=name, mode=mode, columns=columns, count=len(chosen), first_label=short[0],
                       last_label=short[-1], notices=notices, **common)  # type: ignore[arg-type]
    rows = await cached_board_rows(store, s.tournament_id)
    if s.fixed_boards_str is not None:
        chosen_rows, notices = select_fixed(rows, s.fixed_boards_str, lambda r: r.board,
                                            lambda r: bool(r.white.fixed_board or (r.black and r.black.fixed_board)))
        ranged = False
    else:
        chosen_rows, notices = select_range(rows, s.first, s.last)
    boards = [r.board for r in chosen_rows if r.board]  # the bye has no board number: "281 to 299", not "281 to "
    first = str(boards[0]) if boards else ""
    last = str(boards[-1]) if boards else ""
    default = N_("Boards %f to %l") if ranged else "%t"
    name = fill_name(_(s.name or default), tname, first, last)  # a name given as a pattern is translated too
    title = f"{name} ({_('round')} {state.round})"
    return SetView(title=title, name=name, mode="boards", columns=split_columns(chosen_rows, screen.columns),
                   count=len(chosen_rows), first_label=first, last_label=last, notices=notices,
                   **common)  # type: ignore[arg-type]


# -- menus ---------------------------------------------------------------------------------------


TEAM_LINKS = {"team_boards": N_("team boards"), "team_standings": N_("team standings"),
              "team_crosstable": N_("cross-table")}


class MenuLink(msgspec.Struct, frozen=True, kw_only=True):
    uniq_id: str
    label: str
    selected: bool


async def link_label(store: EventStore, spec: ScreenSpec, several: bool, _: Translate) -> str:
    """The label of links to a screen: `menu_text`, else the default of docs/screens.md §8, tokens filled."""
    if spec.type == "results":
        return spec.menu_text or _("Latest results")
    if not spec.sets:
        return spec.menu_text or (_(spec.name) if spec.name else spec.uniq_id)
    first_set = spec.sets[0]
    if spec.type in TEAM_SCREEN_TYPES:  # "<tournament> (team boards)", or the matches' tables of a family screen
        tname = (await store.tournament(first_set.tournament_id)).name
        if spec.menu_text:
            return fill_name(spec.menu_text, tname, str(first_set.first or ""), str(first_set.last or ""))
        if spec.family is not None:
            tables = _("Tables %s to %s", first_set.first, first_set.last)
            return f"{tname} ({tables})" if several else tables
        return f"{tname} ({_(TEAM_LINKS[spec.type])})"
    if spec.type in STANDINGS_TYPES:  # "Standings", or "<tournament> (standings)" when the event has several
        tname = (await store.tournament(first_set.tournament_id)).name
        one = len({s.tournament_id for s in spec.sets}) == 1
        return fill_name(spec.menu_text or _(menus.default_label(spec.type, True, False, several and one)), tname,
                         "", "")
    view = await set_view(store, spec, first_set, _)
    tname = (await tournament_state(store, first_set.tournament_id)).tournament.name
    ranged = spec.family is not None or first_set.first is not None or first_set.last is not None
    template = spec.menu_text or _(menus.default_label(spec.type, view.mode == "boards", ranged, several))
    return fill_name(template, tname, view.first_label, view.last_label)


async def menu_links(store: EventStore, spec: ScreenSpec, admin: bool, _: Translate
                     ) -> tuple[list[MenuLink], list[Notice]]:
    specs = await all_specs(store)
    chosen, notices = menus.resolve(spec.menu, [s.entry() for s in specs], spec.entry(), admin)
    by_id = {s.uniq_id: s for s in specs}
    several = len(await store.tournaments()) > 1
    links = [MenuLink(uniq_id=e.uniq_id, label=await link_label(store, by_id[e.uniq_id], several, _),
                      selected=e.uniq_id == spec.uniq_id) for e in chosen]
    return links, notices


# -- images --------------------------------------------------------------------------------------


def image_url(value: str | None, custom_dir: Path) -> tuple[str, Path | None]:
    """(URL to show, file under custom/ to check) for a background image value (docs/screens.md §13)."""
    if not value:
        return DEFAULT_IMAGE, None
    if "://" in value or value.startswith("/"):
        return value, None
    relative = Path(value)
    root = custom_dir.resolve()
    target = (root / relative).resolve()
    if relative.is_absolute() or not target.is_relative_to(root):
        log.warning("background image %r escapes custom/: refused", value)
        return ERROR_IMAGE, None
    return "/custom/" + relative.as_posix(), target


def background(spec: ScreenSpec | None, info: Info) -> tuple[str | None, str]:
    """(image value, colour) with the event-level fallback."""
    image = (spec.background_image if spec else None) or info.background_image
    color = (spec.background_color if spec else None) or info.background_color or DEFAULT_BACKGROUND
    return image, color


def translate_notice(n: Notice, _: Translate) -> str:
    """A notice in the UI language; a Notice argument is translated too."""
    args = tuple(translate_notice(a, _) if isinstance(a, Notice) else a for a in n.args)
    return _(n.text, *args) if args else _(n.text)


def translate_notices(notices: Sequence[Notice], _: Translate) -> list[str]:
    return [translate_notice(n, _) for n in notices]


def rotator_ids(raw: str | None) -> list[int]:
    try:
        value = json.loads(raw) if raw else []
    except ValueError:
        return []
    return [i for i in value if isinstance(i, int)] if isinstance(value, list) else []
