"""Standings of imported TRF files against FIDE's tie-break reference (gacrux), both C.07 editions, for three
shapes of real files that differed (issue 24, item 7; tests/fixtures/reference-shapes/README.md says which rule
each follows). The standings are the server's own (`standings_for` on the imported tournament), so what the
import keeps (a `299` record) and which rounds count are tested with the tie-breaks.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.imports import import_trf
from app.views.standings import standings_for
from database.registry import EventRegistry
from database.store import EventStore
from tests.support.files import FIXTURES
from tests.support.gacrux import CODES, HAVE_GACRUX, compare, tiebreakchecker, with_edition
from tournament.formats.trf import decode

SHAPES = FIXTURES / "reference-shapes"
EDITIONS = ["2024-08", "2026-03"]
pytestmark = pytest.mark.skipif(not HAVE_GACRUX, reason="gacrux (test extra) is not installed")


@pytest.fixture
async def imported(tmp_path: Path) -> AsyncIterator[tuple[Path, EventRegistry]]:
    registry = EventRegistry(tmp_path / "events")
    yield tmp_path / "events", registry
    await registry.close()


async def tournament_of(name: str, edition: str, events: tuple[Path, EventRegistry]) -> tuple[str, EventStore, int]:
    """The fixture with the start date that picks `edition`, imported as the server imports it."""
    text = with_edition(decode((SHAPES / name).read_bytes()), edition)
    await import_trf(text.encode(), name, events[0], "ev", None)
    store = await events[1].get("ev")
    return text, store, (await store.tournaments())[0].id


#: Every tie-break gacrux is compared on, in two lists (the server takes at most 20 codes a query).
HALVES = [CODES[:13], CODES[13:]]


async def check(text: str, store: EventStore, tid: int, edition: str, rounds: int | None, counted: int,
                tmp_path: Path) -> None:
    """Our standings (after `rounds`, default: the last complete round) against gacrux told `counted`."""
    for codes in HALVES:
        mine = await standings_for(store, tid, tie_breaks=",".join(codes), edition=edition, rounds=rounds)
        assert mine.round == counted
        assert compare(mine, tiebreakchecker(text, counted, codes, tmp_path), codes) == []


@pytest.mark.parametrize("edition", EDITIONS)
async def test_a_partly_played_last_round(edition: str, imported: tuple[Path, EventRegistry], tmp_path: Path) -> None:
    """Round 5 of 5 with two results not in yet: the standings after round 4 are gacrux's after round 4; the
    provisional standings (round 5 counted) are gacrux's after round 5, where a game without result is an unplayed
    round worth nothing (so its player's opponents count a draw for it, C.07 16.3, the last round)."""
    text, store, tid = await tournament_of("partly-played-last-round.trf", edition, imported)
    await check(text, store, tid, edition, None, 4, tmp_path)
    await check(text, store, tid, edition, 5, 5, tmp_path)


@pytest.mark.parametrize("edition", EDITIONS)
async def test_a_javafo_file_with_unplayed_rounds(edition: str, imported: tuple[Path, EventRegistry],
                                                  tmp_path: Path) -> None:
    """TRF16 with `XXR 9`, six rounds played, absences `0000 - -`: after round 6 equals gacrux told round 6;
    gacrux left to itself counts the 9 declared rounds (rounds 7-9 unplayed by everyone), which our standings
    give when asked for round 9."""
    text, store, tid = await tournament_of("javafo-unplayed-rounds.trf", edition, imported)
    await check(text, store, tid, edition, None, 6, tmp_path)
    await check(text, store, tid, edition, 9, 9, tmp_path)


@pytest.mark.parametrize("edition", EDITIONS)
async def test_bonus_points_of_a_299_record(edition: str, imported: tuple[Path, EventRegistry],
                                            tmp_path: Path) -> None:
    """`299` gives player 5 a point from round 6 on: 5.5 points, level with player 1 and ahead of them on
    tie-breaks, as gacrux ranks them (without the record player 1 would be 2nd and player 5 3rd); after round 5
    the bonus does not count yet."""
    text, store, tid = await tournament_of("bonus-points-299.trf", edition, imported)
    await check(text, store, tid, edition, None, 7, tmp_path)
    final = await standings_for(store, tid, edition=edition)  # the file's own list, 202 BH/C1,BH,SB,PS
    rank = {r.start_rank: r.rank for r in final.rows}
    assert (rank[5], rank[1]) == (2, 3)
    await check(text, store, tid, edition, 5, 5, tmp_path)
