"""What the Papi file should hold, from the event file: the cells of JOUEUR (and INFO) that differ.

Pure: rows of the file (as tournament/formats/jet reads them) and the event's players and pairings in, cell
changes out. Results (`RdNNRes` of both rows), check-in (`Pointe`) and the pairing of rounds the file does not
have yet (`RdNNCl`, `RdNNAdv`, `RdNNRes`, docs/formats.md §2.3, through tournament/formats/papi_write.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import msgspec

from tournament.formats.papi_write import EXEMPT_REF, MAX_ROUNDS, MIRROR, pairing_changes
from tournament.messages import N_
from tournament.models import Pairing, Player, SkippedRound
from tournament.results import ByeKind

Row = Mapping[str, object]
#: A requested bye's Papi code in an `F` row.
BYE_CODE = {ByeKind.HALF: 2, ByeKind.FULL: 6, ByeKind.ZERO: 0}
#: A requested bye's Papi code by its score (`skipped_round.score`).
SCORE_CODE = {0.5: 2, 1.0: 6, 0.0: 0}


class Plan(msgspec.Struct, kw_only=True):
    """The cells to write, and what a person reads about them."""

    joueur: dict[int, dict[str, object]] = msgspec.field(default_factory=dict)
    info: dict[str, dict[str, object]] = msgspec.field(default_factory=dict)
    results: set[int] = msgspec.field(default_factory=set)  # rounds whose results are written
    paired: list[int] = msgspec.field(default_factory=list)  # rounds whose pairing is written
    byes: set[int] = msgspec.field(default_factory=set)  # rounds whose requested byes are written
    unpaired: list[int] = msgspec.field(default_factory=list)  # rounds unpaired in Echiquier, unpaired in the file
    checkin: int = 0
    skipped: list[tuple[str, tuple[object, ...]]] = msgspec.field(default_factory=list)  # not written, and why

    def empty(self) -> bool:
        return not self.joueur and not self.info

    def parts(self) -> list[tuple[str, str]]:
        """What was written, as (message key, argument) pairs a page translates."""
        parts = []
        if self.unpaired:
            parts.append((N_("round %s unpaired"), ", ".join(map(str, self.unpaired))))
        if self.paired:
            parts.append((N_("pairings of round %s"), ", ".join(map(str, self.paired))))
        if self.results:
            parts.append((N_("results of round %s"), ", ".join(map(str, sorted(self.results)))))
        if self.byes:
            parts.append((N_("requested byes of round %s"), ", ".join(map(str, sorted(self.byes)))))
        if self.checkin:
            parts.append((N_("check-in of %s players"), str(self.checkin)))
        return parts

    def summary(self) -> str:
        return "; ".join(key % arg for key, arg in self.parts()) or "nothing"

    def rows(self) -> str:
        return "Ref " + ", ".join(map(str, sorted(self.joueur)))


def _same(a: object, b: object) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a) == bool(b)
    return (a if a != "" else None) == (b if b != "" else None)


def plan(rows: list[dict[str, object]], players: list[Player], pairings: list[Pairing],
         held: set[tuple[int, int, int]], *, force: bool = False, skipped: list[SkippedRound] | None = None) -> Plan:
    """The changes that bring the file's rows to the event's state. `held`: games (round, white Ref, black Ref)
    whose result Papi and the event disagree on, left alone unless `force`. `skipped`: the requested byes of the
    rounds not paired yet (written `F` with 2, 6 or 0; a requested bye no longer asked for goes back to `R`)."""
    out = Plan()
    by_ref = {r["Ref"]: r for r in rows if isinstance(r.get("Ref"), int)}
    ref_of: dict[int, int] = {p.id: p.papi_ref for p in players if p.papi_ref is not None and p.papi_ref in by_ref}

    def put(ref: int, column: str, value: object) -> bool:
        """Want `value` in a cell (the last wish for a cell wins); True if that changes the file."""
        old = by_ref[ref].get(column)
        if old == value or _same(old, value):
            cells = out.joueur.get(ref)
            if cells is not None and column in cells:  # an earlier wish for this cell, now undone
                del cells[column]
                if not cells:
                    del out.joueur[ref]
            return False
        out.joueur.setdefault(ref, {})[column] = value
        return True

    for p in players:
        if p.papi_ref is not None and p.papi_ref in by_ref and put(p.papi_ref, "Pointe", bool(p.checked_in)):
            out.checkin += 1
    missing = [p for p in players if p.papi_ref not in by_ref]
    if missing:
        out.skipped.append((N_("%s players are not in the Papi file (add them in Papi): %s"),
                            (len(missing), ", ".join(f"{p.last_name} {p.first_name}".strip() for p in missing[:5]))))
    by_round: dict[int, list[Pairing]] = {}
    for g in pairings:
        by_round.setdefault(g.round, []).append(g)
    for rnd, games in sorted(by_round.items()):
        if rnd > MAX_ROUNDS:
            continue
        if any(g.white_player_id not in ref_of or (g.black_player_id and g.black_player_id not in ref_of)
               for g in games):
            out.skipped.append((N_("round %s: a player of this round is not in the Papi file"), (rnd,)))
            continue
        rd = f"Rd{rnd:02d}"
        cl, adv, res = f"{rd}Cl", f"{rd}Adv", f"{rd}Res"
        if rows and cl not in rows[0]:
            out.skipped.append((N_("round %s is beyond the number of rounds of the Papi file (INFO NbrRondes)"),
                                (rnd,)))
            continue
        file_games = {(r["Ref"], r.get(adv)) for r in rows if r.get(cl) == "B" and r.get(adv) != EXEMPT_REF}
        if not file_games and not any(r.get(cl) in ("B", "N") for r in rows):
            _pairing(out, rnd, games, ref_of, rows, put)
            continue
        ours = {(ref_of[g.white_player_id], ref_of[g.black_player_id]) for g in games if g.black_player_id}
        if file_games != ours:
            out.skipped.append((N_("round %s is paired differently in Papi: its results were not written"), (rnd,)))
            continue
        for g in games:
            white = ref_of[g.white_player_id]
            if g.black_player_id:
                black = ref_of[g.black_player_id]
                if (rnd, white, black) in held and not force:
                    continue
                code = int(g.result) if g.result is not None else 0
                if (by_ref[white].get(res) == code and by_ref[black].get(res) == MIRROR[code]
                        and white not in out.joueur and black not in out.joueur):
                    continue  # the file has it already (most games: one plan per result entered)
                if put(white, res, code) | put(black, res, MIRROR[code]):
                    out.results.add(rnd)
            elif g.bye_kind in BYE_CODE and by_ref[white].get(cl) == "F":
                if put(white, res, BYE_CODE[g.bye_kind]):
                    out.results.add(rnd)
    unpaired = _unpaired(out, rows, {g.round for g in pairings}, put)
    _requested_byes(out, rows, ref_of, {g.round for g in pairings}, unpaired, skipped or [], put)
    return out


def _unpaired(out: Plan, rows: list[dict[str, object]], paired: set[int],
              put: Callable[[int, str, object], bool]) -> set[int]:
    """Rounds the file pairs after the event's last paired round: unpaired in Echiquier since the file was last
    read or written (a file changed meanwhile is re-synced first). Every row back to `R`."""
    last = max(paired, default=0)
    gone = set()
    for rnd in range(last + 1, MAX_ROUNDS + 1):
        cl = f"Rd{rnd:02d}Cl"
        if not rows or cl not in rows[0] or not any(r.get(cl) in ("B", "N") for r in rows):
            continue
        gone.add(rnd)
        for row in rows:
            ref = row.get("Ref")
            if isinstance(ref, int):
                put(ref, cl, "R")
                put(ref, f"Rd{rnd:02d}Adv", None)
                put(ref, f"Rd{rnd:02d}Res", 0)
    if gone:
        out.unpaired = sorted(gone)
        out.info["RondeActive"] = {"Value": str(last)}
    return gone


def _requested_byes(out: Plan, rows: list[dict[str, object]], ref_of: dict[int, int], paired: set[int],
                    unpaired: set[int], skipped: list[SkippedRound], put: Callable[[int, str, object], bool]) -> None:
    wanted = {(s.round, ref_of[s.papi_player_id]): SCORE_CODE.get(s.score, 0) for s in skipped
              if s.papi_player_id in ref_of and s.round not in paired}
    rounds = {r for r, _ref in wanted} | {r for r in range(1, MAX_ROUNDS + 1) if r not in paired}
    for rnd in sorted(rounds):
        cl, res = f"Rd{rnd:02d}Cl", f"Rd{rnd:02d}Res"
        if not rows or cl not in rows[0] or (rnd not in unpaired and any(r.get(cl) in ("B", "N") for r in rows)):
            continue  # past the file's rounds, or paired in the file (the re-sync brings it in)
        for row in rows:
            ref = row.get("Ref")
            if not isinstance(ref, int) or ref == EXEMPT_REF:
                continue
            if (rnd, ref) in wanted:
                changed = put(ref, cl, "F") | put(ref, f"Rd{rnd:02d}Adv", None) | put(ref, res, wanted[(rnd, ref)])
            elif row.get(cl) == "F" and row.get(res) in (2, 6):  # a requested bye cancelled in Echiquier
                changed = put(ref, cl, "R") | put(ref, res, 0)
            else:
                continue
            if changed:
                out.byes.add(rnd)


def _pairing(out: Plan, rnd: int, games: list[Pairing], ref_of: dict[int, int], rows: list[dict[str, object]],
             put: Callable[[int, str, object], bool]) -> None:
    """A round the file has not paired: every row's `Cl`, `Adv`, `Res` (papi_write.pairing_changes), the
    requested byes as `F` with 2, 6 or 0, and the results already entered."""
    rd = f"Rd{rnd:02d}"
    boards = [(ref_of[g.white_player_id], ref_of[g.black_player_id]) for g in games if g.black_player_id]
    bye = next((ref_of[g.white_player_id] for g in games if g.bye_kind == ByeKind.PAB), None)
    changes = pairing_changes(rnd, boards, bye, rows)
    for g in games:
        white = ref_of[g.white_player_id]
        if g.black_player_id and g.result is not None:
            changes[white][f"{rd}Res"] = int(g.result)
            changes[ref_of[g.black_player_id]][f"{rd}Res"] = MIRROR[int(g.result)]
        elif g.bye_kind in BYE_CODE:
            changes[white] = {f"{rd}Cl": "F", f"{rd}Adv": None, f"{rd}Res": BYE_CODE[g.bye_kind]}
    wrote = False
    for ref, cells in changes.items():
        for column, value in cells.items():
            wrote |= put(ref, column, value)
    if wrote:
        out.paired.append(rnd)
        out.info["RondeActive"] = {"Value": str(rnd)}
