"""The published site's category standings (issue 27): a static page per FFE age category present, the women and
the rating bands, linked from the standings page, each row keeping its place in the whole tournament."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from app.demo import ensure_demo
from app.publication.site import build_site
from app.settings import Settings
from app.views.standings_filter import season
from database.registry import EventRegistry
from tests.support.files import ROOT
from tournament.categories import category_of
from web.app import template_engine

BIRTHS = ("2014-06-01", "1990-03-03", "2015", "1960-12-31", "2009-01-01", None)


async def test_each_category_of_the_players_has_its_standings_page(tmp_path: Path) -> None:
    registry = EventRegistry(tmp_path)
    try:
        store = await ensure_demo(registry)
        tid = (await store.tournaments())[0].id
        await store.update_info(start=datetime(2026, 4, 4, 10).timestamp())
        for p in await store.players(tid):  # birth dates (never published) and a category held by the file
            await store.roster.edit_player(tid, p.id, {"birth_date": BIRTHS[p.pairing_number % len(BIRTHS)],
                                                       "category": "S65" if p.pairing_number == 3 else None,
                                                       "sex": "F" if p.pairing_number % 3 == 0 else "M"})
        site = await build_site(store, template_engine(Settings(events_dir=tmp_path)).engine,
                                ROOT / "web" / "static", language="fr")
        assert site is not None
        players = {p.pairing_number: p for p in await store.players(tid)}
        year = await season(store)
        whole = json.loads(site.files[f"{tid}/standings.json"])
        place = {r["number"]: r["place"] for r in whole["standings"]["rows"]}
        rank = {r["number"]: r["rank"] for r in whole["standings"]["rows"]}
        categories = {category_of(p, year) for p in players.values()} - {None}
        assert {"U12", "Sen", "S65"} <= categories
        linked = {c["path"] for c in whole["categories"]}
        for category in categories:
            data = json.loads(site.files[f"{tid}/standings-{category}.json"])
            numbers = [r["number"] for r in data["standings"]["rows"]]
            assert sorted(numbers) == sorted(n for n, p in players.items() if category_of(p, year) == category)
            assert all(r["place"] == place[r["number"]] for r in data["standings"]["rows"])
            assert [rank[n] for n in numbers] == sorted(rank[n] for n in numbers)  # in rank order
            assert f"standings-{category}.html" in linked
            assert f'href="standings-{category}.html" class="current"' in site.files[
                f"{tid}/standings-{category}.html"].decode()
        women = json.loads(site.files[f"{tid}/standings-women.json"])["standings"]["rows"]
        assert {r["number"] for r in women} == {n for n, p in players.items() if p.sex == "F"}
        assert "Femmes" in site.files[f"{tid}/standings-women.html"].decode()
        bands = [r["number"] for r in json.loads(site.files[f"{tid}/standings-1600-1999.json"])["standings"]["rows"]]
        assert sorted(bands) == sorted(n for n, p in players.items() if 1600 <= (p.rating or 0) <= 1999)
        assert 'id="categories"' in site.files[f"{tid}/standings.html"].decode()
        assert not any(b in page for page in site.files.values() for b in (b"2014-06-01", b"1960-12-31"))
    finally:
        await registry.close()
