"""The pairing engines' one door: `pair_next_round(data, system)` (pure, no I/O): the FIDE Dutch system, round-robin
Berger tables and the FIDE Swiss team system (`fideteam`, whose input is a `TeamPairingInput`: tournament/teams/
pairing.py builds it).

Each engine's module is imported at its first pairing (`ENGINES`, as the command line's table of commands): the
Dutch and team systems load gacrux and networkx (about 0.2 s of CPU), which a command or a page that pairs nothing
never needs. tests/test_import_graph.py reads the table's "module:function" names as imports of this module.

>>> from tournament.pairing.model import PairingInput, PairingPlayer
>>> players = tuple(PairingPlayer(id=n, number=n) for n in range(1, 6))
>>> r = pair_next_round(PairingInput(players=players, rounds=5), system="berger")
>>> [(b.white, b.black) for b in r.boards], r.bye
([(2, 5), (3, 4)], 1)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Literal

from tournament.errors import Invalid
from tournament.pairing.model import PairingInput, RoundPairing, TeamPairingInput

System = Literal["dutch", "berger", "fideteam"]
SYSTEMS: tuple[str, ...] = ("dutch", "berger")  # individual tournaments (a TRF file, the desk)
#: system: the function that pairs with it ("module:function"), its module imported at the first pairing.
ENGINES: dict[str, str] = {
    "dutch": "tournament.pairing.dutch:pair_dutch",
    "berger": "tournament.pairing.berger:pair_berger",
    "fideteam": "tournament.pairing.fide_team:pair_fide_team",
}


def engine(system: str) -> Callable[[Any], RoundPairing]:
    """The function that pairs with `system`, its module imported now (once per process)."""
    module, _, function = ENGINES[system].partition(":")
    found: Callable[[Any], RoundPairing] = getattr(importlib.import_module(module), function)
    return found


def pair_next_round(data: PairingInput | TeamPairingInput, system: str = "dutch") -> RoundPairing:
    """Pair `data.round_to_pair` with the given system ("dutch" or "berger"), or a team tournament's next round
    ("fideteam": the FIDE Swiss team system; "berger" pairs teams given as players)."""
    if isinstance(data, TeamPairingInput):
        if system != "fideteam":
            raise Invalid("Unknown team pairing system %s (fideteam).", system)
        return engine(system)(data)
    if system not in SYSTEMS:
        raise Invalid("Unknown pairing system %s (dutch or berger).", system)
    return engine(system)(data)
