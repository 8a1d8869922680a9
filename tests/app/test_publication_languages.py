"""The published site in French and English from the same files (issue 27): every text in each language, the
visitor's shown (public.css by `<html lang>`), the attributes and the window title in the event's language."""

from __future__ import annotations

import re
from pathlib import Path

from app.demo import ensure_demo
from app.publication.site import build_site
from app.settings import Settings
from database.registry import EventRegistry
from tests.support.files import ROOT
from web.app import template_engine


async def test_every_page_holds_both_languages(tmp_path: Path) -> None:
    registry = EventRegistry(tmp_path)
    try:
        store = await ensure_demo(registry)
        await store.update_info(language="fr")
        site = await build_site(store, template_engine(Settings(events_dir=tmp_path)).engine,
                                ROOT / "web" / "static", language="en")
        assert site is not None
        tid = (await store.tournaments())[0].id
        standings = site.files[f"{tid}/standings.html"].decode()
        assert '<t-fr>Classement</t-fr><t-en>Standings</t-en>' in standings
        assert "<title>Classement · " in standings  # the event's language where markup cannot go
        assert '<html lang="fr"' in standings and 'data-lang="en"' in standings  # the switch
        for rel, data in site.files.items():
            if not rel.endswith(".html"):
                continue
            text = data.decode()
            assert text.count("<t-fr>") == text.count("<t-en>") == text.count("</t-en>"), rel
            assert not re.search(r'="[^"]*<t-', text), rel  # never a text of two languages in an attribute
            assert "<t-" not in text[text.index("<title>"):text.index("</title>")], rel
        players = site.files[f"{tid}/players.html"].decode()
        assert 'placeholder="Nom"' in players
    finally:
        await registry.close()
