"""Validation of the admin forms of team tournaments (pure, per-field messages): the team settings (team size,
scoring preset or custom points, line-up rules), a team (names, club, federation, members in board order) and
a player added straight into a team.

>>> points = dict(zip(POINTS, ("2", "3", "0", "0", "2", "1", "0.5", "0"), strict=True))
>>> f = Form({"team_size": "4", "scoring": "custom", **points})
>>> team_settings_rules(f), f.errors["match_draw"].text
(None, 'A match won must be worth more than a match drawn, and a draw at least a loss.')
>>> f = Form({"team_size": "4", "scoring": "custom", **points, "match_draw": "1,5", "match_win": "3"})
>>> team_settings_rules(f)[1].match_draw
Decimal('1.5')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from decimal import Decimal, InvalidOperation

from tournament.config_rules import NOT_CHOICE, Form
from tournament.messages import N_
from tournament.teams.core import VARIANTS, LineupRules, TeamScoring, team_scoring

SCORING_CHOICES = ("fide", "ffe", "custom")
#: The points a custom scoring sets, in the order of the form.
POINTS = ("match_win", "match_draw", "match_loss", "match_forfeit_loss", "match_pab", "game_win", "game_draw",
          "game_loss")
MAX_POINTS = Decimal(100)
MAX_BOARDS = 20
#: Board fields of the team form: `board_1` … `board_<n>`, n the slots shown.
BOARD_FIELD = "board_%s"

NOT_POINTS = N_("Enter points as a number such as 2 or 0.5.")
POINTS_RANGE = N_("Points are between 0 and %s.")
MATCH_ORDER = N_("A match won must be worth more than a match drawn, and a draw at least a loss.")
GAME_ORDER = N_("A game won must be worth more than a draw, and a draw at least a loss.")
SIZE_FIXED = N_("The team size cannot change once matches are paired (%s boards).")
TEAM_TAKEN = N_("There is already a team with this name.")
BAD_FEDERATION = N_("A federation is a code of 2 or 3 letters (FRA, GER…).")
TWICE = N_("This player is already on board %s.")
IN_OTHER_TEAM = N_("This player is already in team %s.")
MIN_PLAYERS = N_("A team has %s boards: it cannot have to field more players.")


def _points(form: Form, name: str) -> Decimal | None:
    text = form.raw(name).replace(",", ".")
    try:
        value: Decimal | None = Decimal(text) if text else None
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite():  # empty, not a number, NaN or infinity
        form.fail(name, NOT_POINTS)
        return None
    if not Decimal(0) <= value <= MAX_POINTS:
        form.fail(name, POINTS_RANGE, MAX_POINTS)
        return None
    return value


def team_settings_rules(form: Form, *, paired_size: int | None = None) -> tuple[int, TeamScoring, LineupRules] | None:
    """(team size, scoring, line-up rules), or None with the field errors in `form`. `paired_size`: the team size
    of a tournament whose matches are paired (it cannot change any more).

    >>> f = Form({"team_size": "6", "scoring": "ffe", "keep_order": "1"})
    >>> size, scoring, rules = team_settings_rules(f)
    >>> size, scoring.match_win, rules.keep_order, rules.allow_empty_boards
    (6, Decimal('3'), True, False)
    >>> f = Form({"team_size": "6", "scoring": "fide"})
    >>> team_settings_rules(f, paired_size=4), f.errors["team_size"].args
    (None, (4,))
    >>> team_settings_rules(Form({"team_size": "8", "scoring": "ffe", "min_players": "5"}))[1].min_players
    5
    >>> f = Form({"team_size": "4", "scoring": "ffe", "min_players": "5"})
    >>> team_settings_rules(f), f.errors["min_players"].args
    (None, (4,))
    """
    size = form.integer("team_size", minimum=1, maximum=MAX_BOARDS, required=True)
    if size is not None and paired_size is not None and size != paired_size:
        form.fail("team_size", SIZE_FIXED, paired_size)
    variant = form.choice("scoring", SCORING_CHOICES, required=True)
    fewest = form.integer("min_players", minimum=0, maximum=MAX_BOARDS)
    if fewest is not None and size is not None and fewest > size:
        form.fail("min_players", MIN_PLAYERS, size)
    extra: dict[str, object] = {"board_count": form.flag("board_count"),
                                "min_players": 1 if fewest is None else fewest}
    scoring = None
    if variant == "custom":
        values = {name: _points(form, name) for name in POINTS}
        if None not in values.values():
            if not values["match_win"] > values["match_draw"] >= values["match_loss"]:  # type: ignore[operator]
                form.fail("match_draw", MATCH_ORDER)
            if not values["game_win"] > values["game_draw"] >= values["game_loss"]:  # type: ignore[operator]
                form.fail("game_draw", GAME_ORDER)
        if form.ok:  # stored as the FIDE preset with its points changed (tournament.teams.core.team_scoring)
            scoring = team_scoring("fide", **values, **extra)
    elif variant is not None:
        scoring = team_scoring(variant, **extra)
    rules = LineupRules(keep_order=form.flag("keep_order"), allow_empty_boards=form.flag("allow_empty_boards"))
    if not form.ok or size is None or scoring is None:
        return None
    return size, scoring, rules


def preset_of(scoring: TeamScoring) -> str:
    """`fide` or `ffe` when the points are the preset's, else `custom`.

    >>> preset_of(team_scoring("ffe", board_count=True)), preset_of(team_scoring("fide", match_win=3))
    ('ffe', 'custom')
    """
    base = VARIANTS.get(scoring.variant)
    if base is not None and all(getattr(base, p) == getattr(scoring, p) for p in POINTS):
        return scoring.variant
    return "custom"


def settings_values(size: int, scoring: TeamScoring, rules: LineupRules) -> dict[str, object]:
    """Stored settings as form values (the custom points shown as typed: `2`, `0.5`).

    >>> settings_values(4, VARIANTS["fide"], LineupRules())["match_draw"], settings_values(4, VARIANTS["ffe"],
    ...     LineupRules())["scoring"]
    ('1', 'ffe')
    """
    out: dict[str, object] = {"team_size": size, "scoring": preset_of(scoring), "keep_order": rules.keep_order,
                              "allow_empty_boards": rules.allow_empty_boards, "board_count": scoring.board_count,
                              "min_players": scoring.min_players}
    for name in POINTS:
        out[name] = format(getattr(scoring, name).normalize(), "f")
    return out


def team_rules(form: Form, *, taken_names: Collection[str], players: Collection[int],
               other_teams: Mapping[int, str], slots: int) -> dict[str, object]:
    """Team fields → (name, short_name, club, federation, members); `players` are the tournament's pairing
    numbers, `other_teams` the members of the other teams (number → team name), `slots` the board fields sent.
    Empty board fields are skipped: the members keep the order of the filled ones.

    >>> f = Form({"name": "Fous", "board_1": "3", "board_2": "", "board_3": "3", "board_4": "7"})
    >>> v = team_rules(f, taken_names=(), players={3, 5, 7}, other_teams={7: "Rois"}, slots=4)
    >>> f.errors["board_3"].args, f.errors["board_4"].args
    ((1,), ('Rois',))
    >>> f = Form({"name": "Fous", "board_1": "5", "board_2": "", "board_3": "3"})
    >>> team_rules(f, taken_names=(), players={3, 5}, other_teams={}, slots=3)["members"]
    [5, 3]
    """
    name = form.text("name", required=True, max_length=100)
    if name is not None and name in taken_names:
        form.fail("name", TEAM_TAKEN)
    values: dict[str, object] = {"name": name, "short_name": form.text("short_name", max_length=20) or "",
                                 "club": form.text("club", max_length=100) or "",
                                 "federation": federation_rule(form, "federation")}
    members: list[int] = []
    seen: dict[int, int] = {}
    for k in range(1, slots + 1):
        field = BOARD_FIELD % k
        n = form.integer(field, minimum=1)
        if n is None:
            continue
        if n not in players:
            form.fail(field, NOT_CHOICE)
        elif n in seen:
            form.fail(field, TWICE, seen[n])
        elif n in other_teams:
            form.fail(field, IN_OTHER_TEAM, other_teams[n])
        else:
            seen[n] = k
            members.append(n)
    values["members"] = members
    return values


def federation_rule(form: Form, name: str) -> str:
    value = (form.text(name, max_length=3) or "").upper()
    if value and not (value.isalpha() and len(value) >= 2):
        form.fail(name, BAD_FEDERATION)
    return value


def team_player_rules(form: Form) -> dict[str, object]:
    """A player added straight into a team: last name, first name, rating, federation.

    >>> f = Form({"last_name": "Dupont", "rating": "4000"})
    >>> _ = team_player_rules(f); f.errors["rating"].args
    (3500,)
    """
    return {"last_name": form.text("last_name", required=True, max_length=100),
            "first_name": form.text("first_name", max_length=100) or "",
            "rating": form.integer("rating", minimum=0, maximum=3500),
            "federation": federation_rule(form, "federation")}
