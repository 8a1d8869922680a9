"""Live updates: what each commit publishes, and how the stream turns it into SSE messages."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from database.store import EventStore, GameKey
from tournament.results import Result
from web.app import template_engine
from web.live import live_messages, publisher
from web.settings import Settings
from web.views import tournament_state


class FakeChannels:
    """Records what is published; replays it to a subscriber."""

    def __init__(self) -> None:
        self.published: list[tuple[str, str]] = []

    def publish(self, data: bytes, channels: list[str]) -> None:
        name, _, payload = data.decode().partition("\n")
        self.published.append((name, payload))

    @asynccontextmanager
    async def start_subscription(self, channels: list[str]) -> AsyncIterator[Any]:
        outer = self

        class Subscriber:
            async def iter_events(self) -> AsyncIterator[bytes]:
                for name, payload in outer.published:
                    yield f"{name}\n{payload}".encode()

        yield Subscriber()


async def two_games(store: EventStore) -> tuple[int, list[GameKey]]:
    tid = await store.add_tournament(uniq_id="open", name="Open")
    await store.fill_tournament(tid, [{"pairing_number": n, "last_name": f"P{n}"} for n in (1, 2, 3, 4)], [
        {"white": 1, "black": 2, "round": 1, "board": 1, "board_order": 1},
        {"white": 3, "black": 4, "round": 1, "board": 2, "board_order": 2},
    ])
    ids = [p.id for p in await store.players(tid)]
    return tid, [GameKey(tournament_id=tid, round=1, white_player_id=ids[0], black_player_id=ids[1]),
                 GameKey(tournament_id=tid, round=1, white_player_id=ids[2], black_player_id=ids[3])]


async def test_results_are_pushed_as_rows_other_changes_as_refetches(store: EventStore, settings: Settings) -> None:
    channels = FakeChannels()
    feed = publisher(channels, store, template_engine(settings).engine)  # type: ignore[arg-type]
    tid, (first, second) = await two_games(store)
    await feed.idle()  # notifications go out after the writer got its answer
    assert channels.published[-1] == (f"tournament-{tid}", str(tid))  # pairings: screens refetch
    await store.record_result(first, Result.DRAW, 1)
    await feed.idle()
    name, data = channels.published[-1]
    assert name == f"result-{tid}"
    payload = json.loads(data)
    row_id = f"game-{tid}-1-{first.white_player_id}"
    assert [r["id"] for r in payload["rows"]] == [row_id]
    variants = payload["rows"][0]["html"]
    assert set(variants) == {"input:en", "boards:en"}  # French only where a row reads differently
    assert all(f'id="{row_id}"' in html and "½-½" in html for html in variants.values())
    assert "__SCREEN__/dialog" in variants["input:en"] and "dialog" not in variants["boards:en"]
    assert payload["missing"] == (await tournament_state(store, tid)).missing == 1
    await store.update_tournament(tid, name="Renamed")
    await feed.idle()
    assert channels.published[-1] == (f"tournament-{tid}", str(tid))
    await store.record_result(second, Result.WHITE_WIN, 2)
    await feed.idle()
    assert channels.published[-1][0] == f"result-{tid}"
    assert json.loads(channels.published[-1][1])["missing"] == 0
    await store.update_info(name="New name")
    assert channels.published[-1] == ("config", "config")


async def test_stream_names_each_message_and_carries_its_data() -> None:
    channels = FakeChannels()
    channels.published = [("result-1", '{"rows": []}'), ("config", "config")]
    stream = live_messages(channels, "demo")  # type: ignore[arg-type]
    messages = [message async for message in stream]
    assert [(m.event, m.data) for m in messages] == [
        ("hello", "connected"), ("result-1", '{"rows": []}'), ("config", "config")]
