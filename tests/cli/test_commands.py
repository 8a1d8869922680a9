"""The command table of cli/main.py: each command imports only what it needs; arguments checked before anything."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app import settings
from app.settings import ROOT
from cli import VERSION
from cli.main import ARGUMENTS, COMMANDS, SYSTEMS, main, parser, runner
from tournament.pairing.engines import SYSTEMS as PAIRING_SYSTEMS

FIXTURE = ROOT / "tests" / "fixtures" / "small-20p-5r.trf"
WEB_STACK = ("litestar", "uvicorn", "jinja2")


def modules_after(argv: list[str]) -> tuple[int, set[str]]:
    """Run `echiquier ARGV` in a fresh interpreter; its exit status and the top-level modules it had loaded."""
    script = ("import sys, json\nfrom cli.main import main\ncode = main(sys.argv[1:])\n"
              "print(json.dumps(sorted({m.partition('.')[0] for m in sys.modules})))\nsys.exit(code)")
    done = subprocess.run([sys.executable, "-c", script, *argv], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=300)
    return done.returncode, set(json.loads(done.stdout.splitlines()[-1]))


def test_check_trf_loads_no_web_stack() -> None:
    code, loaded = modules_after(["check-trf", str(FIXTURE)])
    assert code == 0
    assert "tournament" in loaded  # the linter ran
    assert loaded.isdisjoint(WEB_STACK), loaded & set(WEB_STACK)
    assert loaded.isdisjoint({"aiosqlite", "database", "gacrux", "networkx", "asyncio"})


#: What a command may load before it works, beyond the store: the engines and the Papi writer's check are loaded
#: where a round is paired or a file written (tournament/pairing/engines.py's table, app/papi/write_back.py).
LOADED_WHEN_NEEDED = {"gacrux", "networkx", "access_parser"}


def modules_at_start(module: str) -> set[str]:
    """The top-level modules a fresh interpreter holds once `module` (a command's) is imported."""
    script = (f"import sys, json\nimport {module}\n"
              "print(json.dumps(sorted({m.partition('.')[0] for m in sys.modules})))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True,
                          timeout=300)
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize("command", sorted(set(COMMANDS) - {"serve"}))
def test_a_command_starts_without_the_web_stack_nor_the_engines(command: str) -> None:
    loaded = modules_at_start(COMMANDS[command][0].partition(":")[0])
    web = set(WEB_STACK) - ({"jinja2"} if command == "publish" else set())  # publish renders the public site
    assert loaded.isdisjoint(web | LOADED_WHEN_NEEDED), loaded & (web | LOADED_WHEN_NEEDED)


def test_pair_trf_loads_the_engine_when_it_pairs() -> None:
    code, loaded = modules_after(["pair-trf", str(FIXTURE)])
    assert code == 0
    assert {"gacrux", "networkx"} <= loaded


def test_the_help_loads_no_command() -> None:
    script = ("import sys\nfrom cli.main import parser\nparser().format_help()\n"
              "print(sorted(m for m in sys.modules if m.startswith(('cli.', 'database', 'web', 'litestar'))))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True,
                          timeout=300)
    assert done.stdout.strip() == "['cli.main']"


def test_every_command_has_its_arguments_and_a_function() -> None:
    assert set(ARGUMENTS) == set(COMMANDS)
    for command in COMMANDS:
        assert callable(runner(command))


def test_the_pairing_systems_offered_are_the_engines() -> None:
    assert SYSTEMS == PAIRING_SYSTEMS


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"echiquier {VERSION}"
    assert 'version = { attr = "cli.VERSION" }' in (ROOT / "pyproject.toml").read_text()


@pytest.mark.parametrize("port", ["0", "65536", "83641", "-1", "http"])
def test_a_port_outside_1_to_65535_is_refused(port: str, capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["serve", "--events", str(tmp_path / "events"), "--port", port])
    assert stop.value.code == 2
    assert f"argument --port: a port is a number from 1 to 65535, not {port}" in capsys.readouterr().err
    assert not (tmp_path / "events").exists()


@pytest.mark.parametrize("port", ["1", "8080", "65535"])
def test_ports_in_range_are_taken(port: str) -> None:
    assert parser().parse_args(["serve", "--port", port]).port == int(port)


def test_the_events_default_is_the_checkouts_folder_from_anywhere(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert settings.CHECKOUT
    assert parser().parse_args(["serve"]).events == ROOT / "events"
    assert settings.Settings().custom_dir == ROOT / "custom"
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert f"(default: {ROOT / 'events'};" in " ".join(capsys.readouterr().out.split())  # the help says the real one


def test_installed_the_events_default_is_the_current_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(settings, "CHECKOUT", False)
    monkeypatch.chdir(tmp_path)
    for command in ("serve", "pair", "standings", "publish"):
        extra = [] if command == "serve" else ["--event", "e"]
        assert parser().parse_args([command, *extra]).events == tmp_path / "events"
    found = settings.Settings()
    assert (found.events_dir, found.custom_dir) == (tmp_path / "events", tmp_path / "custom")
    assert found.templates_dir == ROOT / "templates"  # the code's own files stay beside the code


def test_the_one_file_build_started_alone_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    monkeypatch.setattr("cli.main.runner", lambda command: lambda args: seen.append(args.command) or 0)
    with pytest.raises(SystemExit):  # a checkout or an installed wheel: a command is needed
        main([])
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert main([]) == 0
    assert seen == ["serve"]
