"""The one-file build (echiquier.spec, PyInstaller) serves the demo it makes and takes a result from the input screen.

The build takes minutes: it runs when ECHIQUIER_BUILD_TESTS=1 (CI sets it in .ci/run) and is skipped otherwise.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.settings import ROOT
from cli import VERSION
from database.registry import EventRegistry
from tests.support.servers import free_port
from tests.support.serving import Served

pytestmark = [
    pytest.mark.skipif(os.environ.get("ECHIQUIER_BUILD_TESTS") != "1", reason="the build takes minutes: "
                       "ECHIQUIER_BUILD_TESTS=1 runs it"),
    pytest.mark.skipif(sys.platform != "linux", reason="built and tested on Linux (docs/release.md for the others)"),
]

Game = tuple[int, int, int, int]  # tournament, round, white id, black id


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    work = tmp_path_factory.mktemp("bundle")
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                    "--distpath", str(work / "dist"), "--workpath", str(work / "build"), str(ROOT / "echiquier.spec")],
                   check=True, timeout=3000, cwd=work)
    yield work / "dist" / "echiquier"


def environment() -> dict[str, str]:
    return {**{k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}, "PYTHONUNBUFFERED": "1"}


def games(events: Path) -> tuple[Game, dict[Game, int | None]]:
    """An open game of the demo, and every game's result."""
    async def read() -> dict[Game, int | None]:
        registry = EventRegistry(events)
        try:
            store = await registry.get("demo")
            found: dict[Game, int | None] = {}
            for t in await store.tournaments():
                for rnd in range(1, t.rounds + 1):
                    for g in await store.pairings(t.id, rnd):
                        if g.black_player_id is not None:
                            found[(t.id, rnd, g.white_player_id, g.black_player_id)] = g.result
            return found
        finally:
            await registry.close()

    found = asyncio.run(read())
    return next(game for game, result in found.items() if result is None), found


def test_the_bundle_serves_the_demo_and_takes_a_result(bundle: Path, tmp_path: Path) -> None:
    version = subprocess.run([str(bundle), "--version"], capture_output=True, text=True, check=True, timeout=300)
    assert version.stdout.strip() == f"echiquier {VERSION}"
    port = free_port()
    command = [str(bundle), "serve", "--host", "127.0.0.1", "--port", str(port)]
    with Served(command, cwd=tmp_path, env=environment()) as server:
        assert server.banner[0].strip() == f"Echiquier serving {tmp_path / 'events'}"
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=300) as client:
            assert client.get("/").status_code == 200  # once answered, the demo is made
            game, before = games(tmp_path / "events")
            client.get("/static/ping.txt")
            client.headers["X-CSRF-Token"] = client.cookies.get("echiquier-csrf") or ""
            tid, rnd, white, black = game
            answer = client.post("/screen/demo/input/result", headers={"HX-Request": "true"}, data={
                "tournament_id": str(tid), "round": str(rnd), "white_player_id": str(white),
                "black_player_id": str(black), "result": "1", "key": "bundle-1"})
            assert answer.status_code == 200 and "stored on board" in answer.text, answer.text[:500]
            assert client.get("/screen/demo/results").status_code == 200
        _, after = games(tmp_path / "events")
        assert after == {**before, game: 1}  # that result, and nothing else
        code, out = server.interrupt()
    assert code == 0, out
    assert "Traceback" not in out, out
