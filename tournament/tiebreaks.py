"""FIDE C.07 tie-breaks (docs/tiebreaks.md), editions 2024-08 and 2026-03, for individual events.

`Context.build()` turns players and pairing rows into one `Entry` per player and counted round, with the
Art. 16 categories resolved; `value(ctx, tb)` computes one tie-break for every player. Exact decimals
throughout. The choices made where C.07 is silent follow the FIDE TEC reference implementation
(`gacrux`), which the tests compare against; see `tests/test_standings_gacrux.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

import msgspec

from tournament.errors import Invalid
from tournament.models import Pairing, Player
from tournament.rating import dp_for, half_up, ptp
from tournament.results import ByeKind, Result
from tournament.scoring import ZERO, Scoring

EDITIONS = ("2024-08", "2026-03")
Value = Decimal | int | None


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


class Entry(msgspec.Struct, frozen=True, kw_only=True):
    """One player's round, from their side."""

    opponent: int | None  # player id (games and forfeits)
    points: Decimal
    rpoints: Decimal  # 1 / 0.5 / 0 of a game played over the board (rating tie-breaks)
    played: bool  # over the board
    colour: str | None  # "w" / "b" for games
    vur: bool  # voluntary unplayed round (requested bye, zero bye, absence, forfeit loss)
    paired: bool  # opponent or PAB (Art. 16 "last round met")


class Context(msgspec.Struct, kw_only=True):
    players: dict[int, Player]
    entries: dict[int, list[Entry]]  # player id -> rounds 1..n
    rounds: int  # rounds counted
    total_rounds: int
    scoring: Scoring
    edition: str
    round_robin: bool
    points: dict[int, Decimal]
    cache: dict[str, dict[int, Value]] = msgspec.field(default_factory=dict)
    #: TRF `299` points given or taken (player id -> points): `adjustment` counts in the score (and so in the
    #: opponents' score that KS looks at), `standing_only` (round 999) in the final score only.
    adjustment: dict[int, Decimal] = msgspec.field(default_factory=dict)
    standing_only: dict[int, Decimal] = msgspec.field(default_factory=dict)

    @classmethod
    def build(cls, players: Iterable[Player], pairings: Iterable[Pairing], rounds: int, *,
              total_rounds: int | None = None, scoring: Scoring | None = None, edition: str = "2026-03",
              round_robin: bool = False, adjustment: dict[int, Decimal] | None = None,
              standing_only: dict[int, Decimal] | None = None) -> Context:
        scoring = scoring or Scoring()
        by_id = {p.id: p for p in players}
        absent = Entry(opponent=None, points=scoring.zero_bye, rpoints=ZERO, played=False, colour=None, vur=True,
                       paired=False)
        entries = {pid: [absent] * rounds for pid in by_id}
        for g in pairings:
            if g.round > rounds or g.white_player_id not in entries:
                continue
            if g.black_player_id is None:
                entries[g.white_player_id][g.round - 1] = _bye_entry(g.bye_kind or ByeKind.ZERO, scoring)
            elif g.black_player_id in entries:
                white, black = _game_entries(g, scoring)
                entries[g.white_player_id][g.round - 1] = white
                entries[g.black_player_id][g.round - 1] = black
        points = {pid: sum((e.points for e in rows), ZERO) for pid, rows in entries.items()}
        return cls(players=by_id, entries=entries, rounds=rounds, total_rounds=max(total_rounds or 0, rounds),
                   scoring=scoring, edition=edition, round_robin=round_robin, points=points,
                   adjustment=dict(adjustment or {}), standing_only=dict(standing_only or {}))


def _bye_entry(kind: ByeKind, s: Scoring) -> Entry:
    points = {ByeKind.PAB: s.pab, ByeKind.FULL: s.full_bye, ByeKind.HALF: s.half_bye}.get(kind, s.zero_bye)
    unvoluntary = kind in (ByeKind.PAB, ByeKind.FULL)
    return Entry(opponent=None, points=points, rpoints=ZERO, played=False, colour=None, vur=not unvoluntary,
                 paired=kind == ByeKind.PAB)


