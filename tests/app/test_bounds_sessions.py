"""Sessions are bounded per kind (issue 21, item 4): a player who knows the input code and opens sessions by the
thousand pushes out the oldest input sessions only, never an admin's or an arbiter's (in memory and in the shared
file every worker reads)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from app import sessions as module
from app.sessions import Sessions


async def test_input_sessions_never_push_out_staff(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "MAX_SESSIONS", 10)
    sessions = await Sessions.open_folder(tmp_path)
    try:
        admin = await sessions.open("admin", "", "admin-hash")
        arbiter = await sessions.open("arbiter", "open", "arbiter-hash")
        inputs = [await sessions.open("input", "open", "input-hash") for _ in range(30)]
        assert sessions.valid(admin, "admin", "", "admin-hash")
        assert sessions.valid(arbiter, "arbiter", "open", "arbiter-hash")
        assert [sessions.valid(c, "input", "open", "input-hash") for c in inputs] == [False] * 20 + [True] * 10
        rows = await sessions.file.rows(time.time()) if sessions.file else []
        assert sorted(r[1] for r in rows) == ["admin", "arbiter"] + ["input"] * 10
        again = await Sessions.open_folder(tmp_path)  # another worker reads the same file
        try:
            assert again.valid(admin, "admin", "", "admin-hash")
            assert again.valid(arbiter, "arbiter", "open", "arbiter-hash")
        finally:
            await again.close_file()
    finally:
        await sessions.close_file()
