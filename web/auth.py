"""Who the client is. Four levels, each a superset of the previous one for its event:

- visitor: anyone; public screens only;
- player: holder of the event's input code (`info.update_password`), or anyone if none is set;
- arbiter: holder of the event's arbiter password (`info.arbiter_password`), or the admin;
- admin: the server machine itself (loopback under one of its own names, web/hosts.py, when
  `settings.local_admin`), or holder of the admin
  password (its argon2 hash lives in `<events>/.admin`, set at first start from the server machine; every worker
  reads it again when the file changes, `refresh_admin_hash`).

A board card (QR code) grants a "board" role on the current game of one board only (its address signed with a
persistent secret kept beside the event files: web/controllers/cards.py). Logins are server-side sessions
(app/sessions.py): a random id in the cookie, the record kept (and persisted) by the server, so they survive a
restart; logout ends the session on the server; each is bound to the stored password hash, so changing a password
logs everybody out. Password attempts are rate-limited per client and per event, counted before the hash check, in a
file every worker shares (`LoginThrottle`, app/throttle.py: an attacker cannot lock the staff out).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import ipaddress
import os
import secrets
from pathlib import Path
from typing import Any, Literal

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from litestar import Request
from litestar.connection import ASGIConnection

from database.journal import Actor, acting_as
from database.watch import stamp
from tournament.errors import Forbidden
from tournament.models import Info
from web.hosts import addressed_to_us
from web.state import app_state

HASHER = PasswordHasher()
SECRET_FILE = ".secret"
ADMIN_FILE = ".admin"
ADMIN_COOKIE = "echiquier-admin"
COOKIE_AGE = 60 * 60 * 24 * 30
MAX_PASSWORD = 1024  # longer is refused unhashed (argon2 of a megabyte is slow)
MIN_CODE = 6  # input codes and arbiter passwords (tournament/config_rules.py, web/controllers/arbiter.py)
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud, typed on a tablet
Connection = ASGIConnection[Any, Any, Any, Any]
Role = Literal["admin", "arbiter", "player", "visitor"]  # for one event (role_of)


def load_secret(events_dir: Path) -> bytes:
    """The server's signing key, created once (mode 0600) in the events folder."""
    path = events_dir / SECRET_FILE
    if path.is_file():
        return bytes.fromhex(path.read_text().strip())
    events_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(key.hex())
    return key


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(HASHER.hash, password)


async def verify_password(password_hash: str, password: str) -> bool:
    def check() -> bool:
        try:
            return HASHER.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(check)


def input_cookie_name(event_id: str) -> str:
    return f"echiquier-input-{event_id}"


def has_input_access(request: Request | Connection, event_id: str, password_hash: str | None) -> bool:
    if password_hash is None:
        return True
    cookie = request.cookies.get(input_cookie_name(event_id), "")
    return app_state(request).sessions.valid(cookie, "input", event_id, password_hash)


def _sign(secret: bytes, *parts: object) -> str:
    return hmac.new(secret, ":".join(str(p) for p in parts).encode(), hashlib.sha256).hexdigest()


async def open_session(connection: Connection, kind: str, event_id: str, password_hash: str) -> str:
    """A login: a new server-side session (app/sessions.py); returns the cookie's value."""
    return await app_state(connection).sessions.open(kind, event_id, password_hash)


async def close_session(connection: Connection, cookie_name: str) -> None:
    """A logout: the session named by this cookie ends on the server (a kept copy of the cookie is worthless)."""
    await app_state(connection).sessions.close(connection.cookies.get(cookie_name, ""))


def is_local(connection: Connection) -> bool:
    """The server machine itself, when the settings make it admin: a loopback client that names this server
    by one of its own names (`Host`; for a write, `Origin` too when sent), and no reverse proxy in front.

    Worked out once per request (the role, the guards and the pages all ask)."""
    scope: dict[str, Any] = connection.scope  # type: ignore[assignment]
    known = scope.get(LOCAL_KEY)
    if known is None:
        known = scope[LOCAL_KEY] = _is_local(connection)
    return bool(known)


LOCAL_KEY = "echiquier.local"


@functools.lru_cache(maxsize=256)
def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _is_local(connection: Connection) -> bool:
    settings = app_state(connection).settings
    if not settings.local_admin or settings.forwarded_allow_ips or connection.client is None:
        return False  # behind a proxy every client may come from loopback: the admin password only
    if not _loopback(connection.client.host):
        return False
    return addressed_to_us(connection, settings.host_names)  # else DNS rebinding: another site's page


