"""Uploads waiting for the arbiter's confirmation (a file that would replace a tournament, shown first with what it
would lose: app/uploads.py), by token, since browsers cannot send a file twice by themselves.

The file is kept as uploaded in the events folder's shared state (database/shared_state.py), so that whichever worker
gets the confirmation finds it, once; it is read again when confirmed.
"""

from __future__ import annotations

import secrets
import time

from database.shared_state import OnStateFile

PENDING_MAX = 16
PENDING_AGE = 3600.0


class Confirmations(OnStateFile):
    async def hold(self, event_id: str, tid: int, filename: str, data: bytes) -> str:
        """Keep an upload until it is confirmed (or forgotten: at most PENDING_MAX, for PENDING_AGE s); its token."""
        token = secrets.token_urlsafe(16)
        await (await self._file()).hold(token, event_id, tid, filename, data, now=time.time(), age=PENDING_AGE,
                                        keep=PENDING_MAX)
        return token

    async def take(self, token: str, event_id: str, tid: int) -> tuple[str, bytes] | None:
        """(file name, content) of the upload held under `token` for this tournament, removed: a confirmation is
        used once. None when there is none."""
        return await (await self._file()).take(token, event_id, tid, now=time.time(), age=PENDING_AGE)
