"""A TRF file (as read by `tournament.formats.trf`) as the pairing engines' input, for the round after the last
played one. Pure: the caller reads the file.

Read from the file: every played round of every player (results, colours, byes), the byes already
declared for the round to pair (a last round of byes only, `240` records, `XXZ`), the number of rounds
(`142` / `XXR`), the initial colour (`152` / `XXC white1|black1`, else read off round 1 as gacrux does),
forbidden pairs (TRF-2026 `260` records for that round, bbpPairings' `XXP a b` lines), the virtual points of
an accelerated pairing for every round up to the one to pair (`XXA` per player and round, TRF-2026 `250` per
range of players and rounds: the game-points value) and the Baku acceleration (`092`/`192` naming BAKU).
"""

from __future__ import annotations

from typing import Literal

from tournament.errors import Invalid
from tournament.formats.trf import TrfRound, TrfTournament, requested_byes
from tournament.pairing.model import Outcome, PairingInput, PairingPlayer, RoundRecord

GAME_CODES: dict[str, Outcome] = {
    "1": Outcome.WIN, "W": Outcome.WIN, "=": Outcome.DRAW, "D": Outcome.DRAW, "0": Outcome.LOSS,
    "L": Outcome.LOSS, "+": Outcome.FORFEIT_WIN, "-": Outcome.FORFEIT_LOSS,
}
BYE_CODES: dict[str, Outcome] = {
    "U": Outcome.PAB, "+": Outcome.PAB, "1": Outcome.PAB, "F": Outcome.FULL_BYE, "H": Outcome.HALF_BYE,
    "Z": Outcome.ZERO_BYE, " ": Outcome.ZERO_BYE, "-": Outcome.ZERO_BYE, "0": Outcome.ZERO_BYE,
}
REQUESTED: dict[str, Outcome] = {"H": Outcome.HALF_BYE, "F": Outcome.FULL_BYE, "Z": Outcome.ZERO_BYE}


def round_record(number: int, rnd: int, block: TrfRound) -> RoundRecord:
    if block.opponent is None:
        return RoundRecord(BYE_CODES.get(block.code, Outcome.ZERO_BYE))
    outcome = GAME_CODES.get(block.code)
    if outcome is None:
        raise Invalid("Player %s, round %s: the game has no result; every result is needed to pair the next "
                      "round.", number, rnd)
    if block.colour not in ("w", "b"):
        raise Invalid("Player %s, round %s: the game has no colour.", number, rnd)
    return RoundRecord(outcome, block.opponent, "w" if block.colour == "w" else "b")


def initial_colour(trf: TrfTournament) -> Literal["W", "B"]:
    """`152` / `XXC`, else the colour of the lower-numbered player of round 1's first game, else White."""
    stated = trf.initial_colour
    if stated in ("W", "B"):
        return "W" if stated == "W" else "B"
    games = sorted((min(p.number, p.rounds[0].opponent), p.number, p.rounds[0].colour) for p in trf.players
                   if p.rounds and p.rounds[0].opponent is not None)
    for low, number, colour in games:
        if number == low:
            return "W" if colour == "w" else "B"
    return "W"


def forbidden_groups(trf: TrfTournament, rnd: int) -> tuple[tuple[int, ...], ...]:
    groups: list[tuple[int, ...]] = []
    for rec in trf.lines("260"):
        first, last = rec.text[4:7].strip(), rec.text[8:11].strip()
        start = int(first) if first.isdigit() else 1
        stop = int(last) if last.isdigit() and int(last) else start if first.isdigit() else 999
        ids = tuple(int(w) for w in rec.text[11:].split() if w.isdigit())
        if start <= rnd <= stop and len(ids) > 1:
            groups.append(ids)
    for rec in trf.records:
        if rec.code == "XXP":
            ids = tuple(int(w) for w in rec.text[4:].split() if w.isdigit())
            if len(ids) > 1:
                groups.append(ids)
    return tuple(groups)


def virtual_points(trf: TrfTournament, rnd: int) -> dict[int, list[float]]:
    """Each player's virtual points before rounds 1..rnd from the `XXA` and `250` records (a later line wins for
    the same player and round, as bbpPairings reads them); refused when a record cannot be applied."""
    known = {p.number for p in trf.players}
    out: dict[int, list[float]] = {}
    for acc in sorted(trf.accelerations, key=lambda a: a.line_no):
        points = float(acc.points)
        if points < 0 or points * 2 != int(points * 2):
            raise Invalid("Line %s: acceleration points are a positive number of half points (%s).", acc.line_no,
                          str(acc.points))
        if acc.first_round < 1 or acc.last_round < acc.first_round:
            raise Invalid("Line %s: the acceleration record's rounds (%s to %s) are not a range of rounds.",
                          acc.line_no, acc.first_round, acc.last_round)
        if acc.first_player < 1 or acc.last_player < acc.first_player:
            raise Invalid("Line %s: the acceleration record's players (%s to %s) are not a range of starting "
                          "ranks.", acc.line_no, acc.first_player, acc.last_player)
        for number in range(acc.first_player, acc.last_player + 1):
            if number not in known:
                if acc.first_player == acc.last_player:
                    raise Invalid("Line %s: the acceleration record names player %s, who has no 001 line.",
                                  acc.line_no, number)
                continue
            rounds = out.setdefault(number, [0.0] * rnd)
            for k in range(acc.first_round, min(acc.last_round, rnd) + 1):
                rounds[k - 1] = points
    return out


def pairing_input(trf: TrfTournament, *, rounds: int | None = None, baku: bool | None = None) -> PairingInput:
    """The input to pair the round after the last one played in `trf`."""
    played = trf.played_rounds
    rnd = played + 1
    total = rounds or trf.rounds
    if total is None:
        raise Invalid("The file does not say how many rounds the tournament has (142 or XXR record).")
    if rnd > total:
        raise Invalid("All %s rounds are already played.", total)
    declared = requested_byes(trf).get(rnd, {})
    known = {p.number for p in trf.players}
    accelerated = virtual_points(trf, rnd)
    players = []
    for p in trf.players:
        history = tuple(round_record(p.number, k, b) for k, b in enumerate(p.rounds, start=1))
        history += (RoundRecord(Outcome.ZERO_BYE),) * (played - len(history))
        for k, r in enumerate(history, start=1):
            if r.opponent is not None and r.opponent not in known:
                raise Invalid("Player %s, round %s: opponent %s is not in the file.", p.number, k, r.opponent)
        code = declared.get(p.number)
        virtual = accelerated.get(p.number, [0.0] * rnd)
        players.append(PairingPlayer(id=p.number, number=p.number, rating=p.rating, history=history,
                                     requested_bye=REQUESTED.get(code) if code else None,
                                     virtual_points=virtual[-1],
                                     earlier_virtual_points=tuple(virtual[:-1]) if any(virtual[:-1]) else ()))
    text = (trf.headers.get("092", "") + " " + trf.headers.get("192", "")).upper()
    return PairingInput(players=tuple(players), rounds=total, round=rnd, initial_colour=initial_colour(trf),
                        forbidden=forbidden_groups(trf, rnd), baku="BAKU" in text if baku is None else baku)
