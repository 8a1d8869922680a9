"""TRF16/TRF26 reading: every fixture, every result code, headers and extension lines, lenient input."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from app.imports import import_trf
from database.registry import EventRegistry
from tests.support.files import DATA, fixture_path
from tournament.formats.importing import trf_players, trf_rows
from tournament.formats.trf import decode, parse_trf, requested_byes
from tournament.results import ByeKind, Result
from tournament.scoring import Scoring
from tournament.standings import compute_standings

FIXTURES = [("small-20p-5r.trf", 20, 3, 5), ("club-64p-7r.trf", 64, 7, 7), ("open-600p-9r.trf", 600, 5, 9)]


@pytest.mark.parametrize(("name", "players", "played", "rounds"), FIXTURES)
async def test_every_fixture_imports(name: str, players: int, played: int, rounds: int, tmp_path: Path) -> None:
    data = fixture_path(name).read_bytes()
    trf, errors = parse_trf(decode(data))
    assert errors == [] and trf.warnings == []
    assert (len(trf.players), trf.played_rounds, trf.rounds) == (players, played, rounds)
    summary = await import_trf(data, name, tmp_path, "ev", None)
    assert f"Imported {players} players and {played} rounds" in summary
    registry = EventRegistry(tmp_path)
    try:
        store = await registry.get("ev")
        [t] = await store.tournaments()
        assert t.rounds == rounds
        stored = await store.players(t.id)
        pairings = await store.pairings(t.id)
        assert len(stored) == players and {p.round for p in pairings} == set(range(1, played + 1))
        # the points of the file come back from the stored rows
        table = compute_standings(stored, pairings, tie_breaks=[], rounds=played)
        by_number = {p.number: p for p in trf.players}
        assert all(float(r.points) == by_number[r.start_rank].points for r in table.rows)
    finally:
        await registry.close()


def test_trf26_headers() -> None:
    trf, _ = parse_trf(decode(fixture_path("club-64p-7r.trf").read_bytes()))
    assert trf.is_trf26 and trf.initial_colour == "W" and trf.rounds == 7
    assert trf.tie_breaks == ["BH/C1", "BH", "SB", "PS"]
    assert trf.round_dates[:2] == [date(2026, 1, 8), date(2026, 1, 15)] and len(trf.round_dates) == 7
    assert trf.start_date == date(2026, 1, 8) and trf.city == "Tourvieille" and trf.scoring == Scoring()
    assert trf.arbiters and trf.time_control == "90 min + 30 s/move"


def test_every_result_code_and_the_extension_lines() -> None:
    text = (DATA / "all-codes-trf26.trf").read_text(encoding="utf-8")
    trf, errors = parse_trf(text)
    assert errors == [], errors
    assert trf.scoring.win == Decimal("3.0") and trf.rounds == 4 and trf.initial_colour == "B"
    assert trf.arbiters == ["IA Chief Arbiter", "Deputy One"]
    assert [r.code for r in trf.records if r.code in ("250", "260", "XXP", "XXA", "240")] == \
        ["250", "260", "XXP", "XXA", "240"]
    assert requested_byes(trf) == {4: {3: "H"}}
    _players, pairings = trf_rows(trf)
    games = {(g["round"], g["white"], g["black"]): (g["result"], g["bye_kind"]) for g in pairings}
    assert games[(1, 1, 2)] == (Result.WHITE_WIN, None)  # W/L: won in less than one move
    assert games[(1, 3, 4)] == (None, None)  # ? = not known yet
    assert games[(2, 2, 4)] == (Result.DRAW, None)
    assert games[(2, 3, 1)] == (Result.BLACK_FORFEIT_WIN, None)
    assert games[(3, 1, None)] == (None, ByeKind.PAB.value) and games[(3, 2, None)] == (None, ByeKind.HALF.value)


def test_lenient_reading_gives_the_same_tournament() -> None:
    original = fixture_path("small-20p-5r.trf").read_bytes()
    reference, _ = parse_trf(decode(original))
    text = original.decode("utf-8")
    variants = {
        "crlf": text.replace("\n", "\r\n").encode("utf-8"),
        "cr": text.replace("\n", "\r").encode("utf-8"),
        "latin-1": text.encode("latin-1", errors="replace"),
        "trailing blanks": "\n".join(line.rstrip() + "   " for line in text.split("\n")).encode("utf-8"),
        "bom": b"\xef\xbb\xbf" + original,
        "lower-case codes": "\n".join(line[:91] + line[91:].replace(" H", " h") if line.startswith("001") else line
                                      for line in text.split("\n")).encode("utf-8"),
    }
    for label, data in variants.items():
        trf, errors = parse_trf(decode(data))
        assert errors == [], label
        assert [p.rounds for p in trf.players] == [p.rounds for p in reference.players], label
        if label != "latin-1":
            assert trf_players(trf) == trf_players(reference), label


def test_columns_shifted_by_one_are_read_with_a_warning() -> None:
    line = ("001    1 m    One, A                            2000 FRA                         1.0    1     "
            "2 w 1")
    shifted = line[:91] + " " + line[91:]  # the round block starts one column late
    other = "001    2 m    Two, B                            1900 FRA                         0.0    2      1 b 0"
    trf, errors = parse_trf("\n".join(["012 Shift", shifted, other]))
    assert errors == []
    assert [p.rounds[0].opponent for p in trf.players] == [2, 1]
    assert any("not at their columns" in w.reason and w.line_no == 2 for w in trf.warnings)


async def test_requested_byes_become_skipped_rounds(tmp_path: Path) -> None:
    text = (DATA / "good-4p-2r.trf").read_text(encoding="utf-8") + "240 H 003    2\nXXZ 4\n"
    await import_trf(text.encode(), "b.trf", tmp_path, "ev", None)
    registry = EventRegistry(tmp_path)
    try:
        store = await registry.get("ev")
        [t] = await store.tournaments()
        ids = {p.pairing_number: p.id for p in await store.players(t.id)}
        assert {(s.round, s.papi_player_id, s.score) for s in await store.skipped_rounds(t.id)} == \
            {(3, ids[2], 0.5), (3, ids[4], 0.0)}
    finally:
        await registry.close()
