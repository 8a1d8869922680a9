"""The one door of the arbiter's pairing workflow to the pairing engines (tournament/pairing/): the FIDE
Dutch system for a Swiss, Berger tables for a round robin. Runs in a worker thread (CPU-bound).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tournament.models import Pairing, Player, Tournament
from tournament.pairing.checks import Board
from tournament.pairing.engines import pair_next_round
from tournament.pairing.rows import draft_boards, pairing_input, system_of
from tournament.results import ByeKind


def propose(tournament: Tournament, players: Sequence[Player], pairings: Sequence[Pairing],
            left_out: Mapping[int, ByeKind], rnd: int) -> list[Board]:
    """Boards of round `rnd` for every player not left out, in the engine's order, the bye (if any) last."""
    data = pairing_input(tournament, players, pairings, left_out, rnd)
    return draft_boards(pair_next_round(data, system_of(tournament)))
