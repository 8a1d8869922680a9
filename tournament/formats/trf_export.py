"""Write TRF16 or TRF26 (docs/formats.md §1.5), strictly at the columns of the format.

Two entry points:
- `write_trf(trf)` writes a parsed file back: every record that was read (headers, `XX?`/`BB?`, 240, 250, 260,
  299, team records, national rating lines, `###` comments) in file order, the `001` block where it stood, and
  every round block (an unfinished round keeps its pairings with blank results). A file written by Echiquier
  reads back and writes again byte for byte; a file written by another program reads back to the same content.
- `export_trf(tournament, players, pairings, …)` writes what the event file holds: it builds the same model
  and writes it with `write_trf`: every paired round (an unfinished one with blank results), 142/XXR, 152/XXC,
  192, 202, 222 (`secs+inc`), 240 for the next round, the FFE Haley accelerations as 250. Given `source` (the
  file the tournament was read from), the records the event file does not hold are written back from it.
  E-mail and phone are never written (no `DAT` lines).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from decimal import Decimal

import msgspec

from tournament.errors import Invalid
from tournament.formats.trf_model import TRF26_RECORDS, TrfPlayer, TrfRound, TrfTournament
from tournament.formats.trf_records import TrfRecord
from tournament.models import Pairing, Player, SkippedRound, Tournament
from tournament.pairing.virtual_points import HALEY_KINDS, virtual_half_points
from tournament.results import ByeKind, Result
from tournament.scoring import Scoring, format_decimal
from tournament.standings import DEFAULT_TIE_BREAKS, completed_round, compute_standings
from tournament.tiebreaks import parse_tiebreak

#: TRF codes (White's, Black's) of each stored result.
CODES = {Result.WHITE_WIN: ("1", "0"), Result.DRAW: ("=", "="), Result.BLACK_WIN: ("0", "1"),
         Result.WHITE_FORFEIT_WIN: ("+", "-"), Result.BLACK_FORFEIT_WIN: ("-", "+"),
         Result.DOUBLE_FORFEIT: ("-", "-")}
#: Header records in the order Echiquier writes them when it builds a file.
HEADER_ORDER = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132", "142",
                "152", "162", "172", "182", "192", "202", "212", "222")
#: Records the event file decides when a tournament read from a TRF file is written again (the others are
#: written back as they were read). `DAT` lines (e-mails, phones) are never written.
FROM_EVENT = {"012", "042", "052", "062", "072", "142", "XXR", "152", "XXC", "202", "212", "222", "240", "DAT"}


class ExportHeader(msgspec.Struct, frozen=True, kw_only=True):
    """What the event knows beyond the tournament row (dates come from `info`)."""

    start: date | None = None
    end: date | None = None
    city: str | None = None
    federation: str | None = None
    arbiter: str | None = None
    deputies: tuple[str, ...] = ()
    time_control: str | None = None


# -- writing a parsed model --------------------------------------------------------------------------------


def block_text(b: TrfRound) -> str:
    """`  12 w 1`, `0000 - U`, `  12 b  ` (paired, no result yet)."""
    opponent = f"{b.opponent:>4}" if b.opponent is not None else "0000"
    return f"{opponent} {b.colour or '-'} {b.code or ' '}"


def trf_player_line(p: TrfPlayer, extra: Sequence[TrfRound] = ()) -> str:
    """One `001` record from a parsed player (`extra`: blocks of declared byes after the played rounds)."""
    sex = {"M": "m", "F": "w"}.get(p.sex or "", " ")
    name = f"{p.last_name}, {p.first_name}" if p.first_name else p.last_name
    birth = (p.birth_date or "").replace("-", "/")[:10]
    points = "" if p.points is None else format_decimal(Decimal(str(p.points)))
    rank = "" if p.rank is None else str(p.rank)
    head = (f"001 {p.number:>4} {sex}{(p.title or '')[:3]:>3} {name[:33]:<33} {p.rating or '':>4} "
            f"{(p.federation or '')[:3]:<3} {(p.fide_id or ''):>11} {birth:<10} {points:>4} {rank:>4}")
    return (head + "".join(f"  {block_text(b)}" for b in (*p.rounds, *extra))).rstrip()


def write_trf(trf: TrfTournament, *, eol: str = "\n") -> str:
    """The whole model as TRF text: records in file order, the `001` block in its place."""
    played = trf.played_rounds
    declared = trf.declared_byes.get(played + 1, {})
    players = []
    for p in trf.players:
        extra: list[TrfRound] = []
        if p.number in declared:
            extra = [TrfRound(None, "-", " ")] * (played - len(p.rounds)) + [TrfRound(None, "-", declared[p.number])]
        players.append(trf_player_line(p, extra))
    records = [r.text.rstrip() for r in trf.records]
    at = trf.player_index
    if at is None:
        at = sum(1 for r in trf.records if r.code in HEADER_ORDER or r.code[:2] in ("XX", "BB"))
    lines = records[:at] + players + records[at:]
    return eol.join(lines) + eol


# -- building the model from the event file ------------------------------------------------------------------


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
    return {pid: [block_text(b) for b in blocks] for pid, blocks in _rounds(players, pairings, rounds).items()}


def _rounds(players: Sequence[Player], pairings: Iterable[Pairing], rounds: int) -> dict[int, list[TrfRound]]:
    number = {p.id: p.pairing_number for p in players}
    blocks = {p.id: [TrfRound(None, "-", "Z")] * rounds for p in players}
    for g in pairings:
        if g.round > rounds or g.white_player_id not in blocks:
            continue
        if g.black_player_id is None:
            kind = ByeKind(g.bye_kind or ByeKind.ZERO)
            blocks[g.white_player_id][g.round - 1] = TrfRound(None, "-", kind.value)
            continue
        white, black = CODES[g.result] if g.result is not None else (" ", " ")
        blocks[g.white_player_id][g.round - 1] = TrfRound(number[g.black_player_id], "w", white)
        if g.black_player_id in blocks:
            blocks[g.black_player_id][g.round - 1] = TrfRound(number[g.white_player_id], "b", black)
    return blocks


def tournament_model(tournament: Tournament, players: Sequence[Player], pairings: Sequence[Pairing], *,
                     header: ExportHeader | None = None, skipped: Iterable[SkippedRound] = (), trf26: bool = True,
                     scoring: Scoring | None = None, unfinished: bool = True,
                     source: TrfTournament | None = None) -> TrfTournament:
    """The event file's tournament as a TRF model. `unfinished`: paired rounds whose results are not all in
    are written too (pairings with blank results); engines get only the completed rounds (`unfinished=False`).
    `source`: the file the tournament was read from; what the event file does not hold (city, arbiters, round
    dates, scoring, engine lines, acceleration, forbidden pairs, 299, team records …) is written back from it."""
    header = header or ExportHeader()
    scoring = scoring or (source.scoring if source is not None else Scoring())
    rounds = max((g.round for g in pairings), default=0) if unfinished else completed_round(pairings)
    players = sorted(players, key=lambda p: p.pairing_number)
    codes = [c for c in (tournament.tie_breaks or "").split(",") if c.strip()] or list(DEFAULT_TIE_BREAKS)
    number = {p.id: p.pairing_number for p in players}
    scored, final = source.points_adjustments(rounds) if source is not None else ({}, {})
    standings = compute_standings(players, [g for g in pairings if g.round <= rounds], tie_breaks=_individual(codes),
                                  rounds=rounds, total_rounds=tournament.rounds, scoring=scoring,
                                  round_robin=tournament.tournament_type == "round_robin",
                                  adjustment={pid: scored[n] for pid, n in number.items() if n in scored},
                                  standing_only={pid: final[n] for pid, n in number.items() if n in final})
    rank = {r.player_id: r.rank for r in standings.rows}
    points = {r.player_id: r.points for r in standings.rows}
    blocks = _rounds(players, pairings, rounds)
    records = [TrfRecord(0, code, text.rstrip()) for code, text in
               _headers(tournament, players, header, trf26, scoring, codes)]
    at = len(records)
    trf_players = [TrfPlayer(
        line_no=0, number=p.pairing_number, sex=p.sex if p.sex in ("M", "F") else None, title=p.title,
        last_name=p.last_name, first_name=p.first_name, rating=p.fide_rating or None, federation=p.federation,
        fide_id=p.fide_id, birth_date=p.birth_date, points=float(points[p.id]), rank=rank[p.id],
        rounds=tuple(blocks[p.id])) for p in players]
    after = []
    if trf26:
        after += [TrfRecord(0, "240", text) for text in _byes_240(players, skipped, rounds + 1)]
        after += [TrfRecord(0, "250", text) for text in _haley_250(tournament, players)]
    if source is not None:
        records, at = _merge(source, records, after, trf26)
    else:
        records += after
    headers: dict[str, str] = {}
    for r in records:
        headers.setdefault(r.code, r.text[4:])
    return TrfTournament(headers=headers, players=trf_players, records=records, player_index=at)


def _individual(codes: list[str]) -> list[str]:
    """The tie-breaks that rank players (the `001` rank column): a team tournament's list (`MPVGP`, …) still
    goes to 202, and its players are ranked with the default list.

    >>> _individual(["BH/C1", "SB"]), _individual(["MPVGP", "BH"]) == list(DEFAULT_TIE_BREAKS)
    (['BH/C1', 'SB'], True)
    """
    try:
        for code in codes:
            parse_tiebreak(code)
    except Invalid:
        return list(DEFAULT_TIE_BREAKS)
    return codes


def _merge(source: TrfTournament, fresh: list[TrfRecord], after: list[TrfRecord],
           trf26: bool) -> tuple[list[TrfRecord], int]:
    """The records of the file the tournament was read from, with the event file's values in place of the
    records it decides (`FROM_EVENT`); the other records are written back as read. Returns the records and
    where the `001` block goes."""
    by_code: dict[str, list[TrfRecord]] = {}
    for r in [*fresh, *after]:
        by_code.setdefault(r.code, []).append(r)
    if "142" in by_code and "XXR" not in by_code:
        by_code["XXR"] = [TrfRecord(0, "XXR", "XXR " + by_code["142"][0].text[4:])]
    if "152" in by_code and "XXC" not in by_code:
        colour = "white1" if by_code["152"][0].text[4:].strip() == "W" else "black1"
        by_code["XXC"] = [TrfRecord(0, "XXC", f"XXC {colour}")]
    done: set[str] = set()
    before_players: list[TrfRecord] = []
    after_players: list[TrfRecord] = []
    source_at = len(source.records) if source.player_index is None else source.player_index
    for i, r in enumerate(source.records):
        target = before_players if i < source_at else after_players
        if r.code in FROM_EVENT or (r.code == "250" and "250" in by_code):  # the event's acceleration wins
            if r.code not in done:
                target.extend(by_code.get(r.code, []))
        elif trf26 or r.code not in TRF26_RECORDS:
            target.append(r)
        done.add(r.code)
    before_players += [r for r in fresh if r.code not in done]
    after_players += [r for r in after if r.code not in done]
    return before_players + after_players, len(before_players)


def export_trf(tournament: Tournament, players: Sequence[Player], pairings: Sequence[Pairing], *,
               header: ExportHeader | None = None, skipped: Iterable[SkippedRound] = (), trf26: bool = True,
               scoring: Scoring | None = None, eol: str = "\n", unfinished: bool = True,
               source: TrfTournament | None = None) -> str:
    model = tournament_model(tournament, players, pairings, header=header, skipped=skipped, trf26=trf26,
                             scoring=scoring, unfinished=unfinished, source=source)
    return write_trf(model, eol=eol)


def _headers(t: Tournament, players: Sequence[Player], h: ExportHeader, trf26: bool, scoring: Scoring,
             codes: list[str]) -> list[tuple[str, str]]:
    out = [("012", f"012 {t.name}")]
    for code, value in (("022", h.city), ("032", h.federation)):
        if value:
            out.append((code, f"{code} {value}"))
    for code, day in (("042", h.start), ("052", h.end)):
        if day is not None:
            out.append((code, f"{code} {day:%Y/%m/%d}"))
    out.append(("062", f"062 {len(players)}"))
    out.append(("072", f"072 {sum(1 for p in players if p.fide_rating)}"))
    robin = t.tournament_type == "round_robin"
    out.append(("092", "092 Individual: Round-Robin" if robin else "092 Individual: Swiss-System"))
    if h.arbiter:
        out.append(("102", f"102 {h.arbiter}"))
    out += [("112", f"112 {d}") for d in h.deputies if d]
    if h.time_control:
        out.append(("122", f"122 {h.time_control}"))
    encoded = None
    if t.time_control_initial_time:
        encoded = f"{t.time_control_initial_time}+{t.time_control_increment or 0}"
    if trf26:
        if t.rounds:
            out.append(("142", f"142 {t.rounds}"))
        if t.initial_colour in ("W", "B"):
            out.append(("152", f"152 {t.initial_colour}"))
        if not scoring.is_default:
            pairs = [("W", scoring.win), ("D", scoring.draw), ("L", scoring.loss), ("A", scoring.zero_bye),
                     ("P", scoring.pab)]
            out.append(("162", "162  " + "    ".join(f"{s}{format_decimal(v):>4}" for s, v in pairs)))
        out.append(("192", "192 BERGER_ROUNDROBIN" if robin else "192 FIDE_DUTCH"))
        out.append(("202", f"202 {','.join(codes)}"))
        if encoded:
            out.append(("222", f"222 {encoded}"))
    else:
        if t.rounds:
            out.append(("XXR", f"XXR {t.rounds}"))
        if t.initial_colour in ("W", "B"):
            out.append(("XXC", f"XXC {'white1' if t.initial_colour == 'W' else 'black1'}"))
    return out


def _haley_250(t: Tournament, players: Sequence[Player]) -> list[str]:
    """The FFE Haley accelerations (`haley`, `haley_soft`) as `250` records: their virtual points depend on the
    rating and the round only (SAD's depend on the points, and are not written). Consecutive starting ranks
    with the same points share a record."""
    if t.pairing_system not in HALEY_KINDS or t.rating_limit_1 is None:
        return []
    out: list[str] = []
    for rnd in (1, 2):
        runs: list[tuple[int, int, int]] = []  # (first, last, half-points)
        for p in sorted(players, key=lambda p: p.pairing_number):
            half = virtual_half_points(t.pairing_system, p.rating, t.rating_limit_1, t.rating_limit_2, rnd, t.rounds,
                                       0)
            if half and runs and runs[-1][2] == half and runs[-1][1] == p.pairing_number - 1:
                runs[-1] = (runs[-1][0], p.pairing_number, half)
            elif half:
                runs.append((p.pairing_number, p.pairing_number, half))
        out += [f"250 {'':4} {format_decimal(Decimal(half) / 2):>4} {rnd:03d} {rnd:03d} {first:>4} {last:>4}"
                for first, last, half in runs]
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
