"""A commit landing between the two reads of the overwrite check (database/overwrite.py `differs`) is not a file
copied over in place: under load (bench/hall.py) the server used to close its own busy event file mid-run."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from database import overwrite
from database.registry import EventRegistry
from database.store import EventStore


def connect_after(work: Callable[[], Any]) -> Callable[..., Any]:
    """aiosqlite.connect that first runs `work` (a commit of the store): the fresh connection reads after it."""
    real = aiosqlite.connect

    def connect(*args: Any, **kwargs: Any) -> Any:
        pending = real(*args, **kwargs)

        class Wrapped:
            async def __aenter__(self) -> Any:
                await work()
                return await pending.__aenter__()

            async def __aexit__(self, *exc: Any) -> Any:
                return await pending.__aexit__(*exc)

        return Wrapped()

    return connect


async def test_a_commit_between_the_reads_is_not_an_overwrite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    registry = EventRegistry(tmp_path)
    try:
        store: EventStore = await registry.create("busy", name="Busy", start=0.0, stop=4e9)
        count = 0

        async def commit() -> None:
            nonlocal count
            count += 1
            await store.add_tournament(uniq_id=f"t{count}", name=f"T{count}", rounds=5, tournament_type="swiss")

        monkeypatch.setattr(overwrite.aiosqlite, "connect", connect_after(commit))
        assert not await overwrite.differs(store)
        assert count == 1  # one look was enough: the fresh read equals the store's read after the commit
    finally:
        await registry.close()


async def test_another_content_at_every_look_is_an_overwrite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    registry = EventRegistry(tmp_path)
    try:
        store: EventStore = await registry.create("copied", name="Copied", start=0.0, stop=4e9)
        other = await registry.create("other", name="Other", start=0.0, stop=4e9)
        real = aiosqlite.connect
        # the fresh connection reads another event file: what a copy over this one would show
        monkeypatch.setattr(overwrite.aiosqlite, "connect",
                            lambda *_a, **kw: real(f"{other.path.resolve().as_uri()}?mode=ro", **kw))
        assert await overwrite.differs(store)
    finally:
        await registry.close()
