"""The pairing engines' one door: `pair_next_round(data, system)` (pure, no I/O): the FIDE Dutch system, round-robin
Berger tables and the FIDE Swiss team system (`fideteam`, whose input is a `TeamPairingInput`: tournament/teams/
pairing.py builds it). Importing it loads the engines (gacrux and networkx for the Dutch and team systems); the
package's other modules (model, checks, rows, virtual points) do not.

>>> from tournament.pairing.model import PairingInput, PairingPlayer
>>> players = tuple(PairingPlayer(id=n, number=n) for n in range(1, 6))
>>> r = pair_next_round(PairingInput(players=players, rounds=5), system="berger")
>>> [(b.white, b.black) for b in r.boards], r.bye
([(2, 5), (3, 4)], 1)
"""

from __future__ import annotations

from typing import Literal

from tournament.errors import Invalid
from tournament.pairing.berger import pair_berger
from tournament.pairing.dutch import pair_dutch
from tournament.pairing.fide_team import TeamPairingInput, pair_fide_team
from tournament.pairing.model import PairingInput, RoundPairing

System = Literal["dutch", "berger", "fideteam"]
SYSTEMS: tuple[str, ...] = ("dutch", "berger")  # individual tournaments (a TRF file, the desk)

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
