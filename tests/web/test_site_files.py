"""The favicon, and the top-level events/ and custom/ folders (the only places the server writes to)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.settings import ROOT, Settings
from web.app import create_app


async def test_favicon_is_served_and_linked(demo_client: AsyncTestClient[Litestar]) -> None:
    icon = await demo_client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"] == "image/x-icon"
    assert icon.content[:4] == b"\x00\x00\x01\x00"  # an ICO file
    page = await demo_client.get("/")
    links = re.findall(r'<link rel="icon" href="([^"]+)"', page.text)
    assert "/favicon.ico" in links
    for href in links:
        assert (await demo_client.get(href)).status_code == 200


def test_default_folders_are_the_top_level_events_and_custom() -> None:
    settings = Settings()
    for folder in (settings.events_dir, settings.custom_dir):
        assert folder.parent == ROOT
        assert (folder / "README.md").is_file()
        assert not (folder / "__init__.py").exists()


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
def test_event_files_and_custom_files_are_ignored_by_git() -> None:
    ignored = ["events/demo.db", "events/demo.db-wal", "events/demo.db-shm", "events/.secret", "events/.admin",
               "events/archive/old.db", "custom/hall.png"]
    kept = ["events/README.md", "custom/README.md"]
    done = subprocess.run(["git", "check-ignore", "--no-index", *ignored, *kept], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert sorted(done.stdout.split()) == sorted(ignored)


def test_an_app_on_other_folders_writes_nothing_in_the_source_tree(tmp_path: Path) -> None:
    before = sorted(p.name for p in ROOT.iterdir())
    create_app(Settings(events_dir=tmp_path / "events", custom_dir=tmp_path / "custom"))
    assert (tmp_path / "custom").is_dir()
    assert sorted(p.name for p in ROOT.iterdir()) == before
