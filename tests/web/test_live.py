"""Live updates: what each commit publishes, and how the stream turns it into SSE messages."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from app.live.channels import frame
from app.live.hub import publisher
from app.settings import Settings
from app.views.tournament import tournament_state
from database.store import EventStore, GameKey
from tournament.results import Result
from web.app import template_engine
from web.live import live_stream


def parse(data: bytes) -> tuple[str, str]:
    """(event name, data) of one SSE frame."""
    name, lines = "message", []
    for line in data.decode().splitlines():
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            lines.append(line[6:])
    return name, "\n".join(lines)


class FakeChannels:
    """Records what is published; replays it to a subscriber."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []

    @property
    def published(self) -> list[tuple[str, str]]:
        return [parse(f) for f in self.frames]

    def publish(self, data: bytes, channels: list[str]) -> None:
        assert data.endswith(b"\n\n")  # one complete SSE frame, encoded once for every screen
        self.frames.append(data)

    @asynccontextmanager
    async def start_subscription(self, channels: list[str]) -> AsyncIterator[Any]:
        outer = self

        class Subscriber:
            async def iter_events(self) -> AsyncIterator[bytes]:
                for data in outer.frames:
                    yield data

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
    hub = publisher(channels, store, template_engine(settings).engine)  # type: ignore[arg-type]
    tid, (first, second) = await two_games(store)
    await store.add_screen(uniq_id="tablet", type="input", sets=[{"tournament_id": tid}])
    await hub.idle()
    assert (f"tournament-{tid}", str(tid)) in channels.published  # pairings: screens refetch
    assert channels.published[-1] == ("config", "config")  # a screen added: pages refetch their content
    await store.record_result(first, Result.DRAW, 1)
    await hub.idle()
    row_id = f"game-{tid}-1-{first.white_player_id}"
    rows = {name: data for name, data in channels.published[-3:] if name.startswith("rows-")}
    # one message per screen variant; French only where a row reads differently (it does not here)
    assert set(rows) == {f"rows-{tid}-boards", f"rows-{tid}-input-tablet"}
    for html in rows.values():  # the row as pages show it, then the tournament's count of games left
        row, count = html.split("\n<span", 1)
        assert row.startswith(f'<tr id="{row_id}"') and row.endswith("</tr>") and "½-½" in row
        assert count == f' class="missing-tournament" data-tid="{tid}">1</span>'
    assert "/screen/test-event/tablet/dialog" in rows[f"rows-{tid}-input-tablet"]
    assert "dialog" not in rows[f"rows-{tid}-boards"]
    assert (await tournament_state(store, tid)).missing == 1
    # results screens refetch; standings do not (they count complete rounds, and round 1 is not)
    assert channels.published[-1] == (f"result-{tid}", str(tid))
    # the next result takes the fast path (the state of the previous commit, with the result): same messages,
    # and the round is complete: standings screens refetch too
    await store.record_result(second, Result.WHITE_WIN, 2)
    assert not hub.busy()
    names = [name for name, _ in channels.published[-4:]]
    assert names == [f"rows-{tid}-boards", f"rows-{tid}-input-tablet", f"standings-{tid}", f"result-{tid}"]
    assert ">0</span>" in channels.published[-4][1] and "1-0" in channels.published[-4][1]
    assert (await tournament_state(store, tid)).missing == 0
    await store.delete_result(second, expected=Result.WHITE_WIN, shown_board=2)  # complete no more
    await hub.idle()
    assert [name for name, _ in channels.published[-2:]] == [f"standings-{tid}", f"result-{tid}"]
    await store.update_tournament(tid, name="Renamed")
    await hub.idle()
    assert channels.published[-1] == (f"tournament-{tid}", str(tid))
    await store.update_info(name="New name")
    await hub.idle()
    assert channels.published[-1] == ("config", "info")  # event-wide: pages refetch their content


async def test_a_result_moving_the_round_or_the_points_makes_screens_refetch(
    store: EventStore, settings: Settings
) -> None:
    channels = FakeChannels()
    hub = publisher(channels, store, template_engine(settings).engine)  # type: ignore[arg-type]
    tid, (first, second) = await two_games(store)
    await store.record_result(first, Result.DRAW, 1)
    ids = [p.id for p in await store.players(tid)]
    async with store.transaction(("pairings", tid)) as tx:
        await tx.execute("INSERT INTO pairing (tournament_id, round, white_player_id, black_player_id, board,"
                         " board_order, last_update) VALUES (?, 2, ?, ?, 1, 1, 0)", (tid, ids[0], ids[2]))
    await tournament_state(store, tid)  # a screen shows round 1
    await store.record_result(second, Result.DRAW, 2)  # round 1 complete: screens move to round 2
    await hub.idle()
    assert [name for name, _ in channels.published[-2:]] == [f"tournament-{tid}", f"result-{tid}"]
    assert (await tournament_state(store, tid)).round == 2  # a screen shows round 2
    channels.frames.clear()
    await store.correct_result(first, Result.DRAW, Result.BLACK_WIN, 1)
    await hub.idle()
    assert [name for name, _ in channels.published[-2:]] == [f"tournament-{tid}", f"result-{tid}"]


async def test_stream_sends_each_frame_as_published() -> None:
    channels = FakeChannels()
    channels.frames = [frame("rows-1-boards", "<tr>\n</tr>"), frame("config", "config")]
    stream = live_stream(channels, "demo")  # type: ignore[arg-type]
    messages = [parse(data) async for data in stream]
    assert messages == [("hello", "connected"), ("rows-1-boards", "<tr>\n</tr>"), ("config", "config")]
