"""Write a tournament as TRF16 or TRF26 (docs/formats.md §1.5), strictly at the columns of the format.

Only rounds whose results are all in are written; e-mail and phone never are. TRF26 adds 142, 152,
162 (when the scoring is not the default), 192, 202 and 240 (byes requested for the next round).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

import msgspec

from tournament.models import Pairing, Player, SkippedRound, Tournament
from tournament.results import ByeKind, Result
from tournament.scoring import Scoring, format_decimal
from tournament.standings import DEFAULT_TIE_BREAKS, completed_round, compute_standings

#: TRF codes (White's, Black's) of each stored result.
CODES = {Result.WHITE_WIN: ("1", "0"), Result.DRAW: ("=", "="), Result.BLACK_WIN: ("0", "1"),
         Result.WHITE_FORFEIT_WIN: ("+", "-"), Result.BLACK_FORFEIT_WIN: ("-", "+"),
         Result.DOUBLE_FORFEIT: ("-", "-")}


class ExportHeader(msgspec.Struct, frozen=True, kw_only=True):
    """What the event knows beyond the tournament row (dates come from `info`)."""

    start: date | None = None
    end: date | None = None
    city: str | None = None
    federation: str | None = None
    arbiter: str | None = None
    time_control: str | None = None


def player_line(p: Player, points: str, rank: int, blocks: Sequence[str]) -> str:
    """One `001` record.

    >>> line = player_line(Player(id=1, tournament_id=1, pairing_number=3, last_name="Brun", first_name="Lucas",
    ...                           sex="M", fide_rating=1980, federation="FRA", birth_date="2008"), "1.0", 3,
    ...                    ["   1 b 0", "0000 - U"])
    >>> line[:56], line[80:]
    ('001    3 m    Brun, Lucas                       1980 FRA', ' 1.0    3     1 b 0  0000 - U')
    """
    sex = {"M": "m", "F": "w"}.get(p.sex or "", " ")
    name = f"{p.last_name}, {p.first_name}" if p.first_name else p.last_name
    rating = p.fide_rating or 0
    birth = (p.birth_date or "").replace("-", "/")[:10]
    head = (f"001 {p.pairing_number:>4} {sex}{(p.title or ''):>3} {name[:33]:<33} {rating if rating else '':>4} "
            f"{(p.federation or '')[:3]:<3} {(p.fide_id or ''):>11} {birth:<10} {points:>4} {rank:>4}")
    return (head + "".join(f"  {b}" for b in blocks)).rstrip()


def round_blocks(players: Sequence[Player], pairings: Iterable[Pairing], rounds: int) -> dict[int, list[str]]:
    """Per player id, one 8-character block per round: `opp c r`; no row in a paired round = `0000 - Z`."""
    number = {p.id: p.pairing_number for p in players}
    blocks = {p.id: ["0000 - Z"] * rounds for p in players}
    for g in pairings:
        if g.round > rounds or g.white_player_id not in blocks:
            continue
        if g.black_player_id is None:
            kind = ByeKind(g.bye_kind or ByeKind.ZERO)
            blocks[g.white_player_id][g.round - 1] = f"0000 - {kind.value}"
            continue
        white, black = CODES[g.result] if g.result is not None else ("?", "?")
        blocks[g.white_player_id][g.round - 1] = f"{number[g.black_player_id]:>4} w {white}"
        blocks[g.black_player_id][g.round - 1] = f"{number[g.white_player_id]:>4} b {black}"
    return blocks


def export_trf(tournament: Tournament, players: Sequence[Player], pairings: Sequence[Pairing], *,
               header: ExportHeader | None = None, skipped: Iterable[SkippedRound] = (), trf26: bool = True,
               scoring: Scoring | None = None, eol: str = "\n") -> str:
    header = header or ExportHeader()
    scoring = scoring or Scoring()
    rounds = completed_round(pairings)
    players = sorted(players, key=lambda p: p.pairing_number)
    codes = [c for c in (tournament.tie_breaks or "").split(",") if c.strip()] or list(DEFAULT_TIE_BREAKS)
    standings = compute_standings(players, pairings, tie_breaks=codes, rounds=rounds,
                                  total_rounds=tournament.rounds, scoring=scoring,
                                  round_robin=tournament.tournament_type == "round_robin")
    rank = {r.player_id: r.rank for r in standings.rows}
    points = {r.player_id: r.points for r in standings.rows}
    blocks = round_blocks(players, pairings, rounds)
    lines = _headers(tournament, players, header, trf26, scoring, codes)
    lines += [player_line(p, format_decimal(points[p.id]), rank[p.id], blocks[p.id]) for p in players]
    if trf26:
        lines += _byes_240(players, skipped, rounds + 1)
    return eol.join(lines) + eol


def _headers(t: Tournament, players: Sequence[Player], h: ExportHeader, trf26: bool, scoring: Scoring,
             codes: list[str]) -> list[str]:
    out = [f"012 {t.name}"]
    for code, value in (("022", h.city), ("032", h.federation)):
        if value:
            out.append(f"{code} {value}")
    for code, day in (("042", h.start), ("052", h.end)):
        if day is not None:
            out.append(f"{code} {day:%Y/%m/%d}")
    out.append(f"062 {len(players)}")
    out.append(f"072 {sum(1 for p in players if p.fide_rating)}")
    robin = t.tournament_type == "round_robin"
    out.append("092 Individual: Round-Robin" if robin else "092 Individual: Swiss-System")
    if h.arbiter:
        out.append(f"102 {h.arbiter}")
    if h.time_control:
        out.append(f"122 {h.time_control}")
    if trf26:
        if t.rounds:
            out.append(f"142 {t.rounds}")
        if t.initial_colour in ("W", "B"):
            out.append(f"152 {t.initial_colour}")
        if not scoring.is_default:
            pairs = [("W", scoring.win), ("D", scoring.draw), ("L", scoring.loss), ("A", scoring.zero_bye),
                     ("P", scoring.pab)]
            out.append("162  " + "    ".join(f"{s}{format_decimal(v):>4}" for s, v in pairs))
        out.append("192 BERGER_ROUNDROBIN" if robin else "192 FIDE_DUTCH")
        out.append(f"202 {','.join(codes)}")
    return out


def _byes_240(players: Sequence[Player], skipped: Iterable[SkippedRound], next_round: int) -> list[str]:
    number = {p.id: p.pairing_number for p in players}
    kinds: dict[str, list[int]] = {}
    for s in skipped:
        if s.round == next_round and s.papi_player_id in number:
            kind = "F" if s.score >= 1 else "H" if s.score > 0 else "Z"
            kinds.setdefault(kind, []).append(number[s.papi_player_id])
    return [f"240 {kind} {next_round:03d} " + " ".join(f"{n:>4}" for n in sorted(ids))
            for kind, ids in sorted(kinds.items())]
