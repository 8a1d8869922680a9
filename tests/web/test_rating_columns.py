"""Each player's rating change and performance on the public pages: the standings' optional columns
(`?ratings=1`), the cross-table, the player's page; computed here again from the TRF with gacrux's FIDE tables
(the 400-point rule applied to the opponent's rating), K from the rating list when it gives one."""

from __future__ import annotations

import html
import io
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from gacrux import rating as reference  # type: ignore[import-untyped]
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.imports import import_trf
from app.ratings import import_list
from tests.support.files import fixture_path
from tests.support.rating_lists import HEADER, player, txt_line
from tournament.formats.trf import TrfPlayer, decode, parse_trf

URL = "open-de-fouville-sur-dame-2026"
SCORES = {"1": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0)}  # games over the board only


@pytest.fixture
async def small(events_dir: Path) -> Path:
    await import_trf(fixture_path("small-20p-5r.trf").read_bytes(), "s.trf", events_dir, "ev", None)
    return events_dir


def trf_players() -> dict[int, TrfPlayer]:
    trf, _ = parse_trf(decode(fixture_path("small-20p-5r.trf").read_bytes()))
    return {p.number: p for p in trf.players}


def expected(number: int, k: int | None) -> tuple[int | None, int | None, str]:
    """(ARO, TPR, rating change as shown in English) of player `number`, by gacrux's functions."""
    players = trf_players()
    me = players[number]
    games = [(players[r.opponent].rating, SCORES[r.code]) for r in me.rounds
             if r.opponent and r.code in SCORES and players[r.opponent].rating]
    ratings = [rating for rating, _ in games]
    points = sum((s for _, s in games), Decimal(0))
    aro = reference.ComputeAverageRatingOpponents(ratings)
    tpr = reference.ComputeTournamentPerformanceRating(points, ratings) if ratings else None
    if not me.rating or not games or k is None:
        return aro, tpr, ""
    own = me.rating
    change = sum((s - reference.ComputeExpectedScore(own, max(own - 400, min(own + 400, r))) for r, s in games),
                 Decimal(0)) * k
    shown = change.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return aro, tpr, ("+" if shown > 0 else "") + f"{shown.normalize():f}"


def row_of(page: str, name: str) -> list[str]:
    """The cells of the table row naming `name`, as text."""
    for row in re.findall(r"<tr>(.*?)</tr>", page, re.S):
        if name in html.unescape(row):
            return [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row,
                                                                                        re.S)]
    raise AssertionError(f"no row for {name}")


async def test_standings_columns_on_demand(client: AsyncTestClient[Litestar], small: Path) -> None:
    plain = (await client.get(f"/standings/ev/{URL}")).text
    assert "FIDE rating change" not in plain and 'href="?ratings=1"' in plain
    page = (await client.get(f"/standings/ev/{URL}?ratings=1")).text
    assert "<th class=\"num\" title=\"FIDE rating change" in page
    for number, name, k in ((1, "GAUTHIER Loïc", 10), (2, "ØDEGAARD Sigrid", 20), (3, "GARNIER Agnès", 40)):
        aro, tpr, change = expected(number, k)
        assert row_of(page, name)[-3:] == [str(aro), str(tpr), change], name
    rows = (await client.get(f"/api/standings/ev/{URL}?ratings=1")).json()
    gauthier = next(r for r in rows if r["start_rank"] == 1)
    aro, tpr, change = expected(1, 10)
    assert gauthier["performance"] == {"aro": aro, "tpr": tpr, "rated_games": 3, "k": 10,
                                       "elo_change": float(change)}
    assert "performance" not in (await client.get(f"/api/standings/ev/{URL}")).json()[0]
    unrated = trf_players()[18]
    cells = row_of(page, unrated.last_name.upper())
    aro, tpr, _ = expected(18, None)
    assert cells[-3:] == [str(aro or ""), str(tpr or ""), ""]  # performance, no rating change


async def test_the_lists_k_and_the_other_pages(client: AsyncTestClient[Litestar], small: Path) -> None:
    listed = player(0)._replace(fide_id=999429961, k=20)  # Gauthier: K 20 in the list instead of the rule's 10
    data = f"{HEADER}\n{txt_line(listed)}\n".encode()
    await import_list(small, io.BytesIO(data), "players_list_foa.txt", len(data))
    aro, tpr, change = expected(1, 20)
    crosstable = (await client.get(f"/crosstable/ev/{URL}")).text
    assert row_of(crosstable, "GAUTHIER Loïc")[-3:] == [str(aro), str(tpr), change]
    printed = (await client.get("/print/ev/1/crosstable?ratings=1")).text
    assert row_of(printed, "GAUTHIER Loïc")[-3:] == [str(aro), str(tpr), change]
    page = html.unescape((await client.get(f"/player/ev/{URL}/1?lang=fr")).text)
    facts = re.search(r'id="player-rating">(.*?)</p>', page, re.S)
    assert facts is not None
    text = " ".join(re.sub(r"<[^>]+>", "", facts[1]).split())
    assert text == (f"Performance {tpr} (moyenne des adversaires {aro}, 3 parties classées) · "
                    f"Variation Elo {change.replace('.', ',')} (K 20)")