def _game_entries(g: Pairing, s: Scoring) -> tuple[Entry, Entry]:
    assert g.black_player_id is not None
    if g.result is None:  # paired, no result yet: a game worth nothing so far
        sides = [(ZERO, ZERO, True, False)] * 2
    elif g.result.is_forfeit:
        w = {Result.WHITE_FORFEIT_WIN: (s.forfeit_win, False), Result.BLACK_FORFEIT_WIN: (s.forfeit_loss, True),
             Result.DOUBLE_FORFEIT: (s.forfeit_loss, True)}[g.result]
        b = {Result.WHITE_FORFEIT_WIN: (s.forfeit_loss, True), Result.BLACK_FORFEIT_WIN: (s.forfeit_win, False),
             Result.DOUBLE_FORFEIT: (s.forfeit_loss, True)}[g.result]
        sides = [(w[0], ZERO, False, w[1]), (b[0], ZERO, False, b[1])]
    else:
        wh, bh = g.result.half_points()
        value = {2: s.win, 1: s.draw, 0: s.loss}
        sides = [(value[wh], Decimal(wh) / 2, True, False), (value[bh], Decimal(bh) / 2, True, False)]
    (wp, wr, wplayed, wvur), (bp, br, bplayed, bvur) = sides
    return (Entry(opponent=g.black_player_id, points=wp, rpoints=wr, played=wplayed, colour="w", vur=wvur,
                  paired=True),
            Entry(opponent=g.white_player_id, points=bp, rpoints=br, played=bplayed, colour="b", vur=bvur,
                  paired=True))


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


def buchholz_family(ctx: Context, tb: TieBreak) -> dict[int, Value]:
    """BH, FB, SB with Cut/Median and the Art. 16 dummy opponent (capped in 2026-03)."""
    fore = tb.name == "FB" or tb.fore
    seen, own = _adjusted(ctx, fore)
    is_sb = tb.name == "SB"
    draw = ctx.scoring.draw
    as_played = tb.as_played or ctx.round_robin
    out: dict[int, Value] = {}
    for pid, rows in ctx.entries.items():
        items: list[tuple[Decimal, Decimal, bool]] = []  # (score, value, vur)
        for r, e in enumerate(rows, 1):
            played = as_played or e.played or (fore and r == ctx.total_rounds == ctx.rounds)
            vur = e.vur
            if played and e.opponent is not None:
                score, vur = seen[e.opponent], False
            elif not ctx.round_robin:
                score = own[pid]
                if ctx.edition == "2026-03":
                    score = min(score, seen[e.opponent]) if e.opponent is not None else min(score, draw * ctx.rounds)
            else:
                score = ZERO
            if e.opponent is not None or not ctx.round_robin:
                items.append((score, score * e.points if is_sb else score, vur))
        out[pid] = sum((v for _, v, _ in _cut(items, tb.cut_low, tb.cut_high, ctx.rounds)), ZERO)
    return out


def _cut(items: list[tuple[Decimal, Decimal, bool]], low: int, high: int, rounds: int
         ) -> list[tuple[Decimal, Decimal, bool]]:
    """Cut-n / Median-n with the 16.5 exception (cut a VUR instead, unless it is worth less)."""
    low = min(low, rounds)
    high = min(high, rounds - low)
    for _ in range(low):
        if not items:
            break
        least = sorted(items, key=lambda i: (i[0], i[1]))[0]
        vurs = sorted(items, key=lambda i: (not i[2], i[1], i[0]))
        drop = least if (not vurs[0][2] or least[1] > vurs[0][1]) else vurs[0]
        items = list(items)
        items.remove(drop)
    for _ in range(high):
        if not items:
            break
        items = list(items)
        items.remove(sorted(items, key=lambda i: (-i[0], -i[1]))[0])
    return items


def progressive(ctx: Context, tb: TieBreak) -> dict[int, Value]:
    out: dict[int, Value] = {}
    for pid, rows in ctx.entries.items():
        running, total = ZERO, ZERO
        for r, e in enumerate(rows, 1):
            running += e.points
            if r > tb.cut_low:
                total += running
        out[pid] = total
    return out


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
