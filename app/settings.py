"""Server settings (command line / tests); `debug` is False unless asked for."""

from __future__ import annotations

from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_REDIS = "redis://127.0.0.1:6379"  # the workers' Redis unless `serve --redis` names another


class Settings(msgspec.Struct, kw_only=True):
    events_dir: Path = ROOT / "events"
    custom_dir: Path = ROOT / "custom"
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
