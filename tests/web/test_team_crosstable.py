"""The cross-tables of a team tournament: the team cross-table shows every meeting of two teams (a double round
robin meets twice), and the "grille américaine" (public page and print) has one row per team whose cells are its
matches (the opponent's place and the game points), never individual players' games."""

from __future__ import annotations

import re
from pathlib import Path

from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.imports import import_trf
from tests.support.teams import generate
from tournament.teams.trf import export_team_trf

URL = "generated-4-teams"


async def double_round_robin(events_dir: Path) -> None:
    ev = generate(4, 2, 6, 21, round_robin=True)
    pairs = [frozenset((m.team_a, m.team_b)) for m in ev.matches if m.team_b]
    assert len(pairs) == 12 and all(pairs.count(p) == 2 for p in pairs)  # every pair meets twice
    await import_trf(export_team_trf(ev).encode(), "double.trf", events_dir, "ev", None)


async def test_the_team_crosstable_shows_both_meetings(client: AsyncTestClient[Litestar], events_dir: Path) -> None:
    await double_round_robin(events_dir)
    page = await client.get(f"/teams/ev/{URL}/crosstable")
    assert page.status_code == 200
    rows = re.findall(r'<tr data-team="(\d+)">(.*?)</tr>', page.text, re.S)
    assert len(rows) == 4
    for _team, row in rows:  # three opponents, two meetings each, each with its round
        assert len(re.findall(r'class="meeting" title="Round (\d+)"', row)) == 6


async def test_the_grille_americaine_of_a_team_tournament_has_team_rows(client: AsyncTestClient[Litestar],
                                                                        events_dir: Path) -> None:
    await double_round_robin(events_dir)
    public = await client.get(f"/crosstable/ev/{URL}")
    assert public.status_code == 200
    assert public.text.count("Team 0") == 4 and "Player0" not in public.text
    printed = await client.get("/print/ev/1/crosstable")
    assert printed.status_code == 200
    assert printed.text.count("Team 0") == 4 and "Player0" not in printed.text
    cells = re.findall(r'<td class="round">(.*?)</td>', printed.text)
    # every cell names the opposing team's place (1 to 4) and the game points of the match
    assert len(cells) == 4 * 6 and all(re.fullmatch(r'[1-4]<span class="colour"></span><b>[0-9½+\-]+</b>', c)
                                       for c in cells), cells[:4]
