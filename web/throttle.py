"""Password attempts are rate-limited per client and per event (`LoginThrottle`, in memory, one per app).

An attempt is counted when it starts, before the (slow) hash check, in one synchronous step with the
check of the limit: requests in flight at the same time cannot all pass, whatever their number. A
right password then takes its attempt back (and clears its client's record); a wrong one keeps it.

- per client (its address): at most `limit` attempts per `window` seconds;
- per event (every client together: many addresses guessing one code): at most `event_limit`.
"""

from __future__ import annotations

import time
from collections import deque

from tournament.errors import EchiquierError
from tournament.messages import N_

MAX_KEYS = 10_000  # a flood of addresses: the oldest records are forgotten first


class TooManyAttempts(EchiquierError):
    """Answered with 429 (web/errors.py)."""

    def __init__(self, wait: int) -> None:
        super().__init__("Too many wrong passwords from this device: wait %s s and try again.", wait)
        self.wait = wait


class EventLocked(TooManyAttempts):
    """Too many attempts on one event from every client together (429)."""

    def __init__(self, wait: int) -> None:
        EchiquierError.__init__(self, N_("Too many wrong passwords for this event from the hall: logins are locked;"
                                      " wait %s s and try again."), wait)
        self.wait = wait


class LoginThrottle:
    """Attempts per client and per event within a sliding window.

    >>> throttle = LoginThrottle(limit=2, window=60)
    >>> throttle.failed("a", now=0); throttle.failed("a", now=1)
    >>> try:
    ...     throttle.check("a", now=2)
    ... except TooManyAttempts as exc:
    ...     print(exc.wait)
    59
    >>> throttle.check("a", now=61)
    """

    def __init__(self, limit: int = 5, window: float = 60.0, event_limit: int = 30) -> None:
        self.limit = limit
        self.window = window
        self.event_limit = event_limit
        self._attempts: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        attempts = self._attempts.get(key)
        if attempts is None:
            return deque()
        while attempts and attempts[0] <= now - self.window:
            attempts.popleft()
        return attempts

    def _wait(self, attempts: deque[float], now: float) -> int:
        return int(attempts[0] + self.window - now) + 1

    def check(self, client: str, now: float | None = None) -> None:
        """Refuse (TooManyAttempts) a client at its limit; counts nothing."""
        now = time.monotonic() if now is None else now
        attempts = self._recent(client, now)
        if len(attempts) >= self.limit:
            raise TooManyAttempts(self._wait(attempts, now))

    def _record(self, key: str, now: float) -> None:
        if key not in self._attempts and len(self._attempts) >= MAX_KEYS:
            self._attempts.pop(next(iter(self._attempts)))
        self._attempts.setdefault(key, deque()).append(now)

    def failed(self, client: str, now: float | None = None) -> None:
        self._record(client, time.monotonic() if now is None else now)

    def begin(self, client: str, event: str, now: float | None = None) -> float:
        """Count one attempt of `client` on `event` now, or refuse it (nothing counted) if either is at its limit.

        Synchronous on purpose: between the check and the count no other request can run.
        Returns the attempt's time (for `succeeded`).

        >>> throttle = LoginThrottle(limit=3, window=60, event_limit=4)
        >>> for who in "aaab":
        ...     _ = throttle.begin(who, "ev", now=0)
        >>> try:
        ...     throttle.begin("c", "ev", now=1)
        ... except EventLocked as exc:
        ...     print("event locked", exc.wait)
        event locked 60
        >>> _ = throttle.begin("c", "other", now=1)
        """
        now = time.monotonic() if now is None else now
        self.check(client, now)
        event_key = f"\0event:{event}"
        attempts = self._recent(event_key, now)
        if len(attempts) >= self.event_limit:
            raise EventLocked(self._wait(attempts, now))
        self._record(client, now)
        self._record(event_key, now)
        return now

    def succeeded(self, client: str, event: str | None = None, started: float | None = None) -> None:
        """A right password: the client's record is cleared and the event gets its attempt back."""
        self._attempts.pop(client, None)
        if event is not None and started is not None:
            attempts = self._attempts.get(f"\0event:{event}")
            if attempts is not None and started in attempts:
                attempts.remove(started)