def is_admin(connection: Connection) -> bool:
    """The server machine itself, or a client logged in with the admin password."""
    if is_local(connection):
        return True
    state = app_state(connection)
    return state.sessions.valid(connection.cookies.get(ADMIN_COOKIE, ""), "admin", "", state.admin_hash)


def load_admin_hash(events_dir: Path) -> str | None:
    """The admin password hash (None until one is set)."""
    path = events_dir / ADMIN_FILE
    return path.read_text(encoding="utf-8").strip() or None if path.is_file() else None


def refresh_admin_hash(connection: Connection) -> None:
    """The admin password as the `.admin` file holds it now: another worker may have changed it (its old password
    then logs in nowhere, and the sessions opened with it are valid nowhere). A `stat` per request; the file is
    read again only when it changed (a change replaces it: a new inode)."""
    state = app_state(connection)
    path = state.settings.events_dir / ADMIN_FILE
    look = stamp(path)
    if look != state.admin_stamp:
        try:
            state.admin_hash = load_admin_hash(state.settings.events_dir)
        except (OSError, UnicodeDecodeError):  # replaced as we read it: read again on the next request
            return
        state.admin_stamp = look


async def change_admin_password(connection: Connection, password: str) -> str:
    """Set the admin password for every worker; the sessions opened with the old one end everywhere. Returns the
    new hash."""
    state = app_state(connection)
    state.admin_hash = await save_admin_password(state.settings.events_dir, password)
    state.admin_stamp = stamp(state.settings.events_dir / ADMIN_FILE)
    await state.sessions.end_others("admin", "", state.admin_hash)
    return state.admin_hash


async def save_admin_password(events_dir: Path, password: str) -> str:
    """Hash and store the admin password (mode 0600); returns the hash."""
    password_hash = await hash_password(password)

    def write() -> None:
        path = events_dir / ADMIN_FILE
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(password_hash)
        os.replace(tmp, path)

    await asyncio.to_thread(write)
    return password_hash


def arbiter_cookie_name(event_id: str) -> str:
    return f"echiquier-arbiter-{event_id}"


def is_arbiter(connection: Connection, event_id: str, info: Info) -> bool:
    if is_admin(connection):
        return True
    return app_state(connection).sessions.valid(connection.cookies.get(arbiter_cookie_name(event_id), ""),
                                                "arbiter", event_id, info.arbiter_password)


def role_of(connection: Connection, event_id: str, info: Info) -> Role:
    """"admin", "arbiter", "player" or "visitor" for this event; every role but "visitor" may use input screens."""
    if is_admin(connection):
        return "admin"
    if is_arbiter(connection, event_id, info):
        return "arbiter"
    if has_input_access(connection, event_id, info.update_password):
        return "player"
    return "visitor"


def actor(connection: Connection, role: str, where: str = "") -> Actor:
    """Who to write in the journal: the role, where (screen, board card) and the client's address."""
    host = connection.client.host if connection.client else "?"
    return Actor(role=role, client=f"{where} ({host})" if where else host)


# -- board cards (web/controllers/cards.py) --------------------------------------------------------

class BadCard(Forbidden):
    def __init__(self) -> None:
        super().__init__("This board card is not valid for this event.")


def new_code(length: int = 8) -> str:
    """A random code for an event (input or arbiter): 8 characters of an unambiguous alphabet (~40 bits).

    >>> code = new_code(); len(code) >= MIN_CODE and set(code) <= set(CODE_ALPHABET)
    True
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(max(length, MIN_CODE)))


def client_key(connection: Connection) -> str:
    return connection.client.host if connection.client else "?"


async def check_password(connection: Connection, password_hash: str | None, password: str) -> bool:
    """Verify a password for this client on this event (the path's, or the server's admin password).

    The attempt is counted before the slow hash check (app/throttle.py): TooManyAttempts when the client
    or the event is at its limit, however many requests are in flight.
    """
    throttle = app_state(connection).throttle
    event = str(connection.path_params.get("event_id") or "(server admin)")
    attempt = await throttle.begin(client_key(connection), event)
    if password_hash and len(password) <= MAX_PASSWORD and await verify_password(password_hash, password):
        await throttle.succeeded(attempt)
        return True
    return False


def actor_middleware(app: Any) -> Any:
    """Each request starts with the sessions as every worker left them (app/sessions.py) and a default journal
    actor (admin or client, with its address)."""

    async def middleware(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        connection: Connection = ASGIConnection(scope)
        await app_state(connection).sessions.refresh()  # logins and logouts of the other workers, at once
        refresh_admin_hash(connection)  # and their change of the admin password
        role = "admin" if is_admin(connection) else "client"
        with acting_as(actor(connection, role)):
            await app(scope, receive, send)

    return middleware
