"""Browser tests: a real uvicorn server on loopback (in a thread) and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from app.settings import Settings
from web.app import create_app

ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    def __init__(self, settings: Settings) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


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


@pytest.fixture
def live_server_factory(tmp_path: Path) -> Iterator[type[LiveServer]]:
    """`with live_server_factory(Settings(...)) as server:` for tests that prepare their own events."""
    yield LiveServer


@pytest.fixture(scope="session")
def browser(chromium: str):  # type: ignore[no-untyped-def]
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def _artifacts() -> None:
    ARTIFACTS.mkdir(exist_ok=True)
