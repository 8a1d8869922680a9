"""FIDE C.07 tie-breaks (docs/tiebreaks.md), editions 2024-08 and 2026-03, for individual events.

`Context.build()` (tournament/entries.py) turns players and pairing rows into one `Entry` per player and counted
round, with the Art. 16 categories resolved; `value(ctx, tb)` computes one tie-break for every player. Exact
decimals throughout. The choices made where C.07 is silent follow the FIDE TEC reference implementation
(`gacrux`), which the tests compare against; see `tests/test_standings_gacrux.py`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

import msgspec

from tournament.entries import Context, Entry, Value
from tournament.errors import Invalid
from tournament.rating import dp_for, half_up, ptp
from tournament.scoring import ZERO

EDITIONS = ("2024-08", "2026-03")


KNOWN = {"PTS", "BH", "FB", "SB", "PS", "WIN", "WON", "BPG", "BWG", "REP", "GE", "DE", "ARO", "TPR", "PTP", "AOB",
         "KS", "APRO", "APPO", "TPN", "RTNG"}
#: Tie-breaks where a lower value ranks higher (DE is a place within the tied group).
ASCENDING = {"DE", "TPN"}


class TieBreak(msgspec.Struct, frozen=True, kw_only=True):
    """A parsed `202` descriptor such as `BH/C1`, `KS/L+1`, `DE/P`, `TPN/R`."""

    code: str  # as given
    name: str  # acronym, upper case
    cut_low: int = 0
    cut_high: int = 0
    limit: Decimal = ZERO  # KS limit shift, in points
    as_played: bool = False  # /P
    fore: bool = False  # /F
    reverse: bool = False  # /R

    @property
    def ascending(self) -> bool:
        return (self.name in ASCENDING) != self.reverse


def parse_tiebreak(code: str) -> TieBreak:
    """A descriptor of the TRF 202 syntax; raises Invalid (a ValueError) for an unknown code or modifier.

    >>> tb = parse_tiebreak("bh/m1")
    >>> tb.name, tb.cut_low, tb.cut_high
    ('BH', 1, 1)
    >>> parse_tiebreak("KS/L+1").limit, parse_tiebreak("GE").name
    (Decimal('0.5'), 'REP')
    """
    head, *mods = code.strip().upper().split("/")
    name = head.split(":")[0].strip()
    name = {"GE": "REP", "SNO": "TPN", "RTG": "RTNG"}.get(name, name)
    if name not in KNOWN:
        raise Invalid("unknown tie-break %r", code)
    values: dict[str, object] = {}
    for mod in mods:
        if m := re.fullmatch(r"C(\d)", mod):
            values["cut_low"] = int(m.group(1))
        elif m := re.fullmatch(r"M(\d)", mod):
            values["cut_low"] = values["cut_high"] = int(m.group(1))
        elif m := re.fullmatch(r"L([+-])(\d+)", mod):
            values["limit"] = Decimal(m.group(2)) / 2 * (1 if m.group(1) == "+" else -1)
        elif mod in ("P", "F", "R"):
            values[{"P": "as_played", "F": "fore", "R": "reverse"}[mod]] = True
        elif not re.fullmatch(r"V\d*|U\d+|S", mod):
            raise Invalid("unknown modifier /%s in %r", mod, code)
    return TieBreak(code=code.strip(), name=name, **values)  # type: ignore[arg-type]


def edition_for(chosen: str | None, start: date | None) -> str:
    """The tournament's edition, else by start date (before 2026-03-01: 2024-08)."""
    if chosen in EDITIONS:
        return chosen
    return "2024-08" if start is not None and start < date(2026, 3, 1) else "2026-03"


# -- Art. 16: scores as seen by the opponents --------------------------------------------------------


def _adjusted(ctx: Context, fore: bool) -> tuple[dict[int, Decimal], dict[int, Decimal]]:
    """(score as seen by opponents (16.3), own score for the dummy (16.4)) per player."""
    key = f"adjusted-{fore}"
    if key in ctx.cache:
        return ctx.cache[key], ctx.cache[key + "-own"]  # type: ignore[return-value]
    draw, last = ctx.scoring.draw, ctx.rounds
    fore_round = fore and ctx.rounds == ctx.total_rounds
    seen: dict[int, Decimal] = {}
    own: dict[int, Decimal] = {}
    for pid, rows in ctx.entries.items():
        if not fore_round and all(e.opponent is not None for e in rows):  # every round against someone
            seen[pid], own[pid] = ctx.points[pid], ctx.points[pid] + ctx.adjustment.get(pid, ZERO)
            continue
        lna = max((r for r, e in enumerate(rows, 1) if not e.vur or (fore_round and r == last and e.paired)),
                  default=0)
        if fore_round and any(e.paired for e in rows[last - 1:]):
            lna = last
        total, mine = ZERO, ctx.points[pid] + ctx.adjustment.get(pid, ZERO)
        for r, e in enumerate(rows, 1):
            counted = e.points if (e.opponent is not None or r <= lna) else (ZERO if ctx.round_robin else draw)
            if fore_round and r == last and e.opponent is not None:
                mine += draw - e.points
                counted = draw
            total += counted
        seen[pid], own[pid] = total, mine
    ctx.cache[key], ctx.cache[key + "-own"] = seen, own  # type: ignore[assignment]
    return seen, own


