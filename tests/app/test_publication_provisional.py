"""The published site's provisional standings (issue 24, item 8): while a round is played, each tournament has a
`standings-provisional.html` counting it with the results entered so far; gone once the round is complete."""

from __future__ import annotations

import json
from pathlib import Path

from app.demo import ensure_demo
from app.publication.site import HOLD_SECONDS, build_site, write_site
from app.settings import Settings
from database.registry import EventRegistry
from database.store import GameKey
from tests.support.files import ROOT
from tournament.results import Result
from web.app import template_engine


async def test_the_published_provisional_standings_follow_the_round(tmp_path: Path) -> None:
    settings = Settings(events_dir=tmp_path)
    environment = template_engine(settings).engine
    registry = EventRegistry(tmp_path)
    try:
        store = await ensure_demo(registry)
        tid = (await store.tournaments())[0].id
        site = await build_site(store, environment, ROOT / "web" / "static", language="fr")
        assert site is not None
        page = site.files[f"{tid}/standings-provisional.html"].decode()
        playing = max(p.round for p in await store.pairings(tid))
        assert f"Provisoire\u202f: ronde {playing} en cours" in page
        assert 'id="provisional-link"' in site.files[f"{tid}/standings.html"].decode()  # linked from the standings
        before = json.loads(site.files[f"{tid}/standings-provisional.json"])["standings"]
        assert before["round"] == playing

        left = [g for g in await store.pairings(tid, playing) if g.is_game and g.result is None]
        first = left[0]
        await store.record_result(GameKey(tournament_id=tid, round=playing, white_player_id=first.white_player_id,
                                          black_player_id=first.black_player_id or 0), Result.WHITE_WIN, 0)
        site = await build_site(store, environment, ROOT / "web" / "static", language="fr")
        assert site is not None
        after = json.loads(site.files[f"{tid}/standings-provisional.json"])["standings"]
        white = next(p.pairing_number for p in await store.players(tid) if p.id == first.white_player_id)
        points = {r["number"]: float(r["points"]) for r in before["rows"]}
        assert {r["number"]: float(r["points"]) for r in after["rows"]}[white] == points[white] + 1

        for g in left[1:]:  # the round complete: its final standings, no provisional page
            await store.record_result(GameKey(tournament_id=tid, round=playing, white_player_id=g.white_player_id,
                                              black_player_id=g.black_player_id or 0), Result.DRAW, 0)
        site = await build_site(store, environment, ROOT / "web" / "static", language="fr")
        assert site is not None
        assert f"{tid}/standings-provisional.html" not in site.files
        assert json.loads(site.files[f"{tid}/standings.json"])["standings"]["round"] == playing
        assert 'id="provisional-link"' not in site.files[f"{tid}/standings.html"].decode()
    finally:
        await registry.close()


async def test_the_provisional_standings_are_sent_again_once_a_minute_at_most(tmp_path: Path) -> None:
    """A result changes them (600 rows in an open): kept as they were for HOLD_SECONDS after their last change, then
    rebuilt (`Site.due` tells the publisher when); a result uploads a few KB, not the whole standings."""
    registry = EventRegistry(tmp_path / "events")
    environment = template_engine(Settings(events_dir=tmp_path / "events")).engine
    static = ROOT / "web" / "static"
    folder = tmp_path / "site"
    try:
        store = await ensure_demo(registry)
        tid = (await store.tournaments())[0].id
        page = f"{tid}/standings-provisional.json"
        first = await build_site(store, environment, static, kept=folder)
        assert first is not None and first.due is None
        write_site(first, folder)
        times = {path: (first.pages[path], first.updated[path]) for path in first.pages}
        playing = max(p.round for p in await store.pairings(tid))
        game = next(g for g in await store.pairings(tid, playing) if g.is_game and g.result is None)
        await store.record_result(GameKey(tournament_id=tid, round=playing, white_player_id=game.white_player_id,
                                          black_player_id=game.black_player_id or 0), Result.WHITE_WIN, 0)

        kept = await build_site(store, environment, static, before=times, kept=folder)
        assert kept is not None and kept.files[page] == first.files[page]  # not sent again yet
        assert kept.pages[f"{tid}/standings-provisional.html"] == first.pages[f"{tid}/standings-provisional.html"]
        assert kept.due == first.updated[f"{tid}/standings-provisional.html"] + HOLD_SECONDS
        assert kept.files[f"{tid}/boards.json"] != first.files[f"{tid}/boards.json"]  # the result itself is

        later = await build_site(store, environment, static, before=times, kept=folder, hold=0)
        assert later is not None and later.due is None
        assert later.files[page] != first.files[page]  # the hold over: the result counted
    finally:
        await registry.close()
