"""The one door of the arbiter's pairing workflow to a pairing engine: `propose(...)` -> boards.

STAND-IN: until tournament/pairing/ (the FIDE Dutch and Berger engines) is merged, this pairs by
score groups, top down, avoiding repeat pairings, with colours by preference. It is NOT a FIDE Dutch
pairing; the workflow (preview, manual changes, rule checks, publish) does not depend on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament.models import Pairing, Player, Tournament
from tournament.pairing_checks import Board, History

BUDGET = 20_000  # backtracking steps before repeat pairings are allowed


def propose(tournament: Tournament, players: Sequence[Player], pairings: Sequence[Pairing],
            history: dict[int, History], excluded: set[int], rnd: int) -> list[Board]:
    """Boards of round `rnd` for every player not in `excluded`, best board first, the bye (if any) last."""
    pool = sorted((p for p in players if p.id not in excluded),
                  key=lambda p: (-history[p.id].half_points, -p.rating, p.pairing_number))
    bye: int | None = None
    if len(pool) % 2:
        candidates = [p for p in reversed(pool) if not history[p.id].had_pab] or [pool[-1]]
        bye = candidates[0].id
        pool = [p for p in pool if p.id != bye]
    ids = [p.id for p in pool]
    pairs = _pair(ids, history, strict=True) or _pair(ids, history, strict=False) or []
    boards = [_colours(a, b, history, rank=i) for i, (a, b) in enumerate(pairs)]
    if bye is not None:
        boards.append(Board(white=bye))
    return boards


def _pair(ids: list[int], history: dict[int, History], *, strict: bool) -> list[tuple[int, int]] | None:
    steps = [0]

    def go(rest: list[int]) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        steps[0] += 1
        if steps[0] > BUDGET:
            return None
        first, others = rest[0], rest[1:]
        for i, other in enumerate(others):
            if strict and other in history[first].opponents:
                continue
            found = go(others[:i] + others[i + 1:])
            if found is not None:
                return [(first, other), *found]
        return None

    return go(ids)


def _colours(a: int, b: int, history: dict[int, History], rank: int) -> Board:
    """The player owed White (more Blacks so far, else Black last time) gets White."""
    ha, hb = history[a], history[b]
    key_a = (ha.colour_difference, ha.played_colours[-1:] == "w")
    key_b = (hb.colour_difference, hb.played_colours[-1:] == "w")
    if key_a == key_b:
        return Board(white=a, black=b) if rank % 2 == 0 else Board(white=b, black=a)
    return Board(white=a, black=b) if key_a < key_b else Board(white=b, black=a)
