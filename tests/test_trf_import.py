"""Basic TRF16 import: players, pairings and results of every round, byes; bad lines refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from database.registry import EventRegistry
from tests.conftest import fixture_path
from tournament.boards import half_points
from tournament.errors import EchiquierError
from tournament.results import ByeKind, Result
from tournament.trf import parse_trf
from web.cli import import_trf, main


def file_points(path: Path) -> dict[int, float]:
    """Pairing number → the points column (cols 81-84), read straight from the file's lines."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            out[int(line[4:8])] = float(line[80:84])
    return out


async def test_import_small_fixture_points_equal_the_points_column(events_dir: Path) -> None:
    path = fixture_path("small-20p-5r.trf")
    summary = await import_trf(path.read_bytes(), path.name, events_dir, "small", None)
    assert "20 players" in summary
    registry = EventRegistry(events_dir)
    try:
        store = await registry.get("small")
        [t] = await store.tournaments()
        assert (t.name, t.rounds) == ("Open de Fouville-sur-Dame 2026", 5)
        players = await store.players(t.id)
        pairings = await store.pairings(t.id)
        points = half_points(pairings)
        by_number = {p.pairing_number: points.get(p.id, 0) / 2 for p in players}
        assert by_number == file_points(path)
        assert {g.round for g in pairings} == {1, 2, 3}
        by_id = {p.id: p.pairing_number for p in players}
        byes = {(g.round, by_id[g.white_player_id], g.bye_kind) for g in pairings if g.bye_kind}
        assert {(1, 5, ByeKind.HALF), (1, 18, ByeKind.HALF), (2, 20, ByeKind.PAB), (3, 16, ByeKind.PAB),
                (2, 19, ByeKind.ZERO)} <= byes
        games = [g for g in pairings if g.is_game]
        forfeit = [g for g in games if g.round == 2 and {by_id[g.white_player_id], by_id[g.black_player_id or 0]}
                   == {13, 17}]
        assert forfeit[0].result in (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN)
        double = [g for g in pairings if g.result is Result.DOUBLE_FORFEIT]
        assert {by_id[double[0].white_player_id], by_id[double[0].black_player_id or 0]} == {12, 16}
        round1 = sorted((g for g in pairings if g.round == 1 and g.is_game), key=lambda g: g.board_order or 0)
        assert [g.board for g in round1] == list(range(1, len(round1) + 1))
    finally:
        await registry.close()


async def test_reimport_refills_the_same_tournament(events_dir: Path) -> None:
    path = fixture_path("small-20p-5r.trf")
    await import_trf(path.read_bytes(), path.name, events_dir, "small", "Open")
    await import_trf(path.read_bytes(), path.name, events_dir, "small", "Open")
    registry = EventRegistry(events_dir)
    try:
        store = await registry.get("small")
        [t] = await store.tournaments()
        assert len(await store.players(t.id)) == 20
    finally:
        await registry.close()


def broken_copy(tmp_path: Path) -> tuple[Path, int]:
    """A copy with a junk line 4 and a bad opponent on player 7's line; returns it and that line's number."""
    lines = fixture_path("small-20p-5r.trf").read_text(encoding="utf-8").splitlines()
    lines.insert(3, "this is not a trf line")
    index = next(i for i, line in enumerate(lines) if line.startswith("001    7"))
    lines[index] = lines[index][:91] + "  xx w 1"
    path = tmp_path / "broken.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, index + 1


async def test_unreadable_lines_are_reported_with_numbers_and_nothing_is_imported(
    events_dir: Path, tmp_path: Path
) -> None:
    path, bad_line = broken_copy(tmp_path)
    with pytest.raises(EchiquierError) as caught:
        await import_trf(path.read_bytes(), path.name, events_dir, "broken", None)
    message = str(caught.value)
    assert "line 4:" in message and "not a TRF record" in message
    assert f"line {bad_line}:" in message and "bad opponent" in message
    assert "Nothing was imported" in message
    assert not (events_dir / "broken.db").exists()


def test_cli_import_reports_errors_and_exit_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad, _ = broken_copy(tmp_path)
    events = tmp_path / "ev"
    assert main(["import-trf", str(bad), "--events", str(events), "--event", "x"]) == 1
    assert "line 4" in capsys.readouterr().err
    good = fixture_path("small-20p-5r.trf")
    assert main(["import-trf", str(good), "--events", str(events), "--event", "x", "--tournament", "Small"]) == 0
    assert "Imported 20 players and 3 rounds" in capsys.readouterr().out


def test_crlf_latin1_and_missing_trailing_blanks_are_read() -> None:
    text = fixture_path("small-20p-5r.trf").read_text(encoding="utf-8")
    lenient = "\r\n".join(line.rstrip() for line in text.splitlines())
    trf, errors = parse_trf(lenient)
    assert errors == []
    assert len(trf.players) == 20 and trf.played_rounds == 3
