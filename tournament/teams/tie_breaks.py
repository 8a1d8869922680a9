"""The tie-breaks a team tournament may use, for the picker of the team settings: the team tie-breaks of C.07 that
gacrux computes (tournament/teams/standings.py), and the FFE's order for its interclub competitions. A tie-break
of players (ARO, TPR, BPG …) is refused with a message that says so. Pure.

The FFE order (départage of teams level on match points in its interclub competitions, as its rulebook and the
leagues' rulebooks that follow it write it): the matches between the teams concerned, then the difference between
the game points scored and conceded over the whole competition, then the game points scored.

>>> f = Form({"tie_break_order": "chosen", "tie_break_1": "BH", "tie_break_2": "TPR"})
>>> team_tie_break_rules(f), f.errors["tie_break_2"].args
(None, ('TPR',))
>>> team_tie_break_rules(Form({"tie_break_order": "ffe"}))
'DE,GPD,MPVGP'
"""

from __future__ import annotations

from tournament.config_rules import NOT_CHOICE, Form
from tournament.messages import N_
from tournament.teams.standings import INDIVIDUAL_ONLY
from tournament.teams.standings import KNOWN as TEAM_KNOWN
from tournament.tiebreaks import KNOWN as INDIVIDUAL_KNOWN

#: (code, name, what it counts) offered for a team tournament, in the order of the picker.
TEAM_TIE_BREAKS: tuple[tuple[str, str, str], ...] = (
    ("MPVGP", N_("Game points"), N_("The game points scored on every board")),
    ("BH/C1", N_("Buchholz cut 1"), N_("The opponents' match points, the lowest left out")),
    ("BH", N_("Buchholz"), N_("The match points of the teams met")),
    ("BH/M1", N_("Median Buchholz"), N_("The opponents' match points, the lowest and the highest left out")),
    ("FB", N_("Fore Buchholz"), N_("Buchholz with every team's last match counted as drawn")),
    ("SB", N_("Sonneborn-Berger"), N_("Each opponent's match points times the match points scored against it")),
    ("PS", N_("Progressive score"), N_("The match points after each round, added up")),
    ("WIN", N_("Matches won"), N_("The matches won, forfeits included")),
    ("DE", N_("Direct encounter"), N_("The matches between the teams still level")),
    ("KS", N_("Koya"), N_("The match points scored against the teams with half the points or more")),
    ("GPD", N_("Game point difference"), N_("Game points scored minus game points conceded")),
    ("TPN", N_("Team number"), N_("The team's pairing number (the lower first)")),
)
ORDERS = {"fide": "MPVGP,BH/C1,BH,SB,PS", "ffe": "DE,GPD,MPVGP"}
ORDER_CHOICES = (("fide", N_("FIDE (C.07): game points, Buchholz cut 1, Buchholz, Sonneborn-Berger, progressive")),
                 ("ffe", N_("FFE interclubs: direct encounter, game point difference, game points")),
                 ("chosen", N_("As chosen below")))
PICKS = 5
PICK_FIELD = "tie_break_%s"
TWICE = N_("This tie-break is already in the list.")
NONE_CHOSEN = N_("Choose at least one tie-break, or one of the orders above.")


def individual_only(code: str) -> bool:
    """A tie-break of players that a team tournament cannot use.

    >>> individual_only("ARO/C1"), individual_only("bh"), individual_only("NOPE")
    (True, False, False)
    """
    base = code.strip().upper().split("/")[0]
    return base in INDIVIDUAL_KNOWN and base not in TEAM_KNOWN and base != "PTS"


def team_tie_break_rules(form: Form) -> str | None:
    """The tie-break list chosen in the team settings (`tie_break_order`, then `tie_break_1` … when "chosen"), or
    None with the field errors in `form`; "" when the form does not have the picker (the list is left as it is).

    >>> team_tie_break_rules(Form({"team_size": "4"}))
    ''
    """
    if "tie_break_order" not in form.data:
        return ""
    order = form.choice("tie_break_order", [k for k, _ in ORDER_CHOICES], required=True)
    if order in ORDERS:
        return ORDERS[order]
    if order is None:
        return None
    offered = {code for code, _, _ in TEAM_TIE_BREAKS}
    codes: list[str] = []
    for k in range(1, PICKS + 1):
        field = PICK_FIELD % k
        code = form.raw(field).strip().upper()
        if not code:
            continue
        if individual_only(code):
            form.fail(field, INDIVIDUAL_ONLY, code)
        elif code not in offered:
            form.fail(field, NOT_CHOICE)
        elif code in codes:
            form.fail(field, TWICE)
        else:
            codes.append(code)
    if form.ok and not codes:
        form.fail(PICK_FIELD % 1, NONE_CHOSEN)
    return ",".join(codes) if form.ok else None


def tie_break_values(codes: str) -> dict[str, object]:
    """Stored codes as the picker's values.

    >>> tie_break_values("DE,GPD,MPVGP")["tie_break_order"], tie_break_values("BH,SB")["tie_break_2"]
    ('ffe', 'SB')
    """
    clean = ",".join(c.strip().upper() for c in codes.split(",") if c.strip())
    order = next((k for k, v in ORDERS.items() if v == clean), "chosen")
    picks = clean.split(",") if clean else []
    return {"tie_break_order": order, **{PICK_FIELD % k: (picks[k - 1] if k <= len(picks) else "")
                                         for k in range(1, PICKS + 1)}}
