"""Who the client is: admin (the server machine itself), or holder of an event's input code.

The input login is a cookie signed with a persistent secret kept beside the event files, so it
survives a server restart; it is bound to the stored password hash, so changing the code logs
everybody out.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import os
import secrets
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from litestar import Request

HASHER = PasswordHasher()
SECRET_FILE = ".secret"


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


def input_token(secret: bytes, event_id: str, password_hash: str) -> str:
    message = f"input:{event_id}:{password_hash}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def has_input_access(request: Request, event_id: str, password_hash: str | None) -> bool:
    if password_hash is None:
        return True
    cookie = request.cookies.get(input_cookie_name(event_id), "")
    expected = input_token(request.app.state.secret, event_id, password_hash)
    return hmac.compare_digest(cookie, expected)


def is_admin(request: Request) -> bool:
    """The server machine itself (loopback) is admin when the settings allow it."""
    if not request.app.state.settings.local_admin or request.client is None:
        return False
    try:
        return ipaddress.ip_address(request.client.host).is_loopback
    except ValueError:
        return False
