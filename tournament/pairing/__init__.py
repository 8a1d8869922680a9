"""Pairing engines (pure, no I/O): the FIDE Dutch system, round-robin Berger tables and the FIDE Swiss team
system (`fideteam`, whose input is a `TeamPairingInput`: tournament/teams/pairing.py builds it).

>>> from tournament.pairing import PairingInput, PairingPlayer, pair_next_round
>>> players = tuple(PairingPlayer(id=n, number=n) for n in range(1, 6))
>>> r = pair_next_round(PairingInput(players=players, rounds=5), system="berger")
>>> [(b.white, b.black) for b in r.boards], r.bye
([(2, 5), (3, 4)], 1)
"""

from __future__ import annotations

from typing import Literal

from tournament.errors import Invalid
from tournament.pairing.berger import berger_round, berger_table, pair_berger
from tournament.pairing.dutch import pair_dutch
from tournament.pairing.fide_team import TeamPairingInput, pair_fide_team
from tournament.pairing.model import (
    Board,
    Outcome,
    PairingInput,
    PairingPlayer,
    RoundPairing,
    RoundRecord,
    check_input,
)

System = Literal["dutch", "berger", "fideteam"]
SYSTEMS: tuple[str, ...] = ("dutch", "berger")  # individual tournaments (a TRF file, the desk)

__all__ = [
    "SYSTEMS",
    "Board",
    "Outcome",
    "PairingInput",
    "PairingPlayer",
    "RoundPairing",
    "RoundRecord",
    "System",
    "TeamPairingInput",
    "berger_round",
    "berger_table",
    "check_input",
    "pair_next_round",
]


def pair_next_round(data: PairingInput | TeamPairingInput, system: str = "dutch") -> RoundPairing:
    """Pair `data.round_to_pair` with the given system ("dutch" or "berger"), or a team tournament's next round
    ("fideteam": the FIDE Swiss team system; "berger" pairs teams given as players)."""
    if isinstance(data, TeamPairingInput):
        if system != "fideteam":
            raise Invalid("Unknown team pairing system %s (fideteam).", system)
        return pair_fide_team(data)
    if system == "dutch":
        return pair_dutch(data)
    if system == "berger":
        return pair_berger(data)
    raise Invalid("Unknown pairing system %s (dutch or berger).", system)
