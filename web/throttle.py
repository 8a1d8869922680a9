"""Wrong passwords are rate-limited per client (`LoginThrottle`, in memory, one per app)."""

from __future__ import annotations

import time
from collections import deque

from tournament.errors import EchiquierError


class TooManyAttempts(EchiquierError):
    """Answered with 429 (web/errors.py)."""

    def __init__(self, wait: int) -> None:
        super().__init__("Too many wrong passwords from this device: wait %s s and try again.", wait)
        self.wait = wait


class LoginThrottle:
    """At most `limit` wrong passwords per client per `window` seconds (in memory, per app).

    >>> throttle = LoginThrottle(limit=2, window=60)
    >>> throttle.failed("a", now=0); throttle.failed("a", now=1)
    >>> throttle.check("a", now=2)
    Traceback (most recent call last):
    ...
    web.throttle.TooManyAttempts: Too many wrong passwords from this device: wait 59 s and try again.
    >>> throttle.check("a", now=61)
    """

    def __init__(self, limit: int = 5, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._failures: dict[str, deque[float]] = {}

    def check(self, client: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        failures = self._failures.get(client)
        if not failures:
            return
        while failures and failures[0] <= now - self.window:
            failures.popleft()
        if len(failures) >= self.limit:
            raise TooManyAttempts(int(failures[0] + self.window - now) + 1)

    def failed(self, client: str, now: float | None = None) -> None:
        if len(self._failures) > 10_000:  # a flood of addresses: forget the oldest
            self._failures.pop(next(iter(self._failures)))
        self._failures.setdefault(client, deque()).append(time.monotonic() if now is None else now)

    def succeeded(self, client: str) -> None:
        self._failures.pop(client, None)
