"""The built wheel, installed into a new virtualenv (as `pip install`, pipx or `uv tool install` do), serves from
any folder: templates, static files and migrations travel inside the package; events/ is the current folder's.

No download: the wheel is built without build isolation (setuptools from the test extra), installed without its
dependencies, which the new venv then finds in the venv running these tests (one path line in a .pth file; the
.pth files of that venv, among them the editable install of this checkout, are not read from there).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.settings import ROOT
from cli import VERSION
from tests.support.servers import free_port
from tests.support.serving import Served

NOT_SHIPPED = {".git", ".venv", ".ci", "tests", "bench", "docs", "events", "custom", "build", "dist"}


def source_copy(target: Path) -> Path:
    """The checkout without what the wheel leaves out (and without writing into the checkout: build/, egg-info)."""
    def ignored(folder: str, names: list[str]) -> set[str]:
        top = NOT_SHIPPED if Path(folder) == ROOT else set()
        return {n for n in names if n in top or n == "__pycache__" or n.endswith((".egg-info", ".pyc"))}

    shutil.copytree(ROOT, target, ignore=ignored)
    return target


def clean_environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A new venv with the wheel installed; yields its bin folder."""
    work = tmp_path_factory.mktemp("wheel")
    source = source_copy(work / "source")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                    str(work / "dist"), str(source)], check=True, timeout=600, env=clean_environment())
    [wheel] = (work / "dist").glob("echiquier-*.whl")
    target = work / "venv"
    venv.EnvBuilder(with_pip=False).create(target)
    python = target / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index",
                    str(wheel)], check=True, timeout=600, env=clean_environment())
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True, env=clean_environment()).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    yield python.parent


def test_the_wheel_holds_the_code_and_its_files(installed: Path) -> None:
    done = subprocess.run([str(installed / "python"), "-c",
                           "import app.settings as s, web, cli, database.migrations as m, app.papi.export as p; "
                           "print(s.ROOT, s.CHECKOUT, (s.ROOT / 'templates' / 'base.html').is_file(), "
                           "(s.ROOT / 'web' / 'static' / 'echiquier.css').is_file(), m.HERE, p.TEMPLATE.is_file())"],
                          capture_output=True, text=True, check=True, env=clean_environment(), cwd=installed)
    root, checkout, template, static, migrations, papi = done.stdout.split()
    assert Path(root).is_relative_to(installed.parent)  # the installed copy, not the checkout
    assert (checkout, template, static, papi) == ("False", "True", "True", "True")
    shipped = sorted(p.name for p in Path(migrations).glob("*.sql"))
    assert shipped == sorted(p.name for p in (ROOT / "database" / "migrations").glob("*.sql")) != []


def test_version(installed: Path) -> None:
    done = subprocess.run([str(installed / "echiquier"), "--version"], capture_output=True, text=True, check=True,
                          env=clean_environment())
    assert done.stdout.strip() == f"echiquier {VERSION}"


def test_echiquier_serve_from_another_folder(installed: Path, tmp_path: Path) -> None:
    port = free_port()
    command = [str(installed / "echiquier"), "serve", "--host", "127.0.0.1", "--port", str(port)]
    with Served(command, cwd=tmp_path, env={**clean_environment(), "PYTHONUNBUFFERED": "1"}) as server:
        assert server.banner[0].strip() == f"Echiquier serving {tmp_path / 'events'}"
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=300) as client:
            home = client.get("/")
            assert home.status_code == 200 and "/event/demo" in home.text
            screen = client.get("/screen/demo/boards-a")
            assert screen.status_code == 200 and "<html" in screen.text
            style = client.get("/static/echiquier.css")
            assert style.status_code == 200
            assert style.content == (ROOT / "web" / "static" / "echiquier.css").read_bytes()
        code, out = server.interrupt()
    assert code == 0, out
    assert (tmp_path / "events" / "demo.db").is_file()
    assert (tmp_path / "custom").is_dir()
