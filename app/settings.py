"""Server settings (command line / tests); `debug` is False unless asked for.

Where the files are (docs/release.md):
- the code's own files, templates/, web/static/ and database/migrations/, sit beside the packages under ROOT: the
  checkout, or site-packages when installed from the wheel (pyproject.toml ships them as package data), or the
  unpacked PyInstaller bundle;
- the arbiter's folders, events/ and custom/, are the checkout's top-level ones when running from a checkout
  (an editable install included), else ./events and ./custom in the current directory (`home()`).
"""

from __future__ import annotations

from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parent.parent  # the folder holding the packages (app/, web/…) and templates/
CHECKOUT = (ROOT / "pyproject.toml").is_file()  # a source tree; an installed wheel or a bundle has none there
DEFAULT_REDIS = "redis://127.0.0.1:6379"  # the workers' Redis unless `serve --redis` names another


def home() -> Path:
    """The folder holding the default events/ and custom/: the checkout, else the current directory."""
    return ROOT if CHECKOUT else Path.cwd()


def default_events() -> Path:
    return home() / "events"


def default_custom() -> Path:
    return home() / "custom"


class Settings(msgspec.Struct, kw_only=True):
    events_dir: Path = msgspec.field(default_factory=default_events)
    custom_dir: Path = msgspec.field(default_factory=default_custom)
    templates_dir: Path = ROOT / "templates"
    static_dir: Path = ROOT / "web" / "static"
    debug: bool = False
    create_demo: bool = True  # create events/demo.db when the folder holds no event
    local_admin: bool = True  # clients on the server machine itself are admins (by its own names: web/hosts.py)
    host_names: tuple[str, ...] = ()  # names of this server besides loopback and its LAN address (`--host-name`)
    forwarded_allow_ips: str | None = None  # reverse proxies whose X-Forwarded-* are trusted (`--forwarded-allow-ips`)
    language: str = "en"  # the server's default language (`serve --lang`), see web/language.py
    cache: bool = True  # False: re-read and re-render everything on every request (benchmark baseline)
    redis_url: str | None = None  # several workers (`serve --workers N`): live frames and caches via Redis