def _opponent_scores(ctx: Context, fore: bool, as_played: bool) -> dict[int, list[tuple[Decimal, Decimal, bool]]]:
    """Per player, the (opponent's score, points scored, VUR) of each round the Buchholz family counts, shared by
    BH, FB and SB with any cut (Art. 16 dummy opponent for an unplayed round, capped in 2026-03)."""
    key = f"opponents-{fore}-{as_played}"
    if key in ctx.cache:
        return ctx.cache[key]  # type: ignore[return-value]
    seen, own = _adjusted(ctx, fore)
    draw, rounds, round_robin = ctx.scoring.draw, ctx.rounds, ctx.round_robin
    capped = ctx.edition == "2026-03"
    fore_last = fore and ctx.total_rounds == rounds
    dummy_cap = draw * rounds
    out: dict[int, list[tuple[Decimal, Decimal, bool]]] = {}
    for pid, rows in ctx.entries.items():
        if all(e.played for e in rows):  # every round a game over the board (most players): no dummy opponent
            out[pid] = [(seen[e.opponent], e.points, False) for e in rows]  # type: ignore[index]
            continue
        items: list[tuple[Decimal, Decimal, bool]] = []
        mine = own[pid]
        for r, e in enumerate(rows, 1):
            opponent = e.opponent
            if opponent is not None and (as_played or e.played or (fore_last and r == rounds)):
                items.append((seen[opponent], e.points, False))
            elif not round_robin:
                score = mine
                if capped:
                    score = min(score, seen[opponent]) if opponent is not None else min(score, dummy_cap)
                items.append((score, e.points, e.vur))
            elif opponent is not None:
                items.append((ZERO, e.points, e.vur))
        out[pid] = items
    ctx.cache[key] = out  # type: ignore[assignment]
    return out


def buchholz_family(ctx: Context, tb: TieBreak) -> dict[int, Value]:
    """BH, FB, SB with Cut/Median and the Art. 16 dummy opponent (capped in 2026-03)."""
    fore = tb.name == "FB" or tb.fore
    rounds = _opponent_scores(ctx, fore, tb.as_played or ctx.round_robin)
    is_sb = tb.name == "SB"
    out: dict[int, Value] = {}
    cut = tb.cut_low or tb.cut_high
    low_only = tb.cut_low == 1 and not tb.cut_high and ctx.rounds >= 1
    for pid, items in rounds.items():
        values = [s * p for s, p, _ in items] if is_sb else [s for s, _, _ in items]
        if not cut or not items:
            out[pid] = sum(values, ZERO)
        elif low_only and not any(vur for _, _, vur in items):  # Cut-1 without a VUR: the least opponent goes
            least = (min(range(len(items)), key=lambda i: (items[i][0], values[i])) if is_sb
                     else values.index(min(values)))
            out[pid] = sum(values[:least] + values[least + 1:], ZERO)
        else:
            valued = [(s, v, vur) for (s, _, vur), v in zip(items, values, strict=True)]
            out[pid] = sum([v for _, v, _ in _cut(valued, tb.cut_low, tb.cut_high, ctx.rounds)], ZERO)
    return out


def _cut(items: list[tuple[Decimal, Decimal, bool]], low: int, high: int, rounds: int
         ) -> list[tuple[Decimal, Decimal, bool]]:
    """Cut-n / Median-n with the 16.5 exception (cut a VUR instead, unless it is worth less)."""
    low = min(low, rounds)
    high = min(high, rounds - low)
    items = list(items)
    for _ in range(low):
        if not items:
            break
        least = min(items, key=lambda i: (i[0], i[1]))
        vur = min(items, key=lambda i: (not i[2], i[1], i[0]))
        items.remove(least if (not vur[2] or least[1] > vur[1]) else vur)
    for _ in range(high):
        if not items:
            break
        items.remove(min(items, key=lambda i: (-i[0], -i[1])))
    return items


def progressive(ctx: Context, tb: TieBreak) -> dict[int, Value]:
    skip = tb.cut_low + 1  # the running score before round 1, then the first rounds cut
    return {pid: sum(list(itertools.accumulate([e.points for e in rows], initial=ZERO))[skip:], ZERO)
            for pid, rows in ctx.entries.items()}


def koya(ctx: Context, tb: TieBreak) -> dict[int, Value]:
    games = ctx.rounds
    if ctx.round_robin:
        if ctx.rounds % len(ctx.players) == 0:
            games -= ctx.rounds // len(ctx.players)
        games -= sum(1 for rows in ctx.entries.values() if not any(e.paired for e in rows))
    limit = ctx.scoring.win * games / 2 + tb.limit
    score = {pid: ctx.points[pid] + ctx.adjustment.get(pid, ZERO) for pid in ctx.points}
    return {pid: sum((e.points for e in rows if e.opponent is not None and score[e.opponent] >= limit), ZERO)
            for pid, rows in ctx.entries.items()}


