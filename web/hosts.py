"""Is a request addressed to this server by one of its own names? (DNS rebinding defence.)

A page of another site can make a browser on the server machine send requests to 127.0.0.1 under the
other site's name (DNS rebinding): the request then comes from loopback, but its `Host` is the other
site's. The server machine is trusted as admin only when the `Host` (and, for writes, the `Origin`)
is one of the server's own names: loopback names, its LAN address, and the names given with
`serve --host-name` (`addressed_to_us`, asked by web/auth.py of a loopback client).
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlsplit

from litestar.connection import ASGIConnection

from app.network import lan_address

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "localhost.localdomain"})
_lan: tuple[float, str] = (0.0, "")


def _lan_address() -> str:
    """The LAN address, asked again at most every 30 s (Wi-Fi may change it; no packet is sent)."""
    global _lan
    now = time.monotonic()
    if now - _lan[0] > 30:
        _lan = (now, lan_address())
    return _lan[1]


def host_of(value: str) -> str:
    """The host name of a `Host` header (no port, lower case; IPv6 without brackets).

    >>> host_of("LocalHost:8080"), host_of("[::1]:8080"), host_of("10.0.0.5"), host_of("")
    ('localhost', '::1', '10.0.0.5', '')
    """
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else ""
    if value.count(":") == 1:
        value = value.partition(":")[0]
    return value.rstrip(".")


def own_names(extra: tuple[str, ...] = ()) -> frozenset[str]:
    return LOOPBACK_NAMES | {_lan_address(), *(host_of(name) for name in extra)}


def is_own_host(host_header: str, extra: tuple[str, ...] = ()) -> bool:
    """A `Host` header naming this server.

    >>> is_own_host("127.0.0.1:8080"), is_own_host("rebind.attacker.example"), is_own_host("a.b", ("A.B",))
    (True, False, True)
    """
    host = host_of(host_header)
    return bool(host) and host in own_names(extra)


def is_own_origin(origin: str, extra: tuple[str, ...] = ()) -> bool:
    """An `Origin` header naming this server ("null" and other sites are not).

    >>> is_own_origin("http://localhost:8080"), is_own_origin("null"), is_own_origin("https://evil.example")
    (True, False, False)
    """
    try:
        parts = urlsplit(origin.strip())
        host = parts.hostname or ""
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and host in own_names(extra)


def addressed_to_us(connection: ASGIConnection[Any, Any, Any, Any], extra: tuple[str, ...] = ()) -> bool:
    """A request whose `Host` names this server and, for a write, whose `Origin` (when sent) does too: a page of
    another site reaching 127.0.0.1 under its own name (DNS rebinding) is not."""
    if not is_own_host(connection.headers.get("host", ""), extra):
        return False
    origin = connection.headers.get("origin")
    unsafe = connection.scope.get("method", "GET") not in ("GET", "HEAD", "OPTIONS")
    return not (unsafe and origin is not None and not is_own_origin(origin, extra))
