"""Writing results, check-in and pairings into a Papi file (.papi, a Jet4 database), bytes in, bytes out.

Papi's conventions (docs/formats.md §2): `JOUEUR.Ref` is the pairing number + 1 and Ref 1 is the EXEMPT
pseudo-player; each row holds its own side of each round in `RdNNCl` (B White, N Black, F bye/absent,
R not paired), `RdNNAdv` (the opponent's Ref) and `RdNNRes` (3/2/1 win/draw/loss, 6/4 forfeit win/loss,
5 double forfeit, 0 none). The pairing-allocated bye: the player gets B / 1 / 6 and EXEMPT's row N / the
player's Ref / 0. Nothing here reads or writes a file: the caller keeps the arbiter's file safe."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tournament.formats.jet import JetDatabase, JetError

EXEMPT_REF = 1
MAX_ROUNDS = 24
RESULT_CODES = frozenset(range(7))
MIRROR = {0: 0, 1: 3, 2: 2, 3: 1, 4: 6, 5: 5, 6: 4}
"""A result code seen from the other player's row."""


def _round(number: int) -> str:
    if not 1 <= number <= MAX_ROUNDS:
        raise JetError(f"Papi rounds are 1 to {MAX_ROUNDS}, not {number}")
    return f"Rd{number:02d}"


def result_changes(round_number: int, games: Iterable[tuple[int, int, int]]) -> dict[int, dict[str, object]]:
    """Cell changes for results: (white Ref, black Ref, White's code) -> `RdNNRes` of both rows."""
    rd = _round(round_number)
    out: dict[int, dict[str, object]] = {}
    for white, black, code in games:
        if code not in RESULT_CODES:
            raise JetError(f"result code {code} is not one of Papi's 0-6")
        if EXEMPT_REF in (white, black):
            raise JetError("the EXEMPT row takes no result: write the bye player's row (code 6) instead")
        for ref, value in ((white, code), (black, MIRROR[code])):
            if ref in out:
                raise JetError(f"Ref {ref} appears twice in round {round_number}'s results")
            out[ref] = {f"{rd}Res": value}
    return out


def write_results(data: bytes, round_number: int, games: Iterable[tuple[int, int, int]]) -> bytes:
    """`data` with the results of the given games of a round written into both players' rows."""
    db = JetDatabase.from_bytes(data)
    db.set_cells("JOUEUR", "Ref", result_changes(round_number, games))
    return db.to_bytes()


def write_bye_result(data: bytes, round_number: int, ref: int, code: int) -> bytes:
    """`data` with one row's result alone (a bye, or a correction of one side): `RdNNRes` of that row only."""
    if code not in RESULT_CODES:
        raise JetError(f"result code {code} is not one of Papi's 0-6")
    db = JetDatabase.from_bytes(data)
    db.set_cells("JOUEUR", "Ref", {ref: {f"{_round(round_number)}Res": code}})
    return db.to_bytes()


def write_check_in(data: bytes, checked_in: Mapping[int, bool]) -> bytes:
    """`data` with `Pointe` (checked in) set as given, by Ref."""
    db = JetDatabase.from_bytes(data)
    db.set_cells("JOUEUR", "Ref", {ref: {"Pointe": bool(flag)} for ref, flag in checked_in.items()})
    return db.to_bytes()


def pairing_changes(
    round_number: int, boards: Iterable[tuple[int, int]], bye: int | None, rows: Iterable[Mapping[str, object]]
) -> dict[int, dict[str, object]]:
    """Cell changes for a round's pairing. `rows` are JOUEUR's rows as they are (to find who is left out):
    a player neither on a board nor the bye, whose round is `R` (or NULL, or `B`/`N` from an earlier pairing
    of the round), becomes absent (`F`, NULL, 0);
    a requested bye already entered (`F` with 2 or 6) is kept."""
    rd = _round(round_number)
    out: dict[int, dict[str, object]] = {}

    def put(ref: int, colour: str, opponent: int | None, res: int) -> None:
        if ref in out:
            raise JetError(f"Ref {ref} is paired twice in round {round_number}")
        out[ref] = {f"{rd}Cl": colour, f"{rd}Adv": opponent, f"{rd}Res": res}

    for white, black in boards:
        if EXEMPT_REF in (white, black) or white == black:
            raise JetError(f"board {white}-{black}: not a game between two players")
        put(white, "B", black, 0)
        put(black, "N", white, 0)
    if bye is not None:
        if bye == EXEMPT_REF:
            raise JetError("EXEMPT cannot receive the bye")
        put(bye, "B", EXEMPT_REF, 6)
        put(EXEMPT_REF, "N", bye, 0)
    else:
        put(EXEMPT_REF, "R", None, 0)
    for row in rows:
        ref = row["Ref"]
        if isinstance(ref, int) and ref not in out and row[f"{rd}Cl"] in ("R", None, "B", "N"):
            out[ref] = {f"{rd}Cl": "F", f"{rd}Adv": None, f"{rd}Res": 0}
    return out


def write_pairings(
    data: bytes, round_number: int, boards: Iterable[tuple[int, int]], bye: int | None, set_active_round: bool = True
) -> bytes:
    """`data` with a round's pairing written: `RdNNCl`, `RdNNAdv` (and its unique index), `RdNNRes` 0 (6 for
    the bye) for every player and the EXEMPT row; `INFO.RondeActive` set to the round, as Papi does."""
    db = JetDatabase.from_bytes(data)
    rd = _round(round_number)
    changes = pairing_changes(round_number, list(boards), bye, db.rows("JOUEUR", ["Ref", f"{rd}Cl"]))
    db.set_cells("JOUEUR", "Ref", changes)
    if set_active_round and any(r["Variable"] == "RondeActive" for r in db.rows("INFO", ["Variable"])):
        db.set_cells("INFO", "Variable", {"RondeActive": {"Value": str(round_number)}})
    return db.to_bytes()
