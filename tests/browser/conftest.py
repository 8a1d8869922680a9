"""Browser tests: a real uvicorn server on loopback (in a thread, tests/support/servers.py) and Debian's Chromium
via Playwright. Every page waits for what it expects for as long as WAIT_MS (a guard against a hang, never a
measure: a saturated machine renders slowly)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.settings import Settings
from tests.support.files import ARTIFACTS
from tests.support.servers import HANG_LIMIT, LiveServer

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = HANG_LIMIT * 1000


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def chromium() -> str:
    path = chromium_path()
    if path is None:
        if os.environ.get("ECHIQUIER_REQUIRE_BROWSER") == "1":
            pytest.fail("chromium is required (ECHIQUIER_REQUIRE_BROWSER=1) but was not found")
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    return path


@pytest.fixture
def live_demo(tmp_path: Path) -> Iterator[LiveServer]:
    """A server on a free loopback port, whose events folder got the demo event."""
    settings = Settings(events_dir=tmp_path / "events", custom_dir=tmp_path / "custom", create_demo=True)
    with LiveServer(settings) as server:
        yield server


class Browser:
    """Chromium whose new pages and contexts wait up to WAIT_MS for what a test expects."""

    def __init__(self, launched: Any) -> None:
        self.launched = launched

    def new_page(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)  # see new_context
        page = self.launched.new_page(**options)
        page.set_default_timeout(WAIT_MS)
        return page

    def new_context(self, **options: Any) -> Any:
        # A test's `wait_for_function` predicate is compiled in the page when it has to poll, which the pages' CSP
        # forbids (no unsafe-eval): such a wait failed only when the condition was not already true, i.e. under
        # load (test_rating_lookup in a saturated run). The CSP itself is checked by tests/web/test_security.py.
        options.setdefault("bypass_csp", True)
        context = self.launched.new_context(**options)
        context.set_default_timeout(WAIT_MS)
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self.launched, name)


@pytest.fixture(scope="session")
def browser(chromium: str) -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        yield Browser(launched)
        launched.close()


@pytest.fixture(autouse=True)
def _artifacts() -> None:
    ARTIFACTS.mkdir(exist_ok=True)
