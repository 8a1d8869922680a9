"""No configuration field reaches an rclone option or a shell (issue 21, item 6): the publication's destination is the
name of a remote of rclone's own configuration and a path (app/publication/remote.py), refused otherwise in the admin
form, in `echiquier publish --remote` and at each run of the publisher; its state file is the server's only (0600)."""

from __future__ import annotations

import asyncio
import stat
import subprocess
from pathlib import Path

import pytest

from app.demo import ensure_demo
from app.publication.publisher import Publisher, state_file
from app.publication.remote import split_remote
from app.settings import Settings
from cli.main import main
from database.registry import EventRegistry
from tests.support.clients import Client, post, registry_of
from tests.support.events import demo_file
from tests.support.servers import need, rclone_remote
from tournament.errors import Invalid
from web.app import template_engine


def attacks(marker: Path) -> list[str]:
    """Destinations that would run `touch marker` (or pass options) if they reached rclone."""
    command = f"touch {marker}"
    return [f":local,bearer_token_command={command}:", f":webdav,url='http://127.0.0.1:1',bearer_token_command='{command}':",
            f"dest,bearer_token_command={command}:site", f"--webdav-bearer-token-command={command}:x",
            f"-x:{marker}", f"dest:site\n--config={marker}", str(marker.parent / "site"), f"../{marker.name}"]


def test_the_attack_is_real_when_rclone_gets_such_a_destination(tmp_path: Path) -> None:
    """What the checks keep from rclone: given straight to rclone, an on-the-fly remote runs its command."""
    rclone = need("rclone")
    marker = tmp_path / "ran"
    subprocess.run([rclone, "lsd", "--ask-password=false", "--retries", "1", "--low-level-retries", "1",
                    "--contimeout", "1s", "--", attacks(marker)[1]], capture_output=True, timeout=120, check=False)
    assert marker.exists()


@pytest.mark.parametrize("text", ["club:site", "club-site:echiquier/open", "a.b+c@d_e:x y/z", "club:"])
def test_a_configured_name_and_a_path_pass_the_form_check(text: str) -> None:
    assert split_remote(text)[0] == text.partition(":")[0]


@pytest.mark.parametrize("text", [":local:", ":webdav,url=x:", "a,b=c:d", "--config=x:y", "-x:y", "/var/www",
                                  "no colon", "./site", "~/site"])
def test_anything_else_is_refused_by_the_form_check(text: str) -> None:
    with pytest.raises(Invalid):
        split_remote(text)


@pytest.mark.asyncio(loop_scope="module")
async def test_the_admin_form_refuses_options_and_unknown_remotes_and_runs_nothing(admin_web: Client,
                                                                                  tmp_path: Path) -> None:
    need("rclone")
    rclone_remote("dest", "local")
    marker = tmp_path / "ran"
    store = await registry_of(admin_web).create("pub", name="Pub", start=0, stop=4e9, public=False)
    for bad in attacks(marker):
        response = await post(admin_web, "/admin/events/pub/publication", {"publish_remote": bad})
        assert response.status_code == 422, (bad, response.status_code)
        assert "Remotes made on the fly" in response.text or "Not an rclone remote" in response.text, bad
    unknown = await post(admin_web, "/admin/events/pub/publication", {"publish_remote": "nosuchremote:site"})
    assert unknown.status_code == 422 and "No rclone remote named nosuchremote" in unknown.text
    assert (await store.info()).publish_remote is None
    french = await post(admin_web, "/admin/events/pub/publication?lang=fr", {"publish_remote": ":local:"})
    assert french.status_code == 422 and "Refusé" in french.text
    fine = await post(admin_web, "/admin/events/pub/publication", {"publish_remote": f"dest:{tmp_path / 'site'}"})
    assert fine.status_code == 303 and (await store.info()).publish_remote == f"dest:{tmp_path / 'site'}"
    assert not marker.exists()


def test_the_publish_command_refuses_them_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    need("rclone")
    events = tmp_path / "events"
    asyncio.run(demo_file(events, name="Demo"))
    marker = tmp_path / "ran"
    for bad in attacks(marker):
        assert main(["publish", "--events", str(events), "--event", "demo", "--once", f"--remote={bad}"]) == 1, bad
        assert "echiquier:" in capsys.readouterr().err
    assert main(["publish", "--events", str(events), "--event", "demo", "--once", "--remote", "nosuch:x"]) == 1
    assert "No rclone remote named nosuch" in capsys.readouterr().err
    assert not marker.exists()


async def test_a_destination_written_into_the_event_file_elsewhere_is_never_run(tmp_path: Path) -> None:
    """An event file of an older version (or written by another program) naming an on-the-fly remote: the publisher
    refuses it at each run, shows why, keeps it out of its state file; that file is 0600."""
    need("rclone")
    events = tmp_path / "events"
    events.mkdir()
    registry = EventRegistry(events)
    settings = Settings(events_dir=events)
    marker = tmp_path / "ran"
    try:
        store = await ensure_demo(registry)
        for bad in attacks(marker):
            await store.update_info(publish_remote=bad)
            publisher = Publisher(store, events, template_engine(settings).engine, settings.static_dir, min_interval=0)
            assert await publisher.run_once()
            assert publisher.state.status == "error" and publisher.state.error, bad
            path = state_file(events, "demo")
            assert bad not in path.read_text() and publisher.state.remote is None
            assert stat.S_IMODE(path.stat().st_mode) == 0o600
            assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert not marker.exists()
    finally:
        await registry.close()
