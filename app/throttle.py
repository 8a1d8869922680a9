"""Password attempts are rate-limited per device and per event (`LoginThrottle`), in a way that an attacker cannot use
to lock the real staff out; the attempts are kept where every worker counts them (database/shared_state.py).

The rule (`judge`), over the attempts of the last `window` seconds (an attempt is counted when it starts, before
the slow hash check, in one transaction with the look: requests in flight together cannot all pass; a right password
then takes its attempt back, a wrong one keeps it):

1. per device (its address): at most `limit` attempts, on any event; beyond, that device waits;
2. per event, every device together: once `event_limit` attempts failed (many addresses guessing one code), the
   event is under attack, and then only a device **without** any attempt on it in the window may try. Such a
   device gets one try: if wrong, it waits like the others; if right, it is in.

So an attacker on 6 (or 600) addresses cannot lock anybody out: the arbiter on a tablet that has not typed a wrong
password in the last minute always gets its login checked, and a right password always passes. What the attacker
gets while the event is under attack is one guess per fresh address per window (instead of `limit`), and at most
`limit` per address before: a code of 8 random characters (~40 bits, the settings suggest one) stays out of reach.
"""

from __future__ import annotations

import time

from database.shared_state import OnStateFile, Recent
from tournament.errors import EchiquierError
from tournament.messages import N_

MAX_ATTEMPTS = 10_000  # a flood of addresses: the oldest attempts are forgotten first


class TooManyAttempts(EchiquierError):
    """Answered with 429 (web/errors.py)."""

    def __init__(self, wait: int) -> None:
        super().__init__("Too many wrong passwords from this device: wait %s s and try again.", wait)
        self.wait = wait


class EventLocked(TooManyAttempts):
    """Too many attempts on one event from every client together, and this one tried already (429)."""

    def __init__(self, wait: int) -> None:
        EchiquierError.__init__(self, N_("Too many wrong passwords for this event from the hall: logins are locked;"
                                      " wait %s s and try again."), wait)
        self.wait = wait


def judge(recent: Recent, *, now: float, limit: int, event_limit: int, window: float) -> None:
    """Refuse (TooManyAttempts, EventLocked) an attempt the rule (module docstring) does not allow; else nothing.

    >>> def attempt(device, event, mine):
    ...     try:
    ...         judge(Recent(device, 0.0, event, mine, 0.0), now=10, limit=5, event_limit=30, window=60)
    ...         return "checked"
    ...     except EventLocked as exc:
    ...         return f"event locked for this device, {exc.wait} s"
    ...     except TooManyAttempts as exc:
    ...         return f"device waits {exc.wait} s"
    >>> attempt(device=4, event=29, mine=4)
    'checked'
    >>> attempt(device=5, event=5, mine=5)
    'device waits 51 s'
    >>> attempt(device=1, event=30, mine=1)  # under attack: a device that tried already waits
    'event locked for this device, 51 s'
    >>> attempt(device=0, event=300, mine=0)  # ... one that did not is checked, however many failed elsewhere
    'checked'
    """
    if recent.device >= limit:
        raise TooManyAttempts(_wait(recent.device_oldest, now, window))
    if recent.event >= event_limit and recent.device_on_event > 0:
        raise EventLocked(_wait(recent.device_on_event_oldest, now, window))


def _wait(oldest: float | None, now: float, window: float) -> int:
    return int((oldest if oldest is not None else now) + window - now) + 1


class LoginThrottle(OnStateFile):
    """The rule over the attempts kept in a `StateFile` (the events folder's, set by web/app.py; until
    then, one in memory)."""

    def __init__(self, limit: int = 5, window: float = 60.0, event_limit: int = 30) -> None:
        super().__init__()
        self.limit = limit
        self.window = window
        self.event_limit = event_limit

    async def begin(self, client: str, event: str, now: float | None = None) -> int:
        """Count one attempt of `client` on `event` now, or refuse it (nothing counted) as `judge` says.
        Returns the attempt (for `succeeded`)."""
        moment = time.time() if now is None else now  # wall clock: every worker process reads the same

        def rule(recent: Recent) -> None:
            judge(recent, now=moment, limit=self.limit, event_limit=self.event_limit, window=self.window)

        file = await self._file()
        return await file.begin_attempt(client, event, now=moment, window=self.window, keep=MAX_ATTEMPTS, judge=rule)

    async def succeeded(self, attempt: int) -> None:
        """A right password: its attempt no longer counts (wrong ones, before it, still do)."""
        await (await self._file()).end_attempt(attempt)