def counts(ctx: Context, tb: TieBreak) -> dict[int, Value]:
    win = ctx.scoring.win
    test: Callable[[Entry], bool] = {
        "WIN": lambda e: e.points == win,
        "WON": lambda e: e.points == win and e.played and e.opponent is not None,
        "BPG": lambda e: e.colour == "b" and e.played,
        "BWG": lambda e: e.colour == "b" and e.played and e.points == win,
        "REP": lambda e: e.played or (e.paired and e.opponent is None) or e.points == win,
    }[tb.name]
    return {pid: sum(1 for e in rows if test(e)) for pid, rows in ctx.entries.items()}


# -- rating tie-breaks (Art. 10; the rating tables and formulas are tournament/rating.py's) -----------------


def rating_based(ctx: Context, tb: TieBreak) -> dict[int, Value]:
    """ARO, TPR, PTP (games over the board only); None for everyone when a player is unrated."""
    if not all(p.rating for p in ctx.players.values()):
        return dict.fromkeys(ctx.entries)
    out: dict[int, Value] = {}
    for pid, rows in ctx.entries.items():
        games = [(ctx.players[e.opponent].rating, e.rpoints) for e in rows if e.played and e.opponent is not None]
        games.sort(key=lambda g: g[0])
        low = min(tb.cut_low, ctx.rounds)
        high = min(tb.cut_high, ctx.rounds - low)
        counted = len(games)
        for _ in range(low):
            if counted == len(games) and games:
                games = games[1:]
            counted -= 1
        for _ in range(high):
            if counted == len(games) and games:
                games = games[:-1]
            counted -= 1
        if not games:
            out[pid] = None
            continue
        ratings = [g[0] for g in games]
        score = sum((g[1] for g in games), ZERO)
        aro = half_up(Decimal(sum(ratings)) / len(ratings))
        out[pid] = {"ARO": aro, "TPR": aro + dp_for(score, len(ratings)) if ratings else None,
                    "PTP": ptp(score, ratings)}[tb.name]
    return out


def average_of(ctx: Context, tb: TieBreak, inner: TieBreak, places: str) -> dict[int, Value]:
    """AOB, APRO, APPO: average of the opponents' values (games over the board), rounded half up."""
    values = value(ctx, inner)
    out: dict[int, Value] = {}
    for pid, rows in ctx.entries.items():
        found = [values[e.opponent] for e in rows if e.played and e.opponent is not None
                 and values[e.opponent] is not None]
        if not found:
            out[pid] = None
            continue
        mean = sum((Decimal(v) for v in found if v is not None), ZERO) / len(found)
        out[pid] = mean.quantize(Decimal(places), rounding=ROUND_HALF_UP) if mean else mean
    return out


def value(ctx: Context, tb: TieBreak) -> dict[int, Value]:
    """One tie-break for every player (DE is ranking-dependent: see `standings.direct_encounter`)."""
    key = f"value-{tb.code.upper()}"
    if key in ctx.cache:
        return ctx.cache[key]
    name = tb.name
    result: dict[int, Value]
    if name == "PTS":
        result = {pid: v + ctx.adjustment.get(pid, ZERO) + ctx.standing_only.get(pid, ZERO)
                  for pid, v in ctx.points.items()}
    elif name in ("BH", "FB", "SB"):
        result = buchholz_family(ctx, tb)
    elif name == "PS":
        result = progressive(ctx, tb)
    elif name == "KS":
        result = koya(ctx, tb)
    elif name in ("WIN", "WON", "BPG", "BWG", "REP"):
        result = counts(ctx, tb)
    elif name in ("ARO", "TPR", "PTP"):
        result = rating_based(ctx, tb)
    elif name == "AOB":
        inner = msgspec.structs.replace(tb, name="FB" if tb.fore else "BH", code=f"{tb.code}#inner")
        places = "0.01" if ctx.rounds < 9 else "0.001" if ctx.rounds < 27 else "0.0001"
        result = average_of(ctx, tb, inner, places)
    elif name in ("APRO", "APPO"):
        inner = TieBreak(code=f"{tb.code}#inner", name="TPR" if name == "APRO" else "PTP")
        result = average_of(ctx, tb, inner, "1")
    elif name == "TPN":
        result = {pid: p.pairing_number for pid, p in ctx.players.items()}
    elif name == "RTNG":
        rated = all(p.rating for p in ctx.players.values())
        result = {pid: (p.rating if rated else None) for pid, p in ctx.players.items()}
    else:
        raise Invalid("%s is computed from the ranking (direct encounter)", tb.code)
    ctx.cache[key] = result
    return result


def as_number(v: Value) -> float | int | None:
    """A JSON-friendly number: points-like values as floats (halves are exact in binary), counts as ints."""
    return float(v) if isinstance(v, Decimal) else v
