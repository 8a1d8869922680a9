"""FIDE Swiss team pairing (C.04.6, in force from 1 February 2026): an adapter over gacrux's team engine
(`gacrux.pairingfideteam`), called in-process, no file and no subprocess.

The engine's input is a team tournament in gacrux's "chessjson" form, which holds much that is derived (each
match's result from its boards, match and game points per round, the board colour sequence, the score
system). Its one definition is gacrux's own reader of the FIDE team records (TRF-2026 `310` teams, `320` team
byes, `330` forfeited matches, `352` board colours, `362` match scoring, `192` the pairing system), so the
adapter hands the engine the team tournament as that text (written by tournament/teams/trf.py from the event
file's teams and matches, the rounds played only), read by `gacrux.trf2json` in memory, then reads the boards
back: a pair (w, b) is a match with team w listed first and White on board 1 at table `board`; (t, 0) is
the pairing-allocated bye of team t.

What the adapter adds to the file: the teams not to pair (gacrux's `-u`: `present` false), the initial colour
(gacrux's `-t`), and the refusal of what the engine cannot pair (a Conflict naming the rule, nothing paired).
"""

from __future__ import annotations

from typing import Any

from gacrux.gacruxexeptions import GacruxError  # type: ignore[import-untyped]
from gacrux.pairingfideteam import pairing_fideteam  # type: ignore[import-untyped]
from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

from tournament.errors import Conflict, Invalid
from tournament.pairing.model import Board, RoundPairing, TeamPairingInput


def gacrux_team_tournament(data: TeamPairingInput) -> dict[str, Any]:
    """The tournament as gacrux's team engine reads it (its reader's own work on the records)."""
    reader = trf2json()
    try:
        reader.parse_file(data.trf26, 0)
    except GacruxError as exc:
        raise Invalid("The team tournament cannot be paired: %s", str(exc)) from None
    status = reader.chessjson.get("status", {})
    if status.get("code"):
        raise Invalid("The team tournament cannot be paired: %s", "; ".join(map(str, status.get("error", []))))
    tournament: dict[str, Any] = reader.chessjson["event"]["tournaments"][0]
    if not tournament.get("teamTournament"):
        raise Invalid("The team tournament cannot be paired: %s", "no team records")
    for c in tournament["competitors"]:
        if c["cid"] in data.absent:
            c["present"] = False
    return tournament


def pair_fide_team(data: TeamPairingInput) -> RoundPairing:
    """Pair `data.round` with the FIDE Swiss team system; Board(white, black) = (team listed first with White on
    board 1, the other), in table order; `bye` the team with the pairing-allocated bye."""
    tournament = gacrux_team_tournament(data)
    teams = len(tournament["competitors"])
    rounds = int(tournament.get("numRounds") or 0)
    if data.round < 1 or (rounds and data.round > rounds):
        raise Invalid("Round %s cannot be paired: the tournament has %s rounds.", data.round, rounds)
    if data.round != int(tournament.get("currentRound") or 0) + 1:
        raise Invalid("Round %s cannot be paired: %s rounds are played.", data.round, tournament.get("currentRound"))
    unknown = [t for t in data.absent if not 1 <= t <= teams]
    if unknown:
        raise Invalid("No team %s in this tournament.", unknown[0])
    unpaired = tuple(sorted(set(data.absent)))
    if teams - len(unpaired) < 2:
        raise Invalid("Fewer than two teams to pair in round %s.", data.round)
    params = {"experimental": [], "verbose": 0, "top_color": data.initial_colour.lower()}
    try:
        engine = pairing_fideteam(tournament, data.round, params)
        brackets = engine.compute_pairing(False, 0)
    except GacruxError as exc:
        raise Conflict("No pairing of round %s respects the rules (%s).", data.round, str(exc)) from None
    pairs = sorted((p["board"], p["w"], p["b"]) for bracket in brackets for p in bracket["pairs"])
    if not pairs:
        raise Conflict("No pairing of round %s respects the rules (%s).", data.round, "no pairs")
    boards: list[Board] = []
    bye: int | None = None
    for _, white, black in pairs:
        if white == 0 or black == 0:
            bye = white or black
        else:
            boards.append(Board(int(white), int(black)))
    return RoundPairing(round=data.round, system="fideteam", boards=tuple(boards), bye=bye, unpaired=unpaired)
